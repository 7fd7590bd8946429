import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Changing a booking from the back office: cancelling under the company's policy (fee tiers by days
 * before departure, waivable with a reason) and moving to another departure, seats and money with it.
 */
let server: TestServer;
let agent: SupabaseClient;
let tour: { id: string; base_price: number };

beforeAll(async () => {
  server = await startTestServer();
  const person = await server.staff('agent');
  agent = person.client;
  [tour] = (
    await server.db.query<{ id: string; base_price: number }>(
      `select id, base_price::float8 as base_price from public.tours where status = 'active' and not is_private and base_price >= 1000 order by slug limit 1`,
    )
  ).rows;
});

afterAll(async () => {
  await server.close();
});

/**
 * A departure of the tour starting in `days` days, at the tour's base price, with `capacity` seats.
 * Days from the company's today (its time zone), as the cancellation fee counts them: from 21:00 UTC
 * Arusha is a day ahead of UTC's date.
 */
async function departure(days: number, capacity = 12): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
     select $1, today + $2::int, today + $2::int + 5, $3 from (select (now() at time zone public.company_time_zone())::date as today) company
     returning id`,
    [tour.id, days, capacity],
  );
  return rows[0].id;
}

/** A booking for two adults on the departure, with `paid` received by bank transfer. */
async function booking(departureId: string, paid: number): Promise<{ id: string; total_amount: number }> {
  const { data, error } = await agent.rpc('create_booking', { p_departure_id: departureId, p_adults: 2, p_contact: { full_name: 'Policy Client', email: 'policy@example.com' } });
  expect(error).toBeNull();
  if (paid > 0) expect((await agent.rpc('record_payment', { p_booking_id: data.id, p_amount: paid, p_method: 'bank_transfer' })).error).toBeNull();
  return data;
}

const seats = async (departureId: string) => (await server.db.query<{ n: number }>(`select seats_booked as n from public.tour_departures where id = $1`, [departureId])).rows[0].n;
const row = async (bookingId: string) =>
  (await server.db.query<{ status: string; total_amount: string; amount_paid: string; departure_id: string }>(`select status, total_amount, amount_paid, departure_id from public.bookings where id = $1`, [bookingId])).rows[0];
const owed = async (bookingId: string) =>
  (await server.db.query<{ amount: string }>(`select amount from public.payments where booking_id = $1 and status = 'refund_due'`, [bookingId])).rows.map((payment) => Number(payment.amount));

describe('cancelling under the policy', () => {
  it('charges the tier for the days before departure, keeping at most what was paid', async () => {
    for (const [days, percent] of [
      [90, 30],
      [45, 50],
      [20, 75],
      [5, 100],
    ]) {
      const made = await booking(await departure(days), 1000);
      const { data, error } = await agent.rpc('cancellation_terms', { p_booking_id: made.id });
      expect(error).toBeNull();
      const fee = Math.round(made.total_amount * percent) / 100;
      expect(data).toMatchObject({ days_before: days, fee_percent: percent, fee, paid: 1000, fee_kept: Math.min(fee, 1000), refund: Math.max(0, 1000 - fee) });
    }
  });

  it('cancels, releases the seats, keeps the fee and owes the rest back, with the reason in the audit log', async () => {
    const departureId = await departure(90);
    const made = await booking(departureId, 1000);
    expect(await seats(departureId)).toBe(2);
    const fee = Math.round(made.total_amount * 30) / 100;
    const { data, error } = await agent.rpc('cancel_booking_under_policy', { p_booking_id: made.id, p_reason: 'Client broke a leg' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ fee_kept: Math.min(fee, 1000), refund: Math.max(0, 1000 - fee), waived: false });
    expect(await row(made.id)).toMatchObject({ status: 'cancelled' });
    expect(Number((await row(made.id)).amount_paid)).toBe(Math.min(fee, 1000));
    expect(await seats(departureId)).toBe(0);
    expect(await owed(made.id)).toEqual(1000 > fee ? [Math.round((1000 - fee) * 100) / 100] : []);
    const audit = await server.db.query<{ reason: string }>(`select reason from public.audit_log where table_name = 'bookings' and record_id = $1 and new_values ? 'status'`, [made.id]);
    expect(audit.rows.map((entry) => entry.reason)).toContain('Client broke a leg');
  });

  it('waives the fee with a reason: everything paid is owed back', async () => {
    const made = await booking(await departure(5), 800);
    const { data, error } = await agent.rpc('cancel_booking_under_policy', { p_booking_id: made.id, p_reason: 'Park closed by floods', p_waive_fee: true });
    expect(error).toBeNull();
    expect(data).toMatchObject({ fee_kept: 0, refund: 800, waived: true });
    expect(await owed(made.id)).toEqual([800]);
    const audit = await server.db.query<{ reason: string }>(`select reason from public.audit_log where table_name = 'bookings' and record_id = $1 and new_values ? 'status'`, [made.id]);
    expect(audit.rows.map((entry) => entry.reason)).toContain('Fee waived: Park closed by floods');
  });

  it('refuses without a reason, twice, or for someone not on the office team, and changes nothing', async () => {
    const made = await booking(await departure(40), 0);
    expect((await agent.rpc('cancel_booking_under_policy', { p_booking_id: made.id, p_reason: '  ' })).error?.message).toBe('Please give the reason for the cancellation');
    expect(await row(made.id)).toMatchObject({ status: 'pending' });
    const traveler = await server.traveler();
    expect((await traveler.client.rpc('cancel_booking_under_policy', { p_booking_id: made.id, p_reason: 'x' })).error?.code).toBe('42501');
    expect((await traveler.client.rpc('cancellation_terms', { p_booking_id: made.id })).error?.code).toBe('42501');
    expect((await agent.rpc('cancel_booking_under_policy', { p_booking_id: made.id, p_reason: 'Asked by phone' })).error).toBeNull();
    expect((await agent.rpc('cancel_booking_under_policy', { p_booking_id: made.id, p_reason: 'Again' })).error?.message).toBe('This booking is cancelled: it cannot be cancelled');
  });
});

describe('moving to another departure', () => {
  it('moves the seats in one transaction and prices the booking afresh', async () => {
    const from = await departure(100);
    const to = await departure(130);
    await server.db.query(`update public.tour_departures set price_override = $2 where id = $1`, [to, tour.base_price + 100]);
    const made = await booking(from, 500);
    const { data, error } = await agent.rpc('move_booking', { p_booking_id: made.id, p_departure_id: to, p_reason: 'Client asked for a later date' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ previous_total: made.total_amount, total: made.total_amount + 200, difference: 200 });
    expect([await seats(from), await seats(to)]).toEqual([0, 2]);
    expect(await row(made.id)).toMatchObject({ departure_id: to });
    expect(Number((await row(made.id)).amount_paid)).toBe(500);
    expect(await owed(made.id)).toEqual([]);
  });

  it('owes the difference back when the new departure costs less than was paid', async () => {
    const from = await departure(100);
    const to = await departure(110);
    await server.db.query(`update public.tour_departures set price_override = $2 where id = $1`, [to, tour.base_price - 50]);
    const made = await booking(from, 0);
    expect((await agent.rpc('record_payment', { p_booking_id: made.id, p_amount: made.total_amount, p_method: 'cash' })).error).toBeNull();
    const { data, error } = await agent.rpc('move_booking', { p_booking_id: made.id, p_departure_id: to, p_reason: 'Cheaper week' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ difference: -100 });
    expect(await owed(made.id)).toEqual([100]);
    expect(Number((await row(made.id)).amount_paid)).toBe(made.total_amount - 100);
  });

  it('refuses a full departure, the same one, or no reason, and moves nothing', async () => {
    const from = await departure(100);
    const full = await departure(120, 1);
    const made = await booking(from, 0);
    for (const [args, message] of [
      [{ p_departure_id: full, p_reason: 'x' }, 'Only 1 seat is left on this departure'],
      [{ p_departure_id: from, p_reason: 'x' }, 'The booking is on this departure already'],
      [{ p_departure_id: full, p_reason: '' }, 'Please give the reason for the move'],
    ] as const) {
      expect((await agent.rpc('move_booking', { p_booking_id: made.id, ...args })).error?.message).toBe(message);
    }
    expect([await seats(from), await seats(full)]).toEqual([2, 0]);
    expect(await row(made.id)).toMatchObject({ departure_id: from });
  });
});

describe('a price set by hand', () => {
  it('sets the total with an adjustment line and the reason in the audit log', async () => {
    const made = await booking(await departure(100), 0);
    const total = made.total_amount - 150.5;
    const { data, error } = await agent.rpc('override_booking_total', { p_booking_id: made.id, p_total: total, p_reason: 'Returning client' });
    expect(error).toBeNull();
    expect(Number(data.total_amount)).toBe(total);
    expect(data.price_breakdown.at(-1)).toMatchObject({ kind: 'adjustment', label: 'Adjustment: Returning client', amount: -150.5 });
    const audit = await server.db.query<{ reason: string }>(`select reason from public.audit_log where table_name = 'bookings' and record_id = $1 and action = 'update' and new_values ? 'total_amount'`, [made.id]);
    expect(audit.rows.map((entry) => entry.reason)).toEqual(['Price set by hand: Returning client']);
  });

  it('refuses a missing reason, a total of nothing or of fractions of a cent, and non-staff, changing nothing', async () => {
    const made = await booking(await departure(100), 0);
    for (const [args, message] of [
      [{ p_total: 100, p_reason: ' ' }, 'Please give the reason for the new price'],
      [{ p_total: 0, p_reason: 'x' }, 'Please give the new total'],
      [{ p_total: -5, p_reason: 'x' }, 'Please give the new total'],
      [{ p_total: 10.005, p_reason: 'x' }, 'Please give the total to the cent'],
    ] as const) {
      expect((await agent.rpc('override_booking_total', { p_booking_id: made.id, ...args })).error?.message).toBe(message);
    }
    expect((await (await server.traveler()).client.rpc('override_booking_total', { p_booking_id: made.id, p_total: 1, p_reason: 'x' })).error?.code).toBe('42501');
    expect(Number((await row(made.id)).total_amount)).toBe(made.total_amount);
  });
});
