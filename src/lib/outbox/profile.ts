import { checked } from './errors.ts';
import { mergePatch, previousValues, revertPatch, type JsonObject } from './patch.ts';
import { defineWrite } from './registry.ts';

/** The profile fields a traveler edits (public.users); never the role. */
export interface ProfilePatch {
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
}

/**
 * The profile mirror holds one row per user (id = user id). Only changed fields are sent, so edits
 * from two devices to different fields both survive; the same field takes the last one to arrive.
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
  async send(client, { userId, payload }) {
    await checked(client.from('users').update(payload).eq('id', userId!));
  },
});
