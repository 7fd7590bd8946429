import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCsv, exportFile, exportLinksSelect, exportSelect, guessMapping, parseCsv, planFromCsv, type CatalogueFacts, type ExportLinkRow, type ExportRow, type TransferFile, type TransferTour } from '../../src/features/admin/catalogue/transfer.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Tours out of the catalogue and back in, as the editor's import screen does it through supabase-js:
 * an export (JSON, or CSV read back with its columns guessed and every row checked) imported into
 * an empty catalogue with import_tours() gives the same catalogue; an import is all or nothing, adds
 * tours and never overwrites one; only catalogue editors import; and the departures it makes start
 * with no seat sold.
 */
let server: TestServer;
let editor: SupabaseClient;
let agent: SupabaseClient;
let traveler: SupabaseClient;

const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows[0];
const rows = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows;
const slug = (name: string) => `transfer-${name}-${randomUUID().slice(0, 8)}`;


/** The catalogue as the editor exports it. */
async function exported(): Promise<TransferFile> {
  const { data, error } = await editor.from('tours').select(exportSelect).order('slug').overrideTypes<ExportRow[], { merge: false }>();
  expect(error).toBeNull();
  const links = await editor.from('tours').select(exportLinksSelect).overrideTypes<ExportLinkRow[], { merge: false }>();
  expect(links.error).toBeNull();
  return exportFile(data!, links.data!);
}

/** What the import screen checks a file against, read as the editor reads it. */
async function facts(): Promise<CatalogueFacts> {
  const answers = await Promise.all(['tours', 'tour_slug_redirects', 'categories', 'destinations', 'experiences', 'activities'].map((table) => editor.from(table).select('slug')));
  for (const answer of answers) expect(answer.error).toBeNull();
  const [tours, redirects, categories, destinations, experiences, activities] = answers.map((answer) => new Set((answer.data as { slug: string }[]).map((row) => row.slug)));
  return { existingSlugs: new Set([...tours, ...redirects]), categories, destinations, experiences, activities };
}

/**
 * An empty catalogue in this server's own copy of the database, as its owner: every tour, and with
 * them (cascading) what refers to them: their parts, bookings and what hangs on those, reviews,
 * wishlists, quotes. The audit log refers to nothing and is kept.
 */
async function emptyCatalogue() {
  await server.db.query(`truncate public.tours cascade`);
  expect(await rows(`select 1 from public.tours`)).toEqual([]);
}

const counts = () =>
  one<Record<string, number>>(
    `select (select count(*) from public.tours)::int as tours, (select count(*) from public.tour_departures)::int as departures,
            (select count(*) from public.tour_itinerary)::int as days, (select count(*) from public.tour_extras)::int as extras`,
  );

/** A small tour of the import's format, its parts as given. */
const tour = (name: string, fields: Partial<TransferTour> = {}) => ({ slug: slug(name), title: `Transfer ${name}`, base_price: 1800, status: 'draft', ...fields });

/**
 * A tour using every field and part the format has, in the export's order, with what a CSV must
 * quote (commas, quotes, lines), nulls and defaults left out of the seed, and a cancelled departure.
 */
const rich = (destination: string, other: string): TransferTour => ({
  slug: slug('rich'),
  title: 'Ruaha, "walking" & the Selous',
  status: 'draft',
  category: null,
  destinations: [other, destination],
  experiences: [],
  activities: [],
  summary: 'Two lines:\nwalking, then boating',
  description: 'A "quoted" word, a comma, and\n\na paragraph.',
  base_price: 1234.5,
  currency: 'USD',
  child_price: null,
  child_age_limit: 10,
  single_supplement: 0,
  duration_days: 3,
  duration_nights: 2,
  group_size_min: 2,
  group_size_max: null,
  min_age: 8,
  difficulty: 'challenging',
  best_season: null,
  start_location: 'Iringa',
  end_location: null,
  highlights: ['On foot, with a ranger', 'A "fly" camp'],
  included: [],
  excluded: ['Flights'],
  hero_image_url: null,
  gallery: [{ url: '/storage/v1/object/public/media/tours/a.svg', alt: 'A lion, resting' }],
  is_featured: false,
  is_private: true,
  passport_required: true,
  meta_title: null,
  meta_description: 'Walk, boat, rest',
  itinerary: [
    { day_number: 1, title: 'Fly in', description: null, destination, location: 'Msembe', accommodation: 'Fly camp', room_basis: 'Full board', meals: ['Breakfast', 'Dinner'], activities: ['Walk', 'Sundowner, by the river'], travel_mode: 'flight', travel_minutes: 90 },
    { day_number: 2, title: 'On foot', description: 'All day', destination: null, location: null, accommodation: null, room_basis: null, meals: [], activities: [], travel_mode: null, travel_minutes: null },
    { day_number: 3, title: 'Out', description: null, destination: other, location: null, accommodation: null, room_basis: null, meals: ['Lunch'], activities: [], travel_mode: 'boat', travel_minutes: 0 },
  ],
  departures: [
    { start_date: '2031-02-01', end_date: '2031-02-03', capacity: 2, status: 'open', price_override: null, child_price_override: null, guaranteed_threshold: null, season: null, notes: null },
    { start_date: '2031-02-01', end_date: '2031-02-03', capacity: 9, status: 'cancelled', price_override: 999.99, child_price_override: 0, guaranteed_threshold: 3, season: 'Green', notes: 'Rain:\nroads closed' },
    { start_date: '2031-05-10', end_date: '2031-05-12', capacity: 12, status: 'open', price_override: 1500, child_price_override: 750.5, guaranteed_threshold: 12, season: 'High', notes: null },
  ],
  seasons: [
    { name: 'Green', starts_on: '2031-01-01', ends_on: '2031-03-31', adult_price: 1100.25, child_price: null },
    { name: 'High', starts_on: '2031-04-01', ends_on: '2031-10-31', adult_price: null, child_price: 600 },
  ],
  group_discounts: [
    { min_travelers: 4, percent: 7.5 },
    { min_travelers: 8, percent: 12 },
  ],
  extras: [
    { code: 'balloon', name: 'Balloon, at dawn', description: null, unit: 'per_person', price: 599, is_active: true, display_order: 0 },
    { code: 'private-vehicle', name: 'Private vehicle', description: 'For the "whole" group', unit: 'per_booking', price: 0, is_active: false, display_order: 3 },
  ],
});

beforeAll(async () => {
  server = await startTestServer();
  editor = (await server.staff('editor')).client;
  agent = (await server.staff('agent')).client;
  traveler = (await server.traveler({ fullName: 'Transfer traveler' })).client;
});

afterAll(async () => {
  await server?.close();
});

describe('export and import', () => {
  it('gives a tour back as it was imported, every field and part of it', async () => {
    const [first, second] = (await rows<{ slug: string }>(`select slug from public.destinations order by slug limit 2`)).map((row) => row.slug);
    const given = rich(first, second);
    const { data, error } = await editor.rpc('import_tours', { p_tours: [given, { ...given, slug: `${given.slug}-archived`, status: 'archived', is_private: false, category: 'cultural' }] });
    expect(error).toBeNull();
    expect(data).toBe(2);
    const back = (await exported()).tours.filter((t) => t.slug.startsWith(given.slug));
    expect(back).toEqual([given, { ...given, slug: `${given.slug}-archived`, status: 'archived', is_private: false, category: 'cultural' }]);
  });

  it('gives the same catalogue back: JSON, then CSV through the import screen’s checks', async () => {
    // A private trip's departure, which belongs to its booking and not to the catalogue: left out.
    const privateTrip = await one<{ id: string }>(
      `insert into public.tour_departures (tour_id, start_date, end_date, capacity, is_private)
       select id, date '2032-01-10', date '2032-01-10' + duration_days - 1, 4, true from public.tours order by slug limit 1 returning id`,
    );
    const original = await exported();
    expect(original.tours.flatMap((t) => t.departures).some((d) => d.start_date === '2032-01-10')).toBe(false);
    // The seeded catalogue, with its parts: the round trip proves something only if there is something to carry.
    expect(original.tours.length).toBeGreaterThan(1);
    for (const part of ['itinerary', 'departures', 'seasons', 'group_discounts', 'extras', 'destinations'] as const) {
      expect(original.tours.some((t) => t[part].length > 0), part).toBe(true);
    }
    expect(new Set(original.tours.map((t) => t.passport_required))).toEqual(new Set([true, false]));
    const sold = await one<{ seats: number }>(`select coalesce(sum(seats_booked), 0)::int as seats from public.tour_departures where not is_private`);

    // JSON: the file's tours as they are.
    await emptyCatalogue();
    const json = await editor.rpc('import_tours', { p_tours: JSON.parse(JSON.stringify(original)).tours });
    expect(json.error).toBeNull();
    expect(json.data).toBe(original.tours.length);
    expect(await exported()).toEqual(original);
    // Private departures stay out of an export, and no seat comes back sold.
    expect(await rows(`select 1 from public.tour_departures where is_private or seats_booked <> 0 or id = $1`, [privateTrip.id])).toEqual([]);
    expect(sold.seats).toBeGreaterThan(0);

    // CSV: written, read back, its columns guessed and every row checked against the (empty) catalogue.
    const csv = parseCsv(exportCsv(original));
    const mapping = guessMapping(csv.headers);
    await emptyCatalogue();
    const known = await facts();
    expect(known.existingSlugs.size).toBe(0);
    const plan = planFromCsv(csv, mapping, known);
    expect(plan.problems).toEqual([]);
    expect(plan.tours).toEqual(original.tours);
    const fromCsv = await editor.rpc('import_tours', { p_tours: plan.tours });
    expect(fromCsv.error).toBeNull();
    expect(fromCsv.data).toBe(original.tours.length);
    expect(await exported()).toEqual(original);
  });
});

describe('import_tours, all or nothing', () => {
  it('keeps whether travelers need a passport, and a file without it means they do not', async () => {
    const needed = tour('passport', { passport_required: true });
    const older = tour('no-passport');
    const { error } = await editor.rpc('import_tours', { p_tours: [needed, older] });
    expect(error).toBeNull();
    expect(await rows(`select slug, passport_required from public.tours where slug in ($1, $2) order by passport_required desc`, [needed.slug, older.slug])).toEqual([
      { slug: needed.slug, passport_required: true },
      { slug: older.slug, passport_required: false },
    ]);
  });

  it('refuses a tour naming a category that does not exist, and writes none of the file', async () => {
    const before = await counts();
    const first = tour('first', { departures: [{ start_date: '2031-03-01', end_date: '2031-03-07', capacity: 8, status: 'open' }] } as Partial<TransferTour>);
    const second = tour('second', { category: 'no-such-category' });
    const { data, error } = await editor.rpc('import_tours', { p_tours: [first, second] });
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '23503', hint: `tour:${second.slug}:category` });
    expect(await rows(`select 1 from public.tours where slug in ($1, $2)`, [first.slug, second.slug])).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a slug already in the catalogue: an import never overwrites a tour', async () => {
    const taken = tour('taken', { summary: 'The first' });
    expect((await editor.rpc('import_tours', { p_tours: [taken] })).error).toBeNull();
    const fresh = tour('fresh');
    const { error } = await editor.rpc('import_tours', { p_tours: [fresh, { ...taken, summary: 'The second' }] });
    expect(error).toMatchObject({ code: '23505', hint: `tour:${taken.slug}:slug` });
    expect(await rows(`select summary from public.tours where slug = $1`, [taken.slug])).toEqual([{ summary: 'The first' }]);
    expect(await rows(`select 1 from public.tours where slug = $1`, [fresh.slug])).toEqual([]);
  });

  it('refuses a file with no tour in it', async () => {
    for (const empty of [[], { tours: [] }, null]) {
      const { error } = await editor.rpc('import_tours', { p_tours: empty });
      expect(error, JSON.stringify(empty)).toMatchObject({ code: '22023', message: 'The file holds no tour' });
    }
  });

  it('writes at most 2,000 rows at once, and counts every import against its person’s hourly limit, refused ones too', async () => {
    const before = await counts();
    const departures = Array.from({ length: 1_000 }, (_, i) => {
      const day = new Date(Date.UTC(2032, 0, 1 + i * 2)).toISOString().slice(0, 10);
      return { start_date: day, end_date: day, capacity: 8 };
    });
    const big = [tour('big-a', { departures } as unknown as Partial<TransferTour>), tour('big-b', { departures } as unknown as Partial<TransferTour>)];
    const { error } = await editor.rpc('import_tours', { p_tours: big });
    expect(error).toMatchObject({ code: '54000', message: 'At most 2,000 rows (tours, days, departures, seasons, discounts, extras and links) are imported at once: split the file' });
    expect(await counts()).toEqual(before);

    await server.setRateLimit('catalogue.imports', 2);
    try {
      const editorId = (await editor.auth.getUser()).data.user!.id;
      await server.db.query(`delete from public.rate_limit_hits where rule = 'catalogue.imports' and subject = $1`, [editorId]);
      expect((await editor.rpc('import_tours', { p_tours: [tour('limited-a')] })).error).toBeNull();
      expect((await editor.rpc('import_tours', { p_tours: [{ slug: '' }] })).error?.code).not.toBe('PT429');
      const third = await editor.rpc('import_tours', { p_tours: [tour('limited-b')] });
      expect(third.error).toMatchObject({ code: 'PT429' });
      expect(third.error?.message).toMatch(/catalogue imports by this person/);
    } finally {
      await server.setRateLimit('catalogue.imports', 20_000);
    }
  });

  it('is the catalogue editors’: an agent and a traveler are refused, and nothing is written', async () => {
    const before = await counts();
    for (const client of [agent, traveler]) {
      const attempt = tour('refused');
      const { data, error } = await client.rpc('import_tours', { p_tours: [attempt] });
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: '42501' });
      expect(await rows(`select 1 from public.tours where slug = $1`, [attempt.slug])).toEqual([]);
    }
    expect(await counts()).toEqual(before);
  });

  it('makes departures with no seat sold, open unless the file cancels them', async () => {
    const imported = tour('departures', {
      duration_days: 5,
      duration_nights: 4,
      departures: [
        { start_date: '2031-06-01', end_date: '2031-06-05', capacity: 10, status: 'open', guaranteed_threshold: 4, price_override: 2100, child_price_override: null, season: 'High', notes: 'Full moon' },
        // A status of the seats in the file (a full departure elsewhere) is not carried: it is open here.
        { start_date: '2031-07-01', end_date: '2031-07-05', capacity: 6, status: 'sold_out', seats_booked: 6 },
        { start_date: '2031-08-01', end_date: '2031-08-05', capacity: 8, status: 'cancelled' },
        // Seats decide the rest of a departure's status: two seats or fewer left is limited, even with none sold.
        { start_date: '2031-09-01', end_date: '2031-09-05', capacity: 2, status: 'open' },
      ],
    } as unknown as Partial<TransferTour>);
    const { data, error } = await editor.rpc('import_tours', { p_tours: [imported] });
    expect(error).toBeNull();
    expect(data).toBe(1);
    expect(
      await rows(
        `select d.start_date::text, d.end_date::text, d.capacity, d.seats_booked, d.status, d.is_private, d.guaranteed_threshold, d.price_override::float8 as price_override, d.season, d.notes
           from public.tour_departures d join public.tours t on t.id = d.tour_id where t.slug = $1 order by d.start_date`,
        [imported.slug],
      ),
    ).toEqual([
      { start_date: '2031-06-01', end_date: '2031-06-05', capacity: 10, seats_booked: 0, status: 'open', is_private: false, guaranteed_threshold: 4, price_override: 2100, season: 'High', notes: 'Full moon' },
      { start_date: '2031-07-01', end_date: '2031-07-05', capacity: 6, seats_booked: 0, status: 'open', is_private: false, guaranteed_threshold: null, price_override: null, season: null, notes: null },
      { start_date: '2031-08-01', end_date: '2031-08-05', capacity: 8, seats_booked: 0, status: 'cancelled', is_private: false, guaranteed_threshold: null, price_override: null, season: null, notes: null },
      { start_date: '2031-09-01', end_date: '2031-09-05', capacity: 2, seats_booked: 0, status: 'limited', is_private: false, guaranteed_threshold: null, price_override: null, season: null, notes: null },
    ]);
  });
});
