import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { InviteError, inviteToTeam } from '../api.ts';
import { inviteProblems, ROLE_LABELS, STAFF_ROLES, type InviteDraft, type StaffRole, type TeamRow } from '../model.ts';

const roleChoices = STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role].label }));

/** Invite by email with a role: field messages first, then the same rules said again by the database. */
export function InviteForm({ team, onSent }: { team: TeamRow[]; onSent: (email: string) => void }) {
  const [draft, setDraft] = useState<InviteDraft>({ email: '', role: null });
  const [problems, setProblems] = useState<Partial<Record<'email' | 'role' | 'form', string>>>({});
  useUnsavedEdits(draft);
  const send = useMutation({
    mutationFn: () => inviteToTeam(draft.email, draft.role as StaffRole),
    onSuccess: () => onSent(draft.email.trim().toLowerCase()),
    onError: (error: Error) => setProblems({ [error instanceof InviteError ? error.field : 'form']: error.message }),
  });
  const edit = (patch: Partial<InviteDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  return (
    <form
      aria-label="Invite to the team"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = inviteProblems(draft, team);
        setProblems(found);
        if (Object.keys(found).length === 0) send.mutate();
      }}
    >
      <Stack gap="md">
        {problems.form && (
          <Alert color="red" role="alert">
            {problems.form}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          value={draft.email}
          maxLength={255}
          onChange={(event) => edit({ email: event.currentTarget.value })}
          error={problems.email}
          data-autofocus
        />
        <Select
          label="Role"
          placeholder="Choose a role"
          data={roleChoices}
          value={draft.role}
          onChange={(role) => edit({ role })}
          error={problems.role}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {draft.role && (
          <Text size="sm" c="dimmed">
            Opens: {ROLE_LABELS[draft.role as StaffRole].opens}.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          We email them a link to set a password. It works once, for 7 days.
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
