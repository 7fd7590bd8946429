import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The dashboard's figures (admin_dashboard) against the same figures computed here, in the test,
 * from the raw rows: a morning's office of departures, bookings, balances, holds, enquiries,
 * messages, refunds and emails.
 */
let server: TestServer;
let admin: SupabaseClient;
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Dar_es_Salaam' });

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

async function departure(start: string, end: string, capacity = 12): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
     select id, $1::date, $2::date, $3 from public.tours where slug = '7-day-great-migration-safari' returning id`,
    [start, end, capacity],
  );
  return rows[0].id;
}

/** A guest's booking as the booking engine makes it, then put in the state the test needs. */
async function booking(departureId: string, state: { status?: string; createdAt?: string; holdHours?: number } = {}): Promise<string> {
  const { data, error } = await server.client().rpc('create_booking', {
    p_departure_id: departureId,
    p_adults: 2,
    p_contact: { full_name: `Guest ${randomUUID().slice(0, 4)}`, email: `guest-${randomUUID().slice(0, 8)}@example.com` },
  });
  if (error) throw error;
  const id = (data as { id: string }).id;
  await server.db.query(
    `update public.bookings set status = coalesce($2, status), created_at = coalesce($3::timestamptz, created_at),
            hold_expires_at = case when $4::int is null then hold_expires_at else now() + make_interval(hours => $4::int) end
     where id = $1`,
    [id, state.status ?? null, state.createdAt ?? null, state.holdHours ?? null],
  );
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminClient();
  await departure(today, addDays(today, 6));
  await departure(addDays(today, -6), today);
  const thisWeek = await departure(addDays(today, 3), addDays(today, 9), 8);
  const soon = await departure(addDays(today, 10), addDays(today, 16));
  const later = await departure(addDays(today, 65), addDays(today, 71));
  // Confirmed and unpaid: one balance overdue (due 60 days before departure), one due within two weeks.
  await booking(soon, { status: 'confirmed' });
  await booking(later, { status: 'confirmed' });
  // A hold about to expire, one that has longer, a cancellation, and a booking made last month.
  await booking(thisWeek, { holdHours: 3 });
  await booking(thisWeek, { holdHours: 48 });
  await booking(later, { status: 'cancelled' });
  const lastMonth = new Date(`${today.slice(0, 8)}01T12:00:00Z`);
  lastMonth.setUTCDate(lastMonth.getUTCDate() - 10);
  const paidBack = await booking(later, { status: 'confirmed', createdAt: lastMonth.toISOString() });
  // Made half an hour into this month in Arusha (the evening before in UTC): this month's.
  await booking(later, { status: 'confirmed', createdAt: `${today.slice(0, 8)}01T00:30:00+03:00` });
  await server.db.query(`insert into public.payments (booking_id, amount, currency, method, status) values ($1, 500, 'EUR', 'card', 'refund_due')`, [paidBack]);
  await server.db.query(`insert into public.enquiries (name, email, message, status) values ('Asha', 'asha@example.com', 'Gorillas in June?', 'new'), ('Cleo', 'cleo@example.com', 'A quote, please', 'quoted')`);
  await server.db.query(`insert into public.enquiries (name, email, message, status, lost_reason) values ('Ben', 'ben@example.com', 'Done', 'lost', 'Booked elsewhere')`);
  await server.db.query(`insert into public.email_queue (to_address, subject, body_text, kind, status) values ('x@example.com', 'Booking received', 'x', 'booking_received', 'failed')`);
  // One thread waiting for the office, one the office answered last.
  const traveler = await server.traveler();
  const [waiting, answered] = [randomUUID(), randomUUID()];
  await traveler.client.from('messages').insert([
    { user_id: traveler.userId, thread_id: waiting, subject: 'Visa', body: 'Do I need a visa?' },
    { user_id: traveler.userId, thread_id: answered, subject: 'Luggage', body: 'How many bags?' },
  ]);
  await server.db.query(`insert into public.messages (user_id, thread_id, sender, body, created_at) values ($1, $2, 'staff', 'Two soft bags.', now() + interval '1 second')`, [traveler.userId, answered]);
});
afterAll(async () => {
  await server.close();
});

interface Dashboard {
  today: string;
  departures_today: { tour_title: string; seats_booked: number; capacity: number }[];
  returning_today: unknown[];
  week_departures: { start_date: string }[];
  bookings_this_month: { count: number; revenue_usd: number };
  bookings_last_month: { count: number; revenue_usd: number };
  balances_due: { count: number; usd: number };
  balances_overdue: { count: number; usd: number };
  holds_expiring: number;
  open_enquiries: number;
  unanswered_threads: number;
  refunds_owed: { count: number; usd: number };
  failed_emails: number;
  recent_bookings: { booking_reference: string }[];
}

const round = (value: number) => Math.round(value * 100) / 100;

describe('the dashboard', () => {
  it('shows the same figures as the raw rows give', async () => {
    const { data, error } = await admin.rpc('admin_dashboard');
    expect(error).toBeNull();
    const dashboard = data as Dashboard;

    const q = async <T,>(sql: string) => (await server.db.query<T>(sql)).rows;
    const rates = new Map((await q<{ currency: string; units_per_usd: string }>(`select currency, units_per_usd::text from public.currency_rates`)).map((r) => [r.currency, Number(r.units_per_usd)]));
    const departures = await q<{ start_date: string; end_date: string; status: string }>(`select start_date::text, end_date::text, status from public.tour_departures`);
    const bookings = await q<{ status: string; created: string; total: string; paid: string; currency: string; start: string; hold: string | null }>(
      `select b.status, to_char(b.created_at at time zone 'Africa/Dar_es_Salaam', 'YYYY-MM-DD') as created, b.total_amount::text as total, b.amount_paid::text as paid,
              b.currency, d.start_date::text as start, b.hold_expires_at::text as hold
       from public.bookings b join public.tour_departures d on d.id = b.departure_id`,
    );
    const usd = (amount: string | number, currency: string) => Number(amount) / rates.get(currency)!;
    const open = departures.filter((d) => d.status !== 'cancelled');
    const month = today.slice(0, 7);
    const previous = addDays(`${month}-01`, -1).slice(0, 7);
    const standing = bookings.filter((b) => ['pending', 'confirmed', 'completed'].includes(b.status));
    const inMonth = (m: string) => standing.filter((b) => b.created.startsWith(m));
    const unpaid = bookings.filter((b) => b.status === 'confirmed' && Number(b.paid) < Number(b.total)).map((b) => ({ due: addDays(b.start, -60), usd: usd(Number(b.total) - Number(b.paid), b.currency) }));
    const due = unpaid.filter((b) => b.due >= today && b.due <= addDays(today, 13));
    const overdue = unpaid.filter((b) => b.due < today);
    const now = Date.now();
    const refunds = await q<{ amount: string; currency: string }>(`select amount::text, currency from public.payments where status = 'refund_due'`);

    expect(dashboard.today).toBe(today);
    expect(dashboard.departures_today).toHaveLength(open.filter((d) => d.start_date === today).length);
    expect(dashboard.returning_today).toHaveLength(open.filter((d) => d.end_date === today).length);
    expect(dashboard.week_departures).toHaveLength(open.filter((d) => d.start_date >= today && d.start_date <= addDays(today, 6)).length);
    expect(dashboard.bookings_this_month).toEqual({ count: inMonth(month).length, revenue_usd: round(inMonth(month).reduce((sum, b) => sum + usd(b.total, b.currency), 0)) });
    expect(dashboard.bookings_last_month).toEqual({ count: inMonth(previous).length, revenue_usd: round(inMonth(previous).reduce((sum, b) => sum + usd(b.total, b.currency), 0)) });
    expect(dashboard.balances_due).toEqual({ count: due.length, usd: round(due.reduce((sum, b) => sum + b.usd, 0)) });
    expect(dashboard.balances_overdue).toEqual({ count: overdue.length, usd: round(overdue.reduce((sum, b) => sum + b.usd, 0)) });
    expect(dashboard.holds_expiring).toBe(bookings.filter((b) => b.status === 'pending' && b.hold && Date.parse(b.hold) > now && Date.parse(b.hold) <= now + 24 * 3600_000).length);
    // Open: not yet won or lost.
    expect(dashboard.open_enquiries).toBe((await q(`select 1 from public.enquiries where status not in ('won', 'lost')`)).length);
    expect(dashboard.refunds_owed).toEqual({ count: refunds.length, usd: round(refunds.reduce((sum, r) => sum + usd(r.amount, r.currency), 0)) });
    expect(dashboard.failed_emails).toBe((await q(`select 1 from public.email_queue where status = 'failed'`)).length);
    const messages = await q<{ thread_id: string; sender: string; created_at: string }>(`select thread_id::text, sender, created_at::text from public.messages order by created_at`);
    const last = new Map(messages.map((m) => [m.thread_id, m.sender]));
    expect(dashboard.unanswered_threads).toBe([...last.values()].filter((sender) => sender === 'traveler').length);
    expect(dashboard.recent_bookings).toHaveLength(Math.min(8, bookings.length));

    // The seeded year and the scene above show in every figure, so the comparison is not of zeros.
    const figures = {
      departures_today: dashboard.departures_today.length,
      returning_today: dashboard.returning_today.length,
      week_departures: dashboard.week_departures.length,
      bookings_this_month: dashboard.bookings_this_month.count,
      bookings_last_month: dashboard.bookings_last_month.count,
      balances_due: dashboard.balances_due.count,
      balances_overdue: dashboard.balances_overdue.count,
      holds_expiring: dashboard.holds_expiring,
      open_enquiries: dashboard.open_enquiries,
      unanswered_threads: dashboard.unanswered_threads,
      refunds_owed: dashboard.refunds_owed.count,
      failed_emails: dashboard.failed_emails,
    };
    expect(Object.entries(figures).filter(([, count]) => count === 0).map(([name]) => name), 'figures that are zero').toEqual([]);
  });

  it('opens on the lists its figures count: each list holds as many bookings as its figure says', async () => {
    const { data } = await admin.rpc('admin_dashboard');
    const dashboard = data as Dashboard;
    const total = async (args: Record<string, unknown>) => {
      const { data: page, error } = await admin.rpc('search_bookings', { ...args, p_limit: 1 });
      expect(error).toBeNull();
      return (page as { total: number }).total;
    };
    expect(await total({ p_attention: 'balance_overdue' })).toBe(dashboard.balances_overdue.count);
    expect(await total({ p_attention: 'balance_due' })).toBe(dashboard.balances_due.count);
    expect(await total({ p_attention: 'hold_expiring' })).toBe(dashboard.holds_expiring);
    expect((await admin.rpc('search_bookings', { p_attention: 'everything' })).error?.message).toBe('Unknown list: everything');
  });

  it('is for the office: an agent sees it; an editor, a guide, a traveler and a visitor are refused', async () => {
    const roleClient = async (role: string) => {
      const person = await server.traveler();
      if (role !== 'traveler') await server.db.query(`update public.users set role = $1 where id = $2`, [role, person.userId]);
      return person.client;
    };
    expect((await (await roleClient('agent')).rpc('admin_dashboard')).error).toBeNull();
    for (const role of ['editor', 'guide', 'traveler']) {
      const { error } = await (await roleClient(role)).rpc('admin_dashboard');
      expect(error).toMatchObject({ code: '42501', message: 'Only the office team may see the dashboard' });
    }
    expect((await server.client().rpc('admin_dashboard')).error?.code).toBe('42501');
  });

  it('says who leads each trip leaving today and in what, or that nobody does yet', async () => {
    const tour = (await server.db.query<{ id: string; title: string }>(`select id, title from public.tours where status = 'active' order by slug desc limit 1`)).rows[0];
    const trip = async () =>
      (await server.db.query<{ id: string }>(`insert into public.tour_departures (tour_id, start_date, end_date, capacity) values ($1, public.company_today(), public.company_today() + 2, 9) returning id`, [tour.id])).rows[0].id;
    const [staffed, bare] = [await trip(), await trip()];
    const guide = (await admin.from('guides').insert({ full_name: 'Zuberi Dashboard', languages: ['en'] }).select('id').single()).data!.id;
    const vehicle = (await admin.from('vehicles').insert({ name: 'Dashboard Cruiser', registration: 'T 123 DSH', seats: 7 }).select('id').single()).data!.id;
    expect((await admin.from('departure_guides').insert({ departure_id: staffed, guide_id: guide }).select('guide_id')).error).toBeNull();
    expect((await admin.from('departure_vehicles').insert({ departure_id: staffed, vehicle_id: vehicle, travelers: 0 }).select('vehicle_id')).error).toBeNull();
    const { data } = await admin.rpc('admin_dashboard');
    const leaving = (data as { departures_today: { departure_id: string; guides: string | null; vehicles: string | null }[] }).departures_today;
    expect(leaving.find((row) => row.departure_id === staffed)).toMatchObject({ guides: 'Zuberi Dashboard', vehicles: 'Dashboard Cruiser (T 123 DSH)' });
    expect(leaving.find((row) => row.departure_id === bare)).toMatchObject({ guides: null, vehicles: null });
  });
});
