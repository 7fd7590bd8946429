import { Alert, Anchor, Badge, Grid, Group, Image, Loader, NumberInput, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BackLink } from '@/components/admin/BackLink.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { FormFooter, Section } from '@/components/admin/Section.tsx';
import { useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { MediaPicker } from '@/features/admin/media/components/MediaPicker.tsx';
import { notify } from '@/lib/notify.ts';
import { Picture } from '@/components/widgets/Picture.tsx';
import { catalogueKeys, entryQuery, saveEntry } from '../api.ts';
import { ENTRY_SPECS, entryDraftOf, entryProblems, entryRowOf, type EntryDraft, type EntryKind, type EntrySpec, type FieldSpec } from '../entries.ts';
import { slugify } from '../model.ts';
import { TourStatusBadge } from './ToursList.tsx';

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const listPath = { destination: '/admin/destinations', experience: '/admin/experiences', activity: '/admin/activities' } as const;
const entryPath = { destination: '/admin/destinations/$entryId', experience: '/admin/experiences/$entryId', activity: '/admin/activities/$entryId' } as const;

function Field({ field, value, problem, onChange }: { field: FieldSpec; value: string | number | boolean; problem?: string; onChange: (value: string | number | boolean) => void }) {
  const common = { label: field.label, description: field.description, error: problem, withAsterisk: field.required, placeholder: field.placeholder };
  if (field.kind === 'switch') return <Switch label={field.label} checked={Boolean(value)} onChange={(event) => onChange(event.currentTarget.checked)} />;
  if (field.kind === 'number') return <NumberInput {...common} clampBehavior="none" decimalScale={6} value={value as number | string} onChange={onChange} />;
  if (field.kind === 'textarea' || field.kind === 'lines') return <Textarea {...common} autosize minRows={field.kind === 'lines' ? 3 : 2} value={String(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
  if (field.kind === 'image') {
    return (
      <Group align="flex-end" gap="sm" wrap="nowrap">
        {value && <Image component={Picture} src={String(value)} sizes="96px" alt="" w={96} h={64} radius="sm" fit="cover" />}
        <TextInput {...common} placeholder="Chosen from the library, or an address" value={String(value)} onChange={(event) => onChange(event.currentTarget.value)} style={{ flex: 1 }} />
        <MediaPicker onPick={(url) => onChange(url)} />
      </Group>
    );
  }
  return <TextInput {...common} maxLength={field.max} value={String(value)} onChange={(event) => onChange(event.currentTarget.value)} />;
}

function EntryForm({ spec, id, row }: { spec: EntrySpec; id: string | null; row: Record<string, unknown> | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<EntryDraft>(() => entryDraftOf(spec, row));
  const [slugTouched, setSlugTouched] = useState(row !== null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const name = String(draft[spec.nameColumn] ?? '').trim();
  const edits = useUnsavedEdits(draft);
  const save = useMutation({
    mutationFn: (sent: EntryDraft) => saveEntry(spec, id, entryRowOf(spec, sent)),
    onSuccess: async (savedId, sent) => {
      edits.markSaved(sent);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      notify.success(id ? `${name} saved` : `${name} added`);
      if (!id) await navigate({ to: entryPath[spec.kind], params: { entryId: savedId }, replace: true });
    },
    onError: (error: Error & { hint?: string }) => {
      const column = error.hint && (error.hint === 'slug' || spec.fields.some((field) => field.column === error.hint)) ? error.hint : 'form';
      setProblems({ [column]: error.message });
    },
  });
  const edit = (column: string, value: string | number | boolean) => {
    setDraft((current) => ({ ...current, [column]: value, ...(column === spec.nameColumn && !slugTouched ? { slug: slugify(String(value)) } : {}) }));
    setProblems({});
  };
  const [main, rest] = [spec.fields.filter((field) => !field.column.startsWith('meta_')), spec.fields.filter((field) => field.column.startsWith('meta_'))];
  return (
    <form
      aria-label={`${capitalised(spec.kind)} details`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = entryProblems(spec, draft);
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate(draft);
      }}
    >
      <Stack gap="md">
        <Section title={capitalised(spec.kind)}>
          <Stack gap="sm">
            {main.slice(0, 1).map((field) => (
              <Field key={field.column} field={field} value={draft[field.column]} problem={problems[field.column]} onChange={(value) => edit(field.column, value)} />
            ))}
            <TextInput
              label="Address"
              withAsterisk
              leftSection={spec.publicPath ? spec.publicPath('').replace(/\/$/, '/') : undefined}
              leftSectionWidth={spec.publicPath ? 112 : undefined}
              maxLength={80}
              value={String(draft.slug)}
              onChange={(event) => {
                setSlugTouched(true);
                edit('slug', event.currentTarget.value.toLowerCase());
              }}
              error={problems.slug}
            />
            {main.slice(1).map((field) => (
              <Field key={field.column} field={field} value={draft[field.column]} problem={problems[field.column]} onChange={(value) => edit(field.column, value)} />
            ))}
          </Stack>
        </Section>
        {rest.length > 0 && (
          <Section title="Search engines">
            <Stack gap="sm">
              {rest.map((field) => (
                <Field key={field.column} field={field} value={draft[field.column]} problem={problems[field.column]} onChange={(value) => edit(field.column, value)} />
              ))}
            </Stack>
          </Section>
        )}
      </Stack>
      <FormFooter problem={problems.form} saving={save.isPending} label={id ? 'Save' : `Add the ${spec.kind}`} />
    </form>
  );
}

/** /admin/destinations|experiences|activities/$entryId and /new: one entry's fields, and the tours it appears on. */
export function EntryEditor({ kind, id }: { kind: EntryKind; id: string | null }) {
  const spec = ENTRY_SPECS[kind];
  const found = useQuery({ ...entryQuery(spec, id ?? ''), enabled: id !== null });
  const back = (
    <BackLink to={listPath[kind]}>{capitalised(spec.plural)}</BackLink>
  );
  if (id === null) {
    return (
      <Stack gap="md" maw={900}>
        {back}
        <PageHeader title={`New ${spec.kind}`} />
        <EntryForm spec={spec} id={null} row={null} />
      </Stack>
    );
  }
  if (found.isPending) return <Loader aria-label={`Loading the ${spec.kind}`} />;
  if (found.error) return <Alert color="red">{found.error.message}</Alert>;
  if (!found.data) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="orange" title={`No such ${spec.kind}`}>
          It was removed, or the address is wrong.
        </Alert>
      </Stack>
    );
  }
  const { row, tours } = found.data;
  const slug = String(row.slug);
  return (
    <Stack gap="md" maw={1200}>
      {back}
      <PageHeader
        title={String(row[spec.nameColumn])}
        description={
          <Group gap="xs" component="span">
            {row.is_published === false && <Badge color="gray">Not on the site</Badge>}
            {spec.publicPath && (
              <Anchor href={spec.publicPath(slug)} target="_blank" size="sm">
                {spec.publicPath(slug)} <IconExternalLink size={12} />
              </Anchor>
            )}
          </Group>
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <EntryForm key={String(row.updated_at)} spec={spec} id={id} row={row} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Section title="On tours" description={tours.length ? undefined : `No tour names this ${spec.kind} yet.`}>
            <Stack gap={6} data-testid="entry-tours">
              {tours.map((tour) => (
                <Group key={tour.id} justify="space-between" wrap="nowrap">
                  <AnchorLink to="/admin/tours/$tourId" params={{ tourId: tour.id }} size="sm">
                    {tour.title}
                  </AnchorLink>
                  <TourStatusBadge status={tour.status} />
                </Group>
              ))}
            </Stack>
          </Section>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
