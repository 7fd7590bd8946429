import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, until, type SmtpSink } from '../helpers/smtp.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Moving a trip from the calendar: trip_move_problems() says what would stop a move without moving
 * anything, with the allocation rules at the new dates; move_trip() moves it (keeping its length) or
 * refuses with the reason, and each traveler with a live booking gets one email with the new dates.
 */
let server: TestServer;
let smtp: SmtpSink;
let admin: SupabaseClient;
let agent: SupabaseClient;
let tourId: string;

const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows[0];
/** A day from the company's today (Arusha's date, which the move's "already past" reads). */
const day = async (offset: number) => (await one<{ day: string }>(`select ((now() at time zone public.company_time_zone())::date + $1::int)::text as day`, [offset])).day;

async function trip(from: number, days = 4): Promise<string> {
  return (
    await one<{ id: string }>(
      `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
       values ($1, (now() at time zone public.company_time_zone())::date + $2::int, (now() at time zone public.company_time_zone())::date + $2::int + $3::int - 1, 20) returning id`,
      [tourId, from, days],
    )
  ).id;
}

const newGuide = async (name: string) => (await one<{ id: string }>(`insert into public.guides (full_name) values ($1) returning id`, [name])).id;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  admin = await server.adminClient();
  const staff = await server.staff('agent', { fullName: 'Moving Agent' });
  agent = staff.client;
  tourId = (await one<{ id: string }>(`select id from public.tours where status = 'active' and not is_private order by slug limit 1`)).id;
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('moving a trip', () => {
  it('lists what would stop the move at the new dates, and moves nothing', async () => {
    const moving = await trip(700);
    const other = await trip(720);
    const guide = await newGuide(`Busy Guide ${randomUUID().slice(0, 4)}`);
    await server.db.query(`insert into public.departure_guides (departure_id, guide_id) values ($1, $2), ($3, $2)`, [moving, guide, other]);

    const { data, error } = await admin.rpc('trip_move_problems', { p_departure_id: moving, p_start_date: await day(718) });
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(data![0]).toMatch(/^Busy Guide .* already guides .*: a guide is on one trip at a time$/);
    expect((await one<{ start_date: string }>(`select start_date::text from public.tour_departures where id = $1`, [moving])).start_date).toBe(await day(700));

    expect((await admin.rpc('trip_move_problems', { p_departure_id: moving, p_start_date: await day(740) })).data).toEqual([]);
    expect((await admin.rpc('trip_move_problems', { p_departure_id: moving, p_start_date: await day(-1) })).data).toEqual(['A trip cannot move to a day already past']);
    expect((await admin.rpc('trip_move_problems', { p_departure_id: moving, p_start_date: await day(700) })).data).toEqual(['The trip already starts on that day']);
  });

  it('refuses with the reason, or moves the trip keeping its length and emails each traveler once with the new dates', async () => {
    const moving = await trip(760, 5);
    const blocker = await trip(790);
    const guide = await newGuide(`Moving Guide ${randomUUID().slice(0, 4)}`);
    await server.db.query(`insert into public.departure_guides (departure_id, guide_id) values ($1, $2), ($3, $2)`, [moving, guide, blocker]);
    const email = `moved-${randomUUID().slice(0, 8)}@example.com`;
    const booked = await server.client().rpc('create_booking', { p_departure_id: moving, p_adults: 2, p_contact: { full_name: 'Moved Traveler', email } });
    expect(booked.error).toBeNull();
    // A cancelled booking on the trip is not told.
    const cancelledEmail = `cancelled-${randomUUID().slice(0, 8)}@example.com`;
    const cancelled = await server.client().rpc('create_booking', { p_departure_id: moving, p_adults: 1, p_contact: { full_name: 'Gone Traveler', email: cancelledEmail } });
    await server.db.query(`update public.bookings set status = 'cancelled', cancelled_at = now() where id = $1`, [(cancelled.data as { id: string }).id]);

    const refused = await admin.rpc('move_trip', { p_departure_id: moving, p_start_date: await day(788) });
    expect(refused.error).toMatchObject({ code: '23514', hint: 'start_date' });
    expect(refused.error!.message).toMatch(/already guides .*: a guide is on one trip at a time/);

    const moved = await admin.rpc('move_trip', { p_departure_id: moving, p_start_date: await day(800) });
    expect(moved.error).toBeNull();
    expect(moved.data).toBe(1);
    expect(await one(`select start_date::text, end_date::text from public.tour_departures where id = $1`, [moving])).toEqual({ start_date: await day(800), end_date: await day(804) });

    await server.platform.jobs.bookingEmails.drain();
    await server.platform.ctx.mail.drain();
    const longDay = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const sent = await until(() => smtp.received.find((m) => m.to.includes(email) && m.subject.startsWith('New dates for')));
    expect(sent.subject).toContain(longDay(await day(800)));
    expect(sent.text).toContain(`${longDay(await day(800))} to ${longDay(await day(804))}`);
    expect(sent.text).toContain(`it was ${longDay(await day(760))} to ${longDay(await day(764))}`);
    expect(smtp.received.filter((m) => m.to.includes(cancelledEmail) && m.subject.startsWith('New dates for'))).toEqual([]);
  });

  it('is for operations admins only', async () => {
    const moving = await trip(850);
    expect((await agent.rpc('trip_move_problems', { p_departure_id: moving, p_start_date: await day(860) })).error?.code).toBe('42501');
    expect((await agent.rpc('move_trip', { p_departure_id: moving, p_start_date: await day(860) })).error?.code).toBe('42501');
    expect((await one<{ start_date: string }>(`select start_date::text from public.tour_departures where id = $1`, [moving])).start_date).toBe(await day(850));
  });
});
