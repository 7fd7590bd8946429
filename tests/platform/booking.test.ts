import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { companyDay } from '../helpers/company-days.ts';

// The booking engine in the database (quote_booking, create_booking, the status rules), called
// through supabase-js as the booking page and the portal call it, against a tour whose prices are
// known here so every total below is worked out by hand.

let server: TestServer;
let anon: SupabaseClient;
let service: SupabaseClient;
let tourId: string;
let privateTourId: string;
let suffix: string;

const inDays = companyDay;
const guest = { full_name: 'Neema Guest', email: 'neema.guest@example.com', phone: '+255 754 000 111' };

interface Booking {
  id: string;
  booking_reference: string;
  status: string;
  total_amount: number;
  user_id: string | null;
  departure_id: string;
  contact: Record<string, string>;
  price_breakdown: { kind: string; amount: number }[];
}

/** The data of a call that must succeed. */
async function ok<T = unknown>(request: PromiseLike<{ data: unknown; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data as T;
}

/** A departure of the test tour starting in `days`, with `seats` of `capacity` already taken. */
async function departure(options: { days?: number; capacity?: number; seats?: number; tour?: string; extra?: Record<string, unknown> } = {}) {
  const { days = 40, capacity = 100, seats = 0, tour = tourId, extra = {} } = options;
  const row = await ok<{ id: string }>(
    service
      .from('tour_departures')
      .insert({ tour_id: tour, start_date: inDays(days), end_date: inDays(days + 2), capacity, seats_booked: seats, guaranteed_threshold: 4, ...extra })
      .select('id')
      .single(),
  );
  return row.id;
}

async function seatsOf(departureId: string): Promise<{ seats_booked: number; capacity: number; status: string }> {
  const { rows } = await server.db.query<{ seats_booked: number; capacity: number; status: string }>(
    'select seats_booked, capacity, status from public.tour_departures where id = $1',
    [departureId],
  );
  return rows[0];
}

/** Everything a booking could write: bookings, seats, promo code uses and departures. */
async function footprint(): Promise<string> {
  const { rows } = await server.db.query(
    `select (select count(*) from public.bookings) as bookings,
            (select sum(seats_booked) from public.tour_departures) as seats,
            (select count(*) from public.tour_departures) as departures,
            (select sum(times_used) from public.promo_codes) as promo_uses`,
  );
  return JSON.stringify(rows[0]);
}

/** Asserts the call is refused with exactly this message and leaves the database as it was. */
async function refused(call: PromiseLike<{ error: { message: string } | null }>, message: string) {
  const before = await footprint();
  const { error } = await call;
  expect(error?.message).toBe(message);
  expect(await footprint()).toBe(before);
}

beforeAll(async () => {
  server = await startTestServer();
  anon = server.client();
  service = server.service();
  suffix = randomUUID().slice(0, 6);
  // Adults 1000, children under 12 600, single supplement 250, 5% off from 4 travelers and 10% from
  // 6, a balloon flight per person and a transfer per booking.
  const tour = await ok<{ id: string }>(
    service
      .from('tours')
      .insert({
        slug: `priced-test-safari-${suffix}`, title: 'Priced Test Safari', status: 'active', base_price: 1000, child_price: 600,
        child_age_limit: 12, single_supplement: 250, duration_days: 3, group_size_max: 12,
      })
      .select('id')
      .single(),
  );
  tourId = tour.id;
  await ok(service.from('tour_group_discounts').insert([
    { tour_id: tourId, min_travelers: 4, percent: 5 },
    { tour_id: tourId, min_travelers: 6, percent: 10 },
  ]));
  await ok(service.from('tour_extras').insert([
    { tour_id: tourId, code: 'balloon-safari', name: 'Hot air balloon safari over the Serengeti', unit: 'per_person', price: 599 },
    { tour_id: tourId, code: 'airport-transfer', name: 'Airport transfer', unit: 'per_booking', price: 60 },
  ]));
  // Private: 2000 a head, children 1000, at most 4; a high-season window two to six months out at 2500.
  const privateTour = await ok<{ id: string }>(
    service
      .from('tours')
      .insert({ slug: `private-test-trip-${suffix}`, title: 'Private Test Trip', status: 'active', base_price: 2000, child_price: 1000, duration_days: 5, group_size_max: 4, is_private: true })
      .select('id')
      .single(),
  );
  privateTourId = privateTour.id;
  await ok(service.from('tour_seasons').insert({ tour_id: privateTourId, name: 'High season', starts_on: inDays(30), ends_on: inDays(180), adult_price: 2500 }));
  const code = (name: string) => `${name}-${suffix}`.toUpperCase();
  await ok(service.from('promo_codes').insert([
    { code: code('TEN'), description: '10% off', percent_off: 10 },
    { code: code('HALF'), percent_off: 7.5 },
    { code: code('SAVE'), amount_off: 100 },
    { code: code('OLD'), percent_off: 10, valid_until: inDays(-1) },
    { code: code('GONE'), percent_off: 10, max_uses: 1, times_used: 1 },
    { code: code('ELSEWHERE'), percent_off: 10, tour_id: privateTourId },
  ], { defaultToNull: false }));
});

afterAll(async () => {
  await server?.close();
});

const promo = (name: string) => `${name}-${suffix}`.toUpperCase();

describe('quote_booking and create_booking price a trip the same way', () => {
  let regular: string;
  let peak: string;
  beforeAll(async () => {
    regular = await departure();
    peak = await departure({ days: 80, extra: { price_override: 1200, child_price_override: 700, season: 'Peak season' } });
  });

  const cases: { name: string; peak?: boolean; args: Record<string, unknown>; total: number; kinds: string[] }[] = [
    { name: 'two adults', args: { p_adults: 2 }, total: 2000, kinds: ['adult'] },
    { name: 'a child at the child price', args: { p_adults: 2, p_children: 1 }, total: 2600, kinds: ['adult', 'child'] },
    { name: 'one adult alone pays the single supplement', args: { p_adults: 1 }, total: 1250, kinds: ['adult', 'single_supplement'] },
    { name: 'an adult with a child pays no supplement', args: { p_adults: 1, p_children: 1 }, total: 1600, kinds: ['adult', 'child'] },
    { name: '5% group discount from four', args: { p_adults: 4 }, total: 3800, kinds: ['adult', 'group_discount'] },
    { name: '10% group discount from six, on children too', args: { p_adults: 5, p_children: 1 }, total: 5040, kinds: ['adult', 'child', 'group_discount'] },
    { name: 'extras per person and per booking', args: { p_adults: 2, p_extras: ['balloon-safari', 'airport-transfer'] }, total: 3258, kinds: ['adult', 'extra', 'extra'] },
    { name: 'an extra for some of the party', args: { p_adults: 3, p_extras: [{ code: 'balloon-safari', quantity: 1 }] }, total: 3599, kinds: ['adult', 'extra'] },
    {
      name: 'a percentage promo code on everything before it',
      args: { p_adults: 2, p_children: 1, p_extras: [{ code: 'balloon-safari', quantity: 1 }], p_promo_code: 'ten' },
      total: 2879.1,
      kinds: ['adult', 'child', 'extra', 'promo'],
    },
    {
      name: 'a promo line rounded to the cent once (7.5% of 3199 = 239.925)',
      args: { p_adults: 2, p_children: 1, p_extras: [{ code: 'balloon-safari', quantity: 1 }], p_promo_code: 'HALF' },
      total: 2959.07,
      kinds: ['adult', 'child', 'extra', 'promo'],
    },
    { name: 'an amount-off promo code', args: { p_adults: 1, p_promo_code: 'save' }, total: 1150, kinds: ['adult', 'single_supplement', 'promo'] },
    { name: 'a seasonal override for adults and children', peak: true, args: { p_adults: 2, p_children: 1 }, total: 3100, kinds: ['adult', 'child'] },
    {
      name: 'season, group discount and promo code together',
      peak: true,
      args: { p_adults: 3, p_children: 1, p_promo_code: 'TEN' },
      total: 3676.5,
      kinds: ['adult', 'child', 'group_discount', 'promo'],
    },
  ];

  for (const testCase of cases) {
    it(testCase.name, async () => {
      const args: Record<string, unknown> = { ...testCase.args, p_departure_id: testCase.peak ? peak : regular };
      // Codes are matched without regard to case: 'ten-1a2b3c' finds TEN-1A2B3C.
      if (typeof args.p_promo_code === 'string') args.p_promo_code = `${args.p_promo_code}-${suffix}`;
      const { p_departure_id, p_adults, p_children, p_extras, p_promo_code } = args;
      const quote = await ok(anon.rpc('quote_booking', { p_departure_id, p_adults, p_children, p_extras, p_promo_code }));
      const q = quote as { total: number; currency: string; lines: { kind: string; amount: number }[] };
      expect(q.total).toBe(testCase.total);
      expect(q.currency).toBe('USD');
      expect(q.lines.map((line) => line.kind)).toEqual(testCase.kinds);
      expect(q.lines.reduce((sum, line) => Math.round((sum + line.amount) * 100) / 100, 0)).toBe(testCase.total);

      const booking = (await ok(anon.rpc('create_booking', { ...args, p_contact: guest }))) as Booking;
      expect(booking.total_amount).toBe(q.total);
      expect(booking.price_breakdown).toEqual(q.lines);
      expect(booking.status).toBe('pending');
    });
  }

  it('prices a private trip on a date in its season window', async () => {
    const quote = (await ok(anon.rpc('quote_booking', { p_tour_id: privateTourId, p_start_date: inDays(60), p_adults: 2, p_children: 1 }))) as {
      total: number;
      season: string;
      end_date: string;
    };
    expect(quote).toMatchObject({ total: 6000, season: 'High season', end_date: inDays(64) });
    const booking = (await ok(
      anon.rpc('create_booking', { p_tour_id: privateTourId, p_start_date: inDays(60), p_adults: 2, p_children: 1, p_contact: guest }),
    )) as Booking;
    expect(booking.total_amount).toBe(6000);
    // Its own departure, for this party only, and not listed with the tour's departures.
    expect(await seatsOf(booking.departure_id)).toEqual({ seats_booked: 3, capacity: 3, status: 'guaranteed' });
    expect((await anon.from('tour_departures').select('id').eq('id', booking.departure_id)).data).toEqual([]);
    await refused(
      anon.rpc('create_booking', { p_tour_id: privateTourId, p_start_date: inDays(10), p_adults: 2, p_contact: guest }),
      'This private trip is not offered on that date',
    );
    await refused(
      anon.rpc('create_booking', { p_tour_id: privateTourId, p_start_date: inDays(60), p_adults: 5, p_contact: guest }),
      'This trip takes at most 4 travelers',
    );
    await refused(
      anon.rpc('create_booking', { p_tour_id: tourId, p_start_date: inDays(60), p_adults: 2, p_contact: guest }),
      'Please choose one of the scheduled departures of this tour',
    );
  });

  it('prices the seeded demo tours: child rates, seasons, the Serengeti balloon and KARIBU10', async () => {
    const { data } = await anon
      .from('tours')
      .select('child_price, single_supplement, tour_extras(code), tour_departures(id, status, season, price_override)')
      .eq('slug', '7-day-great-migration-safari')
      .single();
    const tour = data as unknown as {
      child_price: number;
      single_supplement: number;
      tour_extras: { code: string }[];
      tour_departures: { id: string; status: string; season: string | null }[];
    };
    expect(tour.child_price).toBeGreaterThan(0);
    expect(tour.single_supplement).toBeGreaterThan(0);
    expect(tour.tour_extras.map((e) => e.code)).toContain('balloon-safari');
    const open = tour.tour_departures.find((d) => d.status !== 'sold_out')!;
    const plain = (await ok(anon.rpc('quote_booking', { p_departure_id: open.id, p_adults: 2 }))) as { total: number };
    const discounted = (await ok(anon.rpc('quote_booking', { p_departure_id: open.id, p_adults: 2, p_promo_code: 'karibu10' }))) as { total: number };
    expect(discounted.total).toBe(Math.round(plain.total * 90) / 100);
    const seasons = await anon.from('tour_departures').select('season').not('season', 'is', null).limit(1);
    expect(seasons.data).toHaveLength(1);

    // The private luxury safari runs on any date of its season windows.
    const windows = await anon
      .from('tour_seasons')
      .select('name, starts_on, ends_on, tours!inner(id, slug)')
      .eq('tours.slug', '7-day-private-luxury-serengeti')
      .gt('starts_on', inDays(1))
      .order('starts_on')
      .limit(1)
      .single();
    const window = windows.data as unknown as { name: string; starts_on: string; tours: { id: string } };
    const privateQuote = await anon.rpc('quote_booking', { p_tour_id: window.tours.id, p_start_date: window.starts_on, p_adults: 2 });
    expect(privateQuote.error).toBeNull();
    expect(privateQuote.data).toMatchObject({ season: window.name, start_date: window.starts_on });
  });
});

describe('the last seats of a departure', () => {
  it('50 simultaneous bookings for the last 5 seats make exactly 5 bookings; the rest are told it is sold out', async () => {
    const last = await departure({ capacity: 12, seats: 7 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.client().rpc('create_booking', { p_departure_id: last, p_adults: 1, p_contact: { full_name: `Racer ${i}`, email: `racer-${i}@example.com` } }),
      ),
    );
    const booked = results.filter((r) => r.error === null);
    const failed = results.filter((r) => r.error !== null);
    expect(booked).toHaveLength(5);
    expect(failed).toHaveLength(45);
    for (const failure of failed) {
      expect(failure.error!.message).toBe('This departure is sold out');
      expect(failure.status).toBe(409);
    }
    expect(new Set(booked.map((r) => (r.data as Booking).booking_reference)).size).toBe(5);
    expect(await seatsOf(last)).toEqual({ seats_booked: 12, capacity: 12, status: 'sold_out' });
    const { rows } = await server.db.query('select count(*)::int as n from public.bookings where departure_id = $1', [last]);
    expect(rows).toEqual([{ n: 5 }]);
  });

  it('a resent request (same client id) returns the booking it made, even once the departure is full', async () => {
    const twoLeft = await departure({ capacity: 6, seats: 4 });
    const me = await server.traveler();
    const request = { p_departure_id: twoLeft, p_adults: 2, p_client_id: randomUUID() };
    const [first, second] = await Promise.all([me.client.rpc('create_booking', request), me.client.rpc('create_booking', request)]);
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    expect((second.data as Booking).id).toBe((first.data as Booking).id);
    const third = await me.client.rpc('create_booking', request);
    expect((third.data as Booking).id).toBe((first.data as Booking).id);
    expect(await seatsOf(twoLeft)).toMatchObject({ seats_booked: 6, status: 'sold_out' });
    // Someone else's copy of that id gets nothing of the booking.
    const other = await server.traveler();
    const stolen = await other.client.rpc('create_booking', request);
    expect(stolen.error?.message).toBe('This booking request has already been used');
  });
});

describe('bad input is refused in words the traveler understands, and writes nothing', () => {
  let open: string;
  beforeAll(async () => {
    open = await departure();
  });

  it('refuses impossible parties', async () => {
    await refused(anon.rpc('create_booking', { p_departure_id: open, p_adults: 0, p_children: 0, p_contact: guest }), 'Please choose at least one traveler');
    await refused(anon.rpc('create_booking', { p_departure_id: open, p_contact: guest }), 'Please choose at least one traveler');
    await refused(anon.rpc('create_booking', { p_departure_id: open, p_adults: 0, p_children: 2, p_contact: guest }), 'Children must travel with at least one adult');
    await refused(anon.rpc('create_booking', { p_adults: 2, p_contact: guest }), 'Please choose a departure date');
  });

  it('refuses more travelers than seats, sold-out, past and cancelled departures', async () => {
    const twoLeft = await departure({ capacity: 6, seats: 4 });
    await refused(anon.rpc('create_booking', { p_departure_id: twoLeft, p_adults: 3, p_contact: guest }), 'Only 2 seats are left on this departure');
    const oneLeft = await departure({ capacity: 6, seats: 5 });
    await refused(anon.rpc('create_booking', { p_departure_id: oneLeft, p_adults: 2, p_contact: guest }), 'Only 1 seat is left on this departure');
    const full = await departure({ capacity: 6, seats: 6 });
    await refused(anon.rpc('create_booking', { p_departure_id: full, p_adults: 1, p_contact: guest }), 'This departure is sold out');
    const past = await departure({ days: -3 });
    await refused(anon.rpc('create_booking', { p_departure_id: past, p_adults: 1, p_contact: guest }), 'This departure date has passed');
    const cancelled = await departure({ extra: { status: 'cancelled' } });
    await refused(anon.rpc('create_booking', { p_departure_id: cancelled, p_adults: 1, p_contact: guest }), 'This departure has been cancelled');
    await refused(anon.rpc('create_booking', { p_departure_id: randomUUID(), p_adults: 1, p_contact: guest }), 'This departure could not be found');
  });

  it('never takes a price from the client', async () => {
    await refused(
      anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, p_expected_total: 1, p_contact: guest }),
      'The price of this trip is now USD 2,000.00. Please check the new total and book again.',
    );
    const before = await footprint();
    const forged = await anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, total_amount: 1, p_contact: guest });
    expect(forged.error).not.toBeNull();
    expect(await footprint()).toBe(before);
    // The total the page showed is accepted when it is the price.
    const booking = (await ok(anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, p_expected_total: 2000, p_contact: guest }))) as Booking;
    expect(booking.total_amount).toBe(2000);
  });

  it('refuses unknown, expired, used-up and other tours’ promo codes, and unknown extras', async () => {
    for (const code of ['NO-SUCH-CODE', promo('OLD'), promo('GONE')]) {
      await refused(anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, p_promo_code: code, p_contact: guest }), 'Promo code not found or expired');
    }
    await refused(
      anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, p_promo_code: promo('ELSEWHERE'), p_contact: guest }),
      'This promo code is not valid for this tour',
    );
    await refused(
      anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, p_extras: ['spa-day'], p_contact: guest }),
      'The extra "spa-day" is not offered on this tour',
    );
    await refused(
      anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, p_extras: [{ code: 'balloon-safari', quantity: 3 }], p_contact: guest }),
      'Hot air balloon safari over the Serengeti can be added for 1 to 2 travelers',
    );
  });

  it('refuses missing traveler and contact details', async () => {
    await refused(anon.rpc('create_booking', { p_departure_id: open, p_adults: 2 }), 'Please give the lead traveler\'s name and email');
    await refused(
      anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, p_contact: { ...guest, email: 'not-an-email' } }),
      'Please give a valid email address',
    );
    await refused(
      anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, p_travelers: [{ full_name: 'Neema Guest' }], p_contact: guest }),
      'Please give the details of all 2 travelers',
    );
    await refused(
      anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, p_travelers: [{ full_name: 'Neema Guest' }, { age: 40 }], p_contact: guest }),
      'Please give the full name of every traveler',
    );
    await refused(
      anon.rpc('create_booking', {
        p_departure_id: open,
        p_adults: 2,
        p_travelers: [{ full_name: 'Neema Guest', age: 40 }, { full_name: 'Baraka Guest', age: 8 }],
        p_contact: guest,
      }),
      'The travelers\' ages do not match the number of adults and children',
    );
  });

  it('refuses children on a tour with a minimum age above the child age', async () => {
    const { data } = await anon.from('tour_departures').select('id, tours!inner(slug)').eq('tours.slug', '7-day-machame-route-kilimanjaro').neq('status', 'sold_out').limit(1).single();
    await refused(
      anon.rpc('create_booking', { p_departure_id: (data as { id: string }).id, p_adults: 1, p_children: 1, p_contact: guest }),
      'This tour is for travelers aged 12 and over',
    );
  });
});

describe('who reads and writes bookings', () => {
  it('a guest books, then reads the booking back only with its reference and email', async () => {
    const open = await departure();
    const booking = (await ok(anon.rpc('create_booking', { p_departure_id: open, p_adults: 1, p_contact: guest }))) as Booking;
    expect(booking.booking_reference).toMatch(/^KS-\d{4}-[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    expect(booking).toMatchObject({ status: 'pending', total_amount: 1250, user_id: null, contact: guest });

    expect((await anon.from('bookings').select('id').eq('booking_reference', booking.booking_reference)).data ?? []).toEqual([]);
    const found = await anon.rpc('booking_by_reference', { p_reference: booking.booking_reference.toLowerCase(), p_email: guest.email.toUpperCase() });
    expect(found.error).toBeNull();
    expect((found.data as Booking).id).toBe(booking.id);
    for (const attempt of [{ p_reference: booking.booking_reference }, { p_reference: booking.booking_reference, p_email: 'someone@example.com' }]) {
      const { data, error } = await anon.rpc('booking_by_reference', attempt);
      expect(data).toBeNull();
      expect(error?.message).toBe('We could not find a booking with that reference and email');
    }
  });

  it('a traveler books as themselves and reads only their own bookings', async () => {
    const open = await departure();
    const me = await server.traveler({ fullName: 'Amani Traveler' });
    const other = await server.traveler();
    const booking = (await ok(me.client.rpc('create_booking', { p_departure_id: open, p_adults: 2 }))) as Booking;
    expect(booking).toMatchObject({ user_id: me.userId, contact: { full_name: 'Amani Traveler', email: me.email } });
    expect((await me.client.from('bookings').select('id').eq('booking_reference', booking.booking_reference)).data).toEqual([{ id: booking.id }]);
    expect(((await me.client.rpc('booking_by_reference', { p_reference: booking.booking_reference })).data as Booking).id).toBe(booking.id);
    expect((await other.client.from('bookings').select('id').eq('booking_reference', booking.booking_reference)).data).toEqual([]);
    expect((await other.client.rpc('booking_by_reference', { p_reference: booking.booking_reference })).error?.message).toBe(
      'We could not find a booking with that reference and email',
    );
  });

  it('nobody inserts bookings directly or changes their total or status, admins included', async () => {
    const open = await departure();
    const me = await server.traveler();
    const admin = await server.adminClient();
    const row = { tour_id: tourId, departure_id: open, adults: 1, total_amount: 1 };
    expect((await anon.from('bookings').insert(row)).error?.code).toBe('42501');
    expect((await me.client.from('bookings').insert({ ...row, user_id: me.userId })).error?.code).toBe('42501');
    expect((await admin.from('bookings').insert(row)).error?.code).toBe('42501');

    const booking = (await ok(me.client.rpc('create_booking', { p_departure_id: open, p_adults: 1 }))) as Booking;
    for (const client of [me.client, admin]) {
      expect((await client.from('bookings').update({ total_amount: 1 }).eq('id', booking.id)).error?.code).toBe('42501');
      expect((await client.from('bookings').update({ status: 'confirmed' }).eq('id', booking.id)).error?.code).toBe('42501');
    }
    const notes = await admin.from('bookings').update({ notes: 'Vegetarian meals' }).eq('id', booking.id).select('notes, total_amount, status').single();
    expect(notes.data).toEqual({ notes: 'Vegetarian meals', total_amount: 1250, status: 'pending' });
    const statusByTraveler = await me.client.rpc('set_booking_status', { p_booking_id: booking.id, p_status: 'confirmed' });
    expect(statusByTraveler.error?.message).toBe('Only administrators can change the status of a booking');
    expect((await anon.rpc('expire_unpaid_bookings')).error).not.toBeNull();
    expect((await me.client.rpc('expire_unpaid_bookings')).error).not.toBeNull();
  });
});

describe('status transitions', () => {
  it('goes pending -> confirmed -> completed and refuses every other way', async () => {
    const open = await departure();
    const admin = await server.adminClient();
    const booking = (await ok(anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, p_contact: guest }))) as Booking;
    const to = (status: string) => admin.rpc('set_booking_status', { p_booking_id: booking.id, p_status: status });
    expect((await to('completed')).error?.message).toBe('A pending booking cannot become completed');
    expect(((await to('confirmed')).data as Booking).status).toBe('confirmed');
    expect((await to('pending')).error?.message).toBe('A confirmed booking cannot become pending');
    expect((await to('expired')).error?.message).toBe('A confirmed booking cannot become expired');
    expect(((await to('completed')).data as Booking).status).toBe('completed');
    expect((await to('cancelled')).error?.message).toBe('A completed booking cannot become cancelled');
    expect((await to('on-hold')).error?.message).toBe('Unknown booking status: on-hold');
    // A completed trip keeps its seats.
    expect(await seatsOf(open)).toMatchObject({ seats_booked: 2 });
  });

  it('cancelling gives the seats back and reopens a full departure; refunds are recorded', async () => {
    const small = await departure({ capacity: 4, seats: 0 });
    const me = await server.traveler();
    const admin = await server.adminClient();
    const mine = (await ok(me.client.rpc('create_booking', { p_departure_id: small, p_adults: 2 }))) as Booking;
    const theirs = (await ok(anon.rpc('create_booking', { p_departure_id: small, p_adults: 2, p_contact: guest }))) as Booking;
    expect(await seatsOf(small)).toMatchObject({ seats_booked: 4, status: 'sold_out' });

    // The traveler cancels their own pending booking; nobody else can.
    expect((await anon.rpc('cancel_booking', { p_booking_id: mine.id })).error).not.toBeNull();
    expect((await me.client.rpc('cancel_booking', { p_booking_id: theirs.id })).error?.message).toBe('This booking could not be found');
    const cancelled = await me.client.rpc('cancel_booking', { p_booking_id: mine.id, p_reason: 'Change of plans' });
    expect(cancelled.error).toBeNull();
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancellation_reason: 'Change of plans', refunded_amount: 0 });
    expect((cancelled.data as { cancelled_at: string | null }).cancelled_at).not.toBeNull();
    expect(await seatsOf(small)).toMatchObject({ seats_booked: 2, status: 'limited' });
    expect((await me.client.rpc('cancel_booking', { p_booking_id: mine.id })).error?.message).toBe('This booking is already cancelled');

    // A confirmed booking with a deposit is cancelled by the company, which records the refund; what
    // was paid is net of it.
    await ok(admin.rpc('set_booking_status', { p_booking_id: theirs.id, p_status: 'confirmed' }));
    await ok(admin.rpc('record_payment', { p_booking_id: theirs.id, p_amount: 500, p_method: 'bank_transfer' }));
    expect((await admin.rpc('cancel_booking', { p_booking_id: theirs.id, p_refund_amount: 600 })).error?.message).toBe(
      'A refund can be at most the USD 500.00 paid',
    );
    const refunded = await admin.rpc('cancel_booking', { p_booking_id: theirs.id, p_reason: 'Guest unwell', p_refund_amount: 300 });
    expect(refunded.data).toMatchObject({ status: 'cancelled', refunded_amount: 300, amount_paid: 200, cancellation_reason: 'Guest unwell' });
    // The refund is a payment out in the ledger, owed until the office marks it sent.
    const { rows: ledger } = await server.db.query('select amount::text, status from public.payments where booking_id = $1 order by created_at', [theirs.id]);
    expect(ledger).toEqual([
      { amount: '500.00', status: 'succeeded' },
      { amount: '300.00', status: 'refund_due' },
    ]);
    expect(await seatsOf(small)).toMatchObject({ seats_booked: 0, status: 'open' });
  });

  it('a traveler cannot cancel a confirmed booking or record a refund', async () => {
    const open = await departure();
    const me = await server.traveler();
    const admin = await server.adminClient();
    const booking = (await ok(me.client.rpc('create_booking', { p_departure_id: open, p_adults: 1 }))) as Booking;
    expect((await me.client.rpc('cancel_booking', { p_booking_id: booking.id, p_refund_amount: 10 })).error?.message).toBe('Only our team can record a refund');
    await ok(admin.rpc('set_booking_status', { p_booking_id: booking.id, p_status: 'confirmed' }));
    expect((await me.client.rpc('cancel_booking', { p_booking_id: booking.id })).error?.message).toBe('Please contact us to cancel a confirmed booking');
  });

  it('staff give a refund while cancelling only with payments.write; without it they still cancel', async () => {
    const open = await departure();
    const me = await server.traveler();
    const admin = await server.adminClient();
    const booking = (await ok(me.client.rpc('create_booking', { p_departure_id: open, p_adults: 1 }))) as Booking;
    await ok(admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: 100, p_method: 'cash' }));
    // A role that books but handles no money: the agent's, with payments.write taken away.
    const agent = await server.staff('agent');
    await server.db.query(`delete from public.role_permissions where role = 'agent' and permission = 'payments.write'`);
    try {
      const refused = await agent.client.rpc('cancel_booking', { p_booking_id: booking.id, p_refund_amount: 50 });
      expect(refused.error).toMatchObject({ code: '42501', message: 'Only the office team may record refunds' });
      const { rows: untouched } = await server.db.query('select status from public.bookings where id = $1', [booking.id]);
      expect(untouched).toEqual([{ status: 'pending' }]);
      expect((await agent.client.rpc('cancel_booking', { p_booking_id: booking.id, p_reason: 'Asked by phone' })).data).toMatchObject({ status: 'cancelled', refunded_amount: 0 });
    } finally {
      await server.db.query(`insert into public.role_permissions (role, permission) values ('agent', 'payments.write') on conflict do nothing`);
    }
  });

  it('unpaid holds expire and give their seats back; paid ones stay', async () => {
    const open = await departure({ capacity: 10 });
    const unpaid = (await ok(anon.rpc('create_booking', { p_departure_id: open, p_adults: 3, p_contact: guest }))) as Booking;
    const paid = (await ok(anon.rpc('create_booking', { p_departure_id: open, p_adults: 2, p_contact: guest }))) as Booking;
    const fresh = (await ok(anon.rpc('create_booking', { p_departure_id: open, p_adults: 1, p_contact: guest }))) as Booking;
    // A guest's hold is short until the email is proven (booking_hold_rules.unverified_hold, 2 hours).
    const { rows } = await server.db.query<{ hold: boolean }>(
      `select hold_expires_at between now() + interval '115 minutes' and now() + interval '125 minutes' as hold from public.bookings where id = $1`,
      [fresh.id],
    );
    expect(rows).toEqual([{ hold: true }]);
    await server.db.query(`update public.bookings set hold_expires_at = now() - interval '1 minute' where id = any($1)`, [[unpaid.id, paid.id]]);
    await ok(service.from('payments').insert({ booking_id: paid.id, amount: 500, method: 'card', status: 'succeeded', paid_at: new Date().toISOString() }));
    expect(await seatsOf(open)).toMatchObject({ seats_booked: 6 });

    const expired = await service.rpc('expire_unpaid_bookings');
    expect(expired.error).toBeNull();
    expect(expired.data).toBe(1);
    const statuses = await server.db.query<{ id: string; status: string }>('select id, status from public.bookings where departure_id = $1 order by id', [open]);
    expect(Object.fromEntries(statuses.rows.map((r) => [r.id, r.status]))).toEqual({ [unpaid.id]: 'expired', [paid.id]: 'pending', [fresh.id]: 'pending' });
    expect(await seatsOf(open)).toMatchObject({ seats_booked: 3 });
    const admin = await server.adminClient();
    expect((await admin.rpc('set_booking_status', { p_booking_id: unpaid.id, p_status: 'confirmed' })).error?.message).toBe('An expired booking cannot become confirmed');
  });
});

describe('reviews', () => {
  it('a traveler reviews a tour once, and only after travelling on it', async () => {
    const open = await departure();
    const me = await server.traveler();
    const admin = await server.adminClient();
    const booking = (await ok(me.client.rpc('create_booking', { p_departure_id: open, p_adults: 1 }))) as Booking;
    const early = await me.client.from('reviews').insert({ tour_id: tourId, rating: 5, title: 'Cannot wait' });
    expect(early.error?.message).toBe('You can review a tour once you have travelled on it with us');

    await ok(admin.rpc('set_booking_status', { p_booking_id: booking.id, p_status: 'confirmed' }));
    await ok(admin.rpc('set_booking_status', { p_booking_id: booking.id, p_status: 'completed' }));
    const review = await me.client.from('reviews').insert({ tour_id: tourId, rating: 5, title: 'Lions at dawn' }).select('booking_id').single();
    expect(review.error).toBeNull();
    expect(review.data).toEqual({ booking_id: booking.id });
    const again = await me.client.from('reviews').insert({ tour_id: tourId, rating: 4, title: 'Second thoughts' });
    expect(again.error?.code).toBe('23505');
    // Nor can the review be moved to a tour they have not done.
    const moved = await me.client.from('reviews').update({ tour_id: privateTourId }).eq('user_id', me.userId).select();
    expect(moved.error?.message).toBe('You can review a tour once you have travelled on it with us');
  });
});
