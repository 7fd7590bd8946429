import { describe, expect, it } from 'vitest';
import { describeChange, entryChanges, entryTitle, idsIn } from '../../src/features/admin/audit/describe.ts';

const departureA = 'a846b89b-1111-4222-8333-944455556666';
const departureB = 'aad80ef7-1111-4222-8333-944455556666';
const booking = '0b0b0b0b-1111-4222-8333-944455556666';
const names = { [departureA]: '7-Day Great Migration Safari, 3 Dec 2026 – 9 Dec 2026', [departureB]: '7-Day Great Migration Safari, 10 Dec 2026 – 16 Dec 2026', [booking]: 'KS-2026-5YS2N-B9JVK' };

describe('the audit trail in words', () => {
  it('names the records an entry mentions instead of showing their ids', () => {
    const move = { table_name: 'bookings', record_id: booking, action: 'update', old_values: { departure_id: departureA }, new_values: { departure_id: departureB } };
    expect(idsIn({ ...move, actor_id: null }).sort()).toEqual([booking, departureA, departureB].sort());
    expect(entryTitle(move, names)).toBe('Booking KS-2026-5YS2N-B9JVK changed');
    expect(entryChanges(move, names)).toEqual(['Departure: 7-Day Great Migration Safari, 3 Dec 2026 – 9 Dec 2026 → 7-Day Great Migration Safari, 10 Dec 2026 – 16 Dec 2026']);
    expect(entryChanges({ ...move, new_values: { departure_id: crypto.randomUUID() } }, names)[0]).toMatch(/→ a record since removed$/);
  });

  it('says amounts to the cent, codes and methods as words, and leaves out what did not change', () => {
    expect(entryTitle({ table_name: 'payments', record_id: crypto.randomUUID(), action: 'insert', old_values: null, new_values: { amount: 1256.4, currency: 'USD', method: 'bank_transfer' } }, {})).toBe(
      'Payment of USD 1,256.40 recorded (Bank transfer)',
    );
    const refund = { table_name: 'payments', record_id: crypto.randomUUID(), action: 'update', old_values: { status: 'succeeded', amount: '3105.20', currency: 'USD' }, new_values: { status: 'refund_due', amount: '3105.20', currency: 'USD' } };
    expect(entryChanges(refund, {})).toEqual(['Status: received → owed back']);
    const owed = { table_name: 'payments', record_id: crypto.randomUUID(), action: 'insert', old_values: null, new_values: { status: 'refund_due', amount: '3105.20', currency: 'USD', method: 'cash' } };
    expect(entryTitle(owed, {})).toBe('Refund of USD 3,105.20 owed back (Cash, the way it was paid)');
    const sent = {
      ...refund,
      old_values: { status: 'refund_due', amount: '3105.20', currency: 'USD', method: 'cash', refund_method: null, refunded_at: null, refund_reference: null },
      new_values: { status: 'refunded', amount: '3105.20', currency: 'USD', method: 'cash', refund_method: 'bank_transfer', refunded_at: '2026-11-27T09:00:00Z', refund_reference: 'CRDB-77' },
    };
    expect(describeChange(sent, {})).toMatch(/^Refund of USD 3,105\.20 sent by bank transfer on .*27.*, reference CRDB-77$/);
    expect(describeChange(sent, {})).not.toMatch(/refund_due|refund due/);
    // Travelers whose details changed, and a time of day, read as words.
    const details = {
      table_name: 'bookings',
      record_id: booking,
      action: 'update',
      old_values: { travelers: [{ index: 0 }, { index: 1 }], pickup_time: null },
      new_values: { travelers: [{ index: 0, dietary: 'No nuts' }, { index: 1, emergency_contact_name: 'Mama' }], pickup_time: '07:15:00' },
    };
    expect(entryChanges(details, names)).toEqual(['Travelers: dietary, emergency contact name changed', 'Pickup time: — → 07:15']);
    // The log keeps only what an update changed: the amount is then the payment's name.
    const changedOnly = { ...sent, old_values: { status: 'refund_due' }, new_values: { status: 'refunded', refund_method: 'cash', refunded_at: '2026-11-27T09:00:00Z' } };
    expect(describeChange(changedOnly, { [sent.record_id]: 'USD 3,105.20' })).toMatch(/^Refund of USD 3,105\.20 sent by cash on /);
    const price = { table_name: 'tours', record_id: crypto.randomUUID(), action: 'update', old_values: { base_price: 2450, title: 'Ruaha Walking Safari' }, new_values: { base_price: 2590.5, title: 'Ruaha Walking Safari' } };
    expect(entryTitle(price, {})).toBe('Tour “Ruaha Walking Safari” changed');
    expect(entryChanges(price, {})).toEqual(['Base price: 2,450.00 → 2,590.50']);
    expect(entryChanges({ table_name: 'booking_settings', record_id: '1', action: 'update', old_values: { offline_hold_days: 7, auto_confirm: false }, new_values: { offline_hold_days: 8, auto_confirm: true } }, {})).toEqual([
      'Offline hold days: 7 → 8',
      'Auto confirm: no → yes',
    ]);
  });

  it('gives a record’s History one line per change, as before', () => {
    expect(describeChange({ table_name: 'bookings', record_id: booking, action: 'insert', old_values: null, new_values: { status: 'pending' } })).toBe('Booking made');
    expect(describeChange({ table_name: 'bookings', record_id: booking, action: 'update', old_values: { amount_paid: 0, notes: null }, new_values: { amount_paid: 50, notes: 'VIP' } })).toBe('Amount paid: 0.00 → 50.00; Notes: — → VIP');
    // Instants in the staff member's time zone and date format (until they choose: Arusha, UTC+3, month first).
    expect(describeChange({ table_name: 'bookings', record_id: booking, action: 'update', old_values: { cancelled_at: null }, new_values: { cancelled_at: '2026-11-25T11:23:09.6+00:00' } })).toBe('Cancelled at: — → 11/25/2026 14:23');
    expect(describeChange({ table_name: 'bookings', record_id: booking, action: 'update', old_values: { travelers: [{ full_name: 'Laura Fischer', nationality: 'Switzerland' }] }, new_values: { travelers: [{ full_name: 'Amina Mrema' }] } })).toBe(
      'Travelers: Laura Fischer → Amina Mrema',
    );
  });

  it('says which document the office emailed from a booking', () => {
    const payment = '6b1c2f9e-8a8b-4c3e-9d7a-0f1e2d3c4b5a';
    const emailed = (kind: string, paymentId: string | null) => ({
      table_name: 'booking_notifications',
      record_id: booking,
      action: 'insert',
      old_values: null,
      new_values: { booking_id: booking, kind, payment_id: paymentId, status: 'pending' },
    });
    expect(describeChange(emailed('invoice', null))).toBe('Invoice emailed to the client');
    expect(describeChange(emailed('receipt', payment), { [payment]: 'USD 1,256.40' })).toBe('Receipt of USD 1,256.40 emailed to the client');
    expect(idsIn(emailed('receipt', payment))).toContain(payment);
    expect(describeChange(emailed('refund_note', payment), { [payment]: 'USD 57.35' })).toBe('Refund note of USD 57.35 emailed to the client');
    expect(describeChange(emailed('refund_note', payment))).toBe('Refund note of a refund emailed to the client');
  });
});
