import { Hono, type Context } from 'hono';
import type { PlatformContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { PostgrestError, toPostgrestError } from '../http/errors.ts';
import { clientAddress } from '../http/client.ts';
import { forgiveRateLimitHit, hitRateLimit, RateLimited } from '../http/rate-limit.ts';
import { asRequestRole, requestClaims, statementTimeout } from '../http/request-role.ts';
import type { ApiRole, Claims } from '../jwt.ts';
import { checkCost, checkQueryLength, checkRequestLimits, checkWorstCaseRows, restLimits, worstCaseRows, worstCaseScan } from './limits.ts';
import { parseQueryParameters, type QueryParameters } from './parser.ts';
import {
  deleteStatement,
  functionCall,
  functionSource,
  insertStatement,
  readShape,
  readStatement,
  Statement,
  tableSource,
  unknownTable,
  updateStatement,
  type Paging,
  type ResourceShape,
  type Source,
} from './query.ts';
import { checkProfile, jsonBody, preferences, rangeHeader, representation, toCsv, type Preferences, type Representation } from './request.ts';
import { schemaCache, type RoutineOverload, type SchemaCache } from './schema-cache.ts';
import { TableStats } from './table-stats.ts';

export { invalidateSchemaCache } from './schema-cache.ts';

interface ResultRow {
  total: number | null;
  page: number;
  body: string | null;
}

/** Thrown inside the transaction to roll it back on `Prefer: tx=rollback` while still answering. */
class RollbackWith extends Error {
  constructor(readonly response: Response) {
    super('rolled back on request');
  }
}

const jsonType = 'application/json; charset=utf-8';

function contentType(shape: Representation['shape']): string {
  if (shape === 'csv') return 'text/csv; charset=utf-8';
  return shape === 'object' ? 'application/vnd.pgrst.object+json; charset=utf-8' : jsonType;
}

function queryEntries(c: Context): [string, string][] {
  return [...new URL(c.req.url).searchParams.entries()];
}

/** The page of rows asked for (limit, offset or a Range header), never more than restLimits.maxRows. */
function paging(c: Context, params: QueryParameters): Paging {
  const root = params.resources.get('')!;
  const range = rangeHeader(c.req.header('range'));
  const offset = root.offset ?? range?.start ?? 0;
  let limit = root.limit ?? restLimits.maxRows;
  if (range && range.end !== null) limit = Math.min(limit, range.end - range.start + 1);
  return { limit: Math.min(limit, restLimits.maxRows), offset };
}

function contentRange(offset: number, rows: number, total: number | null): string {
  const range = rows > 0 && total !== 0 ? `${offset}-${offset + rows - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** PGRST116 unless exactly one row came back, as PostgREST answers `Accept: application/vnd.pgrst.object+json`. */
function singleObject(body: string, rows: number): string {
  if (rows !== 1) {
    throw new PostgrestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${rows} rows`, null);
  }
  return body.slice(1, -1);
}

function formatBody(body: string, rows: number, shape: Representation['shape']): string {
  if (shape === 'object') return singleObject(body, rows);
  if (shape === 'csv') return toCsv(body);
  return body;
}

/** Checks `Prefer: handling=strict, max-affected=n` before the transaction commits. */
function checkAffected(prefer: Preferences, affected: number) {
  if (prefer.maxAffected !== null && affected > prefer.maxAffected) {
    throw new PostgrestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`, null);
  }
}

function pickOverload(name: string, overloads: RoutineOverload[], keys: string[], body: unknown, post: boolean): { routine: RoutineOverload; wholeBody: unknown } {
  const fits = overloads.filter(
    (o) => keys.every((k) => o.arguments.some((a) => a.name === k)) && o.arguments.every((a) => a.hasDefault || keys.includes(a.name)),
  );
  if (fits.length === 1) return { routine: fits[0], wholeBody: undefined };
  if (fits.length > 1) {
    throw new PostgrestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${fits.map((o) => `public.${name}(${o.arguments.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  // A function with one unnamed json/jsonb parameter takes the whole body.
  const single = post ? overloads.find((o) => o.arguments.length === 1 && o.arguments[0].name === '' && (o.arguments[0].typeName === 'json' || o.arguments[0].typeName === 'jsonb')) : undefined;
  if (single) return { routine: single, wholeBody: body };
  const sorted = [...keys].sort();
  throw new PostgrestError(
    404,
    'PGRST202',
    sorted.length ? `Could not find the function public.${name}(${sorted.join(', ')}) in the schema cache` : `Could not find the function public.${name} without parameters in the schema cache`,
    `Searched for the function public.${name}${sorted.length ? ` with parameters ${sorted.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    null,
  );
}

/** Calls counted by a rate limit before they run, in a committed step of their own (so one that fails counts too). */
/** A function call counted with the rate limiter before it runs (public.hit_rate_limit's rule and subject). */
export interface CountedCall {
  rule: string;
  subject: string;
  /** Taken back when the call succeeds: only failures count. */
  forgiveOnSuccess: boolean;
}

/**
 * Which calls of /rpc count against a rate limit, and how: the project's policy, handed in by the
 * product (restRoutes' options). `args` reads the call's arguments (the body of a POST, the query of a GET).
 */
export type CallCounter = (call: { name: string; args: () => Record<string, unknown>; caller: Claims; ip: string }) => CountedCall | null;

export interface RestOptions {
  countCall?: CallCounter;
}

/** What the bound on a read's rows looks at: its shape, and the rows asked for at the top. */
interface ReadPlan {
  shape: ResourceShape;
  rootLimit: number;
}

interface Runner {
  role: ApiRole;
  /** The transaction itself, for reads of the catalogue that need no planning. */
  tx: Queryable;
  query<T>(sql: string, params: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  /** A transaction setting such as `set transaction read only`: nothing to plan. */
  control(sql: string): Promise<void>;
}

/**
 * One request's statements. Every statement an API role sends is planned first (EXPLAIN) and refused
 * when its estimated cost is over the role's limit: the embedded database cannot stop a statement
 * once it runs, so an expensive one must never start. A read already known to be cheap (`planned`
 * false: see restLimits.unplannedScanRows) runs without planning.
 */
function runner(tx: Queryable, role: ApiRole, limits: PlatformContext['config']['restMaxCost'], planned: boolean): Runner {
  return {
    role,
    tx,
    async query<T>(sql: string, params: unknown[]) {
      if (role !== 'service_role' && planned) {
        type Plan = [{ Plan: { 'Total Cost': number } }];
        const { rows } = await tx.query<{ 'QUERY PLAN': Plan | string }>(`explain (format json) ${sql}`, params);
        const plan = rows[0]['QUERY PLAN'];
        checkCost((typeof plan === 'string' ? (JSON.parse(plan) as Plan) : plan)[0].Plan['Total Cost'], role, limits);
      }
      return tx.query<T>(sql, params);
    },
    async control(sql: string) {
      await tx.query(sql);
    },
  };
}

/** The PostgREST-compatible API: tables and views of `public` and its functions under /rpc. */
export function restRoutes(ctx: PlatformContext, options: RestOptions = {}): Hono {
  const app = new Hono();
  const tableStats = new TableStats();

  /**
   * Verifies the caller, reads the body (before the transaction: a slow client must never hold the
   * database), runs the handler as their role in one transaction, and maps every failure to
   * PostgREST's shape.
   */
  async function serve<B>(
    c: Context,
    readBody: (() => Promise<B>) | null,
    handler: (run: Runner, cache: SchemaCache, body: B) => Promise<Response>,
    readPlan?: (cache: SchemaCache, body: B, role: ApiRole) => ReadPlan | null,
    countAhead?: (body: B, caller: Claims, ip: string) => CountedCall | null,
  ): Promise<Response> {
    let claims: Claims | null = null;
    try {
      checkQueryLength(c.req.url);
      checkProfile(c);
      const caller = await requestClaims(c, ctx.keys);
      claims = caller;
      const body = readBody ? await readBody() : (undefined as B);
      const cache = await schemaCache(ctx.db);
      // A read's bound on the rows it returns is checked before its transaction: the figures it
      // needs are read as the owner, which the request's own transaction could not do meanwhile.
      const plan = readPlan && caller.role !== 'service_role' ? readPlan(cache, body, caller.role) : null;
      let planned = true;
      if (plan) {
        const stats = await tableStats.of(ctx.db, plan.shape);
        checkWorstCaseRows(worstCaseRows(plan.shape, plan.rootLimit, stats), caller.role, ctx.config.restMaxRows);
        planned = worstCaseScan(plan.shape, stats) > restLimits.unplannedScanRows;
      }
      const origin = { ip: clientAddress(c, ctx.config.trustedProxyHops) };
      // A call the product counts (options.countCall) is counted in its own committed step, since the
      // call's own transaction is rolled back when it fails; one forgiven on success counts only failures.
      const counted = countAhead?.(body, caller, origin.ip) ?? null;
      if (counted) await hitRateLimit(ctx.db, counted.rule, counted.subject);
      const response = await asRequestRole(ctx.db, caller, (tx) => handler(runner(tx, caller.role, ctx.config.restMaxCost, planned), cache, body), origin);
      if (counted?.forgiveOnSuccess) await forgiveRateLimitHit(ctx.db, counted.rule, counted.subject);
      return response;
    } catch (error) {
      if (error instanceof RollbackWith) return error.response;
      if (error instanceof RateLimited) {
        const refusal = new PostgrestError(429, 'PT429', error.message, `Retry after ${error.retryAfter} seconds`, null);
        return new Response(JSON.stringify(refusal.toJSON()), { status: 429, headers: { 'content-type': jsonType, 'retry-after': String(error.retryAfter) } });
      }
      let failure = toPostgrestError(error, claims !== null && claims.role !== 'anon');
      // Cut off by the role's statement_timeout (PostgreSQL): say what that limit is. The embedded
      // database's watchdog says what it did itself.
      if (failure.code === '57014' && claims && failure.message.startsWith('canceling statement')) {
        const timeout = await statementTimeout(ctx.db, claims.role);
        failure = new PostgrestError(503, '57014', failure.message, `Statements of role ${claims.role} may run for ${timeout}`, 'Ask for fewer rows or embedded resources, or add filters');
      }
      if (failure.status >= 500 && failure.code !== '57014') ctx.log('rest request failed', { path: c.req.path, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      const headers: Record<string, string> = { 'content-type': jsonType };
      const retryAfter = failure.status === 429 ? /(\d+) seconds?/.exec(failure.details ?? '')?.[1] : undefined;
      if (retryAfter) headers['retry-after'] = retryAfter;
      return new Response(JSON.stringify(failure.toJSON()), { status: failure.status, headers });
    }
  }

  /** The parsed query string, refused when it asks for more than restLimits allow. */
  function parameters(c: Context, role: ApiRole, isArgument?: (key: string) => boolean): QueryParameters {
    const params = parseQueryParameters(queryEntries(c), isArgument);
    checkRequestLimits(params, role);
    return params;
  }

  function respond(prefer: Preferences, body: string | null, status: number, headers: Record<string, string>): Response {
    const response = new Response(body, { status, headers });
    if (prefer.rollback) throw new RollbackWith(response);
    return response;
  }

  async function read(c: Context, run: Runner, cache: SchemaCache, source: Source, params: QueryParameters, statement = new Statement(), singleRow = false): Promise<Response> {
    const prefer = preferences(c.req.header('prefer'));
    const shape = representation(c.req.header('accept'));
    const head = c.req.method === 'HEAD';
    const page = paging(c, params);
    const { sql, params: values } = readStatement(cache, source, params, { count: prefer.count, head, stripNulls: shape.stripNulls, paging: page }, statement);
    const [row] = (await run.query<ResultRow>(sql, values)).rows;
    if (row.total !== null && page.offset > row.total) {
      throw new PostgrestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${page.offset} was requested, but there are only ${row.total} rows.`, null);
    }
    const status = row.total !== null && row.page < row.total ? 206 : 200;
    const headers = { 'content-type': contentType(shape.shape), 'content-range': contentRange(page.offset, row.page, row.total) };
    if (head) return respond(prefer, null, status, headers);
    let body = formatBody(row.body!, row.page, shape.shape);
    // A function returning one row answers with that object rather than an array.
    if (singleRow && shape.shape === 'array') body = row.page === 0 ? 'null' : body.slice(1, -1);
    return respond(prefer, body, status, headers);
  }

  async function write(run: Runner, built: { sql: string; params: unknown[] }, prefer: Preferences, shape: Representation, created: boolean, location: ((body: string) => string) | null): Promise<Response> {
    const result = await run.query<ResultRow>(built.sql, built.params);
    const minimal = prefer.returning === 'minimal';
    const affected = minimal ? result.rowCount : result.rows[0].page;
    checkAffected(prefer, affected);
    const total = prefer.count ? affected : null;
    const headers: Record<string, string> = {
      'content-range': created ? `*/${total ?? '*'}` : contentRange(0, affected, total),
    };
    if (prefer.returning === 'headers-only' && location && affected > 0) headers.location = location(result.rows[0].body!);
    if (prefer.returning !== 'representation') return respond(prefer, null, created ? 201 : 204, headers);
    headers['content-type'] = contentType(shape.shape);
    return respond(prefer, formatBody(result.rows[0].body!, affected, shape.shape), created ? 201 : 200, headers);
  }

  app.get('/rpc/:fn', (c) => rpc(c, false));
  app.post('/rpc/:fn', (c) => rpc(c, true));

  /** The function a call names, with its arguments from the body (POST) or the query string (GET). */
  function resolveCall(c: Context, cache: SchemaCache, body: unknown, post: boolean) {
    const name = c.req.param('fn')!;
    const overloads = cache.functions.get(name);
    let args: Record<string, unknown> = {};
    if (post) {
      if (body !== null && typeof body === 'object' && !Array.isArray(body)) args = body as Record<string, unknown>;
    } else {
      const argumentNames = new Set((overloads ?? []).flatMap((o) => o.arguments.map((a) => a.name)));
      for (const [key, value] of queryEntries(c)) if (argumentNames.has(key)) args[key] = value;
    }
    const { routine, wholeBody } = pickOverload(name, overloads ?? [], Object.keys(args), body, post);
    const isArgument = (key: string) => !post && routine.arguments.some((a) => a.name === key);
    return { routine, wholeBody, args, isArgument };
  }

  function rpc(c: Context, post: boolean) {
    const name = c.req.param('fn')!;
    const { countCall } = options;
    const countAhead = countCall
      ? (body: unknown, caller: Claims, ip: string): CountedCall | null =>
          countCall({ name, args: () => (post ? ((body ?? {}) as Record<string, unknown>) : Object.fromEntries(queryEntries(c))), caller, ip })
      : undefined;
    const readPlan = (cache: SchemaCache, body: unknown, role: ApiRole): ReadPlan | null => {
      const { routine, wholeBody, args, isArgument } = resolveCall(c, cache, body, post);
      if (routine.returns.kind !== 'rows') return null;
      const params = parameters(c, role, isArgument);
      const { from, call } = functionCall(routine, args, wholeBody, new Statement());
      const shape = readShape(cache, functionSource(cache, routine, from, call), params);
      if (!routine.returns.setOf) shape.single = true;
      return { shape, rootLimit: paging(c, params).limit! };
    };
    return serve(c, post ? () => jsonBody(c, {}) : null, async (run, cache, body) => {
      const { routine, wholeBody, args, isArgument } = resolveCall(c, cache, body, post);
      const params = parameters(c, run.role, isArgument);
      if (!post && routine.volatility === 'volatile') await run.control('set transaction read only');

      const prefer = preferences(c.req.header('prefer'));
      const statement = new Statement();
      const { from, call } = functionCall(routine, args, wholeBody, statement);
      const returns = routine.returns;
      if (returns.kind === 'rows') {
        return read(c, run, cache, functionSource(cache, routine, from, call), params, statement, !returns.setOf);
      }
      const shape = representation(c.req.header('accept'));
      const fromClause = from ? ` from ${from}` : '';
      if (returns.kind === 'void') {
        await run.query(`select ${call}${fromClause}`, statement.params);
        return respond(prefer, null, 204, {});
      }
      if (!returns.setOf) {
        const [row] = (await run.query<{ body: string }>(`select to_json(${call})::text as body${fromClause}`, statement.params)).rows;
        return respond(prefer, c.req.method === 'HEAD' ? null : row.body, 200, { 'content-type': jsonType });
      }
      const page = paging(c, params);
      const limit = page.limit === null ? '' : ` limit ${statement.bind(page.limit)}`;
      const offset = page.offset > 0 ? ` offset ${statement.bind(page.offset)}` : '';
      const [row] = (
        await run.query<ResultRow>(
          `select count(*)::int as page, coalesce(json_agg(_r.v), '[]')::text as body from (select t0 as v from ${from ? `${from}, ` : ''}${call} t0${limit}${offset}) _r`,
          statement.params,
        )
      ).rows;
      const headers = { 'content-type': contentType(shape.shape), 'content-range': contentRange(page.offset, row.page, null) };
      return respond(prefer, c.req.method === 'HEAD' ? null : formatBody(row.body!, row.page, shape.shape), 200, headers);
    }, readPlan, countAhead);
  }

  app.get('/:table', (c) =>
    serve(
      c,
      null,
      async (run, cache) => {
        const params = parameters(c, run.role);
        return read(c, run, cache, tableSource(cache, c.req.param('table')!), params);
      },
      (cache, _body, role) => {
        const params = parameters(c, role);
        return { shape: readShape(cache, tableSource(cache, c.req.param('table')!), params), rootLimit: paging(c, params).limit! };
      },
    ),
  );

  app.post('/:table', (c) =>
    serve(c, () => jsonBody(c), async (run, cache, body) => {
      const name = c.req.param('table')!;
      const table = cache.tables.get(name);
      if (!table) throw unknownTable(cache, name);
      const params = parameters(c, run.role);
      const prefer = preferences(c.req.header('prefer'));
      const shape = representation(c.req.header('accept'));
      const rows = Array.isArray(body) ? body : [body];
      if (rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))) {
        throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object or an array of objects', null);
      }
      if (rows.length > restLimits.insertRows) {
        throw new PostgrestError(400, '54000', `The body has ${rows.length} rows; at most ${restLimits.insertRows} can be inserted at once`, null, 'Insert in smaller batches');
      }
      const objects = rows as Record<string, unknown>[];
      if (objects.length === 0) {
        const headers = { 'content-type': jsonType, 'content-range': `*/${prefer.count ? 0 : '*'}` };
        return respond(prefer, prefer.returning === 'representation' ? '[]' : null, 201, headers);
      }
      const columns = params.columns ?? [...new Set(objects.flatMap((row) => Object.keys(row)))];
      const conflictColumns = params.onConflict ?? table.primaryKey;
      const upsert = prefer.resolution && conflictColumns.length ? { onConflict: conflictColumns, resolution: prefer.resolution } : null;
      const built = insertStatement(cache, table, params, {
        rows: objects,
        columns,
        missingDefault: prefer.missingDefault,
        upsert,
        returning: prefer.returning,
        stripNulls: shape.stripNulls,
      });
      const location = (json: string) => {
        const [key] = JSON.parse(json) as Record<string, unknown>[];
        const query = table.primaryKey.map((pk) => `${encodeURIComponent(pk)}=eq.${encodeURIComponent(String(key[pk]))}`).join('&');
        return `/${name}?${query}`;
      };
      return write(run, built, prefer, shape, true, location);
    }),
  );

  app.patch('/:table', (c) =>
    serve(c, () => jsonBody(c), async (run, cache, body) => {
      const name = c.req.param('table')!;
      const table = cache.tables.get(name);
      if (!table) throw unknownTable(cache, name);
      const params = parameters(c, run.role);
      const prefer = preferences(c.req.header('prefer'));
      const shape = representation(c.req.header('accept'));
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object', null);
      }
      if (Object.keys(body).length === 0) {
        return respond(prefer, prefer.returning === 'representation' ? '[]' : null, prefer.returning === 'representation' ? 200 : 204, { 'content-type': jsonType });
      }
      const built = updateStatement(cache, table, params, body as Record<string, unknown>, { returning: prefer.returning, stripNulls: shape.stripNulls });
      return write(run, built, prefer, shape, false, null);
    }),
  );

  app.delete('/:table', (c) =>
    serve(c, null, async (run, cache) => {
      const name = c.req.param('table')!;
      const table = cache.tables.get(name);
      if (!table) throw unknownTable(cache, name);
      const params = parameters(c, run.role);
      const prefer = preferences(c.req.header('prefer'));
      const shape = representation(c.req.header('accept'));
      const built = deleteStatement(cache, table, params, { returning: prefer.returning, stripNulls: shape.stripNulls });
      return write(run, built, prefer, shape, false, null);
    }),
  );

  app.put('/:table', (c) =>
    serve(c, null, async () => {
      throw new PostgrestError(405, 'PGRST117', 'Unsupported HTTP method: PUT', null, 'Upsert with POST and Prefer: resolution=merge-duplicates');
    }),
  );

  return app;
}
