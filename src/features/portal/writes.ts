import { checked } from '@/lib/outbox/errors.ts';
import { defineWrite } from '@/lib/outbox/registry.ts';
import type { TravelerDetails } from '@/lib/traveler-details.ts';

export interface TravelerDetailsChange {
  bookingId: string;
  /** Which traveler of the booking, from 0. */
  travelerIndex: number;
  /** The fields given; a blank one removes that detail. */
  details: Partial<TravelerDetails>;
}

type TravelerEntry = Record<string, unknown>;

/** A traveler's entry with the change laid over it, as update_traveler_details keeps it. */
export function withTravelerDetails(entry: TravelerEntry | undefined, details: Partial<TravelerDetails>): TravelerEntry {
  const changed: TravelerEntry = { ...entry };
  for (const [key, value] of Object.entries(details)) {
    if (value) changed[key] = value;
    else delete changed[key];
  }
  return changed;
}

/**
 * A traveler's details for the trip, given in the portal: on the device at once (the booking's
 * mirror shows them), sent when there is a connection, for the guide's manifest. Setting the same
 * details twice changes nothing, so a send repeated after a lost answer is harmless.
 */
export const travelerDetailsUpdate = defineWrite<TravelerDetailsChange, TravelerEntry[]>({
  kind: 'booking.travelerDetails',
  mirrors: ['bookings'],
  requiresUser: true,
  describe: () => 'Save travelers’ details',
  async apply(db, { bookingId, travelerIndex, details }) {
    const mirrored = await db.bookings.get(bookingId);
    if (!mirrored) return undefined;
    const travelers = Array.isArray(mirrored.row.travelers) ? (mirrored.row.travelers as TravelerEntry[]) : [];
    // As the database does: an entry for every traveler up to this one, never a hole.
    const changed = Array.from({ length: Math.max(travelers.length, travelerIndex + 1) }, (_, index) => travelers[index] ?? {});
    changed[travelerIndex] = withTravelerDetails(travelers[travelerIndex], details);
    await db.bookings.put({ ...mirrored, row: { ...mirrored.row, travelers: changed } });
    return travelers;
  },
  async revert(db, { bookingId }, _userId, previous) {
    const mirrored = await db.bookings.get(bookingId);
    if (mirrored && previous) await db.bookings.put({ ...mirrored, row: { ...mirrored.row, travelers: previous } });
  },
  async send(client, { payload }) {
    await checked(client.rpc('update_traveler_details', { p_booking_id: payload.bookingId, p_traveler_index: payload.travelerIndex, p_details: payload.details }));
  },
});
