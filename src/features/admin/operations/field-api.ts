import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '@/lib/local-db.ts';
import { refreshMirror } from '@/lib/outbox/outbox.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { fieldTripId } from './field.ts';
import type { Manifest } from './manifest.ts';

/** The outbox kinds of field mode (field-writes.ts). */
export const FIELD_WRITE_KINDS = ['field.checkIn', 'field.payment', 'field.incident'] as const;

const savedAtKey = (userId: string) => `fieldTripsAt:${userId}`;

/**
 * Fetches the trips this staff member works this week (field_trips()) and keeps them on the device,
 * with the writes still waiting replayed over them. Throws when there is no connection: the
 * device's copy stays as it was.
 */
export async function refreshFieldTrips(userId: string): Promise<void> {
  const readAt = Date.now();
  const { data, error } = await (await getSupabase()).rpc('field_trips');
  if (error) throw error;
  // Manifests; their bookings' checked_in is jsonb (a time by traveler index), as Manifest says.
  const manifests = data as Manifest[];
  const rows = manifests.map((manifest) => ({ id: fieldTripId(userId, manifest.trip.id), userId, row: manifest as unknown as Record<string, unknown>, syncedAt: Date.now() }));
  await refreshMirror('fieldTrips', userId, rows, readAt);
  await localDb.meta.put({ key: savedAtKey(userId), value: Date.now() });
}

/** The trips kept on this device for the user, as they change; undefined while the device is read. */
export function useFieldTrips(userId: string): Manifest[] | undefined {
  return useLiveQuery(async () => (await localDb.fieldTrips.where('userId').equals(userId).toArray()).map((stored) => stored.row as unknown as Manifest), [userId]);
}

/** One trip kept on this device; null when it is not there. */
export function useFieldTrip(userId: string, departureId: string): Manifest | null | undefined {
  return useLiveQuery(async () => ((await localDb.fieldTrips.get(fieldTripId(userId, departureId)))?.row as unknown as Manifest | undefined) ?? null, [userId, departureId]);
}

/** When the device last had the trips from the server (ms since epoch), or null. */
export function useFieldTripsSavedAt(userId: string): number | null | undefined {
  return useLiveQuery(async () => ((await localDb.meta.get(savedAtKey(userId)))?.value as number | undefined) ?? null, [userId]);
}
