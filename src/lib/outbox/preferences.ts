import { checked } from './errors.ts';
import { mergePatch, previousValues, revertPatch, type JsonObject } from './patch.ts';
import { defineWrite } from './registry.ts';

/** SPEC 3: a user's preferences (users.preferences). */
export interface UserPreferences {
  notifications: { email: boolean; booking_updates: boolean; marketing: boolean; newsletter: boolean };
  display: { theme: 'light' | 'dark' | 'system'; language: string; timezone: string; date_format: string; currency: string };
  privacy: { show_profile: boolean; activity_visible: boolean };
}

/** Only the fields the user changed; each one is last-writer-wins on its own. */
export type PreferencesPatch = { [Section in keyof UserPreferences]?: Partial<UserPreferences[Section]> };

/**
 * The preferences mirror holds one row per user (id = user id, row = the preferences object). The
 * server merges the patch field by field (merge_user_preferences), so two devices changing different
 * fields both keep their change, and a field keeps the change made last (by the time on the device).
 */
export const preferencesUpdate = defineWrite<PreferencesPatch, JsonObject>({
  kind: 'preferences.update',
  mirrors: ['preferences'],
  requiresUser: true,
  describe: () => 'Save your preferences',
  async apply(db, patch, userId) {
    const current = await db.preferences.get(userId!);
    const row = current?.row ?? {};
    await db.preferences.put({ id: userId!, userId: userId!, row: mergePatch(row, patch), syncedAt: current?.syncedAt ?? 0 });
    return previousValues(row, patch);
  },
  async revert(db, patch, userId, previous) {
    const current = await db.preferences.get(userId!);
    if (current) await db.preferences.put({ ...current, row: revertPatch(current.row, patch, previous ?? {}) });
  },
  async send(client, { payload, createdAt }) {
    await checked(client.rpc('merge_user_preferences', { p_patch: payload, p_changed_at: new Date(createdAt).toISOString() }));
  },
});
