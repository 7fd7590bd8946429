import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * What staff record in the field and send when the signal returns (record_check_in,
 * record_field_payment, record_trip_incident): each recorded once whatever the resends, refused as a
 * conflict (PT409, in words) when the booking was cancelled or moved meanwhile or now owes less, and
 * written by operations admins and the trip's own guides only.
 */
let server: TestServer;
let admin: SupabaseClient;
let tourId: string;

const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows[0];
const trip = async (from: number) =>
  (await one<{ id: string }>(`insert into public.tour_departures (tour_id, start_date, end_date, capacity) values ($1, public.company_today() + $2::int, public.company_today() + $2::int + 2, 30) returning id`, [tourId, from])).id;

async function book(departureId: string, adults = 2): Promise<{ id: string; booking_reference: string; total_amount: number }> {
  const travelers = Array.from({ length: adults }, (_, index) => ({ full_name: `Field Traveler ${index + 1}`, traveler_type: 'adult' }));
  const { data, error } = await server.client().rpc('create_booking', {
    p_departure_id: departureId,
    p_adults: adults,
    p_travelers: travelers,
    p_contact: { full_name: 'Field Traveler 1', email: `field-${randomUUID().slice(0, 8)}@example.com` },
  });
  expect(error).toBeNull();
  return data as { id: string; booking_reference: string; total_amount: number };
}

const now = () => new Date().toISOString();

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  tourId = (await one<{ id: string }>(`select id from public.tours where status = 'active' and not is_private order by slug limit 1`)).id;
});

afterAll(async () => {
  await server?.close();
});

describe('checking travelers in', () => {
  it('records a check-in once, however often it is sent, at the first time recorded', async () => {
    const departure = await trip(600);
    const booking = await book(departure);
    const clientId = randomUUID();
    const first = await admin.rpc('record_check_in', { p_client_id: clientId, p_departure_id: departure, p_booking_id: booking.id, p_traveler_index: 1, p_checked_in_at: '2026-11-20T06:30:00Z' });
    expect(first.error).toBeNull();
    const again = await admin.rpc('record_check_in', { p_client_id: clientId, p_departure_id: departure, p_booking_id: booking.id, p_traveler_index: 1, p_checked_in_at: now() });
    expect(again.data).toEqual(first.data);
    // Another device checking the same traveler in later: the first check-in stands.
    const otherDevice = await admin.rpc('record_check_in', { p_client_id: randomUUID(), p_departure_id: departure, p_booking_id: booking.id, p_traveler_index: 1, p_checked_in_at: now() });
    expect((otherDevice.data as { id: string }).id).toBe((first.data as { id: string }).id);
    expect(await one(`select count(*)::int as count, min(checked_in_at)::text as at from public.trip_check_ins where booking_id = $1`, [booking.id])).toEqual({ count: 1, at: '2026-11-20 06:30:00+00' });
  });

  it('refuses, as a conflict in words, a check-in for a booking cancelled or moved meanwhile, or a traveler it does not have', async () => {
    const departure = await trip(610);
    const [cancelled, moved] = [await book(departure), await book(departure)];
    await server.db.query(`update public.bookings set status = 'cancelled', cancelled_at = now() where id = $1`, [cancelled.id]);
    await server.db.query(`update public.bookings set departure_id = $2 where id = $1`, [moved.id, await trip(640)]);
    const checkIn = (bookingId: string, index = 0) => admin.rpc('record_check_in', { p_client_id: randomUUID(), p_departure_id: departure, p_booking_id: bookingId, p_traveler_index: index, p_checked_in_at: now() });
    expect((await checkIn(cancelled.id)).error).toMatchObject({ code: 'PT409', message: `Booking ${cancelled.booking_reference} was cancelled meanwhile: the check-in was not recorded` });
    expect((await checkIn(moved.id)).error).toMatchObject({ code: 'PT409', message: `Booking ${moved.booking_reference} was moved to another trip meanwhile: the check-in was not recorded` });
    const kept = await book(departure);
    expect((await checkIn(kept.id, 5)).error).toMatchObject({ code: 'PT409', message: `Booking ${kept.booking_reference} has no traveler 6: the check-in was not recorded` });
    expect(await one(`select count(*)::int as count from public.trip_check_ins where departure_id = $1`, [departure])).toEqual({ count: 0 });
  });
});

describe('payments taken in the field', () => {
  it('records cash once in the booking’s currency; a resend changes nothing', async () => {
    const departure = await trip(620);
    const booking = await book(departure);
    const clientId = randomUUID();
    const pay = () => admin.rpc('record_field_payment', { p_client_id: clientId, p_departure_id: departure, p_booking_id: booking.id, p_amount: 150, p_method: 'cash', p_reference: 'Receipt 0042', p_paid_at: now() });
    const first = await pay();
    expect(first.error).toBeNull();
    expect((await pay()).data).toEqual(first.data);
    expect(await one(`select amount_paid::float as paid from public.bookings where id = $1`, [booking.id])).toEqual({ paid: 150 });
    expect(await one(`select count(*)::int as count from public.payments where booking_id = $1`, [booking.id])).toEqual({ count: 1 });
  });

  it('refuses a negative amount beside its field, and a payment above what is now owed as a conflict; writes nothing', async () => {
    const departure = await trip(630);
    const booking = await book(departure);
    const pay = (amount: number, method = 'cash') =>
      admin.rpc('record_field_payment', { p_client_id: randomUUID(), p_departure_id: departure, p_booking_id: booking.id, p_amount: amount, p_method: method, p_reference: null, p_paid_at: now() });
    expect((await pay(-20)).error).toMatchObject({ code: '22023', hint: 'amount', message: 'A payment is an amount above zero' });
    expect((await pay(10, 'card')).error).toMatchObject({ code: '22023', hint: 'method', message: 'In the field a payment is cash or mobile money' });
    const total = Number(booking.total_amount);
    // Paid at the office meanwhile: what the guide took in the field is now more than is owed.
    await admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: total - 100, p_method: 'bank_transfer' });
    const over = await pay(300, 'mobile_money');
    expect(over.error?.code).toBe('PT409');
    expect(over.error?.message).toMatch(new RegExp(`^Booking ${booking.booking_reference} now owes \\w{3} 100\\.00: the payment of \\w{3} 300\\.00 is more than that and was not recorded$`));
    expect(await one(`select count(*)::int as count from public.payments where booking_id = $1 and client_id is not null`, [booking.id])).toEqual({ count: 0 });
  });
});

describe('who writes in the field', () => {
  it('operations admins and the trip’s own guides; not agents, not the guide of another trip', async () => {
    const [led, other] = [await trip(650), await trip(660)];
    const [onLed, onOther] = [await book(led), await book(other)];
    const account = await server.staff('guide', { fullName: 'Field Guide' });
    const guide = (await one<{ id: string }>(`insert into public.guides (full_name, user_id) values ('Field Guide', $1) returning id`, [account.userId])).id;
    await server.db.query(`insert into public.departure_guides (departure_id, guide_id) values ($1, $2)`, [led, guide]);
    const agent = await server.staff('agent', { fullName: 'Field Agent' });

    const note = (client: SupabaseClient, departure: string, booking: string | null) =>
      client.rpc('record_trip_incident', { p_client_id: randomUUID(), p_departure_id: departure, p_booking_id: booking, p_note: 'Puncture near Mto wa Mbu, 40 minutes late', p_occurred_at: now() });
    expect((await note(account.client, led, onLed.id)).error).toBeNull();
    expect((await note(account.client, other, onOther.id)).error?.code).toBe('42501');
    expect((await note(agent.client, led, null)).error?.code).toBe('42501');
    expect((await account.client.rpc('record_check_in', { p_client_id: randomUUID(), p_departure_id: led, p_booking_id: onLed.id, p_traveler_index: 0, p_checked_in_at: now() })).error).toBeNull();
    expect((await account.client.from('trip_incidents').select('departure_id')).data).toEqual([{ departure_id: led }]);
    expect((await account.client.from('trip_check_ins').select('departure_id')).data).toEqual([{ departure_id: led }]);
    expect((await account.client.from('trip_check_ins').insert({ client_id: randomUUID(), departure_id: led, booking_id: onLed.id, traveler_index: 1, checked_in_at: now() })).error?.code).toBe('42501');
    // Another trip's booking sent with their own trip: refused without its reference or its status.
    await server.db.query(`update public.bookings set status = 'cancelled', cancelled_at = now() where id = $1`, [onOther.id]);
    for (const write of [
      account.client.rpc('record_check_in', { p_client_id: randomUUID(), p_departure_id: led, p_booking_id: onOther.id, p_traveler_index: 0, p_checked_in_at: now() }),
      account.client.rpc('record_field_payment', { p_client_id: randomUUID(), p_departure_id: led, p_booking_id: onOther.id, p_amount: 10, p_method: 'cash', p_reference: null, p_paid_at: now() }),
    ]) {
      const { error } = await write;
      expect(error?.code).toBe('PT409');
      expect(error?.message).toMatch(/^This booking is no longer on this trip: /);
      expect(error?.message).not.toContain(onOther.booking_reference);
    }
  });
});
