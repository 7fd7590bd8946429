import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxValueNesting } from '../../server/platform/db/bounded-values.ts';
import { invalidateSchemaCache } from '../../server/platform/rest/routes.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The embedded database (PGlite) once hung for good on two inputs a traveler could send: a regular
// expression too complex to compile, or JSON nested 8,000 deep; the next statement that failed then
// spun for ever and only SIGKILL stopped the server. Such inputs are refused before they are sent, the
// engine runs in a thread of its own with the stack Postgres's own depth checks need, and a watchdog
// stops and reopens it when one statement runs too long, keeping every committed row.

const watchdogMs = 1_500;
let server: TestServer;
let travelerHeaders: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ embeddedStatementLimitMs: watchdogMs });
  const traveler = await server.traveler();
  const token = (await traveler.client.auth.getSession()).data.session!.access_token;
  travelerHeaders = { apikey: server.anonKey, authorization: `Bearer ${token}` };
  // A function that parses its text argument as JSON, and one that runs as long as it is told.
  await server.db.exec(`
    create function public.zz_parse_json(p_text text) returns boolean language sql immutable as $$ select p_text::jsonb is not null $$;
    create function public.zz_sleep(p_seconds float8) returns void language sql volatile as $$ select pg_sleep(p_seconds) $$;
    grant execute on function public.zz_parse_json(text), public.zz_sleep(float8) to anon, authenticated;
  `);
  invalidateSchemaCache(server.db);
});

afterAll(async () => {
  await server?.close();
});

/** /api/health, which must answer within a second. */
async function expectHealthy() {
  const started = Date.now();
  const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) });
  expect(response.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(1_000);
}

async function rest(path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, { ...init, headers: { apikey: server.anonKey, ...(init.headers as Record<string, string>) }, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string; hint?: string } };
}

describe('a regular expression too complex to compile', () => {
  it('is refused in words, and the NUL-byte request after it and the health check answer at once', async () => {
    const pattern = '((a{1,50}){1,50}){1,50}z';
    const regex = await rest(`/rest/v1/tours?select=id&title=imatch.${encodeURIComponent(pattern)}`, { headers: travelerHeaders });
    expect(regex.status).toBe(400);
    expect(regex.body).toMatchObject({ code: '54000', message: 'A regular expression is too complex: written out, its repetitions come to 125,001 parts; at most 1,000 are allowed' });
    const nul = await rest('/rest/v1/tours?select=id&slug=eq.a%00b');
    expect(nul.status).toBe(400);
    expect(nul.body.code).toBe('22021');
    await expectHealthy();
  });

  it('refuses a count Postgres cannot take and groups nested too deep; a usual pattern runs', async () => {
    const refused = async (pattern: string) => (await rest(`/rest/v1/tours?select=id&title=match.${encodeURIComponent(pattern)}`, { headers: travelerHeaders })).body.message;
    expect(await refused('(a{1,255}){1,255}')).toMatch(/^A regular expression is too complex/);
    expect(await refused('a{300}')).toBe('A regular expression repeats something 300 times; at most 255 are allowed');
    expect(await refused(`${'('.repeat(20)}a${')'.repeat(20)}`)).toBe('A regular expression nests groups 20 levels deep; at most 16 are allowed');
    const fine = await rest(`/rest/v1/tours?select=id&title=imatch.${encodeURIComponent('^(serengeti|ngorongoro).{0,40}$')}`, { headers: travelerHeaders });
    expect(fine.status).toBe(200);
    await expectHealthy();
  });
});

describe('values nested thousands of levels deep', () => {
  const deepJson = '['.repeat(8_000) + ']'.repeat(8_000);

  it('8,000-level JSON is refused as a body, as a text argument a function parses, and as a filter', async () => {
    const asBody = await rest('/rest/v1/rpc/zz_parse_json', { method: 'POST', headers: { ...travelerHeaders, 'content-type': 'application/json' }, body: `{"p_text":${deepJson}}` });
    expect(asBody.status).toBe(400);
    expect(asBody.body.message).toBe('The JSON body nests more than 32 levels deep');
    const asText = await rest('/rest/v1/rpc/zz_parse_json', { method: 'POST', headers: { ...travelerHeaders, 'content-type': 'application/json' }, body: JSON.stringify({ p_text: deepJson }) });
    expect(asText.status).toBe(400);
    expect(asText.body).toMatchObject({ code: '54001', message: `A value nests brackets, braces or parentheses more than ${maxValueNesting} levels deep; at most ${maxValueNesting} are allowed` });
    const asFilter = await rest(`/rest/v1/users?select=id&preferences=cs.${encodeURIComponent('{"a":'.repeat(150) + '1' + '}'.repeat(150))}`, { headers: travelerHeaders });
    expect(asFilter.status).toBe(400);
    // The next request that fails, and the health check, answer at once.
    expect((await rest('/rest/v1/tours?select=id&slug=eq.a%00b')).status).toBe(400);
    await expectHealthy();
  });

  it('a value nested a hundred levels deep is taken, and the database parses it', async () => {
    const allowed = '['.repeat(100) + ']'.repeat(100);
    const taken = await rest('/rest/v1/rpc/zz_parse_json', { method: 'POST', headers: { ...travelerHeaders, 'content-type': 'application/json' }, body: JSON.stringify({ p_text: allowed }) });
    expect(taken).toEqual({ status: 200, body: true });
  });

  it.skipIf(process.env.TEST_DATABASE_URL)('the engine itself refuses far deeper values cleanly, and answers the next failing statement', async () => {
    // Sent as SQL, past the parameter check: what the engine's own depth check does with its stack.
    await expect(server.db.query(`select (repeat('[', 100000) || repeat(']', 100000))::jsonb is not null`)).rejects.toMatchObject({ code: '54001' });
    await expect(server.db.query(`select 'a' ~ '(a{1,255}){1,255}'`)).rejects.toMatchObject({ code: expect.stringMatching(/^(2201B|XX000|54000|54001)$/) });
    await expect(server.db.query('select 1/0')).rejects.toMatchObject({ code: '22012' });
    await expectHealthy();
  });
});

describe.skipIf(process.env.TEST_DATABASE_URL)('the watchdog of the embedded database', () => {
  it('stops a statement that runs too long and reopens the database, keeping what was committed', async () => {
    const name = `Watchdog ${Date.now()}`;
    await server.db.query(`insert into public.newsletter_subscribers (email, name) values ($1, $2)`, [`watchdog-${Date.now()}@example.com`, name]);
    const started = Date.now();
    const stuck = rest('/rest/v1/rpc/zz_sleep', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ p_seconds: 30 }) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Asked while the statement runs: waits for the reopened database rather than failing.
    const waiting = fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(15_000) });
    const answer = await stuck;
    expect(Date.now() - started).toBeLessThan(watchdogMs + 3_000);
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: '57014', message: 'The database stopped a statement that ran longer than 1.5 seconds, and was restarted' });
    expect((await waiting).status).toBe(200);
    await expectHealthy();
    const kept = await server.db.query<{ name: string }>(`select name from public.newsletter_subscribers where name = $1`, [name]);
    expect(kept.rows).toEqual([{ name }]);
    // And it takes writes again.
    const anon = server.client();
    const { error } = await anon.from('newsletter_subscribers').insert({ email: `after-${Date.now()}@example.com`, name: 'After the restart' });
    expect(error).toBeNull();
  });
});
