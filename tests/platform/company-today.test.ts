import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * "Today" is the company's day (booking_settings.time_zone), not the database's UTC one: the booking
 * engine, quotes and the daily round count from company_today(). At any hour, one of the two zones
 * below has a date other than UTC's (the first is 14 hours ahead, the second 12 behind), so every run
 * proves at least one direction.
 */
let server: TestServer;
let tourId: string;

const zones = ['Pacific/Kiritimati', 'Etc/GMT+12'];

beforeAll(async () => {
  server = await startTestServer();
  tourId = (await server.db.query<{ id: string }>(`select id from public.tours where status = 'active' and not is_private order by slug limit 1`)).rows[0].id;
});

afterEach(async () => {
  await server.db.query(`update public.booking_settings set time_zone = 'Africa/Dar_es_Salaam'`);
});

afterAll(async () => {
  await server.close();
});

/** The company's date and the database's, with the company in `zone`. */
async function datesIn(zone: string): Promise<{ company: string; utc: string }> {
  await server.db.query(`update public.booking_settings set time_zone = $1`, [zone]);
  const { rows } = await server.db.query<{ company: string; utc: string }>(`select public.company_today()::text as company, (now() at time zone 'UTC')::date::text as utc`);
  return rows[0];
}

async function departureOn(startDate: string, endDate = startDate): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(`insert into public.tour_departures (tour_id, start_date, end_date, capacity) values ($1, $2, $3, 12) returning id`, [tourId, startDate, endDate]);
  return rows[0].id;
}

it('follows the company’s time zone', async () => {
  for (const zone of zones) {
    const { company } = await datesIn(zone);
    const { rows } = await server.db.query<{ expected: string }>(`select (now() at time zone $1)::date::text as expected`, [zone]);
    expect(company).toBe(rows[0].expected);
  }
});

it('sells no departure leaving on the company’s today, and sells one leaving on the company’s tomorrow', async () => {
  let proven = 0;
  for (const zone of zones) {
    const { company, utc } = await datesIn(zone);
    if (company === utc) continue;
    proven++;
    const quote = (departureId: string) => server.client().rpc('quote_booking', { p_departure_id: departureId, p_adults: 1 });
    if (company > utc) {
      // Already tomorrow where the company is: a trip starting then leaves today, and is not sold.
      const { error } = await quote(await departureOn(company));
      expect(error?.message).toBe('This departure date has passed');
    } else {
      // Still yesterday where the company is: a trip starting on UTC's today leaves tomorrow, and is sold.
      const { error } = await quote(await departureOn(utc));
      expect(error).toBeNull();
    }
  }
  expect(proven).toBeGreaterThan(0);
});

it('completes a trip the day after it ends by the company’s date', async () => {
  let proven = 0;
  for (const zone of zones) {
    const { company, utc } = await datesIn(zone);
    if (company === utc) continue;
    proven++;
    // A confirmed booking on a trip ending on UTC's today.
    const departureId = await departureOn(utc);
    const { rows } = await server.db.query<{ id: string }>(
      `insert into public.bookings (tour_id, departure_id, adults, total_amount, currency, status, contact)
       values ($1, $2, 1, 100, 'USD', 'confirmed', '{"full_name": "Zawadi Traveler", "email": "zawadi@example.com"}') returning id`,
      [tourId, departureId],
    );
    await server.platform.jobs.bookingSchedule.run();
    const status = (await server.db.query<{ status: string }>(`select status from public.bookings where id = $1`, [rows[0].id])).rows[0].status;
    // Ahead of UTC, the company's today is the day after the trip ended; behind it, the trip ends tomorrow.
    expect(status).toBe(company > utc ? 'completed' : 'confirmed');
  }
  expect(proven).toBeGreaterThan(0);
});

it('no function of the schema counts days from the database’s own date', async () => {
  const { rows } = await server.db.query<{ proname: string }>(
    `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosrc ~* '\\mcurrent_date\\M' order by 1`,
  );
  expect(rows).toEqual([]);
});
