import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { travelerDetailsUpdate, withTravelerDetails } from '../../src/features/portal/writes.ts';
import { freshDb } from '../helpers/outbox-helpers.ts';

describe("a traveler's details given in the portal, on the device", () => {
  it('lays the change over the entry: a given field set, a blank one removed', () => {
    expect(withTravelerDetails({ full_name: 'Ella Lind', dietary_needs: 'No nuts' }, { dietary_needs: '', medical_notes: 'Asthma' })).toEqual({ full_name: 'Ella Lind', medical_notes: 'Asthma' });
  });

  it('fills the booking mirror as the database would, with no hole before the traveler, and undoes it', async () => {
    const db = freshDb();
    await db.bookings.put({ id: 'b1', userId: 'u1', row: { booking_reference: 'KS-2026-AAAAA-BBBBB', travelers: [] }, syncedAt: 1 });
    const change = { bookingId: 'b1', travelerIndex: 1, details: { full_name: 'Ella Lind', dietary_needs: 'No nuts' } };
    const undo = await travelerDetailsUpdate.apply!(db, change, 'u1');
    expect((await db.bookings.get('b1'))?.row.travelers).toEqual([{}, { full_name: 'Ella Lind', dietary_needs: 'No nuts' }]);
    await travelerDetailsUpdate.revert!(db, change, 'u1', undo);
    expect((await db.bookings.get('b1'))?.row.travelers).toEqual([]);
  });

  it('changes nothing for a booking the device does not hold', async () => {
    const db = freshDb();
    expect(await travelerDetailsUpdate.apply!(db, { bookingId: 'elsewhere', travelerIndex: 0, details: { dietary_needs: 'Vegan' } }, 'u1')).toBeUndefined();
    expect(await db.bookings.count()).toBe(0);
  });
});
