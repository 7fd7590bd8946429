import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The tour studio's rules, as the editor's screens call them through supabase-js:
 * save_tour_itinerary() saves a tour's days at once (reordered in place, the tour's length kept in
 * step, only what changed audited); check_tour refuses a tour's fields in words with the field in
 * the hint, and a slug a tour leaves is kept as a redirect (keep_tour_slug); add_tour_departures()
 * adds a series of departures all or nothing, priced by the season windows; duplicate_tour() copies
 * a tour as a draft; and every write to what the public pages show moves public_pages_changes.
 */
let server: TestServer;
let editor: SupabaseClient;
let agent: SupabaseClient;

const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows[0];
const rows = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows;
/** A day from the company's today: Africa/Dar_es_Salaam's date, which "today or earlier" reads. */
const day = async (offset: number) => (await one<{ day: string }>(`select ((now() at time zone public.company_time_zone())::date + $1::int)::text as day`, [offset])).day;
const slug = (name: string) => `studio-${name}-${randomUUID().slice(0, 8)}`;

/** A tour made as the database's owner, a draft unless said otherwise. */
async function newTour(options: { status?: 'draft' | 'active'; days?: number; name?: string } = {}) {
  const days = options.days ?? 7;
  return one<{ id: string; slug: string; title: string }>(
    `insert into public.tours (slug, title, status, base_price, duration_days, duration_nights) values ($1, $2, $3, 1500, $4, $4 - 1) returning id, slug, title`,
    [slug(options.name ?? 'tour'), `Studio ${options.name ?? 'tour'}`, options.status ?? 'draft', days],
  );
}

/** The newest audit row's id: rows written after it are the change's. */
const lastAudit = async () => Number((await one<{ id: string }>(`select coalesce(max(id), 0)::text as id from public.audit_log`)).id);


beforeAll(async () => {
  server = await startTestServer();
  editor = (await server.staff('editor')).client;
  agent = (await server.staff('agent')).client;
});

afterAll(async () => {
  await server?.close();
});

describe('save_tour_itinerary', () => {
  const days = (tourId: string) =>
    rows<{ id: string; day_number: number; title: string; location: string | null; meals: string[]; activities: string[]; travel_mode: string | null; travel_minutes: number | null; destination_id: string | null }>(
      `select id, day_number, title, location, meals, activities, travel_mode, travel_minutes, destination_id from public.tour_itinerary where tour_id = $1 order by day_number`,
      [tourId],
    );
  const length = (tourId: string) => one<{ duration_days: number; duration_nights: number }>(`select duration_days, duration_nights from public.tours where id = $1`, [tourId]);
  /** The days as the editor's screen reads them back, to send again. */
  const asSent = async (tourId: string) =>
    (
      await editor
        .from('tour_itinerary')
        .select('id, title, description, destination_id, location, accommodation, room_basis, meals, activities, travel_mode, travel_minutes')
        .eq('tour_id', tourId)
        .order('day_number')
    ).data!;

  it('saves the days in their order, and the tour lasts as many days as it has, a night fewer', async () => {
    const tour = await newTour();
    const destination = (await one<{ id: string }>(`select id from public.destinations order by slug limit 1`)).id;
    const { data, error } = await editor.rpc('save_tour_itinerary', {
      p_tour_id: tour.id,
      p_days: [
        { title: ' Arrival in Arusha ', location: 'Arusha', destination_id: destination, meals: ['dinner'], activities: [' Briefing ', ''], travel_mode: 'drive', travel_minutes: 45 },
        { title: 'Tarangire', meals: ['breakfast', 'lunch', 'dinner'] },
        { title: 'Ngorongoro Crater' },
      ],
    });
    expect(error).toBeNull();
    const saved = await days(tour.id);
    // The days' ids in their order: the editor learns those of the days it added.
    expect(data).toEqual(saved.map((d) => d.id));
    expect(saved.map((d) => [d.day_number, d.title])).toEqual([
      [1, 'Arrival in Arusha'],
      [2, 'Tarangire'],
      [3, 'Ngorongoro Crater'],
    ]);
    expect(saved[0]).toMatchObject({ location: 'Arusha', destination_id: destination, meals: ['dinner'], activities: ['Briefing'], travel_mode: 'drive', travel_minutes: 45 });
    expect(saved[2]).toMatchObject({ location: null, meals: [], activities: [], travel_mode: null, travel_minutes: null });
    expect(await length(tour.id)).toEqual({ duration_days: 3, duration_nights: 2 });
  });

  it('reorders days in place (their ids kept, day numbers swapped), removes a day left out, and audits only what changed', async () => {
    const tour = await newTour();
    expect((await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: [{ title: 'Serengeti' }, { title: 'Ndutu' }, { title: 'Lake Natron' }] })).error).toBeNull();
    const [first, second, third] = await asSent(tour.id);

    // Swap the first two: both keep their ids, under the unique (tour, day) checked at commit.
    const before = await lastAudit();
    const swapped = await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: [second, first, third] });
    expect(swapped.error).toBeNull();
    expect(swapped.data).toEqual([second.id, first.id, third.id]);
    expect((await days(tour.id)).map((d) => [d.id, d.day_number, d.title])).toEqual([
      [second.id, 1, 'Ndutu'],
      [first.id, 2, 'Serengeti'],
      [third.id, 3, 'Lake Natron'],
    ]);
    // Two days changed their number; the third, saved as it was, and the tour's length did not change.
    const audited = await rows<{ table_name: string; record_id: string; action: string; new_values: Record<string, unknown> }>(
      `select table_name, record_id, action, new_values from public.audit_log where id > $1 and table_name in ('tour_itinerary', 'tours') order by id`,
      [before],
    );
    expect(audited.map((row) => [row.record_id, row.action, row.new_values]).sort()).toEqual(
      [
        [second.id, 'update', { day_number: 1 }],
        [first.id, 'update', { day_number: 2 }],
      ].sort(),
    );

    // Saved again unchanged: nothing at all is audited.
    const unchanged = await lastAudit();
    expect((await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: await asSent(tour.id) })).error).toBeNull();
    expect(await rows(`select 1 from public.audit_log where id > $1 and table_name in ('tour_itinerary', 'tours')`, [unchanged])).toEqual([]);

    // The last day left out is removed, and the tour is a day shorter.
    const removing = await lastAudit();
    const kept = (await asSent(tour.id)).slice(0, 2);
    expect((await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: kept })).data).toEqual([second.id, first.id]);
    expect((await days(tour.id)).map((d) => d.id)).toEqual([second.id, first.id]);
    expect(await length(tour.id)).toEqual({ duration_days: 2, duration_nights: 1 });
    const removed = await rows<{ table_name: string; record_id: string; action: string }>(
      `select table_name, record_id, action from public.audit_log where id > $1 and table_name in ('tour_itinerary', 'tours') order by id`,
      [removing],
    );
    expect(removed).toEqual([
      { table_name: 'tour_itinerary', record_id: third.id, action: 'delete' },
      { table_name: 'tours', record_id: tour.id, action: 'update' },
    ]);
  });

  it('refuses a day without a title naming the day, and changes nothing', async () => {
    const tour = await newTour();
    await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: [{ title: 'Arusha' }] });
    const before = await days(tour.id);
    const { error } = await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: [{ ...before[0], title: 'Arusha, renamed' }, { title: '   ' }] });
    expect(error).toMatchObject({ code: '23514', hint: 'day:2:title' });
    expect(error!.message).toBe('Give day 2 a title, up to 120 characters');
    expect(await days(tour.id)).toEqual(before);

    const slow = await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: [{ title: 'Long drive', travel_minutes: 1441 }] });
    expect(slow.error).toMatchObject({ code: '23514', hint: 'day:1:travel_minutes' });
    expect(await days(tour.id)).toEqual(before);
  });

  it('refuses a day sent twice, which would leave a day without its number', async () => {
    const tour = await newTour();
    await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: [{ title: 'Arusha' }, { title: 'Tarangire' }] });
    const before = await days(tour.id);
    const [first] = await asSent(tour.id);
    const { error } = await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: [first, { ...first, title: 'Arusha again' }] });
    expect(error).toMatchObject({ code: '22023', hint: 'day:2' });
    expect(await days(tour.id)).toEqual(before);
  });

  it('refuses more than 60 days', async () => {
    const tour = await newTour();
    const { error } = await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: Array.from({ length: 61 }, (_, i) => ({ title: `Day ${i + 1}` })) });
    expect(error).toMatchObject({ code: '23514', hint: 'days' });
    expect(await days(tour.id)).toEqual([]);
    expect((await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: Array.from({ length: 60 }, (_, i) => ({ title: `Day ${i + 1}` })) })).data).toHaveLength(60);
    expect(await length(tour.id)).toEqual({ duration_days: 60, duration_nights: 59 });
  });

  it('is for catalogue editors: an agent is refused and nothing changes', async () => {
    const tour = await newTour();
    await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: [{ title: 'Arusha' }, { title: 'Tarangire' }] });
    const before = await days(tour.id);
    expect((await agent.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: [{ title: 'Agent’s day' }] })).error?.code).toBe('42501');
    expect((await server.client().rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: [{ title: 'Visitor’s day' }] })).error?.code).toBe('42501');
    expect(await days(tour.id)).toEqual(before);
    expect(await length(tour.id)).toEqual({ duration_days: 2, duration_nights: 1 });
  });
});

describe('a tour’s fields and its address', () => {
  const update = (tourId: string, patch: Record<string, unknown>) => editor.from('tours').update(patch).eq('id', tourId).select('slug');
  const redirects = (tourId: string) => rows<{ slug: string }>(`select slug from public.tour_slug_redirects where tour_id = $1 order by slug`, [tourId]);

  it('refuses another tour’s address, a price below zero and an address that is not one, in words with the field', async () => {
    const [tour, other] = [await newTour(), await newTour()];
    const taken = await update(other.id, { slug: tour.slug });
    expect(taken.error).toMatchObject({ code: '23505', hint: 'slug' });
    expect(taken.error!.message).toBe(`Another tour has the address ${tour.slug}`);
    const added = await editor.from('tours').insert({ slug: tour.slug, title: 'Copycat', base_price: 10 });
    expect(added.error).toMatchObject({ code: '23505', hint: 'slug' });

    const price = await update(tour.id, { base_price: -1 });
    expect(price.error).toMatchObject({ code: '23514', hint: 'base_price' });
    expect(price.error!.message).toBe('Prices cannot be below zero');
    expect((await update(tour.id, { child_price: -5 })).error).toMatchObject({ code: '23514', hint: 'child_price' });

    for (const bad of ['two--dashes', 'safari tour', '-leading', 'x'.repeat(81)]) {
      expect((await update(tour.id, { slug: bad })).error, bad).toMatchObject({ code: '23514', hint: 'slug' });
    }
    expect((await update(tour.id, { title: '  ' })).error).toMatchObject({ code: '23514', hint: 'title' });
    expect((await update(tour.id, { duration_days: 2, duration_nights: 3 })).error).toMatchObject({ code: '23514', hint: 'duration_nights' });
    // Spaces and capitals are tidied rather than refused.
    expect((await update(tour.id, { slug: ` ${tour.slug.toUpperCase()} ` })).data).toEqual([{ slug: tour.slug }]);
    expect(await one(`select slug, base_price::float as base_price from public.tours where id = $1`, [tour.id])).toEqual({ slug: tour.slug, base_price: 1500 });
    expect(await redirects(tour.id)).toEqual([]);
  });

  it('keeps the address a tour leaves, which no other tour may take, and gives it back when the tour takes it again', async () => {
    const [tour, other] = [await newTour({ status: 'active' }), await newTour()];
    const renamed = slug('renamed');
    expect((await update(tour.id, { slug: renamed })).error).toBeNull();
    expect(await redirects(tour.id)).toEqual([{ slug: tour.slug }]);

    const refused = await update(other.id, { slug: tour.slug });
    expect(refused.error).toMatchObject({ code: '23505', hint: 'slug' });
    expect(refused.error!.message).toBe(`The address ${tour.slug} was another tour’s and still leads to it`);
    expect((await editor.from('tours').insert({ slug: tour.slug, title: 'Copycat', base_price: 10 })).error).toMatchObject({ code: '23505', hint: 'slug' });

    // Back to the first address: its redirect goes, the one it leaves is kept.
    expect((await update(tour.id, { slug: tour.slug })).error).toBeNull();
    expect(await redirects(tour.id)).toEqual([{ slug: renamed }]);
    // A change of anything else keeps no address.
    expect((await update(tour.id, { summary: 'Five days in the north' })).error).toBeNull();
    expect(await redirects(tour.id)).toEqual([{ slug: renamed }]);
  });

  it('shows visitors the old addresses of listed tours only; staff see all; nobody writes them', async () => {
    const [listed, draft] = [await newTour({ status: 'active' }), await newTour()];
    for (const tour of [listed, draft]) expect((await update(tour.id, { slug: slug('moved') })).error).toBeNull();
    const visitor = server.client();
    expect((await visitor.from('tour_slug_redirects').select('slug, tour_id').eq('slug', listed.slug)).data).toEqual([{ slug: listed.slug, tour_id: listed.id }]);
    expect((await visitor.from('tour_slug_redirects').select('slug').eq('slug', draft.slug)).data).toEqual([]);
    expect((await editor.from('tour_slug_redirects').select('slug').eq('slug', draft.slug)).data).toEqual([{ slug: draft.slug }]);
    expect((await agent.from('tour_slug_redirects').select('slug').eq('slug', draft.slug)).data).toEqual([{ slug: draft.slug }]);

    expect((await editor.from('tour_slug_redirects').insert({ slug: slug('forged'), tour_id: listed.id })).error?.code).toBe('42501');
    await editor.from('tour_slug_redirects').delete().eq('slug', listed.slug);
    await editor.from('tour_slug_redirects').update({ tour_id: draft.id }).eq('slug', listed.slug);
    expect(await redirects(listed.id)).toEqual([{ slug: listed.slug }]);
  });
});

describe('add_tour_departures', () => {
  const departures = (tourId: string) =>
    rows<{ start_date: string; end_date: string; capacity: number; price_override: number | null; child_price_override: number | null; guaranteed_threshold: number | null; season: string | null }>(
      `select start_date::text, end_date::text, capacity, price_override::float as price_override, child_price_override::float as child_price_override, guaranteed_threshold, season
         from public.tour_departures where tour_id = $1 order by start_date`,
      [tourId],
    );

  it('adds a series of departures, each as long as the tour', async () => {
    const tour = await newTour({ days: 5 });
    const dates = [await day(400), await day(407), await day(414)];
    const { data, error } = await editor.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: dates, p_capacity: 12, p_guaranteed_threshold: 4 });
    expect(error).toBeNull();
    expect(data).toBe(3);
    expect(await departures(tour.id)).toEqual([
      { start_date: await day(400), end_date: await day(404), capacity: 12, price_override: null, child_price_override: null, guaranteed_threshold: 4, season: null },
      { start_date: await day(407), end_date: await day(411), capacity: 12, price_override: null, child_price_override: null, guaranteed_threshold: 4, season: null },
      { start_date: await day(414), end_date: await day(418), capacity: 12, price_override: null, child_price_override: null, guaranteed_threshold: 4, season: null },
    ]);
  });

  it('prices a departure in a season window by the window unless given its own', async () => {
    const tour = await newTour({ days: 3 });
    await server.db.query(`insert into public.tour_seasons (tour_id, name, starts_on, ends_on, adult_price, child_price) values ($1, 'Green season', $2, $3, 900, 450)`, [
      tour.id,
      await day(500),
      await day(530),
    ]);
    expect((await editor.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: [await day(499), await day(510)], p_capacity: 8 })).data).toBe(2);
    expect((await editor.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: [await day(520)], p_capacity: 8, p_price_override: 1000, p_season: 'Migration special' })).data).toBe(1);
    expect((await departures(tour.id)).map(({ start_date, price_override, child_price_override, season }) => ({ start_date, price_override, child_price_override, season }))).toEqual([
      { start_date: await day(499), price_override: null, child_price_override: null, season: null },
      { start_date: await day(510), price_override: 900, child_price_override: 450, season: 'Green season' },
      { start_date: await day(520), price_override: 1000, child_price_override: 450, season: 'Migration special' },
    ]);
  });

  it('refuses a day today or past, and adds none of the series', async () => {
    const tour = await newTour();
    for (const dates of [[await day(0)], [await day(-1)], [await day(600), await day(0)]]) {
      const { error } = await editor.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: dates, p_capacity: 8 });
      expect(error).toMatchObject({ code: '23514', hint: 'start_date' });
      expect(error!.message).toMatch(/^A departure on \d{1,2} [A-Z][a-z]{2} \d{4} would leave today or earlier$/);
    }
    expect(await departures(tour.id)).toEqual([]);
    expect((await editor.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: [await day(1)], p_capacity: 8 })).data).toBe(1);
  });

  it('refuses a day the tour already leaves on, a capacity out of range and a price below zero', async () => {
    const tour = await newTour();
    expect((await editor.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: [await day(300)], p_capacity: 8 })).data).toBe(1);
    const again = await editor.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: [await day(310), await day(300)], p_capacity: 8 });
    expect(again.error).toMatchObject({ code: '23505', hint: 'start_date' });
    expect(again.error!.message).toMatch(/^The tour already leaves on /);
    // Twice in the same series.
    expect((await editor.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: [await day(320), await day(320)], p_capacity: 8 })).error).toMatchObject({ code: '23505', hint: 'start_date' });

    const later = await day(330);
    const add = (extra: Record<string, unknown>) => editor.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: [later], p_capacity: 8, ...extra });
    expect((await add({ p_capacity: 0 })).error).toMatchObject({ code: '23514', hint: 'capacity' });
    expect((await add({ p_capacity: 501 })).error).toMatchObject({ code: '23514', hint: 'capacity' });
    expect((await add({ p_price_override: -1 })).error).toMatchObject({ code: '23514', hint: 'price_override' });
    expect((await add({ p_child_price_override: -1 })).error).toMatchObject({ code: '23514', hint: 'child_price_override' });
    expect((await add({ p_guaranteed_threshold: 9 })).error).toMatchObject({ code: '23514', hint: 'guaranteed_threshold' });
    expect((await editor.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: [], p_capacity: 8 })).error).toMatchObject({ code: '23514', hint: 'start_date' });
    expect((await departures(tour.id)).map((d) => d.start_date)).toEqual([await day(300)]);
  });

  it('is for catalogue editors: an agent is refused and nothing is added', async () => {
    const tour = await newTour();
    expect((await agent.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: [await day(300)], p_capacity: 8 })).error?.code).toBe('42501');
    expect((await server.client().rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: [await day(300)], p_capacity: 8 })).error?.code).toBe('42501');
    expect(await departures(tour.id)).toEqual([]);
  });
});

describe('duplicate_tour', () => {
  it('copies a tour as a draft under the first free "-copy" address, with its days, prices and links, and none of its departures', async () => {
    const tour = await newTour({ status: 'active', days: 3, name: 'original' });
    await server.db.query(`update public.tours set is_featured = true, summary = 'Three days north', highlights = '{Crater,Elephants}' where id = $1`, [tour.id]);
    const [destination, otherDestination] = (await rows<{ id: string }>(`select id from public.destinations order by slug limit 2`)).map((row) => row.id);
    const activity = (await one<{ id: string }>(`select id from public.activities order by slug limit 1`)).id;
    const experience = (await one<{ id: string }>(`select id from public.experiences order by slug limit 1`)).id;
    expect(
      (
        await editor.rpc('save_tour_itinerary', {
          p_tour_id: tour.id,
          p_days: [{ title: 'Arusha', destination_id: destination, room_basis: 'Full board', meals: ['dinner'] }, { title: 'Tarangire', travel_mode: 'drive', travel_minutes: 120 }, { title: 'Home' }],
        })
      ).error,
    ).toBeNull();
    await server.db.exec(`
      insert into public.tour_destinations (tour_id, destination_id, position) values ('${tour.id}', '${destination}', 0), ('${tour.id}', '${otherDestination}', 1);
      insert into public.tour_seasons (tour_id, name, starts_on, ends_on, adult_price, child_price) values ('${tour.id}', 'Peak', '2031-07-01', '2031-09-30', 2100, 1000);
      insert into public.tour_group_discounts (tour_id, min_travelers, percent) values ('${tour.id}', 4, 10);
      insert into public.tour_extras (tour_id, code, name, price, unit) values ('${tour.id}', 'balloon', 'Balloon safari', 599, 'per_person');
      insert into public.tour_activities (tour_id, activity_id) values ('${tour.id}', '${activity}');
      insert into public.tour_experiences (tour_id, experience_id) values ('${tour.id}', '${experience}');
    `);
    expect((await editor.rpc('add_tour_departures', { p_tour_id: tour.id, p_start_dates: [await day(200)], p_capacity: 8 })).error).toBeNull();

    const { data: copyId, error } = await editor.rpc('duplicate_tour', { p_tour_id: tour.id });
    expect(error).toBeNull();
    expect(copyId).not.toBe(tour.id);
    expect(await one(`select slug, title, status, is_featured, summary, highlights, base_price::float as base_price, duration_days, duration_nights, rating_average::float as rating from public.tours where id = $1`, [copyId])).toEqual({
      slug: `${tour.slug}-copy`,
      title: `${tour.title} (copy)`,
      status: 'draft',
      is_featured: false,
      summary: 'Three days north',
      highlights: ['Crater', 'Elephants'],
      base_price: 1500,
      duration_days: 3,
      duration_nights: 2,
      rating: 0,
    });

    const same = async (sql: string) => {
      const [of, copy] = [await rows(sql, [tour.id]), await rows(sql, [copyId])];
      expect(of.length).toBeGreaterThan(0);
      expect(copy).toEqual(of);
    };
    await same(`select day_number, title, description, destination_id, location, accommodation, room_basis, meals, activities, travel_mode, travel_minutes from public.tour_itinerary where tour_id = $1 order by day_number`);
    await same(`select name, starts_on::text, ends_on::text, adult_price::float, child_price::float from public.tour_seasons where tour_id = $1 order by starts_on`);
    await same(`select min_travelers, percent::float from public.tour_group_discounts where tour_id = $1 order by min_travelers`);
    await same(`select code, name, description, unit, price::float, is_active, display_order from public.tour_extras where tour_id = $1 order by code`);
    await same(`select destination_id, position from public.tour_destinations where tour_id = $1 order by position`);
    await same(`select activity_id from public.tour_activities where tour_id = $1 order by activity_id`);
    await same(`select experience_id from public.tour_experiences where tour_id = $1 order by experience_id`);
    expect(await rows(`select 1 from public.tour_departures where tour_id = $1`, [copyId])).toEqual([]);
    expect(await rows(`select 1 from public.tour_departures where tour_id = $1`, [tour.id])).toHaveLength(1);

    // Again, and a copy of the copy: the next free address after the original's.
    const second = await editor.rpc('duplicate_tour', { p_tour_id: tour.id });
    expect(await one(`select slug from public.tours where id = $1`, [second.data])).toEqual({ slug: `${tour.slug}-copy-2` });
    const third = await editor.rpc('duplicate_tour', { p_tour_id: copyId });
    expect(await one(`select slug, title from public.tours where id = $1`, [third.data])).toEqual({ slug: `${tour.slug}-copy-3`, title: `${tour.title} (copy) (copy)` });
  });

  it('keeps the copy’s address an address when the original’s is long', async () => {
    // Cut to 70 characters, this address would end in a dash: the copy's would then have two in a row.
    const long = `${'a'.repeat(69)}-${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const tour = await one<{ id: string }>(`insert into public.tours (slug, title, base_price) values ($1, 'Long address', 10) returning id`, [long]);
    const { data, error } = await editor.rpc('duplicate_tour', { p_tour_id: tour.id });
    expect(error).toBeNull();
    expect(await one(`select slug from public.tours where id = $1`, [data])).toEqual({ slug: `${'a'.repeat(69)}-copy` });
  });

  it('skips an address kept as another tour’s redirect', async () => {
    const tour = await newTour({ name: 'kept' });
    const elsewhere = await newTour({ name: 'elsewhere' });
    // Another tour once had the first copy's address.
    await server.db.query(`update public.tours set slug = $1 where id = $2`, [`${tour.slug}-copy`, elsewhere.id]);
    await server.db.query(`update public.tours set slug = $1 where id = $2`, [slug('moved-on'), elsewhere.id]);
    const { data } = await editor.rpc('duplicate_tour', { p_tour_id: tour.id });
    expect(await one(`select slug from public.tours where id = $1`, [data])).toEqual({ slug: `${tour.slug}-copy-2` });
  });

  it('is for catalogue editors', async () => {
    const tour = await newTour();
    expect((await agent.rpc('duplicate_tour', { p_tour_id: tour.id })).error?.code).toBe('42501');
    expect((await server.client().rpc('duplicate_tour', { p_tour_id: tour.id })).error?.code).toBe('42501');
    expect(await rows(`select 1 from public.tours where slug like $1`, [`${tour.slug}-copy%`])).toEqual([]);
  });
});

describe('public_pages_changes', () => {
  const changes = async () => Number((await one<{ last_value: string }>(`select last_value::text from public.public_pages_changes`)).last_value);

  it('moves when an editor changes a tour, not when anyone reads', async () => {
    const tour = await newTour({ status: 'active' });
    const before = await changes();
    expect((await editor.from('tours').update({ summary: 'Now with a balloon' }).eq('id', tour.id)).error).toBeNull();
    const after = await changes();
    expect(after).toBeGreaterThan(before);

    await editor.from('tours').select('id, title').eq('id', tour.id);
    await server.client().from('tours').select('id, title, tour_itinerary(title), tour_departures(start_date)').eq('status', 'active');
    await server.client().from('tour_slug_redirects').select('slug');
    expect(await changes()).toBe(after);

    expect((await editor.rpc('save_tour_itinerary', { p_tour_id: tour.id, p_days: [{ title: 'Arusha' }] })).error).toBeNull();
    expect(await changes()).toBeGreaterThan(after);
  });

  it('is drawn by the triggers only: nobody calls the trigger function through the API', async () => {
    expect((await editor.rpc('note_public_pages_changed', {})).error?.code).toBe('42501');
    expect((await server.client().rpc('note_public_pages_changed', {})).error?.code).toBe('42501');
  });
});

describe('save_tour_links', () => {
  const links = async (tourId: string) => ({
    destinations: (await rows<{ destination_id: string }>(`select destination_id from public.tour_destinations where tour_id = $1 order by position`, [tourId])).map((row) => row.destination_id),
    experiences: (await rows<{ experience_id: string }>(`select experience_id from public.tour_experiences where tour_id = $1 order by experience_id`, [tourId])).map((row) => row.experience_id),
    activities: (await rows<{ activity_id: string }>(`select activity_id from public.tour_activities where tour_id = $1 order by activity_id`, [tourId])).map((row) => row.activity_id),
  });
  const ids = async (table: string, count: number) => (await rows<{ id: string }>(`select id from public.${table} order by id limit ${count}`)).map((row) => row.id);

  it('replaces a tour’s destinations (main first), experiences and activities at once, each change in the audit log under the tour', async () => {
    const tour = await newTour({ name: 'linked' });
    const [north, south, west] = await ids('destinations', 3);
    const experiences = await ids('experiences', 2);
    const activities = await ids('activities', 2);
    const save = (destinations: string[], experienceIds: string[], activityIds: string[]) =>
      editor.rpc('save_tour_links', { p_tour_id: tour.id, p_destination_ids: destinations, p_experience_ids: experienceIds, p_activity_ids: activityIds });
    expect((await save([south, north], experiences, [activities[0]])).error).toBeNull();
    expect(await links(tour.id)).toEqual({ destinations: [south, north], experiences, activities: [activities[0]] });

    const before = await lastAudit();
    expect((await save([west, south], [experiences[1]], activities)).error).toBeNull();
    expect(await links(tour.id)).toEqual({ destinations: [west, south], experiences: [experiences[1]], activities });
    const audited = await rows<{ table_name: string; action: string; record_id: string; values: Record<string, unknown> }>(
      `select table_name, action, record_id, coalesce(new_values, old_values) as values from public.audit_log where id > $1 order by id`,
      [before],
    );
    expect(audited.every((row) => row.record_id === tour.id)).toBe(true);
    const summary = audited.map((row) => [row.table_name, row.action, row.values.destination_id ?? row.values.experience_id ?? row.values.activity_id ?? row.values.position]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['tour_destinations', 'delete', north],
        ['tour_destinations', 'insert', west],
        ['tour_destinations', 'update', 1],
        ['tour_experiences', 'delete', experiences[0]],
        ['tour_activities', 'insert', activities[1]],
      ]),
    );
    expect(summary).toHaveLength(5);
    // The same again changes nothing and writes nothing.
    const unchanged = await lastAudit();
    expect((await save([west, south], [experiences[1]], activities)).error).toBeNull();
    expect(await lastAudit()).toBe(unchanged);
  });

  it('is all or nothing, and for catalogue editors only', async () => {
    const tour = await newTour({ name: 'half-linked' });
    const [north] = await ids('destinations', 1);
    expect((await editor.rpc('save_tour_links', { p_tour_id: tour.id, p_destination_ids: [north], p_experience_ids: [], p_activity_ids: [] })).error).toBeNull();
    const [, other] = await ids('destinations', 2);
    const broken = await editor.rpc('save_tour_links', { p_tour_id: tour.id, p_destination_ids: [other], p_experience_ids: [randomUUID()], p_activity_ids: [] });
    expect(broken.error?.code).toBe('23503');
    expect(await links(tour.id)).toEqual({ destinations: [north], experiences: [], activities: [] });
    expect((await agent.rpc('save_tour_links', { p_tour_id: tour.id, p_destination_ids: [], p_experience_ids: null, p_activity_ids: null })).error).toMatchObject({
      code: '42501',
      message: 'Only catalogue editors change what a tour is tied to',
    });
    expect((await editor.rpc('save_tour_links', { p_tour_id: randomUUID(), p_destination_ids: [], p_experience_ids: [], p_activity_ids: [] })).error?.message).toBe('No such tour');
    expect(await links(tour.id)).toEqual({ destinations: [north], experiences: [], activities: [] });
  });
});
