// The back office at the size of a busy operator after ten years: 100,000 bookings, 40,000 clients,
// 300,000 payments and 1,000,000 audit rows, generated in SQL on top of the demo company, then read
// through supabase-js as the admin against the server in its own process, on PostgreSQL and on
// PGlite. Prints one JSON document: p50 and p95 (ms) of the bookings search, a booking's page, the
// clients list and the dashboard; and the search's asks one by one (bookings_search.words and so on).
//   npm run bench:admin        BENCH_ROUNDS=40 BENCH_PGLITE=0 BENCH_SCALE=0.1 to change it
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/platform/db/types.ts';
import { createPlatform } from '../server/platform.ts';
import { benchData, benchSetting, postgresReachable, postgresServer, report, startServer } from './support.ts';

const rounds = benchSetting('BENCH_ROUNDS', 40, 1);
const scale = benchSetting('BENCH_SCALE', 1, 0.01);
const withPglite = process.env.BENCH_PGLITE !== '0';

const size = {
  clients: Math.round(40_000 * scale),
  bookings: Math.round(100_000 * scale),
  paymentsPerBooking: 3,
  audit: Math.round(1_000_000 * scale),
};

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
}

/**
 * Ten years of an operator's records, written with the triggers off (a bulk load, as a migration from
 * another system would be) and their derived columns computed in the same statements: seats taken,
 * amounts paid. Then a vacuum and the statistics, as autovacuum makes after any large load (the
 * visibility map lets counts read an index alone).
 */
async function generate(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    // Clients: accounts, each with its profile.
    await tx.query(
      `insert into auth.users (id, email, raw_user_meta_data, email_confirmed_at, created_at)
       select gen_random_uuid(), 'client' || n || '@bench.example', jsonb_build_object('full_name', 'Client ' || n || ' ' || (array['Mollel','Kimaro','Smith','Jensen','Rossi','Okafor','Tanaka','Meyer'])[1 + n % 8]),
              now(), now() - (n % 3650) * interval '1 day'
         from generate_series(1, $1::int) n`,
      [size.clients],
    );
    await tx.query(
      `insert into public.users (id, email, full_name, phone, country, created_at)
       select id, email, raw_user_meta_data ->> 'full_name', '+255 7' || lpad((abs(hashtext(email)) % 100000000)::text, 8, '0'), 'Tanzania', created_at
         from auth.users where email like '%@bench.example'`,
    );
    // Departures over ten years, every tour every two weeks.
    await tx.query(
      `insert into public.tour_departures (tour_id, start_date, end_date, capacity, seats_booked, status, guaranteed_threshold)
       select t.id, d::date, d::date + greatest(t.duration_days - 1, 0), 500, 0, 'open', 4
         from public.tours t, generate_series(current_date - interval '9 years', current_date + interval '1 year', interval '14 days') d
        where t.status = 'active' and not t.is_private`,
    );
    // Bookings: each on a departure, for a client (a third with the client's account), in every state.
    await tx.query(
      `with departures as (select id, tour_id, start_date, row_number() over (order by start_date, id) as position, count(*) over () as total from public.tour_departures where capacity = 500),
            clients as (select id, email, full_name, phone, row_number() over (order by email) as position from public.users where email like '%@bench.example'),
            made as (
              select n, d.id as departure_id, d.tour_id, d.start_date, c.id as client_id, c.email, c.full_name, c.phone,
                     1 + n % 4 as adults, (n % 7 = 0)::int as children, 900 + (n % 40) * 125 as unit
                from generate_series(1, $1::int) n
                join departures d on d.position = 1 + (n * 7919) % d.total
                join clients c on c.position = 1 + n % $2::int)
       insert into public.bookings (id, booking_reference, user_id, tour_id, departure_id, status, adults, children, contact, currency,
                                    total_amount, amount_paid, price_breakdown, created_at, hold_expires_at, source)
       select gen_random_uuid(), 'KB-' || lpad(n::text, 7, '0'), case when n % 3 = 0 then client_id end, tour_id, departure_id,
              case when start_date < current_date then (case when n % 11 = 0 then 'cancelled' else 'completed' end)
                   when n % 13 = 0 then 'pending' when n % 17 = 0 then 'cancelled' else 'confirmed' end,
              adults, children,
              -- A third booked as guests who never made an account (a guest books again now and then);
              -- the rest with the client's own email, a third of all before they made their account.
              case when n % 3 = 1 then jsonb_build_object('full_name', 'Guest ' || (n % ($2::int / 2)) || ' ' || split_part(full_name, ' ', 3),
                                                          'email', 'guest' || (n % ($2::int / 2)) || '@bench.example', 'phone', '+255 68' || lpad((n % ($2::int / 2))::text, 7, '0'))
                   else jsonb_build_object('full_name', full_name, 'email', email, 'phone', phone) end,
              'USD', (adults + children) * unit, 0,
              jsonb_build_array(jsonb_build_object('kind', 'adult', 'label', 'Adults', 'quantity', adults, 'unit_price', unit, 'amount', adults * unit)),
              start_date - (30 + n % 200) * interval '1 day',
              case when start_date >= current_date and n % 13 = 0 then now() + interval '2 days' end,
              case when n % 9 = 0 then 'office' else 'website' end
         from made`,
      [size.bookings, size.clients],
    );
    // What the search box matches, which the bookings' trigger keeps.
    await tx.query(`update public.bookings b set search = public.booking_search_text(b) where b.booking_reference like 'KB-%'`);
    // Payments: a deposit, a balance and one more, three per booking; amounts paid follow them.
    await tx.query(
      `insert into public.payments (booking_id, amount, currency, method, status, paid_at, created_at)
       select b.id, round(b.total_amount * share, 2), 'USD', (array['bank_transfer','card','mobile_money','cash'])[1 + k],
              case when b.status = 'cancelled' and k = 2 then 'refund_due' else 'succeeded' end,
              b.created_at + k * interval '20 days', b.created_at + k * interval '20 days'
         from public.bookings b, (values (0, 0.3), (1, 0.5), (2, 0.2)) as parts(k, share)
        where b.booking_reference like 'KB-%' and (b.status <> 'pending' or k = 0)`,
    );
    await tx.query(
      `update public.bookings b set amount_paid = p.paid
         from (select booking_id, sum(amount) as paid from public.payments where status = 'succeeded' group by booking_id) p
        where p.booking_id = b.id and b.booking_reference like 'KB-%'`,
    );
    await tx.query(
      `update public.tour_departures d set seats_booked = s.seats
         from (select departure_id, sum(adults + children)::int as seats from public.bookings
                where status in ('pending', 'confirmed', 'completed') and booking_reference like 'KB-%' group by departure_id) s
        where s.departure_id = d.id`,
    );
    // The office's tags on one client in twenty, and notes on one in fifty.
    await tx.query(
      `insert into public.client_tags (client_key, tag)
       select id::text, (array['vip', 'repeat', 'agent referral', 'honeymoon'])[1 + (row_number() over (order by id)) % 4]
         from public.users where email like '%@bench.example' and abs(hashtext(email)) % 20 = 0`,
    );
    await tx.query(
      `insert into public.client_notes (client_key, body)
       select id::text, 'Prefers a window seat; vegetarian meals' from public.users where email like '%@bench.example' and abs(hashtext(email)) % 50 = 0`,
    );
    // The clients list's directory, which its triggers keep but the load skipped.
    await tx.query(`select public.rebuild_client_directory()`);
    // The audit log: ten changes a booking, the size of ten years of an office at work.
    await tx.query(
      `insert into public.audit_log (occurred_at, actor_id, actor_kind, table_name, record_id, action, old_values, new_values)
       select b.created_at + k * interval '3 days', null, 'system', 'bookings', b.id::text, 'update',
              jsonb_build_object('notes', null), jsonb_build_object('notes', 'Change ' || k)
         from (select id, created_at from public.bookings where booking_reference like 'KB-%' order by id limit $1::int / 10) b,
              generate_series(1, 10) k`,
      [size.audit],
    );
    // The day's round has run, and the emails it owes the imported bookings (reminders, reviews)
    // went out from the system they came from: the server starts with no backlog to write.
    await tx.query(`select public.run_booking_schedule()`);
    await tx.query(
      `update public.booking_notifications set status = 'skipped', skip_reason = 'Sent before the bookings were imported'
        where status = 'pending' and booking_id in (select id from public.bookings where booking_reference like 'KB-%')`,
    );
  });
  await db.query('vacuum analyze');
}

/** Times one ask under its measure's label and, when given, under the ask's own label as well. */
async function timed(label: string, samples: Record<string, number[]>, call: () => PromiseLike<{ error: unknown }>, ask?: string) {
  const started = performance.now();
  const { error } = await call();
  if (error) throw new Error(`${label}: ${JSON.stringify(error)}`);
  const took = performance.now() - started;
  (samples[label] ??= []).push(took);
  if (ask) (samples[`${label}.${ask}`] ??= []).push(took);
}

/** A day from today (yyyy-mm-dd, UTC: a day either way changes nothing measured). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function measure(client: SupabaseClient, bookingIds: string[], references: string[], count = rounds) {
  const samples: Record<string, number[]> = {};
  // What the office types: a client's name, an email, a phone number, a surname many share.
  const words = ['Client 1234', 'client2345@bench', '0754 123', 'Client 877 Rossi', 'Kimaro'];
  const clientWords = ['Client 1234', 'guest345@bench', '0754 123', 'Guest 877', 'Kimaro'];
  for (let i = 0; i < count; i += 1) {
    // The list's usual asks: the first page, a reference, a name, a filter and another order.
    await timed('bookings_search', samples, () => client.rpc('search_bookings', { p_limit: 25 }), 'first_page');
    await timed('bookings_search', samples, () => client.rpc('search_bookings', { p_query: references[i % references.length] }), 'reference');
    await timed('bookings_search', samples, () => client.rpc('search_bookings', { p_query: words[i % words.length], p_limit: 25 }), 'words');
    await timed(
      'bookings_search',
      samples,
      () => client.rpc('search_bookings', { p_payment_state: 'part_paid', p_statuses: ['confirmed'], p_sort: 'start_date', p_descending: false }),
      'filter_by_start',
    );
    const id = bookingIds[i % bookingIds.length];
    await timed('booking_detail', samples, () =>
      Promise.all([
        client
          .from('bookings')
          .select('*, tours(id, title, slug), tour_departures(id, start_date, end_date, capacity, seats_booked, status), payments(*)')
          .eq('id', id)
          .single(),
        client.from('audit_log').select('*').eq('table_name', 'bookings').eq('record_id', id).order('occurred_at', { ascending: false }).limit(200),
        client.from('booking_notifications').select('id, kind, status, created_at, email_queue(id, subject, status)').eq('booking_id', id),
      ]).then((answers) => ({ error: answers.find((answer) => answer.error)?.error ?? null })),
    );
    // The clients list (search_clients): a page by name, a search, the biggest spenders, a filter.
    await timed('clients_list', samples, () => client.rpc('search_clients', { p_limit: 25, p_offset: 25 * (i % 20) }));
    await timed('clients_list', samples, () => client.rpc('search_clients', { p_query: clientWords[i % clientWords.length] }));
    await timed('clients_list', samples, () => client.rpc('search_clients', { p_sort: 'spent', p_descending: true }));
    await timed('clients_list', samples, () => client.rpc('search_clients', { p_tag: 'vip', p_upcoming: true, p_sort: 'next_trip' }));
    await timed('dashboard', samples, () => client.rpc('admin_dashboard'));
    // Operations and analytics: the dashboard's operations card, an admin's week in field mode
    // (every trip's manifest), and the analytics over 90 days and over two years.
    await timed('operations', samples, () => client.rpc('operations_due'), 'due');
    await timed('operations', samples, () => client.rpc('field_trips'), 'field_trips');
    await timed('analytics', samples, () => client.rpc('analytics_report', { p_from: dayFromToday(-89), p_to: dayFromToday(0) }), '90_days');
    await timed('analytics', samples, () => client.rpc('analytics_report', { p_from: dayFromToday(-729), p_to: dayFromToday(0) }), 'two_years');
  }
  return Object.fromEntries(
    Object.entries(samples).map(([label, values]) => {
      const sorted = values.sort((a, b) => a - b);
      return [label, { n: sorted.length, p50_ms: percentile(sorted, 0.5), p95_ms: percentile(sorted, 0.95) }];
    }),
  );
}

async function benchmark(kind: 'pglite' | 'postgres') {
  const { dataDir, databaseUrl, admin, drop } = await benchData(kind, 'bench_admin');

  const platform = await createPlatform(loadConfig({}, { dataDir, databaseUrl, logLevel: 'silent' }));
  const { anonKey } = platform.ctx.apiKeys;
  const started = performance.now();
  await generate(platform.ctx.db);
  const generatedSeconds = Math.round((performance.now() - started) / 100) / 10;
  const counts = (
    await platform.ctx.db.query<Record<string, number>>(
      `select (select count(*) from public.bookings)::int as bookings, (select count(*) from public.users)::int as clients,
              (select count(*) from public.payments)::int as payments, (select count(*) from public.audit_log)::int as audit_rows`,
    )
  ).rows[0];
  const sample = await platform.ctx.db.query<{ id: string; booking_reference: string }>(
    `select id, booking_reference from public.bookings where booking_reference like 'KB-%' order by md5(id::text) limit 50`,
  );
  await platform.close();

  const server = await startServer({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const client = createClient(server.base, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const signedIn = await client.auth.signInWithPassword(admin);
  if (signedIn.error) throw signedIn.error;
  // One round first: caches warm, as in an office that has been open all morning.
  await measure(client, sample.rows.map((row) => row.id).slice(0, 2), sample.rows.map((row) => row.booking_reference).slice(0, 2), 2);
  const figures = await measure(
    client,
    sample.rows.map((row) => row.id),
    sample.rows.map((row) => row.booking_reference),
  );
  await server.stop();
  await drop();
  return { generated_in_s: generatedSeconds, rows: counts, ...figures };
}

const figures: Record<string, unknown> = { rounds, scale, node: process.version };
figures.postgres = (await postgresReachable(postgresServer)) ? await benchmark('postgres') : 'not reachable';
if (withPglite) figures.pglite = await benchmark('pglite');
report(figures);
