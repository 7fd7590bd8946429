import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The analytics screen's figures (analytics_report()) over the seeded company: each equal to SQL
 * written here independently over the bookings and the events, for the range and the one before it.
 */
let server: TestServer;
let admin: SupabaseClient;

const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows[0];
const rows = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows;

interface Report {
  totals: { bookings: number; revenue_usd: number; cancelled: number };
  previous: { bookings: number; revenue_usd: number; cancelled: number };
  series: { period: string; bookings: number; revenue_usd: number }[];
  by_tour: { tour_title: string; bookings: number; revenue_usd: number }[];
  by_source: { source: string; bookings: number; revenue_usd: number }[];
  funnel: Record<'current' | 'previous', { tour_views: number; booking_starts: number; booked: number; paid: number }>;
  viewers: { user_type: string; views: number }[];
  occupancy: { departure_id: string; seats_booked: number; capacity: number }[];
  cancellations: { reason: string; bookings: number }[];
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
});

afterAll(async () => {
  await server?.close();
});

describe('analytics', () => {
  it('equal independent SQL over the seeded bookings and events, for the range and the one before', async () => {
    const { from, to, before } = await one<{ from: string; to: string; before: string }>(
      `select (t - 179)::text as from, t::text as to, (t - 359)::text as before from (select (now() at time zone public.company_time_zone())::date as t) x`,
    );
    const { data, error } = await admin.rpc('analytics_report', { p_from: from, p_to: to });
    expect(error).toBeNull();
    const report = data as unknown as Report;

    // Bookings made in a range (the company's days), not released unpaid; revenue without cancellations, in US dollars.
    const made = (start: string, end: string) =>
      one<{ bookings: number; revenue: number; paid: number }>(
        `select count(*)::int as bookings,
                coalesce(round(sum(case when b.status <> 'cancelled' then b.total_amount / r.units_per_usd else 0 end), 2), 0)::float as revenue,
                count(*) filter (where b.amount_paid > 0)::int as paid
           from public.bookings b join public.currency_rates r on r.currency = b.currency
          where b.status <> 'expired' and (b.created_at at time zone public.company_time_zone())::date between $1::date and $2::date`,
        [start, end],
      );
    const current = await made(from, to);
    const previous = await made(before, (await one<{ d: string }>(`select ($1::date - 1)::text as d`, [from])).d);
    expect(current.bookings).toBeGreaterThan(10);
    expect(report.totals).toMatchObject({ bookings: current.bookings });
    expect(Number(report.totals.revenue_usd)).toBeCloseTo(current.revenue, 2);
    expect(report.previous.bookings).toBe(previous.bookings);
    expect(Number(report.previous.revenue_usd)).toBeCloseTo(previous.revenue, 2);
    expect(report.series.reduce((sum, point) => sum + point.bookings, 0)).toBe(current.bookings);
    expect(report.by_tour.reduce((sum, tour) => sum + tour.bookings, 0)).toBe(current.bookings);
    const sources = await rows<{ source: string; bookings: number }>(
      `select source, count(*)::int as bookings from public.bookings
        where status <> 'expired' and (created_at at time zone public.company_time_zone())::date between $1::date and $2::date group by source order by source`,
      [from, to],
    );
    expect(report.by_source.map((row) => ({ source: row.source, bookings: row.bookings })).sort((a, b) => a.source.localeCompare(b.source))).toEqual(sources);

    const events = await one<{ views: number; starts: number }>(
      `select count(*) filter (where name = 'tour_view')::int as views, count(*) filter (where name = 'booking_start')::int as starts
         from public.analytics_events where (occurred_at at time zone public.company_time_zone())::date between $1::date and $2::date`,
      [from, to],
    );
    expect(events.views).toBeGreaterThan(current.bookings);
    expect(report.funnel.current).toEqual({ tour_views: events.views, booking_starts: events.starts, booked: current.bookings, paid: current.paid });
    expect(report.viewers.reduce((sum, row) => sum + row.views, 0)).toBe(events.views);
    expect(report.viewers.map((row) => row.user_type)).toContain('guest');

    const cancelled = await rows<{ reason: string; bookings: number }>(
      `select coalesce(nullif(btrim(cancellation_reason), ''), 'No reason given') as reason, count(*)::int as bookings from public.bookings
        where status = 'cancelled' and (cancelled_at at time zone public.company_time_zone())::date between $1::date and $2::date
        group by 1 order by 2 desc, 1`,
      [from, to],
    );
    expect(report.cancellations).toEqual(cancelled);
    expect(report.totals.cancelled).toBe(cancelled.reduce((sum, row) => sum + row.bookings, 0));
    const departures = await one<{ count: number }>(
      `select count(*)::int as count from public.tour_departures where status <> 'cancelled' and not is_private and start_date between $1::date and $2::date`,
      [from, to],
    );
    expect(report.occupancy).toHaveLength(departures.count);
  });

  it('is for administrators, over a range of at most two years', async () => {
    expect((await admin.rpc('analytics_report', { p_from: '2026-05-01', p_to: '2026-04-01' })).error).toMatchObject({ code: '22023', message: 'Choose a range whose last day is not before its first' });
    expect((await admin.rpc('analytics_report', { p_from: '2020-01-01', p_to: '2026-04-01' })).error).toMatchObject({ code: '22023', message: 'Choose a range of at most two years' });
    const agent = await server.staff('agent', { fullName: 'Analytics Agent' });
    expect((await agent.client.rpc('analytics_report', { p_from: '2026-01-01', p_to: '2026-02-01' })).error?.code).toBe('42501');
  });
});
