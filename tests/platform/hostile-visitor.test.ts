import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The hostile visitor's findings 3 to 13, replayed against a server with the shipped limits. The
// server trusts one proxy hop here, so each test speaks from an address of its own (X-Forwarded-For),
// as visitors behind a real reverse proxy would.

let server: TestServer;
let nextAddress = 1;
const freshAddress = () => `198.51.100.${nextAddress++}`;
const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** A supabase-js client speaking from one address. */
function from(address: string, key = server.anonKey): SupabaseClient {
  return createClient(server.url, key, { ...options, global: { headers: { 'x-forwarded-for': address } } });
}

async function departure(capacity: number, days = 200): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
     select id, public.company_today() + $2::int, public.company_today() + $2::int + 6, $1 from public.tours where slug = '7-day-great-migration-safari'
     returning id`,
    [capacity, days],
  );
  return rows[0].id;
}

const seatsBooked = async (departureId: string) =>
  (await server.db.query<{ seats: number }>(`select seats_booked as seats from public.tour_departures where id = $1`, [departureId])).rows[0].seats;

beforeAll(async () => {
  server = await startTestServer({ trustedProxyHops: 1 }, { rateLimits: 'defaults' });
  // The travelers the tests need sign up from the test's own address; the sign-up limit itself is tested below.
  await server.setRateLimit('auth.signups', 100, 3600);
});

afterAll(async () => {
  await server?.close();
});

describe('3: a stranger cannot hold the seats of a departure', () => {
  it('one address with many emails holds a few seats, for two hours, and a real traveler still books', async () => {
    const trip = await departure(12);
    const hoarder = from(freshAddress());
    const book = (adults: number, n: number) =>
      hoarder.rpc('create_booking', { p_departure_id: trip, p_adults: adults, p_contact: { full_name: `Hoarder ${n}`, email: `hoarder-${n}-${randomUUID().slice(0, 6)}@example.com` } });
    const outcomes = [];
    for (let n = 0; n < 6; n++) outcomes.push(await book(n < 2 ? 4 : 2, n));
    const held = outcomes.filter((outcome) => outcome.error === null);
    // 8 seats at most before an email is proven; the rest refused, in words a person understands.
    expect(held).toHaveLength(2);
    expect(await seatsBooked(trip)).toBe(8);
    expect(outcomes[2].error).toMatchObject({ code: 'PT409', message: 'Please confirm your email from the booking email we sent before holding more seats, or call us and we will help.' });
    // Each hold ends within two hours, unless the email is confirmed.
    for (const { data } of held) {
      const ends = new Date(data.hold_expires_at).getTime();
      expect(ends).toBeGreaterThan(Date.now() + 115 * 60_000);
      expect(ends).toBeLessThanOrEqual(Date.now() + 120 * 60_000);
    }
    // A real traveler, from elsewhere, books the seats still free.
    const traveler = await from(freshAddress()).rpc('create_booking', { p_departure_id: trip, p_adults: 4, p_contact: { full_name: 'Real Traveler', email: 'real@example.com' } });
    expect(traveler.error).toBeNull();
    expect(await seatsBooked(trip)).toBe(12);
    // The hoarder's holds run out and give their seats back.
    await server.db.query(`update public.bookings set hold_expires_at = now() - interval '1 second' where id = any($1)`, [held.map(({ data }) => data.id)]);
    await server.db.query(`select public.expire_unpaid_bookings()`);
    expect(await seatsBooked(trip)).toBe(4);
  });

  it('one address holds three unpaid bookings at most, and makes five an hour', async () => {
    const trip = await departure(40);
    const address = freshAddress();
    const book = (n: number) =>
      from(address).rpc('create_booking', { p_departure_id: trip, p_adults: 1, p_contact: { full_name: 'Guest', email: `guest-${n}-${randomUUID().slice(0, 6)}@example.com` } });
    for (let n = 0; n < 3; n++) expect((await book(n)).error).toBeNull();
    expect((await book(3)).error).toMatchObject({ code: 'PT409', message: 'You already hold 3 unpaid bookings. Please pay for one, or let one go, before booking again; or call us and we will help.' });
    // Paid holds are not counted: two more can be made, then the hourly allowance is spent.
    await server.db.query(`update public.bookings b set hold_expires_at = now() - interval '1 second' from public.booking_origins o where o.booking_id = b.id and o.ip = $1`, [address]);
    for (let n = 4; n < 6; n++) expect((await book(n)).error).toBeNull();
    const sixth = await book(6);
    expect(sixth.error?.code).toBe('PT409');
    expect(sixth.error?.message).toMatch(/^Too many booking requests from here\. Please try again in \d+ (seconds|minutes), or call us and we will help\.$/);
  });

  it('one email address holds two unpaid bookings at most, and is written to a few times an hour', async () => {
    const trip = await departure(40);
    const victim = `victim-${randomUUID().slice(0, 6)}@example.com`;
    const outcomes = [];
    for (let n = 0; n < 4; n++) {
      outcomes.push(await from(freshAddress()).rpc('create_booking', { p_departure_id: trip, p_adults: 1, p_contact: { full_name: 'Click here: spam.example', email: victim } }));
    }
    expect(outcomes.map((outcome) => outcome.error?.code ?? 'booked')).toEqual(['booked', 'booked', 'PT409', 'PT409']);
    expect(outcomes[2].error?.message).toBe('There are already unpaid bookings for this email address. Please pay for one, or let one go, before booking again; or call us and we will help.');
    await server.platform.jobs.bookingEmails.drain();
    const { rows } = await server.db.query<{ n: number }>(`select count(*)::int as n from public.email_queue where to_address = $1`, [victim]);
    expect(rows[0].n).toBe(2);
  });

  it('booking emails to one address are limited per hour; the rest are skipped, and say why', async () => {
    await server.setRateLimit('booking.emails', 2, 3600);
    const trip = await departure(40);
    const address = `limited-${randomUUID().slice(0, 6)}@example.com`;
    // The team books three times for the same customer (no holds limit for the team), so three emails are owed.
    const admin = await server.adminClient();
    for (let n = 0; n < 3; n++) {
      expect((await admin.rpc('create_booking', { p_departure_id: trip, p_adults: 1, p_contact: { full_name: 'Phone Customer', email: address } })).error).toBeNull();
    }
    await server.platform.jobs.bookingEmails.drain();
    const { rows } = await server.db.query<{ status: string; skip_reason: string | null }>(
      `select n.status, n.skip_reason from public.booking_notifications n join public.bookings b on b.id = n.booking_id
        where b.contact ->> 'email' = $1 and n.kind = 'booking_received' order by n.created_at`,
      [address],
    );
    expect(rows).toEqual([
      { status: 'queued', skip_reason: null },
      { status: 'queued', skip_reason: null },
      { status: 'skipped', skip_reason: 'too many booking emails to this address within the hour' },
    ]);
    await server.setRateLimit('booking.emails', 10, 3600);
  });

  it("the team's bookings for its customers do not use up the allowance of the office they are made from", async () => {
    const trip = await departure(30);
    const office = freshAddress();
    const team = from(office);
    expect((await team.auth.signInWithPassword(server.admin)).error).toBeNull();
    for (let n = 0; n < 4; n++) {
      const booked = await team.rpc('create_booking', { p_departure_id: trip, p_adults: 3, p_contact: { full_name: `Phone Customer ${n}`, email: `phone-${n}-${randomUUID().slice(0, 6)}@example.com` } });
      expect(booked.error).toBeNull();
    }
    const visitor = await from(office).rpc('create_booking', { p_departure_id: trip, p_adults: 2, p_contact: { full_name: 'Office Visitor', email: `visitor-${randomUUID().slice(0, 6)}@example.com` } });
    expect(visitor.error).toBeNull();
    expect(await seatsBooked(trip)).toBe(14);
  });

  it('a proven email keeps the seats longer: the link of the booking email', async () => {
    const trip = await departure(10);
    const guest = from(freshAddress());
    const email = `proven-${randomUUID().slice(0, 6)}@example.com`;
    const { data: booking } = await guest.rpc('create_booking', { p_departure_id: trip, p_adults: 2, p_contact: { full_name: 'Proven Guest', email } });
    await guest.rpc('choose_payment_method', { p_reference: booking.booking_reference, p_email: email, p_method: 'bank_transfer' });
    await server.platform.jobs.bookingEmails.drain();
    const { rows } = await server.db.query<{ body: string }>(`select body_text as body from public.email_queue where to_address = $1`, [email]);
    const link = new URL(/Confirm my email address: (\S+)/.exec(rows[0].body)![1]);
    expect(link.pathname).toBe('/thank-you');
    expect(link.searchParams.get('reference')).toBe(booking.booking_reference);
    const wrong = await guest.rpc('confirm_booking_email', { p_reference: booking.booking_reference, p_token: 'not-the-token-not-the-token' });
    expect(wrong.error).toMatchObject({ code: 'PT404', message: 'This link is not valid for this booking: please use the latest booking email we sent' });
    const confirmed = await guest.rpc('confirm_booking_email', { p_reference: booking.booking_reference, p_token: link.searchParams.get('confirm') });
    expect(confirmed.error).toBeNull();
    // Paid by bank transfer: held a week from booking.
    expect(new Date(confirmed.data.hold_expires_at).getTime() - new Date(booking.created_at).getTime()).toBe(7 * 86_400_000);
  });

  it('a traveler whose address a link proved holds the longer time at once; an account made without proof does not', async () => {
    const trip = await departure(10);
    // Confirmation off (this server): signing up proves nothing about the address.
    const unproven = await server.traveler();
    const quick = await unproven.client.rpc('create_booking', { p_departure_id: trip, p_adults: 1 });
    expect(quick.error).toBeNull();
    expect(new Date(quick.data.hold_expires_at).getTime()).toBeLessThanOrEqual(Date.now() + 2 * 3_600_000);
    // The booking page states the terms the database keeps.
    const terms = { unverified_hold_minutes: 120, verified_hold_minutes: 2880, offline_hold_days: 7 };
    expect((await unproven.client.rpc('seat_hold_terms')).data).toEqual({ ...terms, account_email_proven: false });
    expect((await from(freshAddress()).rpc('seat_hold_terms')).data).toEqual({ ...terms, account_email_proven: false });
    await server.db.query(`update public.booking_hold_rules set unverified_hold = interval '90 minutes'`);
    expect((await from(freshAddress()).rpc('seat_hold_terms')).data).toMatchObject({ unverified_hold_minutes: 90 });
    await server.db.query(`update public.booking_hold_rules set unverified_hold = interval '2 hours'`);

    const strict = await startTestServer({ emailConfirmRequired: true });
    try {
      const email = `proven-traveler-${randomUUID().slice(0, 6)}@example.com`;
      const client = strict.client();
      await client.auth.signUp({ email, password: 'Kilimanjaro-2026!' });
      await strict.platform.ctx.mail.drain();
      const { rows } = await strict.db.query<{ body: string }>(`select body_text as body from public.email_queue where to_address = $1`, [email]);
      const link = new URL(/(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(rows[0].body)![1]);
      expect((await client.auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'signup' })).error).toBeNull();
      expect((await client.rpc('seat_hold_terms')).data).toMatchObject({ account_email_proven: true });
      const { rows: departures } = await strict.db.query<{ id: string }>(
        `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
         select id, public.company_today() + 200, public.company_today() + 206, 10 from public.tours where slug = '7-day-great-migration-safari' returning id`,
      );
      const booked = await client.rpc('create_booking', { p_departure_id: departures[0].id, p_adults: 1, p_contact: { full_name: 'Proven Traveler' } });
      expect(booked.error).toBeNull();
      const held = new Date(booked.data.hold_expires_at).getTime() - new Date(booked.data.created_at).getTime();
      expect(held).toBe(48 * 3_600_000);
    } finally {
      await strict.close();
    }
  });
});

describe('4: bodies are refused at their limit, while they are read', () => {
  it('stops reading a 300 MB chunked upload at the bucket limit, without the memory growing', async () => {
    const { client, userId } = await server.traveler({ email: `chunky-${randomUUID().slice(0, 6)}@example.com` });
    const token = (await client.auth.getSession()).data.session!.access_token;
    const before = process.memoryUsage().rss;
    const started = Date.now();
    const outcome = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      const url = new URL(`/storage/v1/object/avatars/avatars/${userId}-1.png`, server.url);
      const upload = request(url, { method: 'POST', headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'image/png', 'transfer-encoding': 'chunked' } });
      let sent = 0;
      let answered = false;
      const chunk = Buffer.alloc(64 * 1024);
      upload.on('response', (response) => {
        answered = true;
        response.resume();
        resolve({ status: response.statusCode!, sent });
        upload.destroy();
      });
      upload.on('error', (error) => (answered ? undefined : reject(error)));
      const pump = () => {
        while (!answered && sent < 300 * 1024 * 1024) {
          sent += chunk.length;
          if (!upload.write(chunk)) return void upload.once('drain', pump);
        }
        if (!answered) upload.end();
      };
      pump();
    });
    expect(outcome.status).toBe(413);
    expect(outcome.sent).toBeLessThan(50 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('refuses sign-ups with megabytes of metadata at once, and metadata over 4 KB', async () => {
    const signUp = (data: unknown) =>
      fetch(`${server.url}/auth/v1/signup`, {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-forwarded-for': freshAddress() },
        body: JSON.stringify({ email: `meta-${randomUUID().slice(0, 6)}@example.com`, password: 'Kilimanjaro-2026!', data }),
      });
    const huge = await signUp({ bio: 'x'.repeat(5 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'request_too_large', msg: 'The request body is too large: at most 64 KB is taken' });
    const large = await signUp({ bio: 'x'.repeat(5000) });
    expect(large.status).toBe(400);
    expect(await large.json()).toMatchObject({ code: 'validation_failed', msg: 'data is too large: at most 4 KB of JSON is taken' });
    const fine = await signUp({ full_name: 'Small Metadata' });
    expect(fine.status).toBe(200);
    // The access token carries the metadata, so it stays small.
    expect(((await fine.json()) as { access_token: string }).access_token.length).toBeLessThan(2000);
  });

  it('limits sign-ups per address: five an hour', async () => {
    await server.setRateLimit('auth.signups', 5, 3600);
    const address = freshAddress();
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const { error } = await from(address).auth.signUp({ email: `rate-${n}-${randomUUID().slice(0, 6)}@example.com`, password: 'Kilimanjaro-2026!' });
      statuses.push(error?.status ?? 200);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await server.setRateLimit('auth.signups', 100, 3600);
  });
});

describe('5 and 13: headers of a page and of the APIs', () => {
  it('CORS answers only the site itself and the origins configured', async () => {
    const ask = async (origin: string) => (await fetch(`${server.url}/rest/v1/tours?select=slug&limit=1`, { headers: { apikey: server.anonKey, origin } })).headers.get('access-control-allow-origin');
    expect(await ask('https://attacker.example')).toBeNull();
    expect(await ask(new URL(server.config.siteUrl).origin)).toBe(new URL(server.config.siteUrl).origin);
  });

  it('every API answer says nosniff and keeps the referrer to the origin', async () => {
    for (const pathname of ['/rest/v1/tours?select=slug&limit=1', '/api/health', '/auth/v1/settings']) {
      const response = await fetch(`${server.url}${pathname}`, { headers: { apikey: server.anonKey } });
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
      // Served over plain HTTP here: no HSTS.
      expect(response.headers.get('strict-transport-security'), pathname).toBeNull();
    }
  });
});

describe('6: what visitors write goes through a limited door', () => {
  it('no direct insert into enquiries; newsletter sign-ups and analytics events are limited per address', async () => {
    const visitor = from(freshAddress());
    expect((await visitor.from('enquiries').insert({ name: 'Spam', email: 'spam@example.com', message: 'Buy now' })).error?.code).toBe('42501');
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) {
      const { status } = await visitor.from('newsletter_subscribers').insert({ email: `reader-${n}-${randomUUID().slice(0, 6)}@example.com` });
      statuses.push(status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);

    await server.setRateLimit('analytics.events', 3, 3600);
    const events = [];
    for (let n = 0; n < 4; n++) events.push((await visitor.rpc('record_analytics_event', { p_client_id: randomUUID(), p_name: 'page_view', p_properties: { path: '/' } })).status);
    expect(events).toEqual([204, 204, 204, 429]);
    await server.setRateLimit('analytics.events', 1200, 3600);
  });

  it('no fake purchases, and no events from long ago', async () => {
    const visitor = from(freshAddress());
    const purchase = await visitor.rpc('record_analytics_event', { p_client_id: randomUUID(), p_name: 'purchase', p_properties: { value: 1_000_000, currency: 'USD' }, p_occurred_at: '2020-01-01T00:00:00Z' });
    expect(purchase.error).toMatchObject({ code: '22023', message: 'Unknown analytics event: purchase' });
    const old = await visitor.rpc('record_analytics_event', { p_client_id: randomUUID(), p_name: 'page_view', p_occurred_at: '2020-01-01T00:00:00Z' });
    expect(old.error).toMatchObject({ code: '22023', message: 'This event happened too long ago to be recorded' });
    // A booking records its purchase itself, in US dollars.
    const trip = await departure(10);
    const { data: booking } = await visitor.rpc('create_booking', { p_departure_id: trip, p_adults: 1, p_contact: { full_name: 'Buyer', email: `buyer-${randomUUID().slice(0, 6)}@example.com` } });
    const { rows } = await server.db.query<{ properties: Record<string, unknown> }>(`select properties from public.analytics_events where name = 'purchase' and properties ->> 'bookingReference' = $1`, [booking.booking_reference]);
    expect(rows).toEqual([{ properties: { bookingReference: booking.booking_reference, value: Number(booking.total_amount), currency: 'USD' } }]);
  });
});

describe('7: promo codes are used when paid, given back on cancellation, and keep their conditions', () => {
  it('unpaid bookings use nothing; a paid one takes the last use, and a cancellation gives it back', async () => {
    const code = `LAST${randomUUID().slice(0, 4).toUpperCase()}`;
    await server.db.query(`insert into public.promo_codes (code, percent_off, max_uses) values ($1, 10, 1)`, [code]);
    const trip = await departure(30);
    const book = (n: number) =>
      from(freshAddress()).rpc('create_booking', { p_departure_id: trip, p_adults: 1, p_promo_code: code, p_contact: { full_name: 'Guest', email: `promo-${n}-${randomUUID().slice(0, 6)}@example.com` } });
    const bookings = [];
    for (let n = 0; n < 3; n++) bookings.push(await book(n));
    expect(bookings.every((booking) => booking.error === null)).toBe(true);
    const used = async () => (await server.db.query<{ n: number }>(`select times_used as n from public.promo_codes where code = $1`, [code])).rows[0].n;
    expect(await used()).toBe(0);
    // The deposit of the first arrives: it is confirmed, and the code is used up for new bookings.
    const admin = await server.adminClient();
    const first = bookings[0].data;
    const { data: schedule } = await admin.rpc('booking_payment_schedule', { p_booking_id: first.id });
    expect((await admin.rpc('record_payment', { p_booking_id: first.id, p_amount: schedule.deposit_due, p_method: 'bank_transfer' })).error).toBeNull();
    expect(await used()).toBe(1);
    expect((await book(9)).error?.message).toBe('Promo code not found or expired');
    // Cancelled, it gives the use back; expired unpaid holds never took one.
    expect((await admin.rpc('cancel_booking', { p_booking_id: first.id })).error).toBeNull();
    expect(await used()).toBe(0);
    expect((await book(10)).error).toBeNull();
  });

  it('checks first trip, once per customer, the smallest party and the travel dates, with the email booked with', async () => {
    const trip = await departure(30, 150);
    const code = (suffix: string) => `RULE${suffix}${randomUUID().slice(0, 4).toUpperCase()}`;
    const first = code('F');
    const once = code('O');
    const group = code('G');
    const season = code('S');
    await server.db.query(
      `insert into public.promo_codes (code, percent_off, first_trip_only, max_uses_per_customer, min_travelers, travel_from, travel_until) values
        ($1, 10, true, null, null, null, null), ($2, 10, false, 1, null, null, null), ($3, 10, false, null, 4, null, null),
        ($4, 10, false, null, null, public.company_today() + 300, public.company_today() + 400)`,
      [first, once, group, season],
    );
    const visitor = from(freshAddress());
    const quote = (promo: string, extra: Record<string, unknown> = {}) => visitor.rpc('quote_booking', { p_departure_id: trip, p_adults: 2, p_promo_code: promo, ...extra });
    expect((await quote(first)).error?.message).toBe('Please enter your email address to use this promo code');
    expect((await quote(first, { p_email: 'new-customer@example.com' })).error).toBeNull();
    // A customer who has travelled with us is not on a first trip.
    const { rows } = await server.db.query<{ email: string }>(`select lower(contact ->> 'email') as email from public.bookings where status in ('confirmed', 'completed') and contact ->> 'email' is not null limit 1`);
    const returning = rows[0]?.email ?? 'returning@example.com';
    if (!rows[0]) {
      await server.db.query(
        `insert into public.bookings (tour_id, status, adults, total_amount, contact) select tour_id, 'completed', 1, 1, jsonb_build_object('email', $2::text) from public.tour_departures where id = $1`,
        [trip, returning],
      );
    }
    expect((await quote(first, { p_email: returning })).error?.message).toBe('This promo code is for a first trip with us');
    const email = `once-${randomUUID().slice(0, 6)}@example.com`;
    expect((await visitor.rpc('create_booking', { p_departure_id: trip, p_adults: 1, p_promo_code: once, p_contact: { full_name: 'Once', email } })).error).toBeNull();
    expect((await quote(once, { p_email: email })).error?.message).toBe('You have already used this promo code');
    expect((await quote(group)).error?.message).toBe('This promo code is for 4 or more travelers');
    expect((await quote(group, { p_adults: 4 })).error).toBeNull();
    expect((await quote(season)).error?.message).toMatch(/^This promo code is for trips starting from \d+ \w{3} \d{4} to \d+ \w{3} \d{4}$/);
  });
});

describe('8: public profiles show reviewers only', () => {
  it('lists no user who has not written a published review, staff included', async () => {
    const anon = from(freshAddress());
    const { data } = await anon.from('public_profiles').select('id');
    const { rows } = await server.db.query<{ id: string }>(`select id from public.public_profiles p where exists (select 1 from public.reviews r where r.user_id = p.id and r.is_published)`);
    expect(data!.map((row) => row.id).sort()).toEqual(rows.map((row) => row.id).sort());
    const { rows: staff } = await server.db.query<{ id: string }>(`select id from public.users where role = 'admin'`);
    expect(data!.map((row) => row.id)).not.toContain(staff[0].id);
  });
});

describe('9: booking references are long and lookups are limited', () => {
  it('makes references of ten random letters and digits', async () => {
    const { rows } = await server.db.query<{ reference: string }>(`select public.generate_booking_reference() as reference from generate_series(1, 2000)`);
    const references = rows.map((row) => row.reference);
    for (const reference of references) expect(reference).toMatch(/^KS-\d{4}-[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    expect(new Set(references).size).toBe(references.length);
  });

  it('refuses a 31st failed lookup by reference and email within ten minutes, and counts no successful one', async () => {
    const address = freshAddress();
    const guest = from(address);
    const trip = await departure(10);
    const email = `lookup-${randomUUID().slice(0, 6)}@example.com`;
    const { data: booking } = await guest.rpc('create_booking', { p_departure_id: trip, p_adults: 1, p_contact: { full_name: 'Guest', email } });
    for (let n = 0; n < 40; n++) expect((await guest.rpc('booking_by_reference', { p_reference: booking.booking_reference, p_email: email })).error).toBeNull();
    const statuses: number[] = [];
    for (let n = 0; n < 31; n++) statuses.push((await guest.rpc('booking_by_reference', { p_reference: `KS-2026-AAAAA-${String(n).padStart(5, 'B')}`, p_email: email })).status);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    const limited = await guest.rpc('booking_payment_schedule', { p_reference: booking.booking_reference, p_email: email });
    expect(limited.error?.message).toMatch(/^Too many booking lookups from this address\. Please try again in \d+ (seconds|minutes)\.$/);
  });
});

describe('10: a deleted, banned or signed-out user’s token writes nothing', () => {
  it('refuses the token once its user is deleted, banned, or its session ended', async () => {
    const tourId = (await server.db.query<{ id: string }>(`select id from public.tours where status = 'active' limit 1`)).rows[0].id;
    const wish = (client: SupabaseClient) => client.from('wishlist').insert({ tour_id: tourId });
    const service = server.service();

    const deleted = await server.traveler();
    expect((await service.auth.admin.deleteUser(deleted.userId)).error).toBeNull();
    const afterDelete = await wish(deleted.client);
    expect(afterDelete.status).toBe(401);
    expect(afterDelete.error).toMatchObject({ code: 'PGRST301', message: 'The session of this token has ended, or its user no longer exists or is banned' });

    const banned = await server.traveler();
    expect((await service.auth.admin.updateUserById(banned.userId, { ban_duration: '24h' })).error).toBeNull();
    expect((await wish(banned.client)).status).toBe(401);

    const signedOut = await server.traveler();
    const token = (await signedOut.client.auth.getSession()).data.session!.access_token;
    await signedOut.client.auth.signOut();
    const stale = from(freshAddress(), token);
    expect((await stale.from('wishlist').insert({ tour_id: tourId })).status).toBe(401);
    const { rows } = await server.db.query(`select 1 from public.wishlist where user_id = any($1)`, [[deleted.userId, banned.userId, signedOut.userId]]);
    expect(rows).toEqual([]);
  });
});

describe('11: storage decides before it touches the disk', () => {
  const filesUnder = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)])));
    return nested.flat();
  };

  it('a refused upload leaves no file, folder or temporary file behind', async () => {
    const root = path.join(server.config.dataDir, 'storage');
    const before = await filesUnder(root);
    const anon = from(freshAddress());
    const refusedUpload = await anon.storage.from('avatars').upload(`avatars/someone-1/deep/folder/x.png`, new Blob([new Uint8Array(16)], { type: 'image/png' }));
    expect(refusedUpload.error).not.toBeNull();
    expect(await filesUnder(root)).toEqual(before);
    const dirs = await readdir(path.join(root, 'avatars')).catch(() => [] as string[]);
    expect(dirs).not.toContain('someone-1');
  });

  it('refuses a name the disk cannot hold with 400, and a fourth avatar', async () => {
    const { client, userId } = await server.traveler();
    const long = await client.storage.from('avatars').upload(`avatars/${'x'.repeat(300)}.png`, new Blob([new Uint8Array(8)], { type: 'image/png' }));
    expect(long.error?.message).toBe('Invalid key: a folder or file name is longer than 255 bytes');
    for (let n = 1; n <= 3; n++) {
      expect((await client.storage.from('avatars').upload(`avatars/${userId}-${n}.png`, new Blob([new Uint8Array(8)], { type: 'image/png' }))).error).toBeNull();
    }
    const fourth = await client.storage.from('avatars').upload(`avatars/${userId}-4.png`, new Blob([new Uint8Array(8)], { type: 'image/png' }));
    expect(fourth.error?.message).toBe('new row violates row-level security policy');
  });
});

describe('12: odd input to auth is a 400, never a 500', () => {
  it('checks link types against its own list and refuses NUL and control characters', async () => {
    const post = (pathname: string, body: unknown) =>
      fetch(`${server.url}/auth/v1/${pathname}`, { method: 'POST', headers: { apikey: server.anonKey, 'content-type': 'application/json', 'x-forwarded-for': freshAddress() }, body: JSON.stringify(body) });
    const constructor = await post('verify', { type: 'constructor', token_hash: 'x' });
    expect(constructor.status).toBe(400);
    expect(await constructor.json()).toMatchObject({ code: 'validation_failed', msg: 'Verify requires a verification type' });
    const viaLink = await fetch(`${server.url}/auth/v1/verify?type=__proto__&token=x`, { redirect: 'manual' });
    expect(viaLink.status).toBe(303);
    expect(new URLSearchParams(new URL(viaLink.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('otp_expired');
    for (const body of [
      { email: 'nul\u0000@example.com', password: 'Kilimanjaro-2026!' },
      { email: 'tab\t@example.com', password: 'Kilimanjaro-2026!' },
    ]) {
      const signUp = await post('signup', body);
      expect(signUp.status).toBe(400);
      expect(await signUp.json()).toMatchObject({ code: 'validation_failed', msg: 'Unable to validate email address: invalid format' });
      expect((await post('token?grant_type=password', body)).status).toBe(400);
      expect((await post('recover', { email: body.email })).status).toBe(400);
    }
    const nulMetadata = await post('signup', { email: `nul-${randomUUID().slice(0, 6)}@example.com`, password: 'Kilimanjaro-2026!', data: { name: 'a\u0000b' } });
    expect(nulMetadata.status).toBe(400);
  });

  it('answers a sign-up and a reset for a known address as for an unknown one, with confirmation on', async () => {
    const strict = await startTestServer({ emailConfirmRequired: true });
    try {
      const known = { email: `known-${randomUUID().slice(0, 6)}@example.com` };
      const made = await strict.client().auth.signUp({ email: known.email, password: 'Kilimanjaro-2026!' });
      await strict.db.query(`update auth.users set email_confirmed_at = now() where id = $1`, [made.data.user!.id]);
      const ask = (email: string) =>
        fetch(`${strict.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: strict.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Kilimanjaro-2026!' }) });
      const [forKnown, forUnknown] = await Promise.all([ask(known.email), ask(`nobody-${randomUUID().slice(0, 6)}@example.com`)]);
      expect(forKnown.status).toBe(forUnknown.status);
      const shape = (user: Record<string, unknown>) => Object.keys(user).sort();
      expect(shape(await forKnown.json())).toEqual(shape(await forUnknown.json()));
      const reset = (email: string) => strict.client().auth.resetPasswordForEmail(email);
      expect(await reset(known.email)).toEqual(await reset(`nobody-${randomUUID().slice(0, 6)}@example.com`));
    } finally {
      await strict.close();
    }
  });
});

describe('13: wrong passwords from one address never lock the owner out elsewhere', () => {
  it('limits failures per address and account, per address, and never per account alone', async () => {
    const owner = await server.traveler();
    const attacker = freshAddress();
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const { error } = await from(attacker).auth.signInWithPassword({ email: owner.email, password: `wrong-${n}` });
      statuses.push(error?.status ?? 200);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // The owner, from their own address, signs in at once.
    expect((await from(freshAddress()).auth.signInWithPassword({ email: owner.email, password: owner.password })).error).toBeNull();
    // The attacker's address is also limited across accounts (30 failures in five minutes; 11 here).
    await server.setRateLimit('auth.signin_failures', 11, 300);
    const other = await server.traveler();
    const more = [];
    for (let n = 0; n < 3; n++) more.push((await from(attacker).auth.signInWithPassword({ email: other.email, password: `wrong-${n}` })).error?.status);
    expect(more).toEqual([400, 429, 429]);
  });
});
