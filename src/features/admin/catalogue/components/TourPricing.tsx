import { Group, NumberInput, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmAction } from '@/components/admin/ConfirmAction.tsx';
import { FormFooter, Section } from '@/components/admin/Section.tsx';
import { Money } from '@/components/widgets/Money.tsx';
import { formatDateRange } from '@/lib/dates.ts';
import { fieldOfHint } from '@/lib/field-errors.ts';
import { notify } from '@/lib/notify.ts';
import { addSeason, catalogueKeys, removeSeason, saveTour, type TourWithParts } from '../api.ts';
import { emptySeason, priceColumns, priceDraftOf, priceProblems, priceRowOf, seasonColumns, seasonProblems, type PriceDraft, type SeasonDraft } from '../model.ts';

function PriceForm({ tour }: { tour: TourWithParts }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<PriceDraft>(() => priceDraftOf(tour));
  const [problems, setProblems] = useState<Partial<Record<keyof PriceDraft | 'form', string>>>({});
  const save = useMutation({
    mutationFn: () => saveTour(tour.id, priceRowOf(draft)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      notify.success('Prices saved');
    },
    onError: (error: Error & { hint?: string }) => setProblems({ [fieldOfHint(error.hint, priceColumns)]: error.message }),
  });
  const edit = (patch: Partial<PriceDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  const money = { clampBehavior: 'none', decimalScale: 2, thousandSeparator: ',', leftSection: tour.currency, leftSectionWidth: 48 } as const;
  return (
    <form
      aria-label="Prices"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = priceProblems(draft);
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <NumberInput {...money} id="price-base" label="Price per adult" withAsterisk value={draft.basePrice} onChange={(basePrice) => edit({ basePrice })} error={problems.basePrice} />
        <NumberInput {...money} label="Price per child" description="Empty: children pay the adult price" value={draft.childPrice} onChange={(childPrice) => edit({ childPrice })} error={problems.childPrice} />
        <NumberInput clampBehavior="none" label="Children are under" rightSection="years" rightSectionWidth={56} min={1} max={18} allowDecimal={false} value={draft.childAgeLimit} onChange={(childAgeLimit) => edit({ childAgeLimit })} error={problems.childAgeLimit} />
        <NumberInput {...money} label="Single supplement" description="Paid by one adult traveling alone" value={draft.singleSupplement} onChange={(singleSupplement) => edit({ singleSupplement })} error={problems.singleSupplement} />
      </SimpleGrid>
      <FormFooter problem={problems.form} saving={save.isPending} label="Save prices" />
    </form>
  );
}

function SeasonForm({ tour }: { tour: TourWithParts }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<SeasonDraft>(emptySeason);
  const [problems, setProblems] = useState<Partial<Record<keyof SeasonDraft | 'form', string>>>({});
  const save = useMutation({
    mutationFn: () => addSeason(tour.id, draft),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.tour(tour.id) });
      notify.success(`${draft.name.trim()} added`);
      setDraft(emptySeason);
    },
    onError: (error: Error & { hint?: string }) => setProblems({ [fieldOfHint(error.hint, seasonColumns)]: error.message }),
  });
  const edit = (patch: Partial<SeasonDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  return (
    <form
      aria-label="Add a season"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = seasonProblems(draft);
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate();
      }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <TextInput label="Season" placeholder="Peak season" withAsterisk maxLength={60} value={draft.name} onChange={(event) => edit({ name: event.currentTarget.value })} error={problems.name} />
        <TextInput type="date" label="From" withAsterisk value={draft.startsOn} onChange={(event) => edit({ startsOn: event.currentTarget.value })} error={problems.startsOn} />
        <TextInput type="date" label="To" withAsterisk value={draft.endsOn} onChange={(event) => edit({ endsOn: event.currentTarget.value })} error={problems.endsOn} />
        <NumberInput clampBehavior="none" decimalScale={2} label="Adult price" withAsterisk value={draft.adultPrice} onChange={(adultPrice) => edit({ adultPrice })} error={problems.adultPrice} />
        <NumberInput clampBehavior="none" decimalScale={2} label="Child price" value={draft.childPrice} onChange={(childPrice) => edit({ childPrice })} error={problems.childPrice} />
      </SimpleGrid>
      <FormFooter problem={problems.form} saving={save.isPending} label="Add the season" />
    </form>
  );
}

/** The Pricing tab: the tour's own prices, and the seasons that price the departures within them. */
export function TourPricing({ tour }: { tour: TourWithParts }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: removeSeason,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.tour(tour.id) }),
    onError: (error: Error) => notify.error(error.message),
  });
  return (
    <Stack gap="md">
      <Section title="Prices" description="What the booking engine charges when no season or departure says otherwise.">
        <PriceForm key={tour.updated_at} tour={tour} />
      </Section>
      <Section title="Seasons" description="A departure added within a season takes its name and prices; private trips starting in it are priced by it too.">
        {tour.tour_seasons.length > 0 ? (
          <Table.ScrollContainer minWidth={520} mb="md">
            <Table verticalSpacing="xs" aria-label="Seasons">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Season</Table.Th>
                  <Table.Th>Dates</Table.Th>
                  <Table.Th ta="right">Adult</Table.Th>
                  <Table.Th ta="right">Child</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tour.tour_seasons.map((season) => (
                  <Table.Tr key={season.id} id={`season-${season.id}`}>
                    <Table.Td>{season.name}</Table.Td>
                    <Table.Td>{formatDateRange(season.starts_on, season.ends_on)}</Table.Td>
                    <Table.Td ta="right">{season.adult_price === null ? <Text c="red.8" size="sm">No price</Text> : <Money amount={Number(season.adult_price)} currency={tour.currency} />}</Table.Td>
                    <Table.Td ta="right">{season.child_price === null ? '—' : <Money amount={Number(season.child_price)} currency={tour.currency} />}</Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        <ConfirmAction label={`Remove ${season.name}`} question={`Remove the season ${season.name}? Departures keep the prices they have.`} onConfirm={() => remove.mutate(season.id)} busy={remove.isPending} />
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed" mb="md">
            No season yet: every departure costs the tour’s price unless given its own.
          </Text>
        )}
        <SeasonForm tour={tour} />
      </Section>
    </Stack>
  );
}
