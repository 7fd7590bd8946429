// REST reads and sign-ins through the server, beside the same reads run directly through the
// database driver, on PGlite and (when reachable) PostgreSQL. Prints one JSON document.
//   npm run bench:platform              BENCH_SECONDS=5 BENCH_CONNECTIONS=10 to change the load
import autocannon from 'autocannon';
import { loadConfig } from '../server/config.ts';
import type { Database } from '../server/platform/db/types.ts';
import { createPlatform } from '../server/platform.ts';
import { raiseLimits } from '../tests/helpers/raise-limits.ts';
import { benchData, benchSetting, postgresReachable, postgresServer, report, startServer } from './support.ts';

const seconds = benchSetting('BENCH_SECONDS', 5, 0.1);
const connections = benchSetting('BENCH_CONNECTIONS', 10, 2);

interface Figures {
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
}

const tourListSelect = 'id,slug,title,base_price,category:categories(name,slug),destinations(name,slug)';

/** The SQL a hand-written data layer would run for the same two reads. */
const directTourList = `
  select coalesce(json_agg(t), '[]')::text from (
    select tours.id, tours.slug, tours.title, tours.base_price,
      (select json_build_object('name', c.name, 'slug', c.slug) from categories c where c.id = tours.category_id) as category,
      (select coalesce(json_agg(json_build_object('name', d.name, 'slug', d.slug)), '[]')
         from tour_destinations td join destinations d on d.id = td.destination_id where td.tour_id = tours.id) as destinations
    from tours where status = 'active' limit 24
  ) t`;
const directTourBySlug = `select row_to_json(t)::text from (select * from tours where slug = $1) t`;

async function load(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, method: (init.method ?? 'GET') as 'GET', headers: init.headers, body: init.body });
  return {
    requests_per_second: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The same closed-loop load as autocannon (N concurrent callers), straight through the driver. */
async function direct(db: Database, sql: string, params: unknown[] = []): Promise<Figures> {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        try {
          await db.query(sql, params);
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 100) / 100;
  return { requests_per_second: Math.round(latencies.length / seconds), p50_ms: at(0.5), p99_ms: at(0.99), errors };
}

async function benchmark(kind: 'pglite' | 'postgres') {
  const { dataDir, databaseUrl, admin, drop } = await benchData(kind, 'bench_platform');

  // Baseline first, while this process owns the database (PGlite allows one owner at a time).
  const platform = await createPlatform(loadConfig({}, { dataDir, databaseUrl, logLevel: 'silent' }));
  const { anonKey } = platform.ctx.apiKeys;
  const slug = (await platform.ctx.db.query<{ slug: string }>(`select slug from tours where status = 'active' order by slug limit 1`)).rows[0].slug;
  const direct_tour_list = await direct(platform.ctx.db, directTourList);
  const direct_tour_by_slug = await direct(platform.ctx.db, directTourBySlug, [slug]);
  // Sign-ins arrive by the hundred from one address: the limits are raised through their settings.
  await raiseLimits(platform.ctx.db);
  await platform.close();

  const server = await startServer({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const headers = { apikey: anonKey, authorization: `Bearer ${anonKey}` };
  const rest_tour_list = await load(`${server.base}/rest/v1/tours?select=${encodeURIComponent(tourListSelect)}&status=eq.active&limit=24`, { headers });
  const rest_tour_by_slug = await load(`${server.base}/rest/v1/tours?select=*&slug=eq.${slug}`, {
    headers: { ...headers, accept: 'application/vnd.pgrst.object+json' },
  });
  const sign_in = await load(`${server.base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  await server.stop();
  await drop();

  const ratio = (rest: Figures, baseline: Figures) => Math.round((rest.requests_per_second / Math.max(1, baseline.requests_per_second)) * 100) / 100;
  return {
    rest_tour_list,
    direct_tour_list,
    rest_tour_by_slug,
    direct_tour_by_slug,
    sign_in,
    rest_vs_direct: { tour_list: ratio(rest_tour_list, direct_tour_list), tour_by_slug: ratio(rest_tour_by_slug, direct_tour_by_slug) },
  };
}

const figures: Record<string, unknown> = { seconds, connections, node: process.version };
const problems: string[] = [];
for (const kind of ['pglite', 'postgres'] as const) {
  if (kind === 'postgres' && !(await postgresReachable(postgresServer))) {
    figures.postgres = 'not reachable';
    continue;
  }
  const run = await benchmark(kind);
  figures[kind] = run;
  for (const [name, measured] of Object.entries(run)) {
    if ('errors' in measured && measured.errors) problems.push(`${kind}: ${name} had ${measured.errors} errors`);
  }
}
report(figures, problems);
