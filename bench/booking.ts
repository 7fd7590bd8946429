// The booking function under load: N concurrent guests (supabase-js, one client each) calling
// rpc('create_booking') against the production server on PostgreSQL (and PGlite for comparison).
// Prints one JSON document: bookings per second, latency, and the oversell count (must be 0).
//   npm run bench:booking         BENCH_SECONDS=10 BENCH_CLIENTS=20 BENCH_PGLITE=0 to change it
import { createClient } from '@supabase/supabase-js';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/platform/db/types.ts';
import { createPlatform } from '../server/platform.ts';
import { raiseLimits } from '../tests/helpers/raise-limits.ts';
import { benchData, benchSetting, postgresReachable, postgresServer, report, startServer } from './support.ts';

const seconds = benchSetting('BENCH_SECONDS', 10, 0.1);
const clients = benchSetting('BENCH_CLIENTS', 20, 4);
const withPglite = process.env.BENCH_PGLITE !== '0';
const benchDatabase = 'bench_booking';

/** Departures the load spreads over: roomy ones for throughput, small ones that sell out for the race. */
const ROOMY_DEPARTURES = 40;
const ROOMY_CAPACITY = 100_000;
const SMALL_DEPARTURES = 10;
const SMALL_CAPACITY = 7;

interface Attempt {
  ms: number;
  outcome: 'booked' | 'no_seats' | 'timed_out' | 'error';
  message?: string;
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] * 10) / 10;
}

/** A bookable tour of its own with roomy and small departures, made while this process owns the database. */
async function prepareDepartures(db: Database): Promise<{ roomy: string[]; small: string[] }> {
  const tour = await db.query<{ id: string }>(
    `insert into public.tours (slug, title, status, base_price, duration_days, group_size_max)
     values ('bench-booking-safari', 'Bench Booking Safari', 'active', 1000, 3, 12) returning id`,
  );
  const make = async (count: number, capacity: number, firstDay: number) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
       select $1, current_date + d, current_date + d + 2, $2 from generate_series($3::int, $3::int + $4::int - 1) as d
       returning id`,
      [tour.rows[0].id, capacity, firstDay, count],
    );
    return rows.map((row) => row.id);
  };
  return { roomy: await make(ROOMY_DEPARTURES, ROOMY_CAPACITY, 90), small: await make(SMALL_DEPARTURES, SMALL_CAPACITY, 200) };
}

async function attempt(call: () => PromiseLike<{ error: { message: string; code?: string } | null }>): Promise<Attempt> {
  const started = performance.now();
  const { error } = await call();
  const ms = performance.now() - started;
  if (!error) return { ms, outcome: 'booked' };
  // 'This departure is sold out', or 'Only 1 seat is left on this departure' for a party of two.
  if (/sold out|seats? (is|are) left/.test(error.message)) return { ms, outcome: 'no_seats' };
  // Stopped by the database's time limit (503): what an overloaded machine does, counted as such;
  // it books nothing, so the oversell check below is unaffected.
  if (error.code === '57014') return { ms, outcome: 'timed_out' };
  return { ms, outcome: 'error', message: error.message };
}

async function benchmark(kind: 'pglite' | 'postgres') {
  const { dataDir, databaseUrl, drop } = await benchData(kind, benchDatabase);

  const platform = await createPlatform(loadConfig({}, { dataDir, databaseUrl, logLevel: 'silent' }));
  const { anonKey } = platform.ctx.apiKeys;
  const departures = await prepareDepartures(platform.ctx.db);
  // Twenty guests book from one address: the limits on holds and requests are raised through their settings.
  await raiseLimits(platform.ctx.db);
  await platform.close();

  // Each guest books from an address of their own, as real guests do (the server is told it sits
  // behind one proxy, which names the address): one address's cap on unpaid holds, 1,000 at most,
  // would otherwise end a fast run early.
  const server = await startServer({ DATA_DIR: dataDir, TRUSTED_PROXY_HOPS: '1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const guests = Array.from({ length: clients }, (_, index) =>
    createClient(server.base, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'x-forwarded-for': `198.51.100.${index + 1}` } },
    }),
  );
  const book = (client: (typeof guests)[number], departureId: string, n: number) =>
    attempt(() =>
      client.rpc('create_booking', {
        p_departure_id: departureId,
        p_adults: 1 + (n % 2),
        p_contact: { full_name: `Bench Guest ${n}`, email: `bench-${n}@example.com` },
      }),
    );

  // Throughput: every client books again as soon as its last booking returns, for `seconds`.
  const load: Attempt[] = [];
  let counter = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    guests.map(async (client) => {
      while (Date.now() < until) {
        const n = counter++;
        load.push(await book(client, departures.roomy[n % departures.roomy.length], n));
      }
    }),
  );

  // The race: all clients at once on departures with a few seats, until each is told the seats are gone.
  const race: Attempt[] = [];
  for (const departureId of departures.small) {
    await Promise.all(
      guests.map(async (client) => {
        for (;;) {
          const result = await book(client, departureId, counter++);
          race.push(result);
          if (result.outcome !== 'booked') return;
        }
      }),
    );
  }
  await server.stop();

  // Oversell, read straight from the database: seats held beyond capacity, and counters that disagree
  // with the bookings they count.
  const check = await createPlatform(loadConfig({}, { dataDir, databaseUrl, logLevel: 'silent', seedDemo: false }));
  const { rows } = await check.ctx.db.query<{ oversold_departures: number; oversold_seats: number; counter_mismatches: number }>(
    `with held as (
       select d.id, d.capacity, d.seats_booked,
              coalesce(sum(b.adults + b.children) filter (where b.status in ('pending', 'confirmed', 'completed')), 0)::int as seats
         from public.tour_departures d left join public.bookings b on b.departure_id = d.id
        where d.tour_id = (select id from public.tours where slug = 'bench-booking-safari')
        group by d.id)
     select count(*) filter (where seats > capacity)::int as oversold_departures,
            coalesce(sum(greatest(seats - capacity, 0)), 0)::int as oversold_seats,
            count(*) filter (where seats <> seats_booked)::int as counter_mismatches
       from held`,
  );
  await check.close();
  await drop();

  const latencies = load.map((a) => a.ms).sort((a, b) => a - b);
  const booked = load.filter((a) => a.outcome === 'booked').length;
  const errors = [...load, ...race].filter((a) => a.outcome === 'error');
  return {
    bookings_per_second: Math.round((booked / seconds) * 10) / 10,
    bookings: booked,
    p50_ms: percentile(latencies, 0.5),
    p99_ms: percentile(latencies, 0.99),
    max_ms: percentile(latencies, 1),
    race: {
      departures: SMALL_DEPARTURES,
      seats_each: SMALL_CAPACITY,
      booked: race.filter((a) => a.outcome === 'booked').length,
      refused_no_seats: race.filter((a) => a.outcome === 'no_seats').length,
    },
    timed_out: [...load, ...race].filter((a) => a.outcome === 'timed_out').length,
    unexpected_errors: errors.length,
    first_error: errors[0]?.message ?? null,
    oversell: rows[0],
  };
}

const figures: Record<string, unknown> = { seconds, clients, node: process.version };
const problems: string[] = [];
for (const kind of ['postgres', 'pglite'] as const) {
  if (kind === 'pglite' && !withPglite) continue;
  if (kind === 'postgres' && !(await postgresReachable(postgresServer))) {
    figures.postgres = 'not reachable';
    continue;
  }
  const run = await benchmark(kind);
  figures[kind] = run;
  if (run.oversell.oversold_seats || run.oversell.counter_mismatches) problems.push(`${kind}: seats oversold or miscounted`);
  if (run.unexpected_errors) problems.push(`${kind}: ${run.unexpected_errors} unexpected errors, the first: ${run.first_error}`);
  if (run.bookings === 0) problems.push(`${kind}: no booking was made`);
}
report(figures, problems);
