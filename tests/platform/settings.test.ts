import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The booking terms as settings (public.booking_settings, read by payment_terms()) and what the
 * server says of its payment providers and email sender (GET /api/settings/integrations).
 */
let server: TestServer;
let admin: SupabaseClient;
let agent: SupabaseClient;
let traveler: SupabaseClient;

// Secrets of the server's environment: no part of them may reach the settings screen.
const stripeKey = 'sk_test_51QzK8vT2pLm9RxW4nB7cJ0dFhY6gE3sA';
const webhookSecret = 'whsec_Zq8Lr2Xv9Tk4Pw7Nm3Bj6Hc';
const smtpUser = 'kq7wuser';
const smtpPassword = 'Qv7pXz2Lk9Rt';

const defaults = { deposit_percent: 30, balance_due_days: 60, offline_hold_days: 7, booking_terms_version: '2026-11', default_currency: 'USD', time_zone: 'Africa/Dar_es_Salaam' };

beforeAll(async () => {
  server = await startTestServer({
    stripeSecretKey: stripeKey,
    stripeWebhookSecret: webhookSecret,
    // Nothing listens there: an email the tests queue fails fast and is retried later.
    smtpUrl: `smtp://${smtpUser}:${smtpPassword}@127.0.0.1:9`,
    mailFrom: 'Kilele Safaris Office <office@kilele.example>',
  });
  admin = await server.adminClient();
  const staff = await server.staff('agent', { fullName: 'Settings Agent' });
  agent = staff.client;
  traveler = (await server.traveler()).client;
});
afterAll(async () => {
  await server?.close();
});

const settingsRow = async () => (await server.db.query(`select deposit_percent::float as deposit_percent, balance_due_days, offline_hold_days, booking_terms_version, default_currency, time_zone from public.booking_settings`)).rows[0];
const saveAsAdmin = (patch: Record<string, unknown>) => admin.from('booking_settings').update(patch).eq('id', true).select('deposit_percent').single();

async function departure(daysAhead: number): Promise<string> {
  const { rows } = await server.db.query<{ id: string }>(
    `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
     select id, public.company_today() + $1::int, public.company_today() + $1::int + 6, 20 from public.tours where slug = '7-day-great-migration-safari' returning id`,
    [daysAhead],
  );
  return rows[0].id;
}

/** A guest's new booking and its schedule, as the booking page asks for it. */
async function newBookingSchedule(departureId: string) {
  const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
  const made = await server.client().rpc('create_booking', { p_departure_id: departureId, p_adults: 2, p_contact: { full_name: 'Settings Guest', email } });
  expect(made.error).toBeNull();
  const schedule = await server.client().rpc('booking_payment_schedule', { p_booking_id: made.data.id, p_email: email });
  expect(schedule.error).toBeNull();
  return schedule.data as { total: number; deposit_percent: number; deposit_amount: number; balance_due_days: number; balance_due_date: string | null; pay_in_full: boolean; start_date: string };
}

describe('the booking terms', () => {
  it('start as the terms the company always had', async () => {
    expect(await settingsRow()).toEqual(defaults);
    const terms = await traveler.rpc('payment_terms').single();
    expect(terms.data).toEqual({ deposit_percent: 30, balance_due_days: 60, offline_hold_days: 7 });
  });

  it('are what a new booking is charged: a deposit of 40 % and the balance 45 days before', async () => {
    const far = await departure(120);
    const before = await newBookingSchedule(far);
    expect(before.deposit_amount).toBeCloseTo(before.total * 0.3, 2);

    expect((await saveAsAdmin({ deposit_percent: 40, balance_due_days: 45 })).error).toBeNull();
    expect((await traveler.rpc('payment_terms').single()).data).toEqual({ deposit_percent: 40, balance_due_days: 45, offline_hold_days: 7 });
    const after = await newBookingSchedule(far);
    expect(after).toMatchObject({ deposit_percent: 40, balance_due_days: 45, pay_in_full: false });
    expect(after.deposit_amount).toBe(Math.round(after.total * 40) / 100);
    const due = new Date(`${after.start_date}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() - 45);
    expect(after.balance_due_date).toBe(due.toISOString().slice(0, 10));
    // The bank details the portal reads follow the balance days.
    expect((await server.client().from('payment_instructions').select('balance_due_days').single()).data).toEqual({ balance_due_days: 45 });

    // A trip within the balance days is paid in full at booking.
    expect((await newBookingSchedule(await departure(30))).pay_in_full).toBe(true);

    // Every change is in the audit log, with the admin who made it.
    const audit = await server.db.query(`select actor_id, old_values, new_values from public.audit_log where table_name = 'booking_settings' order by id desc limit 1`);
    expect(audit.rows[0]).toMatchObject({ old_values: { deposit_percent: 30, balance_due_days: 60 }, new_values: { deposit_percent: 40, balance_due_days: 45 } });
    expect(audit.rows[0].actor_id).toBe((await admin.auth.getUser()).data.user!.id);

    expect((await saveAsAdmin({ deposit_percent: 30, balance_due_days: 60 })).error).toBeNull();
    expect((await server.client().from('payment_instructions').select('balance_due_days').single()).data).toEqual({ balance_due_days: 60 });
  });

  it('refuse what is out of range, in words naming the field, and write nothing', async () => {
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ deposit_percent: 0 }, 'deposit_percent', 'The deposit is a percentage from 1 to 100'],
      [{ deposit_percent: 150 }, 'deposit_percent', 'The deposit is a percentage from 1 to 100'],
      [{ balance_due_days: 400 }, 'balance_due_days', 'The balance is due from 0 to 365 days before departure'],
      [{ balance_due_days: -1 }, 'balance_due_days', 'The balance is due from 0 to 365 days before departure'],
      [{ offline_hold_days: 0 }, 'offline_hold_days', 'A bank transfer or payment on arrival holds the seats from 1 to 30 days'],
      [{ booking_terms_version: '' }, 'booking_terms_version', 'The terms version is up to 32 letters, digits, spaces, dots or dashes, such as 2026-11'],
      [{ default_currency: 'ZAR' }, 'default_currency', 'The default currency must be one of the exchange rates'],
      [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone', 'Choose a time zone by its name, such as Africa/Dar_es_Salaam'],
      // A POSIX offset Postgres would take, whose sign is the reverse of what people expect.
      [{ time_zone: 'UTC+3' }, 'time_zone', 'Choose a time zone by its name, such as Africa/Dar_es_Salaam'],
    ];
    for (const [patch, hint, message] of refusals) {
      const { error } = await saveAsAdmin(patch);
      expect(error, JSON.stringify(patch)).toMatchObject({ code: '23514', hint, message });
    }
    expect(await settingsRow()).toEqual(defaults);
  });

  it('take a time zone, a currency of the exchange rates and a version', async () => {
    expect((await saveAsAdmin({ time_zone: 'Africa/Nairobi', default_currency: 'EUR', booking_terms_version: 'v3.1' })).error).toBeNull();
    expect(await settingsRow()).toMatchObject({ time_zone: 'Africa/Nairobi', default_currency: 'EUR', booking_terms_version: 'v3.1' });
    // The default currency's exchange rate cannot be removed from under it.
    expect((await admin.from('currency_rates').delete().eq('currency', 'EUR')).error?.code).toBe('23503');
    // A new tour is priced in it unless it says otherwise.
    const slug = `settings-tour-${randomUUID().slice(0, 8)}`;
    const { rows } = await server.db.query<{ currency: string }>(`insert into public.tours (slug, title) values ($1, 'Settings tour') returning currency`, [slug]);
    expect(rows[0].currency).toBe('EUR');
    await server.db.query(`delete from public.tours where slug = $1`, [slug]);
    expect((await saveAsAdmin({ time_zone: defaults.time_zone, default_currency: 'USD', booking_terms_version: defaults.booking_terms_version })).error).toBeNull();
  });

  it('stamp each new booking with the terms version in force, which stays with it', async () => {
    expect((await saveAsAdmin({ booking_terms_version: 'v4 2027' })).error).toBeNull();
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const made = await server.client().rpc('create_booking', { p_departure_id: await departure(90), p_adults: 1, p_contact: { full_name: 'Terms Guest', email } });
    expect(made.error).toBeNull();
    expect((await saveAsAdmin({ booking_terms_version: defaults.booking_terms_version })).error).toBeNull();
    const version = async () => (await server.db.query(`select booking_terms_version from public.bookings where id = $1`, [made.data.id])).rows[0].booking_terms_version;
    expect(await version()).toBe('v4 2027');
    // Not even the database's owner rewrites it.
    await server.db.query(`update public.bookings set booking_terms_version = 'forged' where id = $1`, [made.data.id]);
    expect(await version()).toBe('v4 2027');
  });

  it('set the company’s day by its time zone: the dashboard’s today and the days before departure of a cancellation', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const made = await server.client().rpc('create_booking', { p_departure_id: await departure(100), p_adults: 1, p_contact: { full_name: 'Zone Guest', email } });
    expect(made.error).toBeNull();
    const inZone = async (zone: string) => {
      expect((await saveAsAdmin({ time_zone: zone })).error).toBeNull();
      expect((await admin.rpc('company_time_zone')).data).toBe(zone);
      const today = (await server.db.query<{ today: string }>(`select (now() at time zone $1)::date::text as today`, [zone])).rows[0].today;
      const dashboard = (await admin.rpc('admin_dashboard')).data as { today: string };
      const terms = (await admin.rpc('cancellation_terms', { p_booking_id: made.data.id })).data as { days_before: number };
      return { today, dashboardToday: dashboard.today, daysBefore: terms.days_before };
    };
    // Kiritimati is 25 hours ahead of Pago Pago: never the same day.
    const east = await inZone('Pacific/Kiritimati');
    const west = await inZone('Pacific/Pago_Pago');
    expect((await saveAsAdmin({ time_zone: defaults.time_zone })).error).toBeNull();
    expect(east.dashboardToday).toBe(east.today);
    expect(west.dashboardToday).toBe(west.today);
    expect(east.today > west.today).toBe(true);
    expect(west.daysBefore - east.daysBefore).toBe((Date.parse(east.today) - Date.parse(west.today)) / 86_400_000);
  });

  it('are the admins’: agents and travelers neither read nor change them', async () => {
    for (const client of [agent, traveler]) {
      expect((await client.from('booking_settings').select('deposit_percent')).data).toEqual([]);
      const changed = await client.from('booking_settings').update({ deposit_percent: 99 }).eq('id', true).select('id');
      expect(changed.error === null ? changed.data : changed.error.code).toEqual([]);
    }
    const visitor = await server.client().from('booking_settings').update({ deposit_percent: 99 }).eq('id', true).select('id');
    expect(visitor.error?.code).toBe('42501');
    expect((await server.client().rpc('payment_terms')).error?.code).toBe('42501');
    expect(await settingsRow()).toEqual(defaults);
  });
});

describe('the bank details', () => {
  const bankRow = async () =>
    (await server.db.query(`select bank_name, account_name, account_number, swift_code, branch, currency, pay_on_arrival from public.payment_instructions where is_active`)).rows[0];
  const saveBank = async (patch: Record<string, unknown>) => {
    const { data: active } = await admin.from('payment_instructions').select('id').eq('is_active', true).single();
    return admin.from('payment_instructions').update(patch).eq('id', active!.id).select('bank_name, swift_code, branch').single();
  };

  it('refuse a bad field in words naming it, and write nothing', async () => {
    const before = await bankRow();
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ bank_name: '  ' }, 'bank_name', 'Give the bank’s name, up to 100 characters'],
      [{ account_name: '' }, 'account_name', 'Give the name on the account, up to 100 characters'],
      [{ account_number: '12/34' }, 'account_number', 'The account number is up to 40 letters, digits, spaces or dashes'],
      [{ swift_code: 'CORU TZ' }, 'swift_code', 'A SWIFT code is 8 or 11 letters and digits, such as CORUTZTZ'],
      [{ branch: 'b'.repeat(201) }, 'branch', 'The branch is up to 200 characters'],
      [{ currency: 'ZAR' }, 'currency', 'The account’s currency must be one of the exchange rates'],
      [{ pay_on_arrival: 'p'.repeat(1001) }, 'pay_on_arrival', 'The instructions for paying on arrival are up to 1,000 characters'],
    ];
    for (const [patch, hint, message] of refusals) {
      const { error } = await saveBank(patch);
      expect(error, JSON.stringify(patch)).toMatchObject({ code: '23514', hint, message });
    }
    expect(await bankRow()).toEqual(before);
  });

  it('are saved trimmed, the SWIFT code in capitals, for travelers to read, with the admin in the audit log', async () => {
    const before = await bankRow();
    const saved = await saveBank({ bank_name: ' NMB Bank ', swift_code: 'nmibtztz', branch: '' });
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual({ bank_name: 'NMB Bank', swift_code: 'NMIBTZTZ', branch: null });
    expect((await server.client().from('payment_instructions').select('bank_name, swift_code').single()).data).toEqual({ bank_name: 'NMB Bank', swift_code: 'NMIBTZTZ' });
    const audit = await server.db.query(`select actor_id, new_values from public.audit_log where table_name = 'payment_instructions' order by id desc limit 1`);
    expect(audit.rows[0].new_values).toMatchObject({ bank_name: 'NMB Bank', swift_code: 'NMIBTZTZ' });
    expect(audit.rows[0].actor_id).toBe((await admin.auth.getUser()).data.user!.id);
    expect((await saveBank(before)).error).toBeNull();
    // Agents change nothing.
    const changed = await agent.from('payment_instructions').update({ bank_name: 'Agent Bank' }).eq('is_active', true).select('id');
    expect(changed.error === null ? changed.data : changed.error.code).toEqual([]);
    expect(await bankRow()).toEqual(before);
  });
});

describe('GET /api/settings/integrations', () => {
  const ask = async (client: SupabaseClient | null) => {
    const token = client ? (await client.auth.getSession()).data.session!.access_token : server.anonKey;
    return fetch(`${server.url}/api/settings/integrations`, { headers: { apikey: server.anonKey, authorization: `Bearer ${token}` } });
  };

  it('tells an admin how payments and email are set up', async () => {
    const response = await ask(admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      card: { provider: 'stripe', configured: true, mode: 'test', webhook: true },
      bankTransfer: { active: true, bankName: 'CRDB Bank PLC' },
      payOnArrival: { offered: true, instructions: true },
      email: { from: 'Kilele Safaris Office <office@kilele.example>', name: 'Kilele Safaris Office', address: 'office@kilele.example', transport: 'smtp', host: '127.0.0.1:9' },
    });
  });

  it('never shows a secret, nor any part of one', async () => {
    const text = await (await ask(admin)).text();
    for (const secret of [stripeKey, webhookSecret, smtpUser, smtpPassword]) {
      for (let start = 0; start + 6 <= secret.length; start += 1) expect(text).not.toContain(secret.slice(start, start + 6));
    }
  });

  it('refuses agents (403) and visitors (401)', async () => {
    expect((await ask(agent)).status).toBe(403);
    expect((await ask(traveler)).status).toBe(403);
    expect((await ask(null)).status).toBe(401);
    expect((await fetch(`${server.url}/api/settings/integrations`)).status).toBe(401);
  });
});
