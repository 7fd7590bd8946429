import { queueWrite, waitForWrite } from '@/lib/outbox/outbox.ts';
import { profileUpdate } from '@/lib/outbox/profile.ts';
import { logActivity } from '@/lib/session/index.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, avatarPath, avatarPathFromUrl } from './model.ts';

/** SPEC 5: the exact messages. */
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const PASSWORD_INCORRECT = 'Password is incorrect';
export const NEEDS_CONNECTION = 'This needs a connection. Connect to the internet and try again.';

/** The same minimum the sign-up form asks for. */
export const MIN_PASSWORD_LENGTH = 8;

function requireOnline(): void {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error(NEEDS_CONNECTION);
}

/** The password is checked by signing in with it again (SPEC 5); false when the server refuses it. */
async function passwordMatches(email: string, password: string): Promise<boolean> {
  const { error } = await (await getSupabase()).auth.signInWithPassword({ email, password });
  if (!error) return true;
  if (error.status === 400 || error.status === 401 || /invalid login credentials/i.test(error.message)) return false;
  throw error;
}

/** Changes the password after confirming the current one ('Current password is incorrect'). */
export async function changePassword(email: string, current: string, next: string): Promise<void> {
  requireOnline();
  if (next.length < MIN_PASSWORD_LENGTH) throw new Error(`The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (next === current) throw new Error('The new password must differ from the current one.');
  if (!(await passwordMatches(email, current))) throw new Error(CURRENT_PASSWORD_INCORRECT);
  const { error } = await (await getSupabase()).auth.updateUser({ password: next });
  if (error) throw error;
  void logActivity({ action: 'password_change', resourceType: 'account' });
}

/**
 * Deletes the signed-in account after confirming the password ('Password is incorrect'): the
 * avatar files go first (storage keeps files on its own), then delete_own_account() removes the
 * auth user, which takes the profile, wishlist, messages and activity with it. The caller then
 * leaves the portal and calls forgetDeletedAccount().
 */
export async function deleteAccount(userId: string, email: string, password: string): Promise<void> {
  requireOnline();
  if (!(await passwordMatches(email, password))) throw new Error(PASSWORD_INCORRECT);
  const avatars = (await getSupabase()).storage.from('avatars');
  const { data: files } = await avatars.list('avatars', { search: `${userId}-` });
  const own = (files ?? []).map((file) => `avatars/${file.name}`).filter((path) => path.startsWith(`avatars/${userId}-`));
  if (own.length > 0) await avatars.remove(own);
  const { error } = await (await getSupabase()).rpc('delete_own_account');
  if (error) throw error;
}

/** Drops the deleted account's session from this device (the server has no session left to end). */
export async function forgetDeletedAccount(): Promise<void> {
  await (await getSupabase()).auth.signOut({ scope: 'local' });
}

/** Why a picture cannot be used, or null when it can. */
export function avatarProblem(file: File): string | null {
  if (!AVATAR_TYPES[file.type]) return 'Choose a JPEG, PNG, WebP or GIF image.';
  if (file.size > AVATAR_MAX_BYTES) return 'The picture is larger than 2 MB. Choose a smaller one.';
  return null;
}

/**
 * Uploads a new avatar to avatars/{userId}-{timestamp}.{ext}, saves its public URL as avatar_url
 * through the outbox (profile.update), then removes the previous file, so the old picture shows
 * until the new one is in place. Pictures left over from an upload cut short go first: a user keeps
 * three at most (the avatars bucket's quota). Uploading needs a connection.
 */
export async function uploadAvatar(userId: string, file: File, previousUrl: string | null): Promise<string> {
  requireOnline();
  const problem = avatarProblem(file);
  if (problem) throw new Error(problem);
  const path = avatarPath(userId, file.type, Date.now());
  const avatars = (await getSupabase()).storage.from('avatars');
  const previous = avatarPathFromUrl(previousUrl, userId);
  const { data: kept } = await avatars.list('avatars', { search: `${userId}-` });
  const leftovers = (kept ?? []).map((stored) => `avatars/${stored.name}`).filter((stored) => stored.startsWith(`avatars/${userId}-`) && stored !== previous);
  if (leftovers.length > 0) await avatars.remove(leftovers);
  const uploaded = await avatars.upload(path, file, { contentType: file.type, cacheControl: '31536000' });
  if (uploaded.error) throw uploaded.error;
  const url = avatars.getPublicUrl(path).data.publicUrl;
  const outcome = await waitForWrite(await queueWrite(profileUpdate, { avatar_url: url }), 10_000);
  if (outcome.status === 'failed') {
    await avatars.remove([path]);
    throw new Error(outcome.error);
  }
  if (previous && previous !== path) await avatars.remove([previous]);
  void logActivity({ action: 'profile_update', resourceType: 'profile', details: { fields: ['avatar_url'] } });
  return url;
}
