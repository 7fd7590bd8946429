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

/** The emails written for this address, oldest first, once the booking email writer has run. */
async function emailsTo(address: string): Promise<{ kind: string; subject: string; body_text: string }[]> {
  await server.platform.jobs.bookingEmails.drain();
  const { rows } = await server.db.query<{ kind: string; subject: string; body_text: string }>(
    `select kind, subject, body_text from public.email_queue where to_address = $1 order by created_at, subject`,
    [address],
  );
  return rows;
}

describe('the client is told of each change', () => {
  it('a move, a change of travelers, a price set by hand, a cancellation and a refund sent each email the client once, in words that match', async () => {
    const email = `told-${Date.now()}@example.com`;
    const from = await departure(100);
    const to = await departure(120);
    const { data: made, error } = await agent.rpc('create_booking', { p_departure_id: from, p_adults: 2, p_contact: { full_name: 'Told Client', email } });
    expect(error).toBeNull();
    expect((await agent.rpc('record_payment', { p_booking_id: made.id, p_amount: 1256.4, p_method: 'cash' })).error).toBeNull();

    expect((await agent.rpc('move_booking', { p_booking_id: made.id, p_departure_id: to, p_reason: 'Client asked' })).error).toBeNull();
    expect((await agent.rpc('change_booking_party', { p_booking_id: made.id, p_adults: 3, p_children: 0, p_extras: [], p_reason: 'A friend joins' })).error).toBeNull();
    // Paid in full, so the policy's fee leaves money to return.
    const total = Number((await row(made.id)).total_amount);
    const rest = Math.round(total * 100 - 125640) / 100;
    expect((await agent.rpc('record_payment', { p_booking_id: made.id, p_amount: rest, p_method: 'cash' })).error).toBeNull();
    const { data: cancelled, error: cancelError } = await agent.rpc('cancel_booking_under_policy', { p_booking_id: made.id, p_reason: 'Client cannot travel' });
    expect(cancelError).toBeNull();
    const emails = await emailsTo(email);
    // The second payment confirms the booking: its receipt and the confirmation are written together.
    expect(emails.map((sent) => sent.kind).sort()).toEqual(
      ['booking_received', 'payment_received', 'booking_moved', 'booking_changed', 'payment_received', 'booking_confirmed', 'booking_cancelled'].sort(),
    );
    const of = (kind: string) => emails.filter((sent) => sent.kind === kind);
    const [moved, changed, cancelledEmail] = [of('booking_moved')[0], of('booking_changed')[0], of('booking_cancelled')[0]];
    const { rows: dates } = await server.db.query<{ from_start: string; to_start: string }>(
      `select to_char(a.start_date, 'FMDD FMMonth YYYY') as from_start, to_char(b.start_date, 'FMDD FMMonth YYYY') as to_start
         from public.tour_departures a, public.tour_departures b where a.id = $1 and b.id = $2`,
      [from, to],
    );
    expect(moved.subject).toContain(`from ${dates[0].to_start}`);
    expect(moved.body_text).toContain(`(it was ${dates[0].from_start}`);
    expect(changed.body_text).toContain('Travelers: 2 adults → 3 adults');
    const fee = Number(cancelled.fee_kept);
    const refund = Number(cancelled.refund);
    expect(Math.round((fee + refund) * 100)).toBe(Math.round(total * 100));
    expect(refund).toBeGreaterThan(0);
    const usd = (amount: number) => `USD ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(cancelledEmail.body_text).toContain(`You paid: ${usd(total)}`);
    expect(cancelledEmail.body_text).toContain(`Cancellation fee kept: ${usd(fee)}`);
    expect(cancelledEmail.body_text).toContain(`To be refunded to you: ${usd(refund)}`);
    expect(cancelledEmail.body_text).toContain('in cash');
    expect(cancelledEmail.body_text).not.toMatch(/card/i);

    // The refund goes back by bank transfer with its reference: the client is told so, once.
    const { rows: owedBack } = await server.db.query<{ id: string }>(`select id from public.payments where booking_id = $1 and status = 'refund_due'`, [made.id]);
    expect(owedBack).toHaveLength(1);
    expect((await agent.rpc('mark_payment_refunded', { p_payment_id: owedBack[0].id, p_method: 'bank_transfer', p_reference: 'CRDB-88' })).error).toBeNull();
    const refundSent = (await emailsTo(email)).filter((sent) => sent.kind === 'refund_sent');
    expect(refundSent).toHaveLength(1);
    expect(refundSent[0].body_text).toContain(`Amount refunded: ${usd(refund)}`);
    expect(refundSent[0].body_text).toContain('Returned by: Bank transfer');
    expect(refundSent[0].body_text).toContain('Reference: CRDB-88');
  });

  it('a price set by hand is a change the client hears of; a booking changed as it is made is not', async () => {
    const email = `priced-${Date.now()}@example.com`;
    const { data: made } = await agent.rpc('create_booking', { p_departure_id: await departure(100), p_adults: 2, p_contact: { full_name: 'Priced Client', email } });
    expect((await agent.rpc('override_booking_total', { p_booking_id: made.id, p_total: 4321.5, p_reason: 'Returning client' })).error).toBeNull();
    const emails = await emailsTo(email);
    expect(emails.map((sent) => sent.kind)).toEqual(['booking_received', 'booking_changed']);
    expect(emails[1].body_text).toContain('is now USD 4,321.50');
  });
});

describe('a booking taken by phone, whole', () => {
  const phoneBooking = (email: string, departureId: string, extra: Record<string, unknown> = {}) => ({
    p_departure_id: departureId,
    p_adults: 2,
    p_children: 1,
    p_contact: { full_name: 'Phone Client', email, phone: '+255 700 111 222' },
    p_pickup: 'Arusha Coffee Lodge',
    p_pickup_time: '07:30',
    p_notes: 'Called from Nairobi',
    p_payment_amount: 1256.4,
    p_payment_method: 'mobile_money',
    p_payment_reference: 'MP-77',
    ...extra,
  });

  it('makes the booking with its extras, pickup, notes and payment in one go, and emails the booking and the receipt', async () => {
    const { rows: extras } = await server.db.query<{ code: string }>(`select code from public.tour_extras where tour_id = $1 and is_active order by display_order limit 1`, [tour.id]);
    const email = `phone-${Date.now()}@example.com`;
    const { data, error } = await agent.rpc('create_office_booking', phoneBooking(email, await departure(100), { p_extras: extras.map((extra) => ({ code: extra.code, quantity: 1 })) }));
    expect(error).toBeNull();
    const { rows } = await server.db.query(
      `select adults, children, pickup, to_char(pickup_time, 'HH24:MI') as pickup_time, notes, amount_paid::text, jsonb_array_length(extras) as extras,
              (select json_agg(json_build_object('amount', p.amount::text, 'method', p.method, 'reference', p.provider_reference)) from public.payments p where p.booking_id = b.id) as payments
         from public.bookings b where id = $1`,
      [data.id],
    );
    expect(rows[0]).toEqual({
      adults: 2,
      children: 1,
      pickup: 'Arusha Coffee Lodge',
      pickup_time: '07:30',
      notes: 'Called from Nairobi',
      amount_paid: '1256.40',
      extras: extras.length,
      payments: [{ amount: '1256.40', method: 'mobile_money', reference: 'MP-77' }],
    });
    const kinds = (await emailsTo(email)).map((sent) => sent.kind).sort();
    expect(kinds).toContain('booking_received');
    expect(kinds).toContain('payment_received');
    expect(kinds).not.toContain('booking_changed');
  });

  it('writes nothing at all when any part is refused: the payment, the pickup, the price or the role', async () => {
    const departureId = await departure(100);
    const count = async () => Number((await server.db.query<{ n: string }>(`select count(*) as n from public.bookings where departure_id = $1`, [departureId])).rows[0].n);
    const refusals: [Record<string, unknown>, string][] = [
      [{ p_payment_method: 'cheque' }, 'Please choose how the payment was made: bank transfer, mobile money, cash, card or PayPal'],
      [{ p_payment_amount: 99999999 }, 'A payment can be at most'],
      [{ p_pickup: 'x'.repeat(201) }, 'The pickup point is up to 200 characters'],
      [{ p_total: 4000, p_price_reason: ' ' }, 'reason'],
    ];
    for (const [extra, message] of refusals) {
      const { error } = await agent.rpc('create_office_booking', phoneBooking(`refused-${Date.now()}@example.com`, departureId, extra));
      expect(error?.message).toContain(message);
    }
    for (const role of ['guide', 'editor'] as const) {
      const { error } = await (await server.staff(role)).client.rpc('create_office_booking', phoneBooking(`role-${role}@example.com`, departureId));
      expect(error?.code).toBe('42501');
    }
    expect((await (await server.traveler()).client.rpc('create_office_booking', phoneBooking('traveler@example.com', departureId))).error?.code).toBe('42501');
    expect(await count()).toBe(0);
    expect(await seats(departureId)).toBe(0);
  });
});
