import { BackLink } from '@/components/admin/BackLink.tsx';
import { fieldOfHint } from '@/lib/field-errors.ts';
import { Alert, Button, Grid, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Switch, Table, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useRecordDraft, useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { ConfirmAction } from '@/components/admin/ConfirmAction.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { FormFooter, Section } from '@/components/admin/Section.tsx';
import { formatOfficeDate, officeToday } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { addRecord, currenciesQuery, guideAccountsQuery, guideQuery, operationsKeys, removeRecord, saveGuide, type GuideWithRecords } from '../api.ts';
import {
  COMMON_LANGUAGES,
  CREDENTIAL_KINDS,
  CREDENTIAL_LABELS,
  credentialColumns,
  credentialProblems,
  guideColumns,
  guideDraftOf,
  guideProblems,
  guideRowOf,
  type CredentialDraft,
  type GuideDraft,
} from '../model.ts';
import { CalendarFeed } from './CalendarFeed.tsx';
import { DueBadge } from './DueBadge.tsx';
import { Periods } from './Periods.tsx';
import { Trips } from './Trips.tsx';

/** The guide's own details: name, contact, languages, day rate, their account, notes. */
function GuideForm({ guide, canWrite }: { guide: GuideWithRecords | null; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const currencies = useQuery(currenciesQuery());
  const accounts = useQuery({ ...guideAccountsQuery(), enabled: canWrite });
  const { draft, setDraft, edits } = useRecordDraft<GuideDraft>(guide?.updated_at ?? null, () => guideDraftOf(guide), { enabled: canWrite });
  const [problems, setProblems] = useState<ReturnType<typeof guideProblems> & { form?: string }>({});
  const save = useMutation({
    mutationFn: (sent: GuideDraft) => saveGuide(guide?.id ?? null, guideRowOf(sent)),
    onSuccess: async (id, sent) => {
      edits.markSaved(sent);
      await queryClient.invalidateQueries({ queryKey: operationsKeys.guides });
      if (guide) {
        notify.success(`${draft.fullName.trim()} saved`);
      } else {
        notify.success(`${draft.fullName.trim()} added: now their licences and leave`);
        await navigate({ to: '/admin/guides/$guideId', params: { guideId: id }, replace: true });
      }
    },
    onError: (error: Error & { hint?: string }) => setProblems({ [fieldOfHint(error.hint, guideColumns)]: error.message }),
  });
  const edit = (patch: Partial<GuideDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  const accountOptions = (accounts.data ?? []).map((account) => ({ value: account.id, label: `${account.full_name || account.email} (${account.email})` }));
  if (guide?.user_id && !accountOptions.some((option) => option.value === guide.user_id)) accountOptions.push({ value: guide.user_id, label: 'Their account' });

  return (
    <form
      aria-label="Guide details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = guideProblems(draft);
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate(draft);
      }}
    >
      <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          <TextInput label="Name" withAsterisk maxLength={120} value={draft.fullName} onChange={(event) => edit({ fullName: event.currentTarget.value })} error={problems.fullName} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Phone" type="tel" maxLength={40} value={draft.phone} onChange={(event) => edit({ phone: event.currentTarget.value })} error={problems.phone} />
            <TextInput label="Email" type="email" maxLength={255} value={draft.email} onChange={(event) => edit({ email: event.currentTarget.value })} error={problems.email} />
          </SimpleGrid>
          <TagsInput
            label="Languages"
            description="Those they lead trips in; pick or type one and press Enter"
            data={COMMON_LANGUAGES}
            value={draft.languages}
            onChange={(languages) => edit({ languages })}
            error={problems.languages}
            clearable
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput clampBehavior="none" label="Day rate" min={0} max={100_000} decimalScale={2} thousandSeparator="," value={draft.dayRate} onChange={(dayRate) => edit({ dayRate })} error={problems.dayRate} />
            <Select
              label="Paid in"
              placeholder="The company's currency"
              data={currencies.data ?? (draft.currency ? [draft.currency] : [])}
              value={draft.currency}
              onChange={(currency) => edit({ currency })}
              error={problems.currency}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Select
            label="Their account"
            description="A team member with the guide role: signed in, they see their own trips and manifests"
            placeholder={accounts.data?.length === 0 ? 'No guide account on the team' : 'No account'}
            data={accountOptions}
            value={draft.userId}
            onChange={(userId) => edit({ userId })}
            error={problems.userId}
            clearable
          />
          <Textarea label="Notes" autosize minRows={2} maxLength={2000} value={draft.notes} onChange={(event) => edit({ notes: event.currentTarget.value })} error={problems.notes} />
          <Switch
            label="Working for the company"
            description="A guide no longer working keeps their history and is offered for no trip"
            checked={draft.active}
            onChange={(event) => edit({ active: event.currentTarget.checked })}
          />
        </Stack>
      </fieldset>
      {canWrite && <FormFooter problem={problems.form} saving={save.isPending} label={guide ? 'Save guide' : 'Add the guide'} />}
    </form>
  );
}

const blankCredential: CredentialDraft = { kind: 'licence', name: '', reference: '', issuedOn: '', expiresOn: '' };

/** Licences and certifications with their expiry; a licence lapsing before a trip ends keeps the guide off it. */
function Credentials({ guide, canWrite, today, refresh }: { guide: GuideWithRecords; canWrite: boolean; today: string; refresh: () => Promise<unknown> }) {
  const [draft, setDraft] = useState<CredentialDraft>(blankCredential);
  const [problems, setProblems] = useState<ReturnType<typeof credentialProblems> & { form?: string }>({});
  useUnsavedEdits(draft, { enabled: canWrite });
  const add = useMutation({
    mutationFn: () =>
      addRecord('guide_credentials', {
        guide_id: guide.id,
        kind: draft.kind,
        name: draft.name.trim(),
        reference: draft.reference.trim() || null,
        issued_on: draft.issuedOn || null,
        expires_on: draft.expiresOn || null,
      }),
    onSuccess: async () => {
      notify.success(`${draft.name.trim()} added`);
      setDraft(blankCredential);
      await refresh();
    },
    onError: (error: Error & { hint?: string }) => setProblems({ [fieldOfHint(error.hint, credentialColumns)]: error.message }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeRecord('guide_credentials', id),
    onSuccess: refresh,
    onError: (error: Error) => notify.error(error.message),
  });
  const edit = (patch: Partial<CredentialDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  const credentials = [...guide.guide_credentials].sort((a, b) => (a.expires_on ?? '9999').localeCompare(b.expires_on ?? '9999'));
  return (
    <Stack gap="sm">
      {credentials.length === 0 ? (
        <Text size="sm" c="dimmed">
          No licence or certification on file: without a licence the guide can still be given trips, but the park asks for one.
        </Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Tbody>
            {credentials.map((credential) => (
              <Table.Tr key={credential.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {credential.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {[CREDENTIAL_LABELS[credential.kind as CredentialDraft['kind']] ?? credential.kind, credential.reference, credential.issued_on ? `issued ${formatOfficeDate(credential.issued_on)}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  {credential.expires_on ? (
                    <DueBadge date={credential.expires_on} today={today} verbs={{ past: 'Expired', future: 'Expires' }} prefix={credential.expires_on > today ? 'Until' : undefined} />
                  ) : (
                    <Text size="xs" c="dimmed">
                      No expiry
                    </Text>
                  )}
                </Table.Td>
                {canWrite && (
                  <Table.Td w={52}>
                    <ConfirmAction
                      label={`Remove ${credential.name}`}
                      question={`Remove ${credential.name} from ${guide.full_name}’s record?`}
                      busy={remove.isPending && remove.variables === credential.id}
                      onConfirm={() => remove.mutate(credential.id)}
                    />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canWrite && (
        <form
          aria-label="Add a licence or certification"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const found = credentialProblems(draft);
            setProblems(found);
            if (Object.keys(found).length === 0) add.mutate();
          }}
        >
          <SimpleGrid cols={2} spacing="xs">
            <Select
              label="Kind"
              data={CREDENTIAL_KINDS.map((value) => ({ value, label: CREDENTIAL_LABELS[value] }))}
              value={draft.kind}
              onChange={(kind) => edit({ kind: (kind as CredentialDraft['kind']) ?? 'licence' })}
              allowDeselect={false}
            />
            <TextInput label="Number" maxLength={60} value={draft.reference} onChange={(event) => edit({ reference: event.currentTarget.value })} error={problems.reference} />
          </SimpleGrid>
          <TextInput mt="xs" label="Name" placeholder="TALA professional guide licence" maxLength={120} value={draft.name} onChange={(event) => edit({ name: event.currentTarget.value })} error={problems.name} />
          <SimpleGrid cols={2} spacing="xs" mt="xs">
            <TextInput type="date" label="Issued" value={draft.issuedOn} onChange={(event) => edit({ issuedOn: event.currentTarget.value })} error={problems.issuedOn} />
            <TextInput type="date" label="Expires" value={draft.expiresOn} onChange={(event) => edit({ expiresOn: event.currentTarget.value })} error={problems.expiresOn} />
          </SimpleGrid>
          {problems.form && (
            <Alert color="red" mt="xs" role="alert">
              {problems.form}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button type="submit" variant="light" loading={add.isPending}>
              Add licence or certification
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}

/** /admin/guides/$guideId and /admin/guides/new: a guide's record, licences, leave and trips. */
export function GuideScreen({ guideId, canWrite }: { guideId: string | null; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const found = useQuery({ ...guideQuery(guideId ?? ''), enabled: guideId !== null });
  const today = officeToday();
  const back = (
    <BackLink to="/admin/guides">Guides</BackLink>
  );
  if (guideId === null) {
    return (
      <Stack gap="md" maw={720}>
        {back}
        <PageHeader title="Add a guide" description="Their licences, certifications and leave are added once the guide is saved." />
        <Section title="Details">
          <GuideForm guide={null} canWrite={canWrite} />
        </Section>
      </Stack>
    );
  }
  if (found.isPending) return <Loader aria-label="Loading the guide" />;
  if (found.error) return <Alert color="red">{found.error.message}</Alert>;
  const guide = found.data;
  if (!guide) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="orange" title="No such guide">
          This guide was removed, or the address is wrong.
        </Alert>
      </Stack>
    );
  }
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: operationsKeys.guide(guide.id) }), queryClient.invalidateQueries({ queryKey: operationsKeys.guides })]);
  return (
    <Stack gap="md" maw={1200}>
      {back}
      <PageHeader title={guide.full_name} description={[guide.languages.join(', '), guide.active ? null : 'No longer working'].filter(Boolean).join(' · ') || undefined} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Section title="Details">
              <GuideForm guide={guide} canWrite={canWrite} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Section title="Licences and certifications">
              <Credentials guide={guide} canWrite={canWrite} today={today} refresh={refresh} />
            </Section>
            <Section title="Leave" description="Days the guide is given no trip.">
              <Periods
                periods={guide.guide_leave}
                today={today}
                canWrite={canWrite}
                nouns={{ one: 'Leave', add: 'Add leave', empty: 'No leave planned.' }}
                onAdd={async (draft) => {
                  await addRecord('guide_leave', { guide_id: guide.id, starts_on: draft.startsOn, ends_on: draft.endsOn, reason: draft.reason.trim() || null });
                  await refresh();
                }}
                onRemove={async (id) => {
                  await removeRecord('guide_leave', id);
                  await refresh();
                }}
              />
            </Section>
            <Section title="Trips">
              <Trips trips={guide.departure_guides.map((row) => row.tour_departures)} today={today} />
            </Section>
            {canWrite && (
              <Section title="Calendar feed">
                <CalendarFeed guideId={guide.id} what={`${guide.full_name}’s trips`} />
              </Section>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
