import { rm } from 'node:fs/promises';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidateSchemaCache } from '../../server/platform/rest/routes.ts';
import { shellDist } from '../helpers/shell.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// No single request may hold the database long: the embedded one runs a query at a time and cannot
// cancel it. Each hostile shape below once froze the site; now it is refused before it runs (or, on
// PostgreSQL, cut off), and the home page and health check answer promptly all the while.

let server: TestServer;
let anon: SupabaseClient;
let distDir: string;
/** The tour that was given five thousand departures: the skewed data an attacker would pick. */
let crowdedTourId: string;

beforeAll(async () => {
  distDir = await shellDist();
  server = await startTestServer({ distDir });
  anon = server.client();
  crowdedTourId = (await server.db.query<{ id: string }>(`select id from public.tours where status = 'active' order by slug limit 1`)).rows[0].id;
  await server.db.query(
    `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
     select $1, public.company_today() + 400 + g, public.company_today() + 405 + g, 10 from generate_series(1, 5000) g`,
    [crowdedTourId],
  );
  // What the statement timeout of each role is, and a statement that runs as long as it is told.
  await server.db.exec(`
    create function public.zz_statement_timeout() returns text language sql stable as $$ select current_setting('statement_timeout') $$;
    create function public.zz_sleep(p_seconds float8) returns void language sql volatile as $$ select pg_sleep(p_seconds) $$;
    grant execute on function public.zz_statement_timeout(), public.zz_sleep(float8) to anon, authenticated;
  `);
  invalidateSchemaCache(server.db);
  // The first page a server renders loads its renderer: warmed up here, so the timings below measure
  // waiting behind a hostile request, not a cold start.
  for (const path of ['/', '/api/health']) await (await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } })).text();
});

afterAll(async () => {
  await server?.close();
  await rm(distDir, { recursive: true, force: true });
});

/** A hostile request, timed, while the home page and the health check are asked for meanwhile. */
async function whileHostile<T>(hostile: () => PromiseLike<T>): Promise<{ result: T; hostileMs: number; otherMs: number[] }> {
  const started = Date.now();
  const attack = Promise.resolve(hostile()).then((result) => ({ result, ms: Date.now() - started }));
  const others: Promise<number>[] = [];
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    for (const path of ['/api/health', '/']) {
      others.push(
        (async () => {
          const at = Date.now();
          const response = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
          expect(response.status, path).toBe(200);
          await response.text();
          return Date.now() - at;
        })(),
      );
    }
  }
  const [{ result, ms }, otherMs] = await Promise.all([attack, Promise.all(others)]);
  return { result, hostileMs: ms, otherMs };
}

function expectPrompt(timing: { hostileMs: number; otherMs: number[] }) {
  expect(timing.hostileMs).toBeLessThan(3_000);
  for (const ms of timing.otherMs) expect(ms).toBeLessThan(1_000);
}

describe('findings of the hostile visitor, each refused before it runs', () => {
  it('1: embeds six levels deep are refused (they ran 25 s and returned 59 MB)', async () => {
    const nested = 'id,d:tour_departures(id,t:tours(id,d:tour_departures(id,t:tours(id,d:tour_departures(id,t:tours(id))))))';
    const timing = await whileHostile(() => anon.from('tours').select(nested));
    expect(timing.result.status).toBe(400);
    expect(timing.result.error).toMatchObject({
      code: '54000',
      message: 'The select parameter embeds resources 4 levels deep; at most 3 are allowed',
    });
    expectPrompt(timing);
  });

  it('2: a regular expression with back-references is refused, and no visitor may filter by regex at all', async () => {
    const timing = await whileHostile(() => anon.from('blog_posts').select('id').filter('content', 'match', '(.*)(.*)\\2\\1x'));
    expect(timing.result.status).toBe(400);
    expect(timing.result.error).toMatchObject({ code: '54000', message: 'Regular expression filters (match, imatch) are not available without signing in' });
    expectPrompt(timing);

    const { client } = await server.traveler();
    const backReference = await client.from('blog_posts').select('id').filter('content', 'match', '(.*)(.*)\\2\\1x');
    expect(backReference.error).toMatchObject({ code: '54000', message: 'Regular expressions with back-references are not allowed' });
    // Without back-references Postgres matches in linear time, so signed-in callers keep the operator.
    const plain = await client.from('blog_posts').select('title').filter('title', 'match', '^[A-Z]');
    expect(plain.error).toBeNull();
    expect(plain.data!.length).toBeGreaterThan(0);
  });

  it('3: an embed under a to-one embed, over skewed data, is refused by the bound on the rows it could return', async () => {
    // departures → their tour → its departures: one tour's 5,000 departures, a thousand times over.
    const timing = await whileHostile(() =>
      anon.from('tour_departures').select('id,tours(id,tour_departures(id))').eq('tour_id', crowdedTourId),
    );
    expect(timing.result.status).toBe(400);
    expect(timing.result.error?.code).toBe('54000');
    expect(timing.result.error?.message).toMatch(/^This request could return up to 1,002,000 rows, counting embedded ones, and requests without signing in may return at most 20,000$/);
    expectPrompt(timing);

    // The same request with a limit on the inner list is bounded, and answered.
    const limited = await anon.from('tour_departures').select('id,tours(id,tour_departures(id))').eq('tour_id', crowdedTourId).limit(3, { referencedTable: 'tours.tour_departures' });
    expect(limited.error).toBeNull();
    expect(limited.data).toHaveLength(1000);
    expect((limited.data![0].tours as unknown as { tour_departures: unknown[] }).tour_departures).toHaveLength(3);
  });

  it('4: a logic tree of hundreds of conditions, a 10,000-element in list and a 100-level JSON body are refused', async () => {
    const tree = Array.from({ length: 600 }, (_, i) => `content.ilike.*${i}*`).join(',');
    const timing = await whileHostile(() => anon.from('blog_posts').select('id').or(tree));
    expect(timing.result.status).toBe(400);
    expect(timing.result.error).toMatchObject({ code: '54000' });
    expect(timing.result.error?.message).toMatch(/^The query string is \d+ characters long; at most 8192 are allowed$/);
    expectPrompt(timing);

    const fewer = Array.from({ length: 61 }, (_, i) => `title.ilike.*${i}*`).join(',');
    expect((await anon.from('blog_posts').select('id').or(fewer)).error?.message).toBe('The request has more than 60 conditions; at most 60 are allowed');

    // Past 16 KB of URL, Node's own header limit answers before the API is reached.
    const ids = Array.from({ length: 10_000 }, (_, i) => i);
    const inList = await anon.from('tours').select('id').in('review_count', ids);
    expect(inList.status).toBe(431);
    const longIn = await anon.from('tours').select('id').in('review_count', ids.slice(0, 600));
    expect(longIn.error?.message).toBe('An in list has 600 elements; at most 500 are allowed');

    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    const nested = await anon.rpc('quote_booking', { p_extras: deep });
    expect(nested.status).toBe(400);
    expect(nested.error).toMatchObject({ code: '54000', message: 'The JSON body nests more than 32 levels deep' });
  });

  it('refuses sibling embeds past the allowed number, and reads past max rows are cut to it', async () => {
    const siblings = Array.from({ length: 13 }, (_, i) => `e${i}:destinations(id)`).join(',');
    expect((await anon.from('tours').select(`id,${siblings}`)).error?.message).toBe(
      'The select parameter embeds more than 12 resources; at most 12 are allowed',
    );
    const many = await anon.from('tour_departures').select('id').eq('tour_id', crowdedTourId);
    expect(many.error).toBeNull();
    expect(many.data).toHaveLength(1000);
    const asked = await anon.from('tour_departures').select('id').eq('tour_id', crowdedTourId).limit(5000);
    expect(asked.data).toHaveLength(1000);
  });

  it("refuses a statement whose planned cost is over the role's limit; a read of a few rows runs unplanned", async () => {
    const strict = await startTestServer({ restMaxCost: { anon: 5, authenticated: 5 } });
    try {
      const client = strict.client();
      // The tours alone: fewer rows than restLimits.unplannedScanRows could be scanned, so no plan is asked for.
      const few = await client.from('tours').select('id, title').eq('status', 'active');
      expect(few.error).toBeNull();
      expect(few.data!.length).toBeGreaterThan(0);
      // Every tour's departures, once the departures are many: planned, and over the limit.
      const { rows } = await strict.db.query<{ id: string }>(`select id from public.tours where status = 'active' order by slug limit 1`);
      await strict.db.query(
        `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
         select $1, public.company_today() + 400 + g, public.company_today() + 405 + g, 10 from generate_series(1, 10000) g`,
        [rows[0].id],
      );
      const { error, status } = await client.from('tours').select('id, title, tour_departures(start_date)');
      expect(status).toBe(400);
      expect(error?.code).toBe('54001');
      expect(error?.message).toMatch(/^This request would take too long to run: its estimated cost is [\d,]+, and requests without signing in may cost at most 5$/);
      // A view's rows may come from any amount of work: it is always planned, however few they are.
      await strict.db.exec(`create view public.zz_departure_count as select count(*) as n from public.tour_departures; grant select on public.zz_departure_count to anon;`);
      invalidateSchemaCache(strict.db);
      expect((await client.from('zz_departure_count').select('n')).error?.code).toBe('54001');
    } finally {
      await strict.close();
    }
  });

  it("applies each role's statement timeout, set in SQL, to its requests", async () => {
    expect((await anon.rpc('zz_statement_timeout')).data).toBe('3s');
    const { client } = await server.traveler();
    expect((await client.rpc('zz_statement_timeout')).data).toBe('8s');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL, cuts off a statement that runs past the timeout, and answers 503', async () => {
    const timing = await whileHostile(() => anon.rpc('zz_sleep', { p_seconds: 10 }));
    expect(timing.result.status).toBe(503);
    expect(timing.result.error).toMatchObject({ code: '57014', details: 'Statements of role anon may run for 3s' });
    expect(timing.hostileMs).toBeLessThan(5_000);
    for (const ms of timing.otherMs) expect(ms).toBeLessThan(1_000);
  });
});

describe('bodies are read only up to their limit', () => {
  it('refuses a REST body over 1 MB with 413', async () => {
    const response = await fetch(`${server.url}/rest/v1/rpc/quote_booking`, {
      method: 'POST',
      headers: { apikey: server.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ p_promo_code: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PGRST413', message: 'The request body is too large: at most 1 MB is taken' });
  });
});
