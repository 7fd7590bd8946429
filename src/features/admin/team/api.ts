import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase.ts';
import type { StaffRole, TeamRow } from './model.ts';
import { apiErrorOf } from '@shared/api-errors.ts';
import { callServer, serverAnswer } from '@/lib/server-api.ts';

export const teamKeys = {
  all: ['admin', 'team'] as const,
};

/** Every staff account and open invitation (staff_accounts(), admins only). */
export const teamQuery = () =>
  queryOptions({
    queryKey: teamKeys.all,
    queryFn: async (): Promise<TeamRow[]> => {
      const { data, error } = await (await getSupabase()).rpc('staff_accounts');
      if (error) throw error;
      return data;
    },
  });

/** A refusal of the invite endpoint, with the field it is about ('form' for the whole request). */
export class InviteError extends Error {
  constructor(
    message: string,
    readonly field: 'email' | 'role' | 'form',
  ) {
    super(message);
  }
}

/** The server's invitation endpoints (server/api/team.ts), with the admin's token: they send the email. */
async function postInvitation(path: string, body?: unknown): Promise<void> {
  const response = await callServer(path, { method: 'POST', body });
  if (response.ok) return;
  const refusal = apiErrorOf(await serverAnswer(response));
  // The server names the field at fault (email or role); a refusal naming none is the whole form's.
  const field = refusal?.fields?.email !== undefined ? 'email' : refusal?.fields?.role !== undefined ? 'role' : 'form';
  throw new InviteError(refusal?.message ?? `The invitation could not be sent (the server answered ${response.status}).`, field);
}

/** Invites the address with the role; the server emails the link. */
export const inviteToTeam = (email: string, role: StaffRole) => postInvitation('/api/team/invitations', { email: email.trim(), role });

/** A new link for the invitation, valid 7 more days. */
export const resendInvitation = (invitationId: string) => postInvitation(`/api/team/invitations/${invitationId}/resend`);

export async function revokeInvitation(invitationId: string): Promise<void> {
  const { error } = await (await getSupabase()).rpc('revoke_staff_invitation', { p_id: invitationId });
  if (error) throw error;
}

export async function changeRole(userId: string, role: StaffRole): Promise<void> {
  const { error } = await (await getSupabase()).rpc('set_staff_role', { p_user_id: userId, p_role: role });
  if (error) throw error;
}

/** Deactivates (their sessions end, they cannot sign in) or reactivates a member. */
export async function setActive(userId: string, active: boolean): Promise<void> {
  const { error } = await (await getSupabase()).rpc('set_staff_active', { p_user_id: userId, p_active: active });
  if (error) throw error;
}
