import type { QueryClient } from '@tanstack/react-query';
import { logActivity } from '@/lib/session/index.ts';
import { getSupabase } from '@/lib/supabase.ts';

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Signs in with email and password, logs 'sign_in' to the activity log (through the outbox), and
 * answers with the user's role (from the profile; 'traveler' when it has none).
 */
export async function signInWithPassword({ email, password }: Credentials): Promise<{ role: string }> {
  const client = await getSupabase();
  const { data, error } = await client.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
  // The log is background: a sign-in never fails because its log line could not be queued.
  await logActivity({ action: 'sign_in', resourceType: 'auth', details: { method: 'password' } }).catch(() => undefined);
  const { data: profile } = await client.from('users').select('role').eq('id', data.user.id).maybeSingle<{ role: string | null }>();
  return { role: profile?.role ?? 'traveler' };
}

export interface Registration extends Credentials {
  fullName: string;
}

/** Creates the account. `confirmEmail` when the server wants the address confirmed before the first sign-in. */
export async function register({ fullName, email, password }: Registration): Promise<{ confirmEmail: boolean }> {
  const { data, error } = await (await getSupabase()).auth.signUp({
    email: email.trim(),
    password,
    options: { data: { full_name: fullName.trim() }, emailRedirectTo: `${window.location.origin}/traveler` },
  });
  if (error) throw error;
  return { confirmEmail: data.session === null };
}

/** Emails a link to /auth/reset-password. The answer is the same whether or not the address has an account. */
export async function sendPasswordReset(email: string): Promise<void> {
  const { error } = await (await getSupabase()).auth.resetPasswordForEmail(email.trim(), {
    redirectTo: `${window.location.origin}/auth/reset-password`,
  });
  if (error) throw error;
}

/** Sets a new password for the session the emailed link started. */
export async function setNewPassword(password: string): Promise<void> {
  const { error } = await (await getSupabase()).auth.updateUser({ password });
  if (error) throw error;
}

/**
 * 'Repair my session': forgets this device's session without asking the server (which may be what
 * is failing): supabase-js's stored keys and the cached server data. The next sign-in starts clean.
 */
export async function repairSession(queryClient: QueryClient): Promise<void> {
  await (await getSupabase())
    .auth.signOut({ scope: 'local' })
    .catch(() => undefined);
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith('sb-')) localStorage.removeItem(key);
  }
  queryClient.clear();
}

/**
 * An invitee's first steps, in the session their emailed link started: their name and password, then
 * the role the admin chose (accept_staff_invitation). Answers that role; an invitation revoked or
 * expired meanwhile gives none.
 */
export async function joinTeam({ fullName, password }: { fullName: string; password: string }): Promise<string | null> {
  const client = await getSupabase();
  const updated = await client.auth.updateUser({ password, data: { full_name: fullName.trim() } });
  if (updated.error) throw updated.error;
  const { data, error } = await client.rpc('accept_staff_invitation');
  if (error) throw error;
  return data;
}
