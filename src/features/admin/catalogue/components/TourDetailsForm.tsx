import { Button, Group, Image, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormFooter, Section } from '@/components/admin/Section.tsx';
import { useRecordDraft } from '@/components/admin/UnsavedChangesGuard.tsx';
import { MediaPicker } from '@/features/admin/media/components/MediaPicker.tsx';
import { fieldOfHint } from '@/lib/field-errors.ts';
import { notify } from '@/lib/notify.ts';
import { Picture } from '@/components/widgets/Picture.tsx';
import { catalogueChoicesQuery, catalogueKeys, saveTour, type TourWithParts } from '../api.ts';
import { DIFFICULTIES, galleryUrl, slugify, tourColumns, tourDraftOf, tourProblems, tourRowOf, type TourDraft, type TourProblems } from '../model.ts';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Everything the tour's page says about it besides prices, days and departures. A new tour's
 * address follows its title until the address is edited by hand.
 */
export function TourDetailsForm({ tour }: { tour: TourWithParts | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const choices = useQuery(catalogueChoicesQuery());
  const { draft, setDraft, edits } = useRecordDraft<TourDraft>(tour?.updated_at ?? null, () =>
    tourDraftOf(tour, {
      destinationIds: [...(tour?.tour_destinations ?? [])].sort((a, b) => a.position - b.position).map((link) => link.destination_id),
      experienceIds: (tour?.tour_experiences ?? []).map((link) => link.experience_id),
      activityIds: (tour?.tour_activities ?? []).map((link) => link.activity_id),
    }),
  );
  const [slugTouched, setSlugTouched] = useState(tour !== null);
  const [problems, setProblems] = useState<TourProblems & { form?: string }>({});
  const hasDays = (tour?.tour_itinerary.length ?? 0) > 0;

  const save = useMutation({
    mutationFn: (sent: TourDraft) => saveTour(tour?.id ?? null, tourRowOf(sent), { destinations: sent.destinationIds, experiences: sent.experienceIds, activities: sent.activityIds }),
    onSuccess: async (id, sent) => {
      edits.markSaved(sent);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      if (tour) {
        notify.success(`${sent.title.trim()} saved`);
      } else {
        notify.success(`${sent.title.trim()} added as a draft`);
        await navigate({ to: '/admin/tours/$tourId', params: { tourId: id }, search: { tab: 'itinerary' }, replace: true });
      }
    },
    onError: (error: Error & { hint?: string }) => setProblems({ [fieldOfHint(error.hint, tourColumns)]: error.message }),
  });
  const edit = (patch: Partial<TourDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };

  return (
    <form
      aria-label="Tour details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = tourProblems(draft);
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate(draft);
      }}
    >
      <Stack gap="md">
        <Section title="The tour">
          <Stack gap="sm">
            <TextInput
              id="tour-title"
              label="Title"
              withAsterisk
              maxLength={120}
              placeholder="4-Day Serengeti & Ngorongoro Safari"
              value={draft.title}
              onChange={(event) => {
                const title = event.currentTarget.value;
                edit(slugTouched ? { title } : { title, slug: slugify(title) });
              }}
              error={problems.title}
            />
            <TextInput
              id="tour-slug"
              label="Address"
              description={tour ? 'Changing it keeps the old address leading here' : 'Made from the title; change it if you like'}
              leftSection="/tours/"
              leftSectionWidth={64}
              withAsterisk
              maxLength={80}
              value={draft.slug}
              onChange={(event) => {
                setSlugTouched(true);
                edit({ slug: event.currentTarget.value.toLowerCase() });
              }}
              error={problems.slug}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select label="Category" placeholder="None" clearable data={choices.data?.categories ?? []} value={draft.categoryId} onChange={(categoryId) => edit({ categoryId })} />
              <MultiSelect
                label="Destinations"
                description="The first is the main one"
                placeholder={draft.destinationIds.length ? undefined : 'Choose'}
                searchable
                data={choices.data?.destinations ?? []}
                value={draft.destinationIds}
                onChange={(ids) => edit({ destinationIds: ids })}
              />
              <MultiSelect label="Experiences" searchable data={choices.data?.experiences ?? []} value={draft.experienceIds} onChange={(ids) => edit({ experienceIds: ids })} />
              <MultiSelect label="Activities" searchable data={choices.data?.activities ?? []} value={draft.activityIds} onChange={(ids) => edit({ activityIds: ids })} />
            </SimpleGrid>
            <Textarea label="Summary" description="One or two sentences, on cards and in search results" autosize minRows={2} maxLength={400} value={draft.summary} onChange={(event) => edit({ summary: event.currentTarget.value })} />
            <Textarea label="Overview" autosize minRows={4} maxLength={10000} value={draft.description} onChange={(event) => edit({ description: event.currentTarget.value })} />
            <Switch label="Featured on the home page" checked={draft.isFeatured} onChange={(event) => edit({ isFeatured: event.currentTarget.checked })} />
            <Switch
              label="Travelers need a passport"
              description="Park permits or a border ask for each traveler's passport: the manifest warns of a missing or expiring one, and travelers are asked for theirs."
              checked={draft.passportRequired}
              onChange={(event) => edit({ passportRequired: event.currentTarget.checked })}
            />
          </Stack>
        </Section>
        <Section title="Trip facts">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
            <NumberInput
              id="tour-duration-days"
              clampBehavior="none"
              label="Days"
              description={hasDays ? 'Follows the itinerary' : undefined}
              withAsterisk
              min={1}
              max={60}
              allowDecimal={false}
              readOnly={hasDays}
              value={draft.durationDays}
              onChange={(durationDays) => edit({ durationDays })}
              error={problems.durationDays}
            />
            <NumberInput
              clampBehavior="none"
              label="Nights"
              description={hasDays ? 'Follows the itinerary' : undefined}
              min={0}
              max={60}
              allowDecimal={false}
              readOnly={hasDays}
              value={draft.durationNights}
              onChange={(durationNights) => edit({ durationNights })}
              error={problems.durationNights}
            />
            <Select label="Difficulty" placeholder="Not said" clearable data={DIFFICULTIES.map((value) => ({ value, label: capitalised(value) }))} value={draft.difficulty} onChange={(difficulty) => edit({ difficulty })} />
            <NumberInput clampBehavior="none" label="Smallest group" min={1} allowDecimal={false} value={draft.groupSizeMin} onChange={(groupSizeMin) => edit({ groupSizeMin })} error={problems.groupSizeMin} />
            <NumberInput clampBehavior="none" label="Largest group" min={1} allowDecimal={false} value={draft.groupSizeMax} onChange={(groupSizeMax) => edit({ groupSizeMax })} error={problems.groupSizeMax} />
            <NumberInput clampBehavior="none" label="Youngest age" min={0} max={99} allowDecimal={false} value={draft.minAge} onChange={(minAge) => edit({ minAge })} error={problems.minAge} />
            <TextInput label="Best season" placeholder="June to October" maxLength={120} value={draft.bestSeason} onChange={(event) => edit({ bestSeason: event.currentTarget.value })} />
            <TextInput label="Starts in" placeholder="Arusha" maxLength={120} value={draft.startLocation} onChange={(event) => edit({ startLocation: event.currentTarget.value })} />
            <TextInput label="Ends in" placeholder="Arusha" maxLength={120} value={draft.endLocation} onChange={(event) => edit({ endLocation: event.currentTarget.value })} />
          </SimpleGrid>
        </Section>
        <Section title="Highlights, included, not included" description="One per line.">
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
            <Textarea label="Highlights" autosize minRows={4} value={draft.highlights} onChange={(event) => edit({ highlights: event.currentTarget.value })} />
            <Textarea label="Included" autosize minRows={4} value={draft.included} onChange={(event) => edit({ included: event.currentTarget.value })} />
            <Textarea label="Not included" autosize minRows={4} value={draft.excluded} onChange={(event) => edit({ excluded: event.currentTarget.value })} />
          </SimpleGrid>
        </Section>
        <Section title="Picture and search engines">
          <Stack gap="sm">
            <Group align="flex-end" gap="sm" wrap="nowrap">
              {draft.heroImageUrl && <Image component={Picture} src={draft.heroImageUrl} sizes="96px" alt="" w={96} h={64} radius="sm" fit="cover" />}
              <TextInput id="tour-cover" label="Cover picture" placeholder="Chosen from the library, or an address" value={draft.heroImageUrl} onChange={(event) => edit({ heroImageUrl: event.currentTarget.value })} style={{ flex: 1 }} />
              <MediaPicker onPick={(url) => edit({ heroImageUrl: url })} />
            </Group>
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                Gallery
              </Text>
              <Group gap="xs" aria-label="Gallery" role="list">
                {draft.gallery.map((entry, index) => {
                  const url = galleryUrl(entry);
                  return (
                    <Stack key={`${url}-${index}`} gap={2} align="center" role="listitem" aria-label={`Picture ${index + 1}`}>
                      {url && <Image component={Picture} src={url} sizes="96px" alt="" w={96} h={64} radius="sm" fit="cover" />}
                      <Button size="compact-xs" variant="subtle" color="red" onClick={() => edit({ gallery: draft.gallery.filter((_, other) => other !== index) })} aria-label={`Remove picture ${index + 1}`}>
                        Remove
                      </Button>
                    </Stack>
                  );
                })}
                <MediaPicker label="Add a picture" onPick={(url) => edit({ gallery: [...draft.gallery, url] })} />
              </Group>
            </Stack>
            <TextInput label="SEO title" description="Instead of the title in search results" maxLength={120} value={draft.metaTitle} onChange={(event) => edit({ metaTitle: event.currentTarget.value })} />
            <Textarea
              label="SEO description"
              description={`${draft.metaDescription.length} characters; search engines show about 160`}
              autosize
              minRows={2}
              value={draft.metaDescription}
              onChange={(event) => edit({ metaDescription: event.currentTarget.value })}
              error={problems.metaDescription}
            />
          </Stack>
        </Section>
      </Stack>
      <FormFooter problem={problems.form} saving={save.isPending} label={tour ? 'Save details' : 'Add the tour'} />
    </form>
  );
}
