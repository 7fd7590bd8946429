import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Calendar feeds (/api/calendar/<token>.ics): valid iCalendar read back with ical.js, the company's
 * feed holding every trip of its window and a guide's only theirs, behind a token that renewing
 * replaces; renewed by operations admins, and by a guide for their own only.
 */
let server: TestServer;
let tourId: string;

const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows[0];
const trip = async (from: number, days = 3) =>
  (await one<{ id: string }>(`insert into public.tour_departures (tour_id, start_date, end_date, capacity) values ($1, public.company_today() + $2::int, public.company_today() + $2::int + $3::int - 1, 12) returning id`, [tourId, from, days])).id;

/** The feed's events, parsed by ical.js: uid, summary, first day and the day after the last. */
async function events(token: string) {
  const response = await fetch(`${server.url}/api/calendar/${token}.ics`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/calendar');
  const calendar = new ICAL.Component(ICAL.parse(await response.text()));
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return { uid: event.uid, summary: event.summary, start: event.startDate.toString(), end: event.endDate.toString(), allDay: event.startDate.isDate };
  });
}

beforeAll(async () => {
  server = await startTestServer();
  tourId = (await one<{ id: string }>(`select id from public.tours where status = 'active' and not is_private order by slug limit 1`)).id;
});

afterAll(async () => {
  await server?.close();
});

describe('calendar feeds', () => {
  it('the company’s holds every trip of its window, as all-day events over the days each runs', async () => {
    const admin = await server.adminClient();
    const mine = await trip(200, 4);
    const { data: token, error } = await admin.rpc('renew_calendar_feed', {});
    expect(error).toBeNull();
    const found = await events(token as string);
    const { count } = await one<{ count: number }>(
      `select count(*)::int as count from public.tour_departures, lateral (select (now() at time zone public.company_time_zone())::date as today) t
        where status <> 'cancelled' and end_date >= t.today - 60 and start_date <= t.today + 365`,
    );
    expect(found).toHaveLength(count);
    const { start, end } = await one<{ start: string; end: string }>(`select start_date::text as start, (end_date + 1)::text as "end" from public.tour_departures where id = $1`, [mine]);
    expect(found.find((event) => event.uid.startsWith(mine))).toMatchObject({ start, end, allDay: true });
  });

  it('a guide’s holds only their trips; renewing replaces the address', async () => {
    const account = await server.staff('guide', { fullName: 'Feed Guide' });
    const guide = (await one<{ id: string }>(`insert into public.guides (full_name, user_id) values ('Feed Guide', $1) returning id`, [account.userId])).id;
    const other = (await one<{ id: string }>(`insert into public.guides (full_name) values ('Other Feed Guide') returning id`)).id;
    const [first, second, notTheirs] = [await trip(210), await trip(220), await trip(230)];
    await server.db.query(`insert into public.departure_guides (departure_id, guide_id) values ($1, $3), ($2, $3), ($4, $5)`, [first, second, guide, notTheirs, other]);

    const { data: token } = await account.client.rpc('renew_calendar_feed', { p_guide_id: guide });
    expect((await events(token as string)).map((event) => event.uid.split('@')[0]).sort()).toEqual([first, second].sort());
    expect((await account.client.from('calendar_feeds').select('token')).data).toEqual([{ token }]);

    const { data: renewed } = await account.client.rpc('renew_calendar_feed', { p_guide_id: guide });
    expect(renewed).not.toBe(token);
    expect((await fetch(`${server.url}/api/calendar/${token}.ics`)).status).toBe(404);
    expect(await events(renewed as string)).toHaveLength(2);

    expect((await account.client.rpc('renew_calendar_feed', { p_guide_id: other })).error?.code).toBe('42501');
    expect((await account.client.rpc('renew_calendar_feed', {})).error?.code).toBe('42501');
    const agent = await server.staff('agent', { fullName: 'Feed Agent' });
    expect((await agent.client.rpc('renew_calendar_feed', { p_guide_id: guide })).error?.code).toBe('42501');
    expect((await fetch(`${server.url}/api/calendar/${'0'.repeat(64)}.ics`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/calendar/not-a-token.ics`)).status).toBe(404);
  });
});
