import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { PlatformContext } from '../context.ts';
import { isPgError, type Queryable } from '../db/types.ts';
import { PostgrestError, toPostgrestError } from '../http/errors.ts';
import { asRequestRole, requestClaims } from '../http/request-role.ts';
import type { Claims } from '../jwt.ts';
import { parseQueryParameters, type QueryParameters } from './parser.ts';
import {
  deleteStatement,
  functionCall,
  functionSource,
  insertStatement,
  readStatement,
  Statement,
  tableSource,
  unknownTable,
  updateStatement,
  type Paging,
  type Source,
} from './query.ts';
import { checkProfile, jsonBody, preferences, rangeHeader, representation, toCsv, type Preferences, type Representation } from './request.ts';
import { schemaCache, type RoutineOverload, type SchemaCache } from './schema-cache.ts';

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

function paging(c: Context, params: QueryParameters): Paging {
  const root = params.resources.get('')!;
  const range = rangeHeader(c.req.header('range'));
  const offset = root.offset ?? range?.start ?? 0;
  let limit = root.limit;
  if (range && range.end !== null) {
    const length = range.end - range.start + 1;
    limit = limit === null ? length : Math.min(limit, length);
  }
  return { limit, offset };
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

/** The PostgREST-compatible API: tables and views of `public` and its functions under /rpc. */
export function restRoutes(ctx: PlatformContext): Hono {
  const app = new Hono();

  /** Verifies the caller, runs the handler as their role in one transaction, and maps every failure to PostgREST's shape. */
  async function serve(c: Context, handler: (tx: Queryable, cache: SchemaCache) => Promise<Response>): Promise<Response> {
    let claims: Claims | null = null;
    try {
      checkProfile(c);
      const caller = await requestClaims(c, ctx.keys);
      claims = caller;
      const cache = await schemaCache(ctx.db);
      return await asRequestRole(ctx.db, caller, (tx) => handler(tx, cache));
    } catch (error) {
      if (error instanceof RollbackWith) return error.response;
      let failure = toPostgrestError(error, claims !== null && claims.role !== 'anon');
      // `raise sqlstate 'PT402'` chooses the HTTP status, as in PostgREST.
      if (isPgError(error) && /^PT[1-5]\d\d$/.test(error.code!)) {
        failure = new PostgrestError(Number(error.code!.slice(2)) as ContentfulStatusCode, error.code!, error.message, error.detail ?? null, error.hint ?? null);
      }
      if (failure.status >= 500) ctx.log('rest request failed', { path: c.req.path, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return new Response(JSON.stringify(failure.toJSON()), { status: failure.status, headers: { 'content-type': jsonType } });
    }
  }

  function respond(prefer: Preferences, body: string | null, status: number, headers: Record<string, string>): Response {
    const response = new Response(body, { status, headers });
    if (prefer.rollback) throw new RollbackWith(response);
    return response;
  }

  async function read(c: Context, tx: Queryable, cache: SchemaCache, source: Source, params: QueryParameters, statement = new Statement(), singleRow = false): Promise<Response> {
    const prefer = preferences(c.req.header('prefer'));
    const shape = representation(c.req.header('accept'));
    const head = c.req.method === 'HEAD';
    const page = paging(c, params);
    const { sql, params: values } = readStatement(cache, source, params, { count: prefer.count, head, stripNulls: shape.stripNulls, paging: page }, statement);
    const [row] = (await tx.query<ResultRow>(sql, values)).rows;
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

  async function write(tx: Queryable, built: { sql: string; params: unknown[] }, prefer: Preferences, shape: Representation, created: boolean, location: ((body: string) => string) | null): Promise<Response> {
    const result = await tx.query<ResultRow>(built.sql, built.params);
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

  function rpc(c: Context, post: boolean) {
    return serve(c, async (tx, cache) => {
      const name = c.req.param('fn')!;
      const overloads = cache.functions.get(name);
      const entries = queryEntries(c);
      let args: Record<string, unknown> = {};
      let body: unknown;
      if (post) {
        body = await jsonBody(c, {});
        if (body !== null && typeof body === 'object' && !Array.isArray(body)) args = body as Record<string, unknown>;
      } else {
        const argumentNames = new Set((overloads ?? []).flatMap((o) => o.arguments.map((a) => a.name)));
        for (const [key, value] of entries) if (argumentNames.has(key)) args[key] = value;
      }
      const { routine, wholeBody } = pickOverload(name, overloads ?? [], Object.keys(args), body, post);
      const params = parseQueryParameters(entries, (key) => !post && routine.arguments.some((a) => a.name === key));
      if (!post && routine.volatility === 'volatile') await tx.query('set transaction read only');

      const prefer = preferences(c.req.header('prefer'));
      const statement = new Statement();
      const { from, call } = functionCall(routine, args, wholeBody, statement);
      const returns = routine.returns;
      if (returns.kind === 'rows') {
        return read(c, tx, cache, functionSource(cache, routine, from, call), params, statement, !returns.setOf);
      }
      const shape = representation(c.req.header('accept'));
      const fromClause = from ? ` from ${from}` : '';
      if (returns.kind === 'void') {
        await tx.query(`select ${call}${fromClause}`, statement.params);
        return respond(prefer, null, 204, {});
      }
      if (!returns.setOf) {
        const [row] = (await tx.query<{ body: string }>(`select to_json(${call})::text as body${fromClause}`, statement.params)).rows;
        return respond(prefer, c.req.method === 'HEAD' ? null : row.body, 200, { 'content-type': jsonType });
      }
      const page = paging(c, params);
      const limit = page.limit === null ? '' : ` limit ${statement.bind(page.limit)}`;
      const offset = page.offset > 0 ? ` offset ${statement.bind(page.offset)}` : '';
      const [row] = (
        await tx.query<ResultRow>(
          `select count(*)::int as page, coalesce(json_agg(_r.v), '[]')::text as body from (select t0 as v from ${from ? `${from}, ` : ''}${call} t0${limit}${offset}) _r`,
          statement.params,
        )
      ).rows;
      const headers = { 'content-type': contentType(shape.shape), 'content-range': contentRange(page.offset, row.page, null) };
      return respond(prefer, c.req.method === 'HEAD' ? null : formatBody(row.body!, row.page, shape.shape), 200, headers);
    });
  }

  app.get('/:table', (c) =>
    serve(c, async (tx, cache) => {
      const params = parseQueryParameters(queryEntries(c));
      return read(c, tx, cache, tableSource(cache, c.req.param('table')!), params);
    }),
  );

  app.post('/:table', (c) =>
    serve(c, async (tx, cache) => {
      const name = c.req.param('table')!;
      const table = cache.tables.get(name);
      if (!table) throw unknownTable(cache, name);
      const params = parseQueryParameters(queryEntries(c));
      const prefer = preferences(c.req.header('prefer'));
      const shape = representation(c.req.header('accept'));
      const body = await jsonBody(c);
      const rows = Array.isArray(body) ? body : [body];
      if (rows.some((row) => row === null || typeof row !== 'object' || Array.isArray(row))) {
        throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object or an array of objects', null);
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
      return write(tx, built, prefer, shape, true, location);
    }),
  );

  app.patch('/:table', (c) =>
    serve(c, async (tx, cache) => {
      const name = c.req.param('table')!;
      const table = cache.tables.get(name);
      if (!table) throw unknownTable(cache, name);
      const params = parseQueryParameters(queryEntries(c));
      const prefer = preferences(c.req.header('prefer'));
      const shape = representation(c.req.header('accept'));
      const body = await jsonBody(c);
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', 'Expected a JSON object', null);
      }
      if (Object.keys(body).length === 0) {
        return respond(prefer, prefer.returning === 'representation' ? '[]' : null, prefer.returning === 'representation' ? 200 : 204, { 'content-type': jsonType });
      }
      const built = updateStatement(cache, table, params, body as Record<string, unknown>, { returning: prefer.returning, stripNulls: shape.stripNulls });
      return write(tx, built, prefer, shape, false, null);
    }),
  );

  app.delete('/:table', (c) =>
    serve(c, async (tx, cache) => {
      const name = c.req.param('table')!;
      const table = cache.tables.get(name);
      if (!table) throw unknownTable(cache, name);
      const params = parseQueryParameters(queryEntries(c));
      const prefer = preferences(c.req.header('prefer'));
      const shape = representation(c.req.header('accept'));
      const built = deleteStatement(cache, table, params, { returning: prefer.returning, stripNulls: shape.stripNulls });
      return write(tx, built, prefer, shape, false, null);
    }),
  );

  app.put('/:table', (c) =>
    serve(c, async () => {
      throw new PostgrestError(405, 'PGRST117', 'Unsupported HTTP method: PUT', null, 'Upsert with POST and Prefer: resolution=merge-duplicates');
    }),
  );

  return app;
}
