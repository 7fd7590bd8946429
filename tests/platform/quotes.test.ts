import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { companyDay } from '../helpers/company-days.ts';

/**
 * Tailor-made quotes: the office builds one from an enquiry, sends it (POST /api/quotes/:id/send,
 * the email queued with the quote marked sent), and the client accepts it through its link, which
 * makes a private-trip booking with the deposit due.
 */
let server: TestServer;
let agent: { client: SupabaseClient; userId: string };
let tourId: string;

beforeAll(async () => {
  server = await startTestServer();
  const person = await server.staff('agent');
  agent = person;
  tourId = (await server.db.query<{ id: string }>(`select id from public.tours where status = 'active' order by slug limit 1`)).rows[0].id;
});

afterAll(async () => {
  await server.close();
});

async function enquiry(email = `client-${Math.random().toString(36).slice(2, 8)}@example.com`): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `insert into public.enquiries (kind, name, email, phone, message) values ('start_planning', 'Amani Client', $1, '+255 700 000 001', 'Ten days, two of us') returning id`,
    [email],
  );
  return rows[0].id;
}

const inDays = companyDay;

const goodQuote = (enquiryId: string) => ({
  enquiry_id: enquiryId,
  tour_id: tourId,
  title: 'Serengeti and Zanzibar honeymoon',
  start_date: inDays(90),
  adults: 2,
  children: 0,
  valid_until: inDays(14),
  days: [
    { title: 'Arrival in Arusha', accommodation: 'Arusha Coffee Lodge', meals: ['dinner'] },
    { title: 'Serengeti', accommodation: 'Four Seasons', meals: ['breakfast', 'lunch', 'dinner'] },
  ],
  lines: [
    { label: 'Safari per adult', quantity: 2, unit_price: 2400.5 },
    { label: 'Zanzibar flight', quantity: 2, unit_price: 180 },
  ],
});

async function draft(client: SupabaseClient, enquiryId: string, patch: Record<string, unknown> = {}) {
  return client.from('quotes').insert({ ...goodQuote(enquiryId), ...patch }).select('id, token, total_amount, lines, reference').single();
}

async function send(client: SupabaseClient, quoteId: string): Promise<Response> {
  const { data } = await client.auth.getSession();
  return fetch(`${server.url}/api/quotes/${quoteId}/send`, { method: 'POST', headers: { authorization: `Bearer ${data.session!.access_token}` } });
}

describe('building a quote', () => {
  it('works out the amounts and the total itself', async () => {
    const { data, error } = await draft(agent.client, await enquiry(), {
      lines: [{ label: 'Safari', quantity: 2, unit_price: 100.25, amount: 1 }],
      total_amount: 5,
    });
    expect(error).toBeNull();
    expect(Number(data!.total_amount)).toBe(200.5);
    expect(data!.lines).toEqual([{ label: 'Safari', quantity: 2, unit_price: 100.25, amount: 200.5 }]);
  });

  it.each([
    [{ lines: [{ label: 'Park fees', quantity: 1, unit_price: -5 }] }, 'Prices cannot be negative'],
    [{ lines: [{ label: '', quantity: 1, unit_price: 5 }] }, 'Each price line needs a description'],
    [{ lines: [{ label: 'Lodge', quantity: 0, unit_price: 5 }] }, 'Quantities are whole numbers from 1 to 999'],
    [{ start_date: inDays(-3), valid_until: inDays(-4) }, 'Please choose a start date in the future'],
    [{ valid_until: inDays(-1) }, 'The quote must be valid until today or later'],
    [{ valid_until: inDays(120) }, 'The quote must expire before the trip starts'],
    [{ days: [{ title: ' ' }] }, 'Each day needs a title'],
    [{ adults: 0 }, 'quotes_adults_check'],
  ])('refuses %j with a message and writes nothing', async (patch, message) => {
    const enquiryId = await enquiry();
    const { error } = await draft(agent.client, enquiryId, patch);
    expect(error?.message).toContain(message);
    expect((await server.db.query(`select 1 from public.quotes where enquiry_id = $1`, [enquiryId])).rows).toHaveLength(0);
  });

  it('is the enquiry team’s: editors, travelers and visitors neither read nor write quotes', async () => {
    const enquiryId = await enquiry();
    const { data: quote } = await draft(agent.client, enquiryId);
    const editor = await server.staff('editor');
    const traveler = await server.traveler();
    for (const client of [editor.client, traveler.client, server.client()]) {
      expect((await client.from('quotes').select('id').eq('id', quote!.id)).data ?? []).toEqual([]);
      expect((await draft(client, enquiryId)).error).not.toBeNull();
    }
    expect((await send(editor.client, quote!.id)).status).toBe(403);
    expect((await send(traveler.client, quote!.id)).status).toBe(403);
    expect((await server.db.query(`select status from public.quotes where id = $1`, [quote!.id])).rows[0].status).toBe('draft');
  });
});

describe('sending and accepting', () => {
  it('sends the client a link; accepting it makes a private-trip booking with the deposit due, once', async () => {
    const email = `accept-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const enquiryId = await enquiry(email);
    const { data: quote } = await draft(agent.client, enquiryId);
    const sent = await send(agent.client, quote!.id);
    expect(sent.status).toBe(200);
    const { rows: emails } = await server.db.query<{ subject: string; body_text: string; kind: string }>(`select subject, body_text, kind from public.email_queue where to_address = $1`, [email]);
    expect(emails).toHaveLength(1);
    expect(emails[0].kind).toBe('quote_sent');
    expect(emails[0].subject).toContain(quote!.reference);
    expect(emails[0].body_text).toContain(`/quote/${quote!.token}`);
    expect(emails[0].body_text).toContain('USD 5,161.00');
    expect((await server.db.query(`select status from public.enquiries where id = $1`, [enquiryId])).rows[0].status).toBe('quoted');

    const client = server.client();
    const page = await client.rpc('quote_for_client', { p_token: quote!.token });
    expect(page.error).toBeNull();
    expect(page.data).toMatchObject({ reference: quote!.reference, status: 'sent', expired: false, total: 5161, client_name: 'Amani Client', booking_reference: null });
    expect(page.data.days).toHaveLength(2);

    const accepted = await client.rpc('accept_quote', { p_token: quote!.token });
    expect(accepted.error).toBeNull();
    const again = await client.rpc('accept_quote', { p_token: quote!.token });
    expect(again.data).toEqual(accepted.data);

    const { rows: bookings } = await server.db.query<{
      id: string;
      booking_reference: string;
      status: string;
      total_amount: string;
      tour_id: string;
      is_private: boolean;
      capacity: number;
      seats_booked: number;
      start_date: string;
      end_date: string;
      contact: { email: string };
      price_breakdown: { label: string; amount: number }[];
      hold_expires_at: Date;
    }>(
      `select b.*, d.is_private, d.capacity, d.seats_booked, to_char(d.start_date, 'YYYY-MM-DD') as start_date, to_char(d.end_date, 'YYYY-MM-DD') as end_date
         from public.bookings b join public.tour_departures d on d.id = b.departure_id where b.contact ->> 'email' = $1`,
      [email],
    );
    expect(bookings).toHaveLength(1);
    const [booking] = bookings;
    expect(accepted.data).toEqual({ reference: booking.booking_reference, email });
    expect(booking).toMatchObject({ status: 'pending', tour_id: tourId, is_private: true, capacity: 2, seats_booked: 2, start_date: inDays(90), end_date: inDays(91) });
    expect(Number(booking.total_amount)).toBe(5161);
    expect(booking.price_breakdown.map((line) => [line.label, line.amount])).toEqual([
      ['Safari per adult', 4801],
      ['Zanzibar flight', 360],
    ]);
    expect(booking.hold_expires_at.getTime()).toBeGreaterThan(Date.now() + 3_600_000);
    // The deposit is due, by the company's payment terms.
    const schedule = await client.rpc('booking_payment_schedule', { p_reference: booking.booking_reference, p_email: email });
    expect(schedule.error).toBeNull();
    expect(schedule.data).toMatchObject({ total: 5161, paid: 0, deposit_amount: 1548.3 });

    expect((await server.db.query(`select status, booking_id from public.enquiries where id = $1`, [enquiryId])).rows[0]).toEqual({ status: 'won', booking_id: booking.id });
    expect((await server.db.query(`select status from public.quotes where id = $1`, [quote!.id])).rows[0].status).toBe('accepted');
    const { rows: audit } = await server.db.query<{ reason: string }>(`select reason from public.audit_log where table_name = 'bookings' and record_id = $1 and action = 'insert'`, [booking.id]);
    expect(audit[0].reason).toBe(`Quote ${quote!.reference} accepted by the client`);
    // What was agreed stays as it was.
    const change = await agent.client.from('quotes').update({ title: 'Changed' }).eq('id', quote!.id).select('id');
    expect(change.error?.message).toContain('This quote has been accepted and can no longer be changed');
  });

  it('refuses a draft, a withdrawn or an expired quote, and an unknown link', async () => {
    const client = server.client();
    const { data: drafted } = await draft(agent.client, await enquiry());
    expect((await client.rpc('quote_for_client', { p_token: drafted!.token })).error?.message).toContain('This quote could not be found');
    expect((await client.rpc('accept_quote', { p_token: drafted!.token })).error?.message).toContain('This quote could not be found');
    expect((await client.rpc('accept_quote', { p_token: 'x'.repeat(64) })).error?.code).toBe('PT404');

    const { data: withdrawn } = await draft(agent.client, await enquiry());
    expect((await send(agent.client, withdrawn!.id)).status).toBe(200);
    expect((await agent.client.from('quotes').update({ status: 'withdrawn' }).eq('id', withdrawn!.id)).error).toBeNull();
    expect((await client.rpc('accept_quote', { p_token: withdrawn!.token })).error?.code).toBe('PT404');

    const { data: expiring } = await draft(agent.client, await enquiry());
    expect((await send(agent.client, expiring!.id)).status).toBe(200);
    // Time passes: the quote's last day was yesterday.
    await server.db.query(`alter table public.quotes disable trigger quotes_checked`);
    await server.db.query(`update public.quotes set valid_until = public.company_today() - 1 where id = $1`, [expiring!.id]);
    await server.db.query(`alter table public.quotes enable trigger quotes_checked`);
    expect((await client.rpc('quote_for_client', { p_token: expiring!.token })).data).toMatchObject({ expired: true });
    const late = await client.rpc('accept_quote', { p_token: expiring!.token });
    expect(late.error?.message).toMatch(/^This quote expired on .+\. Please ask us for a new one\.$/);
    expect((await server.db.query(`select 1 from public.bookings where notes = $1`, [`From quote ${expiring!.reference}`])).rows).toHaveLength(0);
  });

  it('will not send a quote without days or prices', async () => {
    const { data } = await draft(agent.client, await enquiry(), { days: [], lines: [] });
    const refused = await send(agent.client, data!.id);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe('Please add the trip\'s days before sending the quote');
  });
});

describe('the pipeline', () => {
  it('assigns only to the enquiry team, and a lost enquiry says why', async () => {
    const enquiryId = await enquiry();
    const editor = await server.staff('editor');
    const toEditor = await agent.client.from('enquiries').update({ assigned_to: editor.userId }).eq('id', enquiryId);
    expect(toEditor.error?.message).toBe('An enquiry can only be assigned to a member of the team who handles enquiries');
    expect((await agent.client.from('enquiries').update({ assigned_to: agent.userId, status: 'contacted' }).eq('id', enquiryId)).error).toBeNull();
    const lost = await agent.client.from('enquiries').update({ status: 'lost' }).eq('id', enquiryId);
    expect(lost.error?.message).toContain('enquiries_lost_has_reason');
    expect((await agent.client.from('enquiries').update({ status: 'lost', lost_reason: 'Booked elsewhere' }).eq('id', enquiryId)).error).toBeNull();
    const { rows } = await server.db.query(`select status, assigned_to, lost_reason from public.enquiries where id = $1`, [enquiryId]);
    expect(rows[0]).toEqual({ status: 'lost', assigned_to: agent.userId, lost_reason: 'Booked elsewhere' });
  });
});

it('tells staff who may take an enquiry, and nobody else', async () => {
  const { data, error } = await agent.client.rpc('staff_with_permission', { p_permission: 'enquiries.write' });
  expect(error).toBeNull();
  const { rows } = await server.db.query<{ id: string }>(`select id from public.users where role in ('admin', 'agent') order by id`);
  expect((data as { id: string }[]).map((member) => member.id).sort()).toEqual(rows.map((row) => row.id).sort());
  const traveler = await server.traveler();
  expect((await traveler.client.rpc('staff_with_permission', { p_permission: 'enquiries.write' })).error?.code).toBe('42501');
});

describe('accepted for the client by the office', () => {
  it('makes the same booking when the client accepts by phone, keeps how, and lists it on the client’s page', async () => {
    const email = `phone-yes-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const enquiryId = await enquiry(email);
    const { data: quote } = await draft(agent.client, enquiryId);
    // A draft was never offered to the client.
    expect((await agent.client.rpc('accept_quote_for_client', { p_quote_id: quote!.id, p_how: 'phone' })).error?.message).toBe(
      'Send the quote to the client first: a draft cannot be accepted',
    );
    expect((await send(agent.client, quote!.id)).status).toBe(200);
    expect((await agent.client.rpc('accept_quote_for_client', { p_quote_id: quote!.id, p_how: 'carrier pigeon' })).error?.message).toBe(
      'Please say how the client accepted: by phone, by email, in person or on WhatsApp',
    );
    for (const role of ['editor', 'guide'] as const) {
      expect((await (await server.staff(role)).client.rpc('accept_quote_for_client', { p_quote_id: quote!.id, p_how: 'phone' })).error?.code).toBe('42501');
    }
    expect((await (await server.traveler()).client.rpc('accept_quote_for_client', { p_quote_id: quote!.id, p_how: 'phone' })).error?.code).toBe('42501');
    expect((await server.db.query(`select status from public.quotes where id = $1`, [quote!.id])).rows[0].status).toBe('sent');

    const { data: accepted, error } = await agent.client.rpc('accept_quote_for_client', { p_quote_id: quote!.id, p_how: 'phone' });
    expect(error).toBeNull();
    const { rows } = await server.db.query<{ status: string; accepted_via: string; booking_id: string; booking_reference: string; total_amount: string }>(
      `select q.status, q.accepted_via, q.booking_id, b.booking_reference, b.total_amount::text from public.quotes q join public.bookings b on b.id = q.booking_id where q.id = $1`,
      [quote!.id],
    );
    expect(rows[0]).toMatchObject({ status: 'accepted', accepted_via: 'phone', total_amount: '5161.00' });
    expect(accepted).toEqual({ reference: rows[0].booking_reference, email, booking_id: rows[0].booking_id });
    // Twice is the same booking.
    expect((await agent.client.rpc('accept_quote_for_client', { p_quote_id: quote!.id, p_how: 'email' })).data).toEqual(accepted);
    const { rows: audit } = await server.db.query<{ reason: string }>(`select reason from public.audit_log where table_name = 'quotes' and record_id = $1 and new_values ? 'accepted_via'`, [quote!.id]);
    expect(audit[0].reason).toBe(`Quote ${quote!.reference} accepted by the client by phone, recorded by the office`);

    // The client's page lists the enquiry, its quote and the booking it became; not for those who may not read enquiries.
    const { data: listed, error: listError } = await agent.client.rpc('client_enquiries', { p_client_key: email });
    expect(listError).toBeNull();
    expect(listed).toEqual([
      expect.objectContaining({ id: enquiryId, status: 'won', quotes: [expect.objectContaining({ id: quote!.id, status: 'accepted', booking_reference: rows[0].booking_reference })] }),
    ]);
    expect((await (await server.staff('editor')).client.rpc('client_enquiries', { p_client_key: email })).error?.code).toBe('42501');
  });
});
