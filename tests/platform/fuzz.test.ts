import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// Thousands of hostile requests, generated from a seed over the REST grammar, the auth API and
// storage: none may answer 5xx, leak a stack or SQL text, change what its caller may not change, or
// leave the server slow. FUZZ_SEED replays a run; FUZZ_REQUESTS sets how many (at least 5,000 in CI).
// Then 2,000 filters whose values are made to hurt the database's parsers (regular expressions, like
// patterns, text search queries, JSON, arrays and ranges), each followed by the health check, which
// must answer within a second (FUZZ_FILTERS sets how many).

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const requestCount = Number(process.env.FUZZ_REQUESTS ?? 5000);
const filterCount = Number(process.env.FUZZ_FILTERS ?? 2000);

/** mulberry32: a small seeded generator, so a failing run can be replayed exactly. */
function generator(start: number) {
  let state = start >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}

type Random = ReturnType<typeof generator>;

const oddStrings = [
  '', ' ', "'", '"', '\\', '\u0000', 'a\u0000b', '\u202e', '😀', '%', '%00', '*', '.', '..', '../../etc/passwd', '()', '(', ')', ',', '{}', '[]', '{a,b}',
  'null', 'NULL', 'true', '-1', '0', '1e309', '99999999999999999999', 'NaN', '2026-13-45', 'KS-2026-AAAAA-BBBBB', 'x'.repeat(300), 'x'.repeat(5000),
  "'; drop table tours; --", '$1', ':::', '->', '->>', '!inner', '...', '\\1\\2', '(.*)(.*)\\2\\1x', 'constructor', '__proto__', 'prototype', 'toString',
];
const operators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'fts', 'plfts', 'phfts', 'wfts', 'nope'];
const casts = ['text', 'int', 'json', 'jsonb', 'uuid', 'date', 'regclass', 'oid', 'xml', 'nonexistent', 'int[]'];

function oddString(r: Random): string {
  if (r.chance(0.5)) return r.pick(oddStrings);
  const alphabet = Array.from('abcdefghijklmnopqrstuvwxyz_0123456789()[]{},.:!*-> "\'\\%$@#\u0000é🦁');
  return Array.from({ length: r.int(40) }, () => alphabet[r.int(alphabet.length)]).join('');
}

interface Schema {
  tables: Map<string, string[]>;
  functions: Map<string, string[]>;
}

function identifier(r: Random, names: string[]): string {
  return r.chance(0.85) && names.length ? r.pick(names) : oddString(r);
}

/** A select parameter: columns, casts, JSON paths, aliases and embeds, nested, with garbage thrown in. */
function selectList(r: Random, schema: Schema, table: string, depth = 0): string {
  const columns = schema.tables.get(table) ?? [];
  const items: string[] = [];
  for (let i = 0, n = 1 + r.int(5); i < n; i++) {
    const kind = r.int(10);
    if (kind === 0) items.push('*');
    else if (kind < 6) {
      let column = identifier(r, columns);
      if (r.chance(0.2)) column += `${r.pick(['->', '->>'])}${oddString(r)}`;
      if (r.chance(0.15)) column += `::${r.pick(casts)}`;
      if (r.chance(0.15)) column = `${oddString(r)}:${column}`;
      items.push(column);
    } else if (kind < 9 && depth < 7) {
      const target = r.chance(0.8) ? r.pick([...schema.tables.keys()]) : oddString(r);
      const hint = r.chance(0.2) ? `!${r.pick(['inner', 'left', oddString(r)])}` : '';
      items.push(`${r.chance(0.2) ? '...' : ''}${target}${hint}(${selectList(r, schema, target, depth + 1)})`);
    } else items.push(oddString(r));
  }
  return items.join(r.chance(0.95) ? ',' : ', ');
}

function filterValue(r: Random, operator: string): string {
  if (operator === 'in') return `(${Array.from({ length: r.int(r.chance(0.1) ? 800 : 6) }, () => oddString(r)).join(',')})`;
  if (operator === 'is') return r.pick(['null', 'not_null', 'true', 'false', 'unknown', oddString(r)]);
  return oddString(r);
}

function queryString(r: Random, schema: Schema, table: string): string {
  const params = new URLSearchParams();
  if (r.chance(0.8)) params.set('select', selectList(r, schema, table));
  const columns = schema.tables.get(table) ?? [];
  for (let i = 0, n = r.int(4); i < n; i++) {
    const operator = r.pick(operators);
    const modifier = r.chance(0.1) ? `(${r.pick(['any', 'all', 'english', oddString(r)])})` : '';
    params.append(identifier(r, columns), `${r.chance(0.2) ? 'not.' : ''}${operator}${modifier}.${filterValue(r, operator)}`);
  }
  if (r.chance(0.2)) {
    const conditions = Array.from({ length: r.chance(0.1) ? 200 : 1 + r.int(4) }, () => `${identifier(r, columns)}.${r.pick(operators)}.${oddString(r)}`);
    params.set(r.pick(['or', 'and', 'not.or']), `(${conditions.join(',')})`);
  }
  if (r.chance(0.3)) params.set('order', `${identifier(r, columns)}.${r.pick(['asc', 'desc', 'nullsfirst', oddString(r)])}`);
  if (r.chance(0.3)) params.set('limit', r.pick(['0', '1', '1000', '1000000', '-1', '1e9', oddString(r)]));
  if (r.chance(0.2)) params.set('offset', r.pick(['0', '5', '99999999999999999999', '-3', oddString(r)]));
  if (r.chance(0.1)) params.set('on_conflict', identifier(r, columns));
  if (r.chance(0.1)) params.set('columns', identifier(r, columns));
  return params.toString();
}

/** A JSON body of a random shape: objects with the table's columns, odd values, deep nesting, large arrays. */
function jsonBody(r: Random, columns: string[], depth = 0): unknown {
  const kind = r.int(12);
  if (kind === 0 && depth < 3) return Array.from({ length: r.int(4) }, () => jsonBody(r, columns, depth + 1));
  if (kind === 1) {
    let deep: unknown = 1;
    for (let i = 0; i < 20 + r.int(100); i++) deep = r.chance(0.5) ? [deep] : { a: deep };
    return deep;
  }
  if (kind === 2) return oddString(r);
  if (kind === 3) return r.pick([null, 0, -1, 1e308, true, [], {}]);
  const body: Record<string, unknown> = {};
  for (let i = 0, n = 1 + r.int(5); i < n; i++) {
    body[identifier(r, columns)] = r.pick([oddString(r), r.int(1000) - 500, null, true, [oddString(r)], { [oddString(r)]: oddString(r) }, 1e308, -0.5]);
  }
  return body;
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

/** Tables no fuzzing role may change (a visitor, a traveler, a forged or garbled token). */
const protectedTables = [
  'tours', 'tour_departures', 'tour_itinerary', 'tour_extras', 'tour_seasons', 'tour_group_discounts', 'destinations', 'experiences', 'categories', 'activities',
  'blog_posts', 'blog_categories', 'blog_tags', 'content_pages', 'heroes', 'team_members', 'partner_logos', 'branding_settings', 'currency_rates',
  'payment_instructions', 'promo_codes', 'payments', 'rate_limits', 'booking_hold_rules', 'enquiries', 'email_queue', 'error_reports', 'feedback',
  'payment_provider_events',
];

/** The emails of a person's own account, which a fuzzing traveler or visitor may cause by right. */
const accountEmailKinds = ['signup_confirmation', 'password_recovery', 'email_change'];

/** Where the account emails queued since `since` went: each to the fuzzing traveler or an address the fuzz made up. */
async function accountEmailsSince(since: Date): Promise<string[]> {
  const { rows } = await server.db.query<{ to_address: string }>(`select to_address from public.email_queue where kind = any($1) and created_at >= $2`, [accountEmailKinds, since]);
  return rows.map((row) => row.to_address);
}

let server: TestServer;
let schema: Schema;
let travelerEmail: string;
let tokens: string[];

async function fingerprint(): Promise<Record<string, string>> {
  const prints: Record<string, string> = {};
  for (const table of protectedTables) {
    // A signed-in traveler may by right change their own email or ask for a reset, which queues
    // account emails to them (rate-limited, auth.*); accountEmails() checks where those went.
    const mine = table === 'email_queue' ? `where t.kind not in (${accountEmailKinds.map((kind) => `'${kind}'`).join(', ')})` : '';
    const { rows } = await server.db.query<{ print: string }>(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as print from public."${table}" t ${mine}`);
    prints[table] = rows[0].print;
  }
  // Nobody gains a role but from an admin (new sign-ups are travelers); media files change only by admins too.
  prints['users.role'] = (await server.db.query<{ print: string }>(`select md5(coalesce(string_agg(id || role, '|' order by id), '')) as print from public.users where role <> 'traveler'`)).rows[0].print;
  prints['storage.media'] = (await server.db.query<{ print: string }>(`select md5(coalesce(string_agg(name, '|' order by name), '')) as print from storage.objects where bucket_id = 'media'`)).rows[0].print;
  return prints;
}

beforeAll(async () => {
  server = await startTestServer();
  const tables = await server.db.query<{ name: string; columns: string[] }>(
    `select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' group by c.relname`,
  );
  const functions = await server.db.query<{ name: string; args: string[] | null }>(`select proname as name, proargnames as args from pg_proc where pronamespace = 'public'::regnamespace`);
  schema = {
    tables: new Map(tables.rows.map((row) => [row.name, row.columns])),
    functions: new Map(functions.rows.map((row) => [row.name, row.args ?? []])),
  };
  const traveler = await server.traveler();
  travelerEmail = (await traveler.client.auth.getUser()).data.user!.email!;
  const access = (await traveler.client.auth.getSession()).data.session!.access_token;
  const [header, payload] = access.split('.');
  tokens = [
    server.anonKey,
    access,
    // A token with our header and claims but a made-up signature, and some that are not tokens at all.
    `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`,
    `${header}.${Buffer.from(JSON.stringify({ role: 'service_role', sub: 'x' })).toString('base64url')}.x`,
    'not-a-token',
    '',
  ];
}, 120_000);

afterAll(async () => {
  await server?.close();
});

function buildRequest(r: Random): FuzzRequest {
  // Mostly a visitor or a traveler, sometimes a forged or garbled token.
  const token = r.chance(0.45) ? tokens[0] : r.chance(0.65) ? tokens[1] : r.pick(tokens.slice(2));
  const headers: Record<string, string> = { apikey: server.anonKey };
  if (token) headers.authorization = `Bearer ${token}`;
  if (r.chance(0.1)) headers.accept = r.pick(['application/vnd.pgrst.object+json', 'text/csv', 'application/xml', '*/*', oddString(r)]);
  if (r.chance(0.1)) headers.prefer = r.pick(['return=representation', 'count=exact', 'resolution=merge-duplicates', 'tx=rollback', 'handling=strict,max-affected=0', oddString(r)]);
  if (r.chance(0.05)) headers.range = r.pick(['0-9', '5-1', 'items=0-99999999999', oddString(r)]);
  if (r.chance(0.05)) headers['accept-profile'] = r.pick(['public', 'auth', 'storage', oddString(r)]);
  // Headers carry only printable ASCII (fetch refuses anything else before it is sent).
  for (const [name, value] of Object.entries(headers)) headers[name] = value.replace(/[^\t\x20-\x7e]/g, '?');
  const tableNames = [...schema.tables.keys()];
  const area = r.int(10);
  if (area < 5) {
    const table = r.chance(0.9) ? r.pick(tableNames) : oddString(r);
    const method = r.pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT']);
    const body = method === 'POST' || method === 'PATCH' || method === 'PUT' ? JSON.stringify(jsonBody(r, schema.tables.get(table) ?? [])) : undefined;
    return { method, path: `/rest/v1/${encodeURIComponent(table)}?${queryString(r, schema, table)}`, headers: { ...headers, 'content-type': 'application/json' }, body };
  }
  if (area < 7) {
    const name = r.chance(0.9) ? r.pick([...schema.functions.keys()]) : oddString(r);
    const args = schema.functions.get(name) ?? [];
    const body: Record<string, unknown> = {};
    for (const arg of args) if (r.chance(0.7)) body[arg] = jsonBody(r, args, 2);
    const get = r.chance(0.2);
    const query = get ? new URLSearchParams(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)])).toString() : '';
    return { method: get ? 'GET' : 'POST', path: `/rest/v1/rpc/${encodeURIComponent(name)}?${query}`, headers: { ...headers, 'content-type': 'application/json' }, body: get ? undefined : JSON.stringify(r.chance(0.9) ? body : jsonBody(r, args)) };
  }
  if (area < 9) {
    const endpoint = r.pick(['signup', 'token?grant_type=password', 'token?grant_type=refresh_token', `token?grant_type=${oddString(r)}`, 'recover', 'resend', 'verify', 'user', 'logout', 'otp', 'admin/users', oddString(r)]);
    const body = r.chance(0.8)
      ? { email: r.chance(0.5) ? `fuzz-${r.int(1e9)}@example.com` : oddString(r), password: oddString(r), type: r.pick(['signup', 'recovery', 'email', 'constructor', '__proto__', oddString(r)]), token: oddString(r), token_hash: oddString(r), refresh_token: oddString(r), data: jsonBody(r, ['full_name']) }
      : jsonBody(r, []);
    const method = endpoint === 'user' ? r.pick(['GET', 'PUT']) : endpoint.startsWith('admin') ? r.pick(['GET', 'POST']) : r.chance(0.9) ? 'POST' : 'GET';
    return { method, path: `/auth/v1/${endpoint}`, headers: { ...headers, 'content-type': 'application/json' }, body: method === 'GET' ? undefined : JSON.stringify(body) };
  }
  const bucket = r.pick(['avatars', 'media', oddString(r)]);
  const name = r.pick([`avatars/${r.int(1e6)}-1.png`, `${oddString(r)}/${oddString(r)}`, 'x'.repeat(300), '../../../etc/passwd', oddString(r)]);
  const kind = r.int(5);
  if (kind === 0) return { method: 'POST', path: `/storage/v1/object/list/${encodeURIComponent(bucket)}`, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(jsonBody(r, ['prefix', 'limit', 'offset', 'search', 'sortBy'])) };
  if (kind === 1) return { method: 'DELETE', path: `/storage/v1/object/${encodeURIComponent(bucket)}`, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ prefixes: [name, oddString(r)] }) };
  if (kind === 2) return { method: 'GET', path: `/storage/v1/object/${r.pick(['public/', 'authenticated/', 'info/', ''])}${encodeURIComponent(bucket)}/${name.split('/').map(encodeURIComponent).join('/')}`, headers };
  const bytes = new Uint8Array(r.int(4096));
  return {
    method: r.pick(['POST', 'PUT']),
    path: `/storage/v1/object/${encodeURIComponent(bucket)}/${name.split('/').map(encodeURIComponent).join('/')}`,
    headers: { ...headers, 'content-type': r.pick(['image/png', 'text/html', 'image/svg+xml', 'multipart/form-data; boundary=x', oddString(r).replace(/[^\x20-\x7e]/g, '')]), 'x-upsert': r.pick(['true', 'false']) },
    body: bytes,
  };
}

/** What no refusal may carry: a stack trace, a path of the server's files, or the SQL it ran. (Answers
 * that succeed, and pages, carry the site's own content, where such words are fine.) */
const leaks = [/\n\s+at [\w.<>]+ \(/, /node_modules/, /\/work\//, /server\/[\w/-]+\.ts/, /\bselect\b[\s\S]{0,200}\bfrom\b/i, /\bjson_agg\b/i, /\bset_config\b/i, /\breturning\b/i];

describe(`${requestCount} hostile requests (seed ${seed})`, () => {
  it('never answer 5xx, leak a stack or SQL, change what they may not, or leave the server slow', async () => {
    console.log(`fuzz: ${requestCount} requests, seed ${seed} (FUZZ_SEED=${seed} replays them)`);
    const before = await fingerprint();
    const startedAt = new Date((await server.db.query<{ now: Date }>('select now() as now')).rows[0].now);
    const r = generator(seed);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const requests = Array.from({ length: requestCount }, () => buildRequest(r));
    let next = 0;
    const worker = async () => {
      while (next < requests.length && failures.length < 30) {
        const index = next++;
        const request = requests[index];
        const response = await fetch(`${server.url}${request.path}`, { method: request.method, headers: request.headers, body: request.body, redirect: 'manual' }).catch(
          (error: Error) => ({ status: 599, text: async () => error.message }) as Response,
        );
        const text = await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const page = (response.headers.get('content-type') ?? '').startsWith('text/html');
        const leak = response.status >= 400 && !page ? leaks.find((pattern) => pattern.test(text)) : undefined;
        if (response.status >= 500 || leak) {
          const body = typeof request.body === 'string' ? ` ${request.body.slice(0, 500)}` : '';
          failures.push(`#${index} ${request.method} ${request.path}${body} ${JSON.stringify(request.headers)} -> ${response.status} ${leak ? `(leaks ${leak})` : ''}: ${text.slice(0, 300)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, worker));
    console.log(`fuzz: answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(failures, `seed ${seed}`).toEqual([]);
    expect(await fingerprint()).toEqual(before);
    // Nobody else's inbox: account emails went to the traveler's own address or to made-up fuzz ones.
    expect((await accountEmailsSince(startedAt)).filter((to) => to !== travelerEmail && !/^fuzz-\d+@example\.com$/.test(to))).toEqual([]);
    // Still prompt: the health check and a catalogue read each within a second.
    for (const path of ['/api/health', '/rest/v1/tours?select=slug,title&limit=24']) {
      const started = Date.now();
      const response = await fetch(`${server.url}${path}`, { headers: { apikey: server.anonKey } });
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
    }
  }, 600_000);
});

/** A regular expression built to be costly: groups and bounded repetitions inside each other. */
function hostilePattern(r: Random, depth = 0): string {
  const atom = () => r.pick(['a', '.', '\\w', '[a-z]', '[^x]', '(?:ab|cd)', '\\1', '(?=a)', '[[:alpha:]]', 'é', '\\x41']);
  const quantifier = () => r.pick(['', '*', '+', '?', `{${r.int(300)}}`, `{${r.int(60)},${r.int(300)}}`, `{${r.int(9)},}`, '{1,50}', '*?']);
  const parts = Array.from({ length: 1 + r.int(3) }, () => (depth < 5 && r.chance(0.6) ? `(${hostilePattern(r, depth + 1)})` : atom()) + quantifier());
  const body = parts.join(r.chance(0.2) ? '|' : '');
  if (depth > 0) return body;
  return r.pick(['', '', '***:', '***=', '(?i)', '^']) + body + r.pick(['', 'z', '$', '(', ')', '\\']);
}

/** Brackets, braces or parentheses nested up to a few hundred deep (within the 1,000-character value limit). */
function nested(r: Random, open: string, close: string, inner: string): string {
  const depth = r.pick([1, 5, 40, 120, 129, 300, 450]);
  return open.repeat(depth) + inner + close.repeat(depth);
}

function hostileFilterValue(r: Random, operator: string): string {
  switch (operator) {
    case 'match':
    case 'imatch':
      return r.chance(0.1) ? r.pick(['((a{1,50}){1,50}){1,50}z', '(a{1,255}){1,255}', '(((a{1,6}){1,6}){1,6}){1,6}', 'a{256}', '(' + 'a|'.repeat(150) + 'b)', '[' + 'a-'.repeat(200) + ']']) : hostilePattern(r);
    case 'like':
    case 'ilike':
      return r.pick(['%a'.repeat(r.int(200)) + 'b', '_'.repeat(r.int(900)), '%%%%%%%%\\%', '%' + 'a%'.repeat(r.int(300)), oddString(r), '*a*a*a*a*a*b']);
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts':
      return r.pick([
        nested(r, '(', ')', 'lion'),
        Array.from({ length: 1 + r.int(80) }, () => r.pick(['lion', '!zebra', "'big cat'", 'a:*', 'b:AB', 'c'])).join(r.pick([' & ', ' | ', ' <-> ', ' <3> ', ' '])),
        '!'.repeat(r.int(500)) + 'a',
        '"' + 'word '.repeat(r.int(150)) + '"',
        oddString(r),
      ]);
    case 'cs':
    case 'cd':
    case 'ov':
      return r.pick([
        nested(r, '{"a":', '}', '1'),
        nested(r, '[', ']', '1'),
        nested(r, '{', '}', '1'),
        '{' + Array.from({ length: r.int(200) }, (_, i) => i).join(',') + '}',
        `[${r.int(100)},${r.int(100)})`,
        '{"a":' + JSON.stringify(oddString(r)) + '}',
        oddString(r),
      ]);
    case 'sl':
    case 'sr':
    case 'nxr':
    case 'nxl':
    case 'adj':
      return r.pick([`[${r.int(1e6)},${r.int(1e6)})`, '(,)', 'empty', '[2026-01-01,2026-13-01]', `[${'9'.repeat(r.int(400))},)`, nested(r, '[', ']', '1,2'), oddString(r)]);
    case 'in':
      return `(${Array.from({ length: r.int(r.chance(0.1) ? 600 : 20) }, () => r.pick([oddString(r), nested(r, '(', ')', 'x'), '"' + 'a'.repeat(r.int(50)) + '"'])).join(',')})`;
    default:
      return r.pick([nested(r, '(', ')', 'x'), 'a\u0000b', '\u00c0\u00af', '9'.repeat(r.int(900)), '1e309', '-0', '2026-02-30', oddString(r)]);
  }
}

const hostileOperators = ['match', 'imatch', 'match', 'imatch', 'like', 'ilike', 'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'in', 'eq', 'gt', 'is'];

/** A read whose filters (and a JSON path or two) carry values made to hurt the database's parsers. */
function hostileFilter(r: Random): FuzzRequest {
  const traveler = r.chance(0.6);
  const headers: Record<string, string> = { apikey: server.anonKey, authorization: `Bearer ${traveler ? tokens[1] : tokens[0]}` };
  const table = r.pick([...schema.tables.keys()]);
  const columns = schema.tables.get(table) ?? [];
  const params = new URLSearchParams();
  const path = () => (r.chance(0.3) ? `${r.pick(['->', '->>'])}${r.pick(['a', '0', 'display', oddString(r)])}`.repeat(1 + r.int(7)) : '');
  params.set('select', r.chance(0.8) ? 'id' : `${identifier(r, columns)}${path()}`);
  for (let i = 0, n = 1 + r.int(3); i < n; i++) {
    const operator = r.pick(hostileOperators);
    const modifier = operator.endsWith('fts') && r.chance(0.3) ? `(${r.pick(['english', 'simple', oddString(r)])})` : r.chance(0.05) ? `(${r.pick(['any', 'all'])})` : '';
    params.append(`${identifier(r, columns)}${path()}`, `${r.chance(0.1) ? 'not.' : ''}${operator}${modifier}.${hostileFilterValue(r, operator)}`);
  }
  if (r.chance(0.1)) params.set('or', `(${Array.from({ length: 1 + r.int(5) }, () => `${identifier(r, columns)}.imatch.${hostilePattern(r).replace(/[,()]/g, '')}`).join(',')})`);
  return { method: 'GET', path: `/rest/v1/${encodeURIComponent(table)}?${params}`, headers };
}

describe(`${filterCount} hostile filter values, the health check after each (seed ${seed})`, () => {
  it('are answered without a 5xx, and the health check answers within a second after every one', async () => {
    const r = generator(seed ^ 0x5bd1e995);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let index = 0; index < filterCount && failures.length < 10; index++) {
      const request = hostileFilter(r);
      const response = await fetch(`${server.url}${request.path}`, { headers: request.headers, signal: AbortSignal.timeout(10_000) }).catch(
        (error: Error) => ({ status: 599, text: async () => error.message }) as Response,
      );
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 500) failures.push(`#${index} ${request.path} -> ${response.status}: ${text.slice(0, 300)}`);
      const started = Date.now();
      const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
      const ms = Date.now() - started;
      if (health?.status !== 200 || ms >= 1_000) failures.push(`#${index} ${request.path}: then /api/health answered ${health?.status ?? 'nothing'} after ${ms} ms`);
      await health?.text();
    }
    console.log(`fuzz filters: answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(failures, `seed ${seed}`).toEqual([]);
  }, 600_000);
});
