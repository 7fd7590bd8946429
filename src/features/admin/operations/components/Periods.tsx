import { fieldOfHint } from '@/lib/field-errors.ts';
import { Alert, Button, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { ConfirmAction } from '@/components/admin/ConfirmAction.tsx';
import { daysBetween, formatOfficeDateRange } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { periodColumns, periodProblems, type PeriodDraft } from '../model.ts';

interface Period {
  id: string;
  starts_on: string;
  ends_on: string;
  reason: string | null;
}

const dayCount = (period: Period) => {
  const days = daysBetween(period.starts_on, period.ends_on) + 1;
  return days === 1 ? '1 day' : `${days} days`;
};

const blank: PeriodDraft = { startsOn: '', endsOn: '', reason: '' };

/**
 * Times a guide or a vehicle cannot be given a trip (leave, off the road): listed soonest first
 * with those past folded away, added with two dates and a reason, removed after one question.
 */
export function Periods({
  periods,
  today,
  canWrite,
  nouns,
  onAdd,
  onRemove,
}: {
  periods: Period[];
  today: string;
  canWrite: boolean;
  nouns: { one: string; add: string; empty: string };
  onAdd: (draft: PeriodDraft) => Promise<void>;
  onRemove: (id: string) => Promise<void>;
}) {
  const [draft, setDraft] = useState<PeriodDraft>(blank);
  const [problems, setProblems] = useState<ReturnType<typeof periodProblems> & { form?: string }>({});
  useUnsavedEdits(draft);
  const [showPast, setShowPast] = useState(false);
  const add = useMutation({
    mutationFn: () => onAdd(draft),
    onSuccess: () => {
      setDraft(blank);
      notify.success(`${nouns.one} added`);
    },
    onError: (error: Error & { hint?: string }) => setProblems({ [fieldOfHint(error.hint, periodColumns)]: error.message }),
  });
  const remove = useMutation({ mutationFn: onRemove, onError: (error: Error) => notify.error(error.message) });
  const sorted = [...periods].sort((a, b) => a.starts_on.localeCompare(b.starts_on));
  const coming = sorted.filter((period) => period.ends_on >= today);
  const past = sorted.filter((period) => period.ends_on < today).reverse();
  const edit = (patch: Partial<PeriodDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };

  const rows = (list: Period[]) =>
    list.map((period) => (
      <Table.Tr key={period.id}>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatOfficeDateRange(period.starts_on, period.ends_on)}</Table.Td>
        <Table.Td>
          <Text size="sm">{period.reason ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {dayCount(period)}
            {period.starts_on <= today && period.ends_on >= today ? ', now' : ''}
          </Text>
        </Table.Td>
        {canWrite && (
          <Table.Td w={52}>
            <ConfirmAction
              label={`Remove the ${nouns.one.toLowerCase()} of ${formatOfficeDateRange(period.starts_on, period.ends_on)}`}
              question={`Remove the ${nouns.one.toLowerCase()} of ${formatOfficeDateRange(period.starts_on, period.ends_on)}?`}
              busy={remove.isPending && remove.variables === period.id}
              onConfirm={() => remove.mutate(period.id)}
            />
          </Table.Td>
        )}
      </Table.Tr>
    ));

  return (
    <Stack gap="sm">
      {coming.length === 0 ? (
        <Text size="sm" c="dimmed">
          {nouns.empty}
        </Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Tbody>{rows(coming)}</Table.Tbody>
        </Table>
      )}
      {past.length > 0 && (
        <>
          <Button variant="subtle" size="compact-sm" onClick={() => setShowPast((shown) => !shown)} style={{ alignSelf: 'flex-start' }}>
            {showPast ? 'Hide the past ones' : `Show ${past.length} past`}
          </Button>
          {showPast && (
            <Table verticalSpacing="xs" c="dimmed">
              <Table.Tbody>{rows(past)}</Table.Tbody>
            </Table>
          )}
        </>
      )}
      {canWrite && (
        <form
          aria-label={nouns.add}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const found = periodProblems(draft);
            setProblems(found);
            if (Object.keys(found).length === 0) add.mutate();
          }}
        >
          <SimpleGrid cols={2} spacing="xs">
            <TextInput type="date" label="First day" value={draft.startsOn} onChange={(event) => edit({ startsOn: event.currentTarget.value })} error={problems.startsOn} />
            <TextInput type="date" label="Last day" value={draft.endsOn} min={draft.startsOn || undefined} onChange={(event) => edit({ endsOn: event.currentTarget.value })} error={problems.endsOn} />
          </SimpleGrid>
          <TextInput mt="xs" label="Reason" maxLength={200} value={draft.reason} onChange={(event) => edit({ reason: event.currentTarget.value })} error={problems.reason} />
          {problems.form && (
            <Alert color="red" mt="xs" role="alert">
              {problems.form}
            </Alert>
          )}
          <Group justify="flex-end" mt="xs">
            <Button type="submit" variant="light" loading={add.isPending}>
              {nouns.add}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
