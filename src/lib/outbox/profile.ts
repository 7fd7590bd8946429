import { checked } from './errors.ts';
import { mergePatch, previousValues, revertPatch, type JsonObject } from './patch.ts';
import { defineWrite } from './registry.ts';

/** The profile fields a traveler edits (public.users); never the role. */
export type ProfilePatch = {
  full_name?: string | null;
  avatar_url?: string | null;
  phone?: string | null;
  country?: string | null;
  /** Emergency contact and passport details, which safari park permits need (20261122001000). */
  emergency_contact_name?: string | null;
  emergency_contact_phone?: string | null;
  emergency_contact_relationship?: string | null;
  date_of_birth?: string | null;
  nationality?: string | null;
  passport_number?: string | null;
  passport_issuing_country?: string | null;
  passport_expiry?: string | null;
};

/**
 * The profile mirror holds one row per user (id = user id). Only changed fields are sent, so edits
 * from two devices to different fields both survive; the same field keeps the change made last on
 * its device (the entry's createdAt), whatever order the changes arrive in.
 */
export const profileUpdate = defineWrite<ProfilePatch, JsonObject>({
  kind: 'profile.update',
  mirrors: ['profile'],
  requiresUser: true,
  describe: () => 'Save your profile',
  async apply(db, patch, userId) {
    const current = await db.profile.get(userId!);
    const row = current?.row ?? {};
    await db.profile.put({ id: userId!, userId: userId!, row: mergePatch(row, { ...patch }), syncedAt: current?.syncedAt ?? 0 });
    return previousValues(row, { ...patch });
  },
  async revert(db, patch, userId, previous) {
    const current = await db.profile.get(userId!);
    if (current) await db.profile.put({ ...current, row: revertPatch(current.row, { ...patch }, previous ?? {}) });
  },
  // The server keeps a field's newer value against an older change arriving late (merge_user_profile).
  async send(client, { payload, createdAt }) {
    await checked(client.rpc('merge_user_profile', { p_patch: payload, p_changed_at: new Date(createdAt).toISOString() }));
  },
});
