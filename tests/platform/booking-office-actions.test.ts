import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** What the office does from a booking's page: resend an email, change the status, correct the travelers. */
let server: TestServer;
let agent: SupabaseClient;
let departureId: string;

beforeAll(async () => {
  server = await startTestServer();
  const person = await server.staff('agent');
  agent = person.client;
  const { rows } = await server.db.query<{ id: string }>(
    `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
     select id, public.company_today() + 40, public.company_today() + 45, 12 from public.tours where status = 'active' and not is_private order by slug limit 1
     returning id`,
  );
  departureId = rows[0].id;
});

afterAll(async () => {
  await server.close();
});

async function booking(adults = 2): Promise<string> {
  const { data, error } = await agent.rpc('create_booking', { p_departure_id: departureId, p_adults: adults, p_contact: { full_name: 'Office Client', email: 'office-client@example.com' } });
  expect(error).toBeNull();
  return data.id;
}

const reasons = async (id: string) =>
  (await server.db.query<{ reason: string | null }>(`select reason from public.audit_log where table_name = 'bookings' and record_id = $1 and action = 'update' order by occurred_at`, [id])).rows.map((row) => row.reason);

it('sends a booking email again, written afresh, once however often it is asked', async () => {
  const id = await booking();
  await server.platform.jobs.bookingEmails.drain();
  const { rows: before } = await server.db.query<{ id: string; status: string }>(`select id, status from public.booking_notifications where booking_id = $1 and kind = 'booking_received'`, [id]);
  expect(before[0].status).toBe('queued');
  const emails = async () => Number((await server.db.query<{ n: string }>(`select count(*) as n from public.email_queue where to_address = 'office-client@example.com' and kind = 'booking_received'`)).rows[0].n);
  const sentBefore = await emails();
  for (let n = 0; n < 2; n++) expect((await agent.rpc('resend_booking_email', { p_notification_id: before[0].id })).error).toBeNull();
  expect((await server.db.query(`select status from public.booking_notifications where id = $1`, [before[0].id])).rows[0].status).toBe('pending');
  await server.platform.jobs.bookingEmails.drain();
  expect(await emails()).toBe(sentBefore + 1);
  expect((await agent.rpc('resend_booking_email', { p_notification_id: crypto.randomUUID() })).error?.code).toBe('PT404');
});

it('confirms and completes with a reason, in the order bookings go, and nothing else', async () => {
  const id = await booking();
  expect((await agent.rpc('change_booking_status', { p_booking_id: id, p_status: 'confirmed', p_reason: ' ' })).error?.message).toBe('Please give the reason for the change');
  expect((await agent.rpc('change_booking_status', { p_booking_id: id, p_status: 'cancelled', p_reason: 'x' })).error?.message).toBe(
    'A booking is confirmed or completed here; cancel it under the policy instead',
  );
  expect((await agent.rpc('change_booking_status', { p_booking_id: id, p_status: 'completed', p_reason: 'Too early' })).error?.message).toBe('A pending booking cannot become completed');
  expect((await server.db.query(`select status from public.bookings where id = $1`, [id])).rows[0].status).toBe('pending');
  expect((await agent.rpc('change_booking_status', { p_booking_id: id, p_status: 'confirmed', p_reason: 'Deposit paid in cash at the office' })).error).toBeNull();
  expect((await server.db.query(`select status from public.bookings where id = $1`, [id])).rows[0].status).toBe('confirmed');
  expect(await reasons(id)).toContain('Deposit paid in cash at the office');
});

it('corrects the travelers: one entry each with a full name, the reason kept', async () => {
  const id = await booking(2);
  const refuse = async (travelers: unknown, reason = 'Passports arrived') => (await agent.rpc('update_booking_travelers', { p_booking_id: id, p_travelers: travelers, p_reason: reason })).error?.message;
  expect(await refuse([{ full_name: 'Only One' }])).toBe('Please give the details of all 2 travelers');
  expect(await refuse([{ full_name: 'Asha' }, { full_name: ' ' }])).toBe('Please give the full name of every traveler');
  expect(await refuse([{ full_name: 'Asha' }, { full_name: 'Ben', age: 'ten' }])).toBe("Please give each traveler's age in years");
  expect(await refuse([{ full_name: 'Asha' }, { full_name: 'Ben' }], '')).toBe('Please give the reason for the change');
  expect((await server.db.query(`select travelers from public.bookings where id = $1`, [id])).rows[0].travelers).toEqual([]);
  const travelers = [
    { full_name: 'Asha Mrema', passport_number: 'TZ123456' },
    { full_name: 'Ben Mrema', age: '34' },
  ];
  expect(await refuse(travelers)).toBeUndefined();
  expect((await server.db.query(`select travelers from public.bookings where id = $1`, [id])).rows[0].travelers).toEqual(travelers);
  expect(await reasons(id)).toContain('Passports arrived');
});

it('is booking staff’s: an editor and a traveler are refused every action', async () => {
  const id = await booking();
  const editor = await server.staff('editor');
  const traveler = await server.traveler();
  for (const client of [editor.client, traveler.client]) {
    expect((await client.rpc('change_booking_status', { p_booking_id: id, p_status: 'confirmed', p_reason: 'x' })).error?.code).toBe('42501');
    expect((await client.rpc('update_booking_travelers', { p_booking_id: id, p_travelers: [{ full_name: 'A' }, { full_name: 'B' }], p_reason: 'x' })).error?.code).toBe('42501');
    expect((await client.rpc('resend_booking_email', { p_notification_id: crypto.randomUUID() })).error?.code).toBe('42501');
  }
});

it('changes who travels: priced afresh, seats moved, overpaid money owed back, a full departure refusing only new seats', async () => {
  const { rows } = await server.db.query<{ id: string; base_price: string }>(
    `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
     select id, public.company_today() + 50, public.company_today() + 55, 3 from public.tours where status = 'active' and not is_private and base_price > 0 order by slug limit 1
     returning id, (select base_price from public.tours t where t.id = tour_id) as base_price`,
  );
  const [{ id: fullDeparture, base_price }] = rows;
  const price = Number(base_price);
  const made = await agent.rpc('create_booking', { p_departure_id: fullDeparture, p_adults: 3, p_contact: { full_name: 'Party Client', email: 'party-client@example.com' }, p_travelers: [{ full_name: 'A' }, { full_name: 'B' }, { full_name: 'C' }] });
  expect(made.error).toBeNull();
  const id = made.data.id;
  expect((await agent.rpc('record_payment', { p_booking_id: id, p_amount: 3 * price, p_method: 'bank_transfer' })).error).toBeNull();
  const seats = async () => (await server.db.query<{ n: number }>(`select seats_booked as n from public.tour_departures where id = $1`, [fullDeparture])).rows[0].n;
  expect(await seats()).toBe(3);

  const change = (adults: number, reason = 'One traveler cannot come') => agent.rpc('change_booking_party', { p_booking_id: id, p_adults: adults, p_children: 0, p_extras: [], p_reason: reason });
  expect((await change(3)).error?.message).toBe('Nothing has changed');
  expect((await change(2, '')).error?.message).toBe('Please give the reason for the change');
  expect((await change(4)).error?.message).toBe('Only 3 seats are left on this departure');
  expect(await seats()).toBe(3);

  const smaller = await change(2);
  expect(smaller.error).toBeNull();
  expect(smaller.data).toMatchObject({ previous_total: 3 * price, total: 2 * price, difference: -price });
  expect(await seats()).toBe(2);
  const { rows: booking } = await server.db.query<{ adults: number; travelers: unknown[]; total_amount: string }>(`select adults, travelers, total_amount from public.bookings where id = $1`, [id]);
  expect(booking[0]).toMatchObject({ adults: 2, travelers: [{ full_name: 'A' }, { full_name: 'B' }] });
  const owed = await server.db.query<{ amount: string }>(`select amount from public.payments where booking_id = $1 and status = 'refund_due'`, [id]);
  expect(owed.rows.map((row) => Number(row.amount))).toEqual([price]);
  const reasons = (await server.db.query<{ reason: string }>(`select reason from public.audit_log where table_name = 'bookings' and record_id = $1 and reason is not null`, [id])).rows;
  expect(reasons.map((row) => row.reason)).toContain('One traveler cannot come');

  // The freed seat can be taken back: 3 fit again, 4 do not.
  expect((await change(4, 'Back to four')).error?.message).toBe('Only 3 seats are left on this departure');
  expect((await change(3, 'The friend can come after all')).error).toBeNull();
  expect(await seats()).toBe(3);
});

it('leaves a private trip’s party to a price set by hand', async () => {
  const { rows } = await server.db.query<{ id: string }>(
    `insert into public.tour_departures (tour_id, start_date, end_date, capacity, is_private)
     select id, public.company_today() + 60, public.company_today() + 62, 2, true from public.tours where status = 'active' order by slug limit 1 returning id`,
  );
  const { rows: booked } = await server.db.query<{ id: string }>(
    `insert into public.bookings (tour_id, departure_id, adults, contact, total_amount)
     select tour_id, id, 2, '{"full_name":"P","email":"p@example.com"}', 1000 from public.tour_departures where id = $1 returning id`,
    [rows[0].id],
  );
  const refused = await agent.rpc('change_booking_party', { p_booking_id: booked[0].id, p_adults: 3, p_children: 0, p_extras: [], p_reason: 'x' });
  expect(refused.error?.message).toBe('A private trip is priced for its party: set its price by hand with a reason instead');
});
