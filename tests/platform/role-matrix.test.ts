import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { buckets, functions, ownerOf, roles, staffRoles, tables, type Fixtures, type Role, type Whose } from './role-matrix.ts';

// The role matrix (role-matrix.ts), checked cell by cell against the live database through
// supabase-js as the app calls it: every table, function and bucket of the schema, for a visitor, a
// traveler, another traveler and each staff role. Writes are sent with Prefer: tx=rollback (supabase-js
// .rollback()), so the probes change nothing but what storage keeps.

let server: TestServer;
let f: Fixtures;

const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], { type: 'image/png' });
const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows[0];
const id = async (sql: string, params: unknown[] = []) => (await one<{ id: string }>(sql, params)).id;

async function setUp(): Promise<Fixtures> {
  const traveler = await server.traveler({ fullName: 'Matrix Traveler' });
  const other = await server.traveler({ fullName: 'Matrix Other' });
  const adminClient = await server.adminClient();
  const adminId = (await adminClient.auth.getUser()).data.user!.id;
  // Staff other than the admin: accounts whose role an admin set.
  const staff = async (role: 'agent' | 'editor' | 'guide') => {
    const person = await server.traveler({ fullName: `Matrix ${role}` });
    await server.db.query(`update public.users set role = $1 where id = $2`, [role, person.userId]);
    return { client: person.client, userId: person.userId, email: person.email };
  };
  const people = {
    anon: { client: server.client(), userId: null, email: null },
    traveler: { client: traveler.client, userId: traveler.userId, email: traveler.email },
    other: { client: other.client, userId: other.userId, email: other.email },
    admin: { client: adminClient, userId: adminId, email: server.admin.email },
    agent: await staff('agent'),
    editor: await staff('editor'),
    guide: await staff('guide'),
  };
  const ids: Record<string, string> = {};
  const [tour, otherTour, travelledTour, reviewedTour] = (
    await server.db.query<{ id: string }>(`select id from public.tours where status = 'active' and not is_private order by slug limit 4`)
  ).rows.map((row) => row.id);
  Object.assign(ids, { tour, otherTour, travelledTour, reviewedTour });
  ids.otherDeparture = await id(
    `insert into public.tour_departures (tour_id, start_date, end_date, capacity) values ($1, public.company_today() + 320, public.company_today() + 326, 50) returning id`,
    [tour],
  );
  ids.departure = await id(
    `insert into public.tour_departures (tour_id, start_date, end_date, capacity) values ($1, public.company_today() + 300, public.company_today() + 306, 50) returning id`,
    [tour],
  );

  // Operations: the guide's own record, leading the departure in a vehicle, with a certification,
  // leave and a time off the road; and a spare guide and vehicle, free to assign.
  ids.guideRecord = await id(`insert into public.guides (full_name, user_id) values ('Matrix Guide', $1) returning id`, [people.guide.userId]);
  ids.spareGuide = await id(`insert into public.guides (full_name) values ('Matrix Spare Guide') returning id`);
  ids.vehicle = await id(`insert into public.vehicles (name, registration, seats) values ('Matrix Cruiser', 'T 100 MTX', 7) returning id`);
  ids.spareVehicle = await id(`insert into public.vehicles (name, registration, seats) values ('Matrix Spare', 'T 101 MTX', 7) returning id`);
  await server.db.query(`insert into public.departure_guides (departure_id, guide_id) values ($1, $2)`, [ids.departure, ids.guideRecord]);
  await server.db.query(`insert into public.departure_vehicles (departure_id, vehicle_id, travelers) values ($1, $2, 2)`, [ids.departure, ids.vehicle]);
  ids.credential = await id(`insert into public.guide_credentials (guide_id, kind, name) values ($1, 'first_aid', 'Wilderness first aid') returning id`, [ids.guideRecord]);
  ids.leave = await id(`insert into public.guide_leave (guide_id, starts_on, ends_on) values ($1, public.company_today() + 400, public.company_today() + 410) returning id`, [ids.guideRecord]);
  ids.offRoad = await id(`insert into public.vehicle_out_of_service (vehicle_id, starts_on, ends_on) values ($1, public.company_today() + 400, public.company_today() + 405) returning id`, [ids.vehicle]);
  // The company's calendar feed, the guide's own, and the spare guide's.
  ids.companyFeed = await id(`insert into public.calendar_feeds (guide_id, token) values (null, $1) returning id`, ['a'.repeat(64)]);
  await server.db.query(`insert into public.calendar_feeds (guide_id, token) values ($1, $2), ($3, $4)`, [ids.guideRecord, 'b'.repeat(64), ids.spareGuide, 'c'.repeat(64)]);
  // Another guide and vehicle on the other departure, which the guide does not lead.
  const otherGuide = await id(`insert into public.guides (full_name) values ('Matrix Other Guide') returning id`);
  const otherVehicle = await id(`insert into public.vehicles (name, registration, seats) values ('Matrix Other', 'T 102 MTX', 7) returning id`);
  await server.db.query(`insert into public.departure_guides (departure_id, guide_id) values ($1, $2)`, [ids.otherDeparture, otherGuide]);
  await server.db.query(`insert into public.departure_vehicles (departure_id, vehicle_id, travelers) values ($1, $2, 1)`, [ids.otherDeparture, otherVehicle]);
  await server.db.query(`insert into public.guide_credentials (guide_id, kind, name) values ($1, 'licence', 'Other licence')`, [otherGuide]);
  await server.db.query(`insert into public.guide_leave (guide_id, starts_on, ends_on) values ($1, public.company_today() + 500, public.company_today() + 501)`, [otherGuide]);

  // Rows the public may not see: a draft tour with one of everything, and a hidden row of each published kind.
  ids.draftTour = await id(`insert into public.tours (slug, title, status, base_price) values ('matrix-draft', 'Matrix draft', 'draft', 10) returning id`);
  ids.activity = await id(`select id from public.activities order by slug limit 1`);
  ids.otherActivity = await id(`select id from public.activities order by slug desc limit 1`);
  ids.destination = await id(`select id from public.destinations where is_published order by slug limit 1`);
  ids.otherDestination = await id(`select id from public.destinations order by slug desc limit 1`);
  ids.experience = await id(`select id from public.experiences where is_published order by slug limit 1`);
  ids.otherExperience = await id(`select id from public.experiences order by slug desc limit 1`);
  await server.db.exec(`
    insert into public.tour_itinerary (tour_id, day_number, title) values ('${ids.draftTour}', 1, 'Hidden day');
    insert into public.tour_departures (tour_id, start_date, end_date, capacity) values ('${ids.draftTour}', public.company_today() + 200, public.company_today() + 202, 5);
    insert into public.tour_extras (tour_id, code, name, price) values ('${ids.draftTour}', 'hidden', 'Hidden', 1);
    insert into public.tour_extras (tour_id, code, name, price, is_active) values ('${tour}', 'retired', 'Retired', 1, false);
    insert into public.tour_seasons (tour_id, name, starts_on, ends_on) values ('${ids.draftTour}', 'Hidden', '2030-01-01', '2030-02-01');
    insert into public.tour_group_discounts (tour_id, min_travelers, percent) values ('${ids.draftTour}', 4, 5);
    insert into public.tour_destinations (tour_id, destination_id) values ('${ids.draftTour}', '${ids.destination}');
    insert into public.tour_activities (tour_id, activity_id) values ('${ids.draftTour}', '${ids.activity}');
    insert into public.tour_experiences (tour_id, experience_id) values ('${ids.draftTour}', '${ids.experience}');
    insert into public.destinations (slug, name, is_published) values ('matrix-hidden', 'Hidden', false);
    insert into public.experiences (slug, title, is_published) values ('matrix-hidden', 'Hidden', false);
    insert into public.content_pages (slug, title, is_published) values ('matrix-hidden', 'Hidden', false);
    insert into public.heroes (title, image_url, is_active) values ('Hidden', '/x.svg', false);
    insert into public.partner_logos (name, logo_url, is_active) values ('Hidden', '/x.svg', false);
    insert into public.team_members (name, job_title, is_active) values ('Hidden', 'Guide', false);
    insert into public.payment_instructions (is_active, bank_name, account_name, account_number) values (false, 'Old Bank', 'Old', '0');
    insert into public.branding_settings (is_active, company_name) values (false, 'Old name');
  `);
  ids.draftPost = await id(`insert into public.blog_posts (slug, title, status) values ('matrix-draft', 'Matrix draft', 'draft') returning id`);
  ids.publishedPost = await id(`select p.id from public.blog_posts p where p.status = 'published' and exists (select 1 from public.blog_post_tags t where t.post_id = p.id) order by p.slug limit 1`);
  ids.otherTag = await id(`select id from public.blog_tags order by slug desc limit 1`);
  ids.firstTag = await id(`select id from public.blog_tags order by slug limit 1`);
  ids.spareTour = await id(`insert into public.tours (slug, title, status, base_price) values ('matrix-spare', 'Matrix spare', 'active', 10) returning id`);
  // A file of the media library that no page uses, so that it may be removed.
  ids.mediaFile = await id(
    `insert into public.media_files (id, object_path, file_name, mime_type, bytes) values ($1::uuid, 'library/' || $1::text || '/original.png', 'matrix.png', 'image/png', 8) returning id`,
    [randomUUID()],
  );
  // Old addresses: one of a listed tour, which the public follows, and one of the draft, which it does not see.
  ids.slugRedirect = 'matrix-old-address';
  await server.db.query(`insert into public.tour_slug_redirects (slug, tour_id) values ($1, $2), ('matrix-draft-old-address', $3)`, [ids.slugRedirect, tour, ids.draftTour]);
  await server.db.query(`insert into public.blog_post_tags (post_id, tag_id) values ($1, $2)`, [ids.draftPost, ids.otherTag]);
  for (const [name, sql] of Object.entries({
    blogCategory: `select id from public.blog_categories limit 1`,
    category: `select id from public.categories limit 1`,
    contentPage: `select id from public.content_pages where is_published limit 1`,
    hero: `select id from public.heroes where is_active limit 1`,
    partnerLogo: `select id from public.partner_logos where is_active limit 1`,
    teamMember: `select id from public.team_members where is_active limit 1`,
    paymentInstructions: `select id from public.payment_instructions where is_active limit 1`,
    branding: `select id from public.branding_settings where is_active limit 1`,
    extra: `select id from public.tour_extras where tour_id = '${tour}' and is_active limit 1`,
    groupDiscount: `select id from public.tour_group_discounts where tour_id <> '${ids.draftTour}' limit 1`,
    season: `select id from public.tour_seasons where tour_id <> '${ids.draftTour}' limit 1`,
    itineraryDay: `select id from public.tour_itinerary where tour_id = '${tour}' limit 1`,
  })) {
    ids[name] = await id(sql);
  }

  // Each traveler's own rows: a booking with a payment and a refund sent, a wishlist entry, a message, an activity entry,
  // completed trips (so they may review), a review (the traveler's published, the others' not). The
  // editor and the guide travel too: staff who do not handle bookings book as anyone does.
  for (const role of ['traveler', 'other', 'editor', 'guide'] as const) {
    const { client, userId } = people[role];
    const { data: booking, error } = await client.rpc('create_booking', { p_departure_id: ids.departure, p_adults: 1 });
    expect(error).toBeNull();
    ids[`booking:${role}`] = booking.id;
    ids[`reference:${role}`] = booking.booking_reference;
    const payment = await adminClient.rpc('record_payment', { p_booking_id: booking.id, p_amount: 1, p_method: 'cash' });
    expect(payment.error).toBeNull();
    ids[`payment:${role}`] = payment.data.id;
    ids[`refund:${role}`] = await id(
      `insert into public.payments (booking_id, amount, method, status, refund_method, refunded_at) values ($1, 1, 'cash', 'refunded', 'cash', now()) returning id`,
      [booking.id],
    );
    ids[`wishlist:${role}`] = await id(`insert into public.wishlist (user_id, tour_id) values ($1, $2) returning id`, [userId, tour]);
    ids[`message:${role}`] = await id(`insert into public.messages (user_id, thread_id, subject, body) values ($1, gen_random_uuid(), 'Hello', 'Hello') returning id`, [userId]);
    ids[`activity:${role}`] = await id(`insert into public.user_activity_logs (user_id, action) values ($1, 'matrix') returning id`, [userId]);
    for (const tripTour of [travelledTour, reviewedTour]) {
      await server.db.query(`insert into public.bookings (tour_id, user_id, status, adults, total_amount) values ($1, $2, 'completed', 1, 1)`, [tripTour, userId]);
    }
    ids[`review:${role}`] = await id(`insert into public.reviews (tour_id, user_id, rating, title, is_published) values ($1, $2, 4, 'Matrix', $3) returning id`, [
      reviewedTour,
      userId,
      role === 'traveler',
    ]);
    const avatar = await client.storage.from('avatars').upload(`avatars/${userId}-1.png`, png());
    expect(avatar.error).toBeNull();
  }
  for (const role of ['admin', 'agent'] as const) {
    ids[`wishlist:${role}`] = await id(`insert into public.wishlist (user_id, tour_id) values ($1, $2) returning id`, [people[role].userId, tour]);
  }
  // A review nobody but its author and the admins sees.
  await server.db.query(`insert into public.reviews (tour_id, user_id, rating, is_published) values ($1, $2, 3, false)`, [reviewedTour, adminId]);

  // A guest's booking, with the link token of its email; and guest bookings made with each user's address, to claim.
  const guest = await people.anon.client.rpc('create_booking', { p_departure_id: ids.departure, p_adults: 1, p_contact: { full_name: 'Matrix Guest', email: 'matrix-guest@example.com' } });
  expect(guest.error).toBeNull();
  Object.assign(ids, { guestBooking: guest.data.id, guestReference: guest.data.booking_reference, guestEmail: 'matrix-guest@example.com' });
  // Its 'Booking received' email is written first: writing it issues the link's token, which would replace ours.
  await server.platform.jobs.bookingEmails.drain();
  ids.guestToken = (await one<{ token: string }>(`select public.issue_booking_contact_token($1) as token`, [guest.data.id])).token;
  for (const role of ['traveler', 'other', ...staffRoles] as const) {
    const made = await people.anon.client.rpc('create_booking', { p_departure_id: ids.departure, p_adults: 1, p_contact: { full_name: 'Matrix Guest', email: people[role].email } });
    expect(made.error).toBeNull();
    ids[`guestReference:${role}`] = made.data.booking_reference;
  }
  ids.staffBooking = (await adminClient.rpc('create_booking', { p_departure_id: ids.departure, p_adults: 1, p_contact: { full_name: 'Phone Customer', email: 'phone@example.com' } })).data.id;
  ids.partyBooking = (await adminClient.rpc('create_booking', { p_departure_id: ids.departure, p_adults: 1, p_contact: { full_name: 'Party Change', email: 'party@example.com' } })).data.id;
  // Field records: a check-in and an incident on the guide's trip and on the other one.
  ids.otherDepartureBooking = (await adminClient.rpc('create_booking', { p_departure_id: ids.otherDeparture, p_adults: 1, p_contact: { full_name: 'Other Trip', email: 'other-trip@example.com' } })).data.id;
  ids.checkIn = await id(`insert into public.trip_check_ins (client_id, departure_id, booking_id, traveler_index, checked_in_at) values (gen_random_uuid(), $1, $2, 0, now()) returning id`, [ids.departure, ids.staffBooking]);
  await server.db.query(`insert into public.trip_check_ins (client_id, departure_id, booking_id, traveler_index, checked_in_at) values (gen_random_uuid(), $1, $2, 0, now())`, [ids.otherDeparture, ids.otherDepartureBooking]);
  ids.incident = await id(`insert into public.trip_incidents (client_id, departure_id, note, occurred_at) values (gen_random_uuid(), $1, 'Flat tyre', now()) returning id`, [ids.departure]);
  await server.db.query(`insert into public.trip_incidents (client_id, departure_id, note, occurred_at) values (gen_random_uuid(), $1, 'Late pickup', now())`, [ids.otherDeparture]);
  // An invoice issued, so that the probes of booking_invoices aim at a row.
  ids.invoicedBooking = ids['booking:traveler'];
  await server.db.query(`select public.booking_invoice($1)`, [ids.invoicedBooking]);
  ids.bookingNotification = (await one<{ id: string }>(`select id from public.booking_notifications where booking_id = $1 limit 1`, [ids.staffBooking])).id;
  ids.refundDuePayment = await id(`insert into public.payments (booking_id, amount, method, status) values ($1, 5, 'card', 'refund_due') returning id`, [ids['booking:other']]);

  // What only the company sees, so that 'none' means none rather than empty.
  ids.analyticsEvent = await id(`insert into public.analytics_events (name) values ('page_view') returning id`);
  ids.subscriber = await id(`insert into public.newsletter_subscribers (email) values ('matrix-reader@example.com') returning id`);
  ids.enquiry = await id(`insert into public.enquiries (name, email, message) values ('Matrix', 'matrix@example.com', 'Hello') returning id`);
  // Quotes keep their enquiry (a sent quote's enquiry cannot be deleted): theirs is not the one the delete probes aim at.
  ids.quotedEnquiry = await id(`insert into public.enquiries (name, email, message, status) values ('Matrix', 'matrix@example.com', 'A quote please', 'quoted') returning id`);
  const quote = (status: string) =>
    id(
      `insert into public.quotes (enquiry_id, tour_id, title, start_date, valid_until, status, days, lines)
       values ($1, $2, 'Matrix quote', public.company_today() + 90, public.company_today() + 10, $3, '[{"title":"Day one"}]', '[{"label":"Safari","quantity":1,"unit_price":100}]') returning id`,
      [ids.quotedEnquiry, ids.otherTour, status],
    );
  ids.quote = await quote('draft');
  ids.quoteToSend = await quote('sent');
  ids.quoteToSendToken = (await one<{ token: string }>(`select token from public.quotes where id = $1`, [ids.quoteToSend])).token;
  ids.quoteToAcceptToken = (await one<{ token: string }>(`select token from public.quotes where id = $1`, [await quote('sent')])).token;
  ids.quoteForClient = await quote('sent');
  ids.email = await id(`insert into public.email_queue (to_address, subject, body_text, kind) values ('x@example.com', 'x', 'x', 'matrix') returning id`);
  ids.errorReport = await id(
    `insert into public.error_reports (id, message, occurred_at, url, session_id, error_type) values (gen_random_uuid(), 'x', now(), '/', 's', 'Unknown') returning id`,
  );
  ids.feedback = await id(`insert into public.feedback (id, feedback, occurred_at, url, session_id) values (gen_random_uuid(), 'x', now(), '/', 's') returning id`);
  ids.metric = await id(`insert into public.performance_metrics (id, metric, value, occurred_at, url, session_id) values (gen_random_uuid(), 'LCP', 1, now(), '/', 's') returning id`);
  ids.providerEvent = await id(`insert into public.payment_provider_events (id, provider, type) values ('evt_matrix', 'stripe', 'x') returning id`);
  await server.db.query(`select public.hit_rate_limit('booking.requests', 'matrix')`);
  for (const role of roles.filter((role) => role !== 'anon')) {
    ids[`savedView:${role}`] = await id(`insert into public.saved_views (user_id, screen, name) values ($1, 'bookings', 'Unpaid') returning id`, [people[role].userId]);
  }
  ids.failedEmail = await id(`insert into public.email_queue (to_address, subject, body_text, kind, status) values ('x@example.com', 'x', 'x', 'matrix', 'failed') returning id`);
  for (const role of roles.filter((role) => role !== 'anon')) {
    ids[`staffNotification:${role}`] = await id(
      `insert into public.staff_notifications (recipient_id, kind, title, link, record_id) values ($1, 'booking_made', 'Matrix', '/admin', 'matrix') returning id`,
      [people[role].userId],
    );
    await server.db.query(`insert into public.staff_notification_opt_outs (user_id, kind) values ($1, 'email_failed')`, [people[role].userId]);
  }
  ids.auditEntry = (await one<{ id: string }>(`select id::text as id from public.audit_log order by id desc limit 1`)).id;
  // Every destination in the site's order, as reorder_destinations takes them (comma-separated), once all are made.
  ids.destinationOrder = await id(`select string_agg(id::text, ',' order by display_order, name) as id from public.destinations`);
  return { people, ids };
}

beforeAll(async () => {
  server = await startTestServer();
  f = await setUp();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** The permission refusals: Postgres's own (a grant, a policy) and the functions' (raised as 42501). */
const refused = (error: { code?: string } | null) => error?.code === '42501';
const client = (role: Role): SupabaseClient => f.people[role].client;
const firstColumn = async (table: string) =>
  (await one<{ name: string }>(`select attname as name from pg_attribute where attrelid = format('public.%I', $1::text)::regclass and attnum > 0 and not attisdropped order by attnum limit 1`, [table])).name;
const keyColumn = (table: string) => (table === 'cancellation_policy_tiers' ? 'min_days_before' : table === 'rate_limits' || table === 'rate_limit_hits' ? 'rule' : table === 'currency_rates' ? 'currency' : table === 'promo_codes' ? 'code' : table === 'booking_contact_tokens' || table === 'booking_origins' ? 'booking_id' : null);

/** Rows an update or delete changed; a refusal (42501) changed none, any other error is a failure to show. */
const affected = (result: { data: unknown[] | null; error: { code?: string } | null }) => (result.error === null ? result.data!.length : refused(result.error) ? 0 : result.error);

/** A write cell: Y changes the row aimed at, O the role's own row but never the other's, - nothing. */
async function expectWrites(cell: string, write: (whose: Whose) => Promise<{ data: unknown[] | null; error: { code?: string } | null }>) {
  if (cell === 'Y') expect(affected(await write('any'))).toBeGreaterThan(0);
  else if (cell === 'O') {
    expect(affected(await write('own'))).toBeGreaterThan(0);
    expect(affected(await write('others'))).toBe(0);
  } else expect(affected(await write('any'))).toBe(0);
}

describe('the role matrix covers the whole schema', () => {
  it('has an entry for every table and view, and each has row-level security on', async () => {
    const { rows } = await server.db.query<{ name: string; rls: boolean }>(
      `select relname as name, relrowsecurity as rls from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'v', 'm', 'p', 'f') order by 1`,
    );
    expect(rows.map((row) => row.name).filter((name) => !(name in tables)), 'tables without an entry in role-matrix.ts').toEqual([]);
    expect(Object.keys(tables).filter((name) => !rows.some((row) => row.name === name)), 'entries for tables that do not exist').toEqual([]);
    expect(rows.filter((row) => !row.rls).map((row) => row.name), 'tables without row-level security').toEqual([]);
    const storage = await server.db.query<{ name: string }>(`select relname as name from pg_class where relnamespace = 'storage'::regnamespace and relkind = 'r' and not relrowsecurity`);
    expect(storage.rows, 'storage tables without row-level security').toEqual([]);
  });

  it('has an entry for every function', async () => {
    const { rows } = await server.db.query<{ name: string }>(`select distinct proname as name from pg_proc where pronamespace = 'public'::regnamespace order by 1`);
    expect(rows.map((row) => row.name).filter((name) => !(name in functions)), 'functions without an entry in role-matrix.ts').toEqual([]);
    expect(Object.keys(functions).filter((name) => !rows.some((row) => row.name === name)), 'entries for functions that do not exist').toEqual([]);
  });

  it('has an entry for every storage bucket', async () => {
    const { rows } = await server.db.query<{ id: string }>(`select id from storage.buckets order by 1`);
    expect(rows.map((row) => row.id).sort()).toEqual(Object.keys(buckets).sort());
  });
});

describe.each(Object.entries(tables))('table %s', (table, entry) => {
  const target = async (role: Role, whose: Whose) => {
    const [column, value] = entry.target(f, role, whose);
    const exists = await server.db.query(`select 1 from public."${table}" where "${column}"::text = $1`, [value]);
    expect(exists.rows.length, `the probe's row ${column}=${value} exists`).toBeGreaterThan(0);
    return [column, value] as const;
  };
  const patch = () => (typeof entry.patch === 'function' ? entry.patch(f) : entry.patch);

  it.each(roles)('select as %s', async (role) => {
    const cell = entry.cells[role][0];
    const column = await firstColumn(table);
    const seen = await client(role).from(table).select(column, { count: 'exact' }).limit(1);
    const total = Number((await one<{ n: number }>(`select count(*)::int as n from public."${table}"`)).n);
    if (cell === '-') {
      expect(seen.error === null ? seen.count : refused(seen.error) ? 0 : seen.error).toBe(0);
      return;
    }
    expect(seen.error).toBeNull();
    if (cell === 'A') {
      expect(total).toBeGreaterThan(0);
      expect(seen.count).toBe(total);
      return;
    }
    const predicate = entry.visible?.[role] ?? (staffRoles.some((staff) => staff === role) ? entry.visible?.traveler : undefined);
    expect(predicate, `visible rows of ${table} for ${role}`).toBeDefined();
    const expected = Number((await one<{ n: number }>(`select count(*)::int as n from public."${table}" where ${predicate!.replaceAll('$1', '$1::uuid')}`, predicate!.includes('$1') ? [f.people[role].userId] : [])).n);
    expect(expected, 'rows the role sees').toBeGreaterThan(0);
    expect(expected, 'rows the role does not see').toBeLessThan(total);
    expect(seen.count).toBe(expected);
  });

  it.each(roles)('insert as %s', async (role) => {
    const cell = entry.cells[role][1];
    const insert = (whose: Whose) => {
      const rows = client(role).from(table);
      const row = entry.row(f, role, whose);
      return (entry.upsert ? rows.upsert(row, { ignoreDuplicates: true }) : rows.insert(row)).rollback();
    };
    if (cell === 'Y') expect((await insert('any')).error).toBeNull();
    else if (cell === 'O') {
      expect((await insert('own')).error).toBeNull();
      expect((await insert('others')).error?.code).toBe('42501');
    } else expect((await insert('any')).error?.code).toBe('42501');
  });

  it.each(roles)('update as %s', async (role) => {
    const cell = entry.cells[role][2];
    const update = async (whose: Whose) => {
      const [column, value] = await target(role, whose);
      return client(role).from(table).update(patch()).eq(column, value).select(keyColumn(table) ?? column).rollback();
    };
    await expectWrites(cell, update);
  });

  it.each(roles)('delete as %s', async (role) => {
    const cell = entry.cells[role][3];
    const remove = async (whose: Whose) => {
      const [column, value] = await target(role, whose);
      return client(role).from(table).delete().eq(column, value).select(keyColumn(table) ?? column).rollback();
    };
    await expectWrites(cell, remove);
  });
});

describe.each(Object.entries(functions))('function %s', (name, entry) => {
  /** Null for every argument: enough to be refused, for functions nobody may call. */
  const nulls = async () => {
    const { rows } = await server.db.query<{ names: string[] | null; modes: string[] | null }>(
      // "char"[] is not parsed by node-postgres (PGlite parses it): as text[], both give an array.
      `select proargnames as names, proargmodes::text[] as modes from pg_proc where proname = $1 and pronamespace = 'public'::regnamespace`,
      [name],
    );
    const { names, modes } = rows[0];
    return Object.fromEntries((names ?? []).filter((_, i) => !modes || modes[i] === 'i' || modes[i] === 'b').map((arg) => [arg, null]));
  };
  const call = async (role: Role, whose: Whose, valid = true) => client(role).rpc(name, valid && entry.args ? entry.args(f, role, whose) : await nulls()).rollback();

  it.each(roles)('as %s', async (role) => {
    const cell = entry.cells[role];
    if (cell === 'Y') {
      const { error } = await call(role, 'any');
      expect(error).toBeNull();
    } else if (cell === 'O') {
      expect((await call(role, 'own')).error).toBeNull();
      // Another's record is refused, or not found at all.
      expect(['42501', 'PT404']).toContain((await call(role, 'others')).error?.code);
    } else {
      expect((await call(role, 'any', false)).error?.code).toBe('42501');
    }
  });
});

describe.each(Object.entries(buckets))('bucket %s', (bucket, cells) => {
  /** A path of the role's own (an avatar under their id) or another's; media has no owners. */
  const path = (role: Role, whose: Whose) =>
    bucket === 'avatars' ? `avatars/${f.people[ownerOf(role, whose)].userId}-${Date.now()}${Math.floor(Math.random() * 1000)}.png` : `matrix/${randomUUID()}.png`;
  const existing = async (role: Role, whose: Whose) =>
    bucket === 'avatars'
      ? `avatars/${f.people[ownerOf(role, whose)].userId}-1.png`
      : (await one<{ name: string }>(`select name from storage.objects where bucket_id = 'media' order by name limit 1`)).name;
  const stored = async (name: string) => (await server.db.query(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [bucket, name])).rows.length > 0;
  const storage = (role: Role) => client(role).storage.from(bucket);

  it.each(roles)('list as %s', async (role) => {
    const cell = cells[role][0];
    const folder = bucket === 'avatars' ? 'avatars' : (await existing(role, 'any')).split('/')[0];
    const { data, error } = await storage(role).list(folder, { limit: 1000 });
    expect(error).toBeNull();
    const listed = (data ?? []).filter((entry) => entry.id !== null).map((entry) => `${folder}/${entry.name}`);
    const { rows } = await server.db.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name like $2 || '/%' and name not like $2 || '/%/%'`, [bucket, folder]);
    const all = rows.map((row) => row.name).sort();
    if (cell === 'A') expect(listed.sort()).toEqual(all);
    else if (cell === 'O') expect(listed.sort()).toEqual(all.filter((name) => name.startsWith(`avatars/${f.people[role].userId}-`)));
    else expect(listed).toEqual([]);
    if (cell !== 'A') expect(all.length).toBeGreaterThan(listed.length);
  });

  /** Whose objects a role's probes aim at: any, for a visitor and for those who may upload anywhere; else their own. */
  const ownerFor = (role: Role): Whose => (role === 'anon' || cells[role][2] === 'Y' ? 'any' : 'own');

  it.each(roles)('download by public address as %s', async (role) => {
    expect(cells[role][1]).toBe('A');
    const { publicUrl } = storage(role).getPublicUrl(await existing(role, ownerFor(role))).data;
    expect((await fetch(publicUrl)).status).toBe(200);
  });

  it.each(roles)('upload, replace and remove as %s', async (role) => {
    const [, , upload, replace, remove] = cells[role];
    const owner = ownerFor(role);
    // Upload a new object: one of the role's own (O), or any (Y); a refusal stores nothing.
    if (upload === '-') {
      const name = path(role, owner);
      expect((await storage(role).upload(name, png())).error).not.toBeNull();
      expect(await stored(name)).toBe(false);
    } else {
      const name = path(role, upload === 'O' ? 'own' : 'any');
      expect((await storage(role).upload(name, png())).error).toBeNull();
      if (upload === 'O') {
        const others = path(role, 'others');
        expect((await storage(role).upload(others, png())).error).not.toBeNull();
        expect(await stored(others)).toBe(false);
      }
      // Remove what was just stored, when the role may; the cell says whether it may.
      if (remove !== '-') {
        expect((await storage(role).remove([name])).error).toBeNull();
        expect(await stored(name)).toBe(false);
      }
    }
    // Replace an existing object (upsert).
    const existingName = await existing(role, owner === 'any' ? 'any' : 'own');
    const replaced = await storage(role).upload(existingName, png(), { upsert: true });
    if (replace === '-') expect(replaced.error).not.toBeNull();
    else expect(replaced.error).toBeNull();
    if (replace === 'O') {
      expect((await storage(role).upload(await existing(role, 'others'), png(), { upsert: true })).error).not.toBeNull();
    }
    // Remove another's object: refused (nothing removed) unless the role may remove any.
    const theirs = await existing(role, 'others');
    // Put back what an earlier role's probe removed.
    expect((await server.service().storage.from(bucket).upload(theirs, png(), { upsert: true })).error).toBeNull();
    await storage(role).remove([theirs]);
    expect(await stored(theirs)).toBe(remove !== 'Y');
  });
});

// Every staff write is recorded: for each table a staff role may write any row of (a Y cell), that
// write, made for real as that role, leaves an audit row naming them. A table staff can write without
// an audit trigger fails here. Run last: these writes are not rolled back.
const auditedWrites = Object.entries(tables).flatMap(([table, entry]) => {
  const writer = staffRoles.find((role) => /Y/.test(entry.cells[role].slice(1)));
  return writer ? [[table, writer] as const] : [];
});

describe.each(auditedWrites)('writes to %s by %s', (table, role) => {
  it('leave an audit row naming who made them', async () => {
    const entry = tables[table];
    const [, insert, update, remove] = entry.cells[role];
    const actor = f.people[role].userId!;
    const count = async () => (await one<{ n: number }>(`select count(*)::int as n from public.audit_log where table_name = $1 and actor_id = $2`, [table, actor])).n;
    const before = await count();
    const rows = () => client(role).from(table);
    // The first write the role may make that changes something (some patches rewrite a link as it is).
    if (update === 'Y') {
      const [column, value] = entry.target(f, role, 'any');
      const patch = typeof entry.patch === 'function' ? entry.patch(f) : entry.patch;
      expect((await rows().update(patch).eq(column, value)).error).toBeNull();
    }
    if (insert === 'Y' && (await count()) === before) {
      expect((await rows().insert(entry.row(f, role, 'any'))).error).toBeNull();
    }
    if (remove === 'Y' && (await count()) === before) {
      const [column, value] = entry.target(f, role, 'any');
      expect((await rows().delete().eq(column, value)).error).toBeNull();
    }
    expect(await count()).toBeGreaterThan(before);
  });
});

it('the media bucket’s files are audited however they are written', async () => {
  const count = async () => (await one<{ n: number }>(`select count(*)::int as n from public.audit_log where table_name = 'objects' and actor_id = $1`, [f.people.admin.userId])).n;
  const before = await count();
  const name = `matrix/${randomUUID()}.png`;
  expect((await client('admin').storage.from('media').upload(name, png())).error).toBeNull();
  expect((await client('admin').storage.from('media').remove([name])).error).toBeNull();
  expect(await count()).toBe(before + 2);
});
