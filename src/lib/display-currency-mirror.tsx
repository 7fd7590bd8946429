import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { localDb } from './local-db.ts';

/**
 * Follows a signed-in traveler's preferences as the device mirrors them (Dexie), so a change in
 * Settings shows at once. Loaded only for a signed-in traveler: visitors' pages never load Dexie.
 */
export default function MirroredPreferences({ userId, onChange }: { userId: string; onChange(preferences: unknown): void }) {
  const mirrored = useLiveQuery(async () => (await localDb.preferences.get(userId))?.row ?? null, [userId]);
  useEffect(() => {
    onChange(mirrored ?? null);
    return () => onChange(null);
  }, [mirrored, onChange]);
  return null;
}
