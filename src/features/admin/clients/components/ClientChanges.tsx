import { Alert, Button, Group, Loader, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowMerge, IconSearch, IconUserX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormModal, useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { notify } from '@/lib/notify.ts';
import { countOf } from '@/lib/words.ts';
import { clientKeys, clientsPageQuery, eraseClient, mergeClients, type ClientDetail, type ClientListRow } from '../api.ts';
import { mergePlan, reasonProblem, type MergeCandidate } from '../model.ts';
import { ClientKindBadge } from './ClientKindBadge.tsx';

/** Picks the other half of a duplicate, shows which one stays, and merges them on one confirmation. */
function MergeForm({ client, onClose }: { client: ClientDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The other half of a duplicate by email is offered first.
  const [text, setText] = useState(client.same_email[0] ? client.email : '');
  const [query] = useDebouncedValue(text.trim(), 300);
  const found = useQuery({ ...clientsPageQuery({ q: query, size: 25 }), enabled: query.length >= 2, placeholderData: undefined });
  const [other, setOther] = useState<ClientListRow | null>(null);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ other?: string; reason?: string; form?: string }>({});
  const edits = useUnsavedEdits({ other: other?.client_key ?? null, reason: reason.trim() });
  const plan = other ? mergePlan(client, other) : null;
  const mutation = useMutation({
    mutationFn: ({ keep, merge }: { keep: MergeCandidate; merge: MergeCandidate }) => mergeClients(keep.client_key, merge.client_key, reason),
    onSuccess: async (moved, { keep }) => {
      edits.markSaved();
      notify.success(`Merged: ${countOf(moved.bookings, 'booking')} moved to ${keep.name}`);
      await queryClient.invalidateQueries({ queryKey: clientKeys.all });
      onClose();
      if (keep.client_key !== client.client_key) await navigate({ to: '/admin/clients/$clientKey', params: { clientKey: keep.client_key } });
    },
    onError: (error: Error) => setProblems({ form: error.message }),
  });
  const candidates = (found.data?.rows ?? []).filter((row) => row.client_key !== client.client_key).slice(0, 6);

  return (
    <form
      noValidate
      aria-label="Merge clients"
      onSubmit={(event) => {
        event.preventDefault();
        const next = { other: other ? undefined : 'Choose the client who is the same person', reason: reasonProblem(reason, 'Say why they are one person: it is kept in the history') ?? undefined };
        if (plan && 'problem' in plan) next.other = plan.problem;
        setProblems(next);
        if (!next.other && !next.reason && plan && !('problem' in plan)) mutation.mutate(plan);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="The same person"
          placeholder="Name, email or phone"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setOther(null);
          }}
          error={problems.other && !other ? problems.other : undefined}
          data-autofocus
        />
        {found.isFetching && <Loader size="xs" aria-label="Searching" />}
        {query.length >= 2 && !found.isFetching && candidates.length === 0 && (
          <Text size="sm" c="dimmed">
            No other client matches “{query}”.
          </Text>
        )}
        {candidates.length > 0 && (
          <Radio.Group
            aria-label="Clients found"
            value={other?.client_key ?? null}
            onChange={(key) => {
              setOther(candidates.find((row) => row.client_key === key) ?? null);
              setProblems({});
            }}
          >
            <Stack gap={6}>
              {candidates.map((row) => (
                <Radio.Card key={row.client_key} value={row.client_key} radius="sm" p="xs" withBorder>
                  <Group gap="xs" wrap="nowrap">
                    <Radio.Indicator />
                    <Stack gap={0} miw={0}>
                      <Group gap={6}>
                        <Text size="sm" fw={500}>
                          {row.name}
                        </Text>
                        <ClientKindBadge kind={row.kind} />
                      </Group>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {row.email} · {countOf(row.bookings, 'booking')}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        {plan && 'problem' in plan && (
          <Alert color="red" role="alert">
            {plan.problem}
          </Alert>
        )}
        {plan && !('problem' in plan) && (
          <Alert color="orange" title="This cannot be undone">
            {plan.merge.name} ({plan.merge.email}) is merged into {plan.keep.name}
            {plan.keep.kind === 'account' ? '’s account' : ` (${plan.keep.email})`}: their bookings, notes and tags move there, and {plan.merge.email} leaves the list.
            {plan.keep.kind === 'guest' ? ` The moved bookings take ${plan.keep.email} as their contact email.` : ''}
          </Alert>
        )}
        <Textarea
          label="Why they are one person"
          description="Kept in the history."
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setProblems((current) => ({ ...current, reason: undefined }));
          }}
          error={problems.reason}
        />
        {problems.form && (
          <Alert color="red" role="alert">
            {problems.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep them apart
          </Button>
          <Button type="submit" color="orange" loading={mutation.isPending}>
            Merge clients
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function MergeClient({ client }: { client: ClientDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconArrowMerge size={16} />} onClick={() => setOpen(true)}>
        Merge…
      </Button>
      <FormModal opened={open} onClose={() => setOpen(false)} title={`Merge ${client.name} with a duplicate`} centered size="lg">
        <MergeForm client={client} onClose={() => setOpen(false)} />
      </FormModal>
    </>
  );
}

/** Erases the client's personal data on their request, saying exactly what goes and what stays. */
function EraseForm({ client, onClose }: { client: ClientDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const edits = useUnsavedEdits(reason.trim());
  const mutation = useMutation({
    mutationFn: () => eraseClient(client.client_key, reason),
    onSuccess: async (result) => {
      edits.markSaved();
      notify.success(`${client.name}’s personal data was erased; ${countOf(result.bookings, 'booking')} and ${countOf(result.payments, 'payment')} kept without it`);
      await queryClient.invalidateQueries({ queryKey: clientKeys.all });
      onClose();
      await navigate({ to: '/admin/clients' });
    },
    onError: (error: Error) => setProblem(error.message),
  });

  return (
    <form
      noValidate
      aria-label="Erase personal data"
      onSubmit={(event) => {
        event.preventDefault();
        const found = reasonProblem(reason, 'Say which request this answers: it is kept in the history');
        setProblem(found);
        if (!found) mutation.mutate();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">Erasing {client.name}’s data:</Text>
        <Stack gap={4} component="ul" style={{ margin: 0, paddingLeft: 20 }}>
          <Text component="li" size="sm">
            removes their name, email and phone from {countOf(client.bookings.length, 'booking')}, and replaces their travelers’ names with “Traveler 1, 2…”; the bookings’ notes are cleared;
          </Text>
          <Text component="li" size="sm">
            keeps those bookings and their {countOf(client.payments.length, 'payment')} with every amount, for the accounts;
          </Text>
          {client.kind === 'account' && (
            <Text component="li" size="sm">
              deletes their account: they can no longer sign in, and their messages, activity, wishlist and reviews are removed;
            </Text>
          )}
          <Text component="li" size="sm">
            anonymises their enquiries, ends their newsletter subscription and removes the team’s notes and tags on them.
          </Text>
        </Stack>
        <Alert color="red" title="This cannot be undone">
          Export their data first if they asked for a copy.
        </Alert>
        <Textarea
          label="The request this answers"
          description="Kept in the history, e.g. “Email from the client, 26 Nov”."
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setProblem(null);
          }}
          error={problem}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep their data
          </Button>
          <Button type="submit" color="red" loading={mutation.isPending}>
            Erase personal data
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function EraseClient({ client }: { client: ClientDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" color="red" leftSection={<IconUserX size={16} />} onClick={() => setOpen(true)}>
        Erase…
      </Button>
      <FormModal opened={open} onClose={() => setOpen(false)} title={`Erase ${client.name}’s personal data`} centered size="lg">
        <EraseForm client={client} onClose={() => setOpen(false)} />
      </FormModal>
    </>
  );
}
