import 'mantine-datatable/styles.layer.css';
import { ActionIcon, Alert, Badge, Button, Group, Menu, Select, Stack, Text } from '@mantine/core';
import { IconDots, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { FormModal, useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { formatOfficeDate, formatOfficeDateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { changeRole, resendInvitation, revokeInvitation, setActive, teamKeys, teamQuery } from '../api.ts';
import { actionsFor, ROLE_LABELS, roleLabel, STAFF_ROLES, STATUS_LABELS, type StaffRole, type TeamRow } from '../model.ts';
import { InviteForm } from './InviteForm.tsx';

/** A change that asks once before it is made. */
type Pending = { kind: 'role' | 'deactivate' | 'revoke'; row: TeamRow } | null;

const nameOf = (row: TeamRow) => row.full_name || row.email;

function lastSeen(row: TeamRow): string {
  if (row.kind === 'invitation') return 'Not yet signed in';
  return row.last_sign_in_at ? formatOfficeDateTime(row.last_sign_in_at) : 'Never signed in';
}

function RowActions({ row, myId, onPick, onResend, onReactivate }: { row: TeamRow; myId: string; onPick: (pending: Pending) => void; onResend: () => void; onReactivate: () => void }) {
  const can = actionsFor(row, myId);
  if (!Object.values(can).some(Boolean)) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions for ${nameOf(row)}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {can.changeRole && <Menu.Item onClick={() => onPick({ kind: 'role', row })}>Change role…</Menu.Item>}
        {can.deactivate && (
          <Menu.Item color="red" onClick={() => onPick({ kind: 'deactivate', row })}>
            Deactivate…
          </Menu.Item>
        )}
        {can.reactivate && <Menu.Item onClick={onReactivate}>Reactivate</Menu.Item>}
        {can.resend && <Menu.Item onClick={onResend}>Resend invitation</Menu.Item>}
        {can.revoke && (
          <Menu.Item color="red" onClick={() => onPick({ kind: 'revoke', row })}>
            Revoke invitation…
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The confirm of a role change, a deactivation or a revocation, saying what will happen. */
function Confirm({ pending, onClose, onDone }: { pending: NonNullable<Pending>; onClose: () => void; onDone: (message: string) => void }) {
  const { kind, row } = pending;
  const titles = { role: `Change ${nameOf(row)}’s role`, deactivate: `Deactivate ${nameOf(row)}?`, revoke: 'Revoke the invitation?' };
  return (
    <FormModal opened onClose={onClose} title={titles[kind]} centered>
      <ConfirmBody pending={pending} onClose={onClose} onDone={onDone} />
    </FormModal>
  );
}

/** Inside the modal, so a role picked and not applied counts as the modal's edit. */
function ConfirmBody({ pending, onClose, onDone }: { pending: NonNullable<Pending>; onClose: () => void; onDone: (message: string) => void }) {
  const { kind, row } = pending;
  const [role, setRole] = useState<string | null>(row.role);
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedEdits(role);
  const apply = useMutation({
    mutationFn: async () => {
      if (kind === 'role') await changeRole(row.id, role as StaffRole);
      else if (kind === 'deactivate') await setActive(row.id, false);
      else await revokeInvitation(row.id);
    },
    onSuccess: () =>
      onDone(
        kind === 'role'
          ? `${nameOf(row)} is now ${roleLabel(role!).toLowerCase()}`
          : kind === 'deactivate'
            ? `${nameOf(row)} is deactivated and signed out`
            : `The invitation to ${row.email} is revoked`,
      ),
    onError: (error: Error) => setProblem(error.message),
  });
  return (
    <Stack gap="md">
      {kind === 'role' && (
        <>
          <Select
            label="Role"
            data={STAFF_ROLES.map((value) => ({ value, label: ROLE_LABELS[value].label }))}
            value={role}
            onChange={(value) => {
              setRole(value);
              setProblem(null);
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {role && role !== row.role && (
            <Text size="sm">
              They will open: {ROLE_LABELS[role as StaffRole].opens.toLowerCase()}, from their next page.
            </Text>
          )}
        </>
      )}
      {kind === 'deactivate' && (
        <Text size="sm">
          {nameOf(row)} is signed out everywhere at once and cannot sign in until an administrator reactivates the account. Their work and its
          history stay.
        </Text>
      )}
      {kind === 'revoke' && <Text size="sm">The link emailed to {row.email} stops working. You can invite them again later.</Text>}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color={kind === 'role' ? undefined : 'red'} loading={apply.isPending} disabled={kind === 'role' && role === row.role} onClick={() => apply.mutate()}>
          {kind === 'role' ? 'Change role' : kind === 'deactivate' ? 'Deactivate' : 'Revoke invitation'}
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/team: staff accounts and invitations, for admins (team.manage). */
export function Team({ myId }: { myId: string }) {
  const queryClient = useQueryClient();
  const team = useQuery(teamQuery());
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
  const quick = useMutation({
    mutationFn: ({ action, row }: { action: 'resend' | 'reactivate'; row: TeamRow }) => (action === 'resend' ? resendInvitation(row.id) : setActive(row.id, true)),
    onSuccess: async (_, { action, row }) => {
      notify.success(action === 'resend' ? `Invitation sent again to ${row.email}` : `${nameOf(row)} can sign in again`);
      await refresh();
    },
    onError: (error: Error) => notify.error(error.message),
  });

  const columns: DataTableColumn<TeamRow>[] = [
    {
      accessor: 'email',
      title: 'Name',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {nameOf(row)}
            {row.id === myId && (
              <Text span size="xs" c="dimmed">
                {' '}
                (you)
              </Text>
            )}
          </Text>
          {row.full_name && (
            <Text size="xs" c="dimmed">
              {row.email}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'role', title: 'Role', render: (row) => roleLabel(row.role) },
    {
      accessor: 'status',
      title: 'Status',
      render: (row) => (
        <Badge variant="light" color={STATUS_LABELS[row.status]?.color ?? 'gray'} style={{ textTransform: 'none' }}>
          {STATUS_LABELS[row.status]?.label ?? row.status}
        </Badge>
      ),
    },
    {
      accessor: 'last_sign_in_at',
      title: 'Last sign-in',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{lastSeen(row)}</Text>
          {row.kind === 'invitation' && (
            <Text size="xs" c={row.status === 'expired' ? 'orange.8' : 'dimmed'}>
              Invited {formatOfficeDate(row.invited_at)}, {row.status === 'expired' ? 'expired' : 'expires'} {formatOfficeDate(row.expires_at)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: '',
      width: 64,
      textAlign: 'right',
      render: (row) => (
        <RowActions
          row={row}
          myId={myId}
          onPick={setPending}
          onResend={() => quick.mutate({ action: 'resend', row })}
          onReactivate={() => quick.mutate({ action: 'reactivate', row })}
        />
      ),
    },
  ];

  return (
    <Stack gap={0} maw={1100}>
      <PageHeader
        title="Team"
        description="Who works in the back office and with what role. Every change is kept in the audit log."
        actions={
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)} disabled={!team.data}>
            Invite someone
          </Button>
        }
      />
      {team.error && (
        <Alert color="red" role="alert" mb="sm">
          {team.error.message}
        </Alert>
      )}
      <DataTable<TeamRow>
        withTableBorder
        borderRadius="md"
        minHeight={team.data?.length ? undefined : 220}
        idAccessor="id"
        records={team.data ?? []}
        columns={columns}
        fetching={team.isPending}
        noRecordsText="Nobody on the team yet."
        rowStyle={(row) => (row.status === 'deactivated' ? { opacity: 0.65 } : undefined)}
        aria-label="Team"
      />
      <FormModal opened={inviting} onClose={() => setInviting(false)} title="Invite to the team" centered>
        <InviteForm
          team={team.data ?? []}
          onSent={async (email) => {
            setInviting(false);
            notify.success(`Invitation sent to ${email}`);
            await refresh();
          }}
        />
      </FormModal>
      {pending && (
        <Confirm
          key={`${pending.kind}-${pending.row.id}`}
          pending={pending}
          onClose={() => setPending(null)}
          onDone={async (message) => {
            setPending(null);
            notify.success(message);
            await refresh();
          }}
        />
      )}
    </Stack>
  );
}
