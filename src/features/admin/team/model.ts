import type { Database } from '@/lib/database.types.ts';

/** A row of the team list: a staff account or an invitation not yet accepted (staff_accounts()). */
export type TeamRow = Database['public']['Functions']['staff_accounts']['Returns'][number];

export const STAFF_ROLES = ['admin', 'agent', 'editor', 'guide'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Each role's name and what it opens (docs/back-office.md, public.role_permissions). */
export const ROLE_LABELS: Record<StaffRole, { label: string; opens: string }> = {
  admin: { label: 'Administrator', opens: 'Everything, the team and the settings included' },
  agent: { label: 'Agent', opens: 'Bookings, payments, clients, enquiries, messages, the calendar' },
  editor: { label: 'Editor', opens: 'Tours, destinations, the blog and the site content' },
  guide: { label: 'Guide', opens: 'Their assigned departures and the calendar' },
};

export const roleLabel = (role: string) => ROLE_LABELS[role as StaffRole]?.label ?? role;

export const STATUS_LABELS: Record<string, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  invited: { label: 'Invited', color: 'blue' },
  expired: { label: 'Invitation expired', color: 'orange' },
  deactivated: { label: 'Deactivated', color: 'gray' },
};

export interface InviteDraft {
  email: string;
  role: string | null;
}

/**
 * The invite form's field messages, the same rules invite_staff() checks again: an address that
 * looks like one, not already on the team, and a role.
 */
export function inviteProblems(draft: InviteDraft, team: Pick<TeamRow, 'email' | 'kind' | 'status'>[]): Partial<Record<'email' | 'role', string>> {
  const problems: Partial<Record<'email' | 'role', string>> = {};
  const email = draft.email.trim().toLowerCase();
  if (email === '') problems.email = 'Enter the email address to invite';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 255) problems.email = 'Enter a valid email address, like name@example.com';
  else if (team.some((row) => row.kind === 'member' && row.email?.toLowerCase() === email)) problems.email = 'This person is already on the team';
  else if (team.some((row) => row.kind === 'invitation' && row.status === 'invited' && row.email?.toLowerCase() === email)) {
    problems.email = 'This address has an invitation waiting: resend it from the list';
  }
  if (!draft.role || !(STAFF_ROLES as readonly string[]).includes(draft.role)) problems.role = 'Choose a role';
  return problems;
}

/** What the signed-in admin may do to a row: never demote or deactivate themselves (the database says the same). */
export function actionsFor(row: Pick<TeamRow, 'id' | 'kind' | 'status'>, myId: string): { changeRole: boolean; deactivate: boolean; reactivate: boolean; resend: boolean; revoke: boolean } {
  const member = row.kind === 'member';
  const self = member && row.id === myId;
  return {
    changeRole: member && !self && row.status === 'active',
    deactivate: member && !self && row.status === 'active',
    reactivate: member && row.status === 'deactivated',
    resend: !member,
    revoke: !member,
  };
}
