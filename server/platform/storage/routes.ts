import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { PlatformContext } from '../context.ts';
import type { Queryable } from '../db/types.ts';
import { isPgError } from '../db/types.ts';
import { BodyError, parseJson, readBodyBytes, readBodyText } from '../http/body.ts';
import { clientAddress } from '../http/client.ts';
import { PostgrestError } from '../http/errors.ts';
import { hitRateLimit, RateLimited } from '../http/rate-limit.ts';
import { asRequestRole, requestClaims, type RequestOrigin } from '../http/request-role.ts';
import type { Claims } from '../jwt.ts';
import { parseSizeLimit, StorageError, validateObjectName, mimeAllowed } from './model.ts';

/** What a bucket may be called: letters, digits and _ . - (first a letter or digit), as Supabase allows. */
const bucketNamePattern = /^[a-z0-9][a-z0-9_.-]{0,62}$/i;

/** The largest upload the server accepts whatever a bucket says (50 MB, Supabase's default). */
const globalUploadLimit = 50 * 1024 * 1024;

const madeByServer = Symbol('an upload made in-process by one of the server\'s endpoints');

/**
 * The Hono env of an upload the server makes in-process for one of its own endpoints, which answers
 * for it (`app.request(path, init, serverUpload)`): the media library, staff holding media.write
 * only, writes a picture and its sizes as seven objects, and the storage.uploads limit (30 an hour)
 * would refuse its fifth picture. Such uploads are not counted; every other check applies. Only an
 * in-process call can pass an env: a request from outside never carries it.
 */
export const serverUpload: Record<symbol, true> = { [madeByServer]: true };

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

interface ObjectMetadata {
  mimetype: string;
  size: number;
  eTag: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
}

/**
 * Supabase Storage compatible API. Bucket and object rows live in the storage schema, where
 * storage.objects RLS decides who may read, write or delete; the bytes live on disk under
 * DATA_DIR/storage/<bucket>/<object name>.
 */
export function storageRoutes(ctx: PlatformContext): Hono {
  const app = new Hono();
  const root = path.join(ctx.config.dataDir, 'storage');
  const filePath = (bucket: string, name: string) => path.join(root, bucket, ...name.split('/'));

  async function claimsOf(c: Context): Promise<Claims> {
    try {
      return await requestClaims(c, ctx.keys);
    } catch (error) {
      if (error instanceof PostgrestError) throw new StorageError(error.status, 'InvalidJWT', error.message);
      throw error;
    }
  }

  async function bucketById(id: string): Promise<BucketRow | undefined> {
    // A name no bucket can have (bucketNamePattern) is not looked up at all.
    if (!bucketNamePattern.test(id)) return undefined;
    const { rows } = await ctx.db.query<BucketRow>('select * from storage.buckets where id = $1', [id]);
    return rows[0];
  }

  async function requireBucket(id: string): Promise<BucketRow> {
    const bucket = await bucketById(id);
    if (!bucket) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
    return bucket;
  }

  /** Runs fn as the request's role; Postgres refusals become storage errors in Supabase's words. */
  async function asRole<T>(claims: Claims, fn: (tx: Queryable) => Promise<T>, origin?: RequestOrigin): Promise<T> {
    try {
      return await asRequestRole(ctx.db, claims, fn, origin);
    } catch (error) {
      if (error instanceof PostgrestError) throw new StorageError(error.status, 'InvalidJWT', error.message);
      if (isPgError(error)) {
        if (error.code === '42501') {
          throw new StorageError(403, 'Unauthorized', 'new row violates row-level security policy');
        }
        if (error.code === '23505') throw new StorageError(409, 'Duplicate', 'The resource already exists');
        // A file something still depends on (the media library's): the database says what, in words.
        if (error.code === '23503') throw new StorageError(409, 'Conflict', error.message);
        // A value the database cannot take (a NUL, a malformed id, a broken check): the caller's mistake.
        if (error.code!.startsWith('22') || error.code === '23514') throw new StorageError(400, 'Invalid Input', 'The request contains a value that cannot be stored');
      }
      throw error;
    }
  }

  app.onError((error, c) => {
    if (error instanceof StorageError) return c.json(error.toJSON(), error.status);
    if (isPgError(error) && error.code!.startsWith('22')) return c.json(new StorageError(400, 'Invalid Input', 'The request contains a value that cannot be stored').toJSON(), 400);
    ctx.log('storage error', { path: c.req.path, error: error.stack ?? String(error) });
    return c.json({ statusCode: '500', error: 'Internal', message: 'Internal Server Error' }, 500);
  });

  // Buckets. Reading is open to every role the policies allow; creating and changing is for the
  // service role (the only API role with write grants on storage.buckets).
  app.get('/bucket', async (c) => {
    const claims = await claimsOf(c);
    const rows = await asRole(claims, (tx) => tx.query<BucketRow>('select * from storage.buckets order by name'));
    return c.json(rows.rows);
  });

  app.get('/bucket/:id', async (c) => {
    const claims = await claimsOf(c);
    const id = c.req.param('id');
    const { rows } = bucketNamePattern.test(id)
      ? await asRole(claims, (tx) => tx.query<BucketRow>('select * from storage.buckets where id = $1', [id]))
      : { rows: [] as BucketRow[] };
    if (!rows[0]) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
    return c.json(rows[0]);
  });

  app.post('/bucket', async (c) => {
    const claims = await claimsOf(c);
    const body = await jsonBody(c);
    const given = body.id ?? body.name;
    const id = typeof given === 'string' ? given : '';
    if (!bucketNamePattern.test(id)) {
      throw new StorageError(400, 'Invalid Input', 'Bucket name invalid');
    }
    await asRole(claims, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types)
         values ($1, $1, $2, $3, $4, $5)`,
        [id, claims.sub ?? null, body.public === true, parseSizeLimit(body.file_size_limit), mimeTypes(body.allowed_mime_types)],
      ),
    );
    return c.json({ name: id });
  });

  app.put('/bucket/:id', async (c) => {
    const claims = await claimsOf(c);
    const body = await jsonBody(c);
    const { rowCount } = await asRole(claims, (tx) =>
      tx.query(
        `update storage.buckets set public = coalesce($2, public), file_size_limit = $3,
           allowed_mime_types = $4, updated_at = now() where id = $1`,
        [c.req.param('id'), typeof body.public === 'boolean' ? body.public : null, parseSizeLimit(body.file_size_limit), mimeTypes(body.allowed_mime_types)],
      ),
    );
    if (!rowCount) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
    return c.json({ message: 'Successfully updated' });
  });

  app.post('/bucket/:id/empty', async (c) => {
    const claims = await claimsOf(c);
    const bucket = await requireBucket(c.req.param('id'));
    const { rows } = await asRole(claims, (tx) =>
      tx.query<{ name: string }>('delete from storage.objects where bucket_id = $1 returning name', [bucket.id]),
    );
    await Promise.all(rows.map((row) => rm(filePath(bucket.id, row.name), { force: true })));
    return c.json({ message: 'Successfully emptied' });
  });

  app.delete('/bucket/:id', async (c) => {
    const claims = await claimsOf(c);
    const bucket = await requireBucket(c.req.param('id'));
    const { rows } = await ctx.db.query<{ count: number }>(
      'select count(*)::int as count from storage.objects where bucket_id = $1',
      [bucket.id],
    );
    if (rows[0].count > 0) throw new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
    const { rowCount } = await asRole(claims, (tx) => tx.query('delete from storage.buckets where id = $1', [bucket.id]));
    if (!rowCount) throw new StorageError(403, 'Unauthorized', 'You are not allowed to delete this bucket');
    await rm(path.join(root, bucket.id), { recursive: true, force: true });
    return c.json({ message: 'Successfully deleted' });
  });

  // Objects.
  /** The row of an upload, as the caller's role writes it: RLS decides, and a refusal is a StorageError. */
  function writeObjectRow(tx: Queryable, mode: 'create' | 'update', upsert: boolean, bucketId: string, name: string, owner: string | null, metadata: ObjectMetadata | null) {
    if (mode === 'update') {
      return tx
        .query<{ id: string }>(
          `update storage.objects set metadata = coalesce($3, metadata), owner = $4::uuid, owner_id = ($4::uuid)::text, updated_at = now(),
             version = gen_random_uuid()::text
           where bucket_id = $1 and name = $2 returning id`,
          [bucketId, name, metadata, owner],
        )
        .then(({ rows }) => {
          if (!rows[0]) throw new StorageError(404, 'not_found', 'Object not found');
          return rows[0];
        });
    }
    return tx
      .query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
         values ($1, $2, $3::uuid, ($3::uuid)::text, $4, gen_random_uuid()::text)
         on conflict (bucket_id, name) do ${
           upsert ? 'update set metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), version = excluded.version' : 'nothing'
         }
         returning id`,
        [bucketId, name, owner, metadata],
      )
      .then(({ rows }) => {
        if (!rows[0]) throw new StorageError(409, 'Duplicate', 'The resource already exists');
        return rows[0];
      });
  }

  /**
   * An upload, in an order that lets nothing in before it is allowed: the address's upload count,
   * then the caller's right to write that object (the row is written as their role and rolled back),
   * then the body, read only up to the bucket's limit, then the row and the file together: the file is
   * written inside the row's transaction, so a refused row never leaves a file or a folder behind.
   */
  async function upload(c: Context, mode: 'create' | 'update') {
    const claims = await claimsOf(c);
    const bucket = await requireBucket(c.req.param('bucket')!);
    const name = validateObjectName(objectPath(c, `/object/${bucket.id}/`));
    const origin = { ip: clientAddress(c, ctx.config.trustedProxyHops) };
    try {
      if ((c.env as Record<symbol, unknown> | undefined)?.[madeByServer] !== true) {
        await hitRateLimit(ctx.db, 'storage.uploads', claims.sub ?? origin.ip ?? 'unknown');
      }
    } catch (error) {
      if (error instanceof RateLimited) throw new StorageError(429, 'too_many_requests', error.message);
      throw error;
    }
    const upsert = mode === 'update' || c.req.header('x-upsert') === 'true';
    const owner = claims.sub ?? null;
    await asRole(
      claims,
      async (tx) => {
        await writeObjectRow(tx, mode, upsert, bucket.id, name, owner, null);
        throw new PermissionProbed();
      },
      origin,
    ).catch((error: unknown) => {
      if (!(error instanceof PermissionProbed)) throw error;
    });

    const limit = Math.min(bucket.file_size_limit ?? globalUploadLimit, globalUploadLimit);
    const file = await readUpload(c, limit);
    if (!mimeAllowed(bucket.allowed_mime_types, file.contentType)) {
      throw new StorageError(415, 'invalid_mime_type', `mime type ${file.contentType} is not supported`);
    }

    const metadata: ObjectMetadata = {
      mimetype: file.contentType,
      size: file.bytes.byteLength,
      eTag: `"${etagOf(file.bytes)}"`,
      cacheControl: `max-age=${file.cacheControl}`,
      lastModified: new Date().toUTCString(),
      contentLength: file.bytes.byteLength,
      httpStatusCode: 200,
    };
    const target = filePath(bucket.id, name);
    const staging = path.join(path.dirname(target), `.upload-${randomUUID()}`);
    let written = false;
    try {
      const row = await asRole(
        claims,
        async (tx) => {
          const stored = await writeObjectRow(tx, mode, upsert, bucket.id, name, owner, metadata);
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(staging, file.bytes);
          await rename(staging, target);
          written = true;
          return stored;
        },
        origin,
      );
      return c.json({ Id: row.id, Key: `${bucket.id}/${name}` });
    } catch (error) {
      await rm(staging, { force: true });
      // The row was refused or not committed: the file must not outlive it (an update keeps the old bytes' row).
      if (written && mode === 'create' && !upsert) await rm(target, { force: true });
      throw diskError(error);
    }
  }

  app.post('/object/list/:bucket', async (c) => {
    const claims = await claimsOf(c);
    const bucket = await requireBucket(c.req.param('bucket'));
    const body = await jsonBody(c);
    let prefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+/, '') : '';
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    const limit = clampInt(body.limit, 100, 1, 1000);
    const offset = clampInt(body.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    const search = typeof body.search === 'string' ? body.search : '';
    const sort = (body.sortBy ?? {}) as { column?: string; order?: string };
    const column = ['name', 'updated_at', 'created_at', 'last_accessed_at'].includes(sort.column ?? '') ? sort.column! : 'name';
    const order = sort.order?.toLowerCase() === 'desc' ? 'desc' : 'asc';
    // One level of the tree under prefix: deeper names fold into their first folder, as Supabase lists.
    const { rows } = await asRole(claims, (tx) =>
      tx.query(
        `with level as (
           select split_part(substr(name, length($2) + 1), '/', 1) as entry,
                  position('/' in substr(name, length($2) + 1)) > 0 as is_folder,
                  id, updated_at, created_at, last_accessed_at, metadata
           from storage.objects
           where bucket_id = $1 and starts_with(name, $2)
         ), entries as (
           select distinct on (entry, is_folder) entry as name,
                  case when is_folder then null else id end as id,
                  case when is_folder then null else updated_at end as updated_at,
                  case when is_folder then null else created_at end as created_at,
                  case when is_folder then null else last_accessed_at end as last_accessed_at,
                  case when is_folder then null else metadata end as metadata
           from level
           where entry <> '' and ($3 = '' or entry ilike $3 || '%')
           order by entry, is_folder
         )
         select * from entries order by ${column} ${order} nulls first, name limit $4 offset $5`,
        [bucket.id, prefix, search, limit, offset],
      ),
    );
    return c.json(rows);
  });

  app.get('/object/info/:bucket/*', async (c) => {
    const claims = await claimsOf(c);
    const bucket = await requireBucket(c.req.param('bucket'));
    const name = validateObjectName(objectPath(c, `/object/info/${bucket.id}/`));
    const object = await readableObject(claims, bucket.id, name);
    return c.json(object);
  });

  app.get('/object/public/:bucket/*', async (c) => {
    const bucket = await requireBucket(c.req.param('bucket'));
    if (!bucket.public) throw new StorageError(400, 'not_found', 'Object not found');
    const name = validateObjectName(objectPath(c, `/object/public/${bucket.id}/`));
    const { rows } = await ctx.db.query<{ metadata: ObjectMetadata }>(
      'select metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucket.id, name],
    );
    if (!rows[0]) throw new StorageError(404, 'not_found', 'Object not found');
    return sendObject(c, bucket.id, name, rows[0].metadata);
  });

  async function authenticatedDownload(c: Context, prefix: string) {
    const claims = await claimsOf(c);
    const bucket = await requireBucket(c.req.param('bucket')!);
    const name = validateObjectName(objectPath(c, `${prefix}${bucket.id}/`));
    const object = await readableObject(claims, bucket.id, name);
    return sendObject(c, bucket.id, name, object.metadata);
  }

  /** The object row if the request's role may select it (RLS), else a not-found error. */
  async function readableObject(claims: Claims, bucketId: string, name: string) {
    const { rows } = await asRole(claims, (tx) =>
      tx.query<{ id: string; name: string; metadata: ObjectMetadata; created_at: string; updated_at: string; version: string }>(
        `select id, name, metadata, created_at, updated_at, version, bucket_id from storage.objects
         where bucket_id = $1 and name = $2`,
        [bucketId, name],
      ),
    );
    if (!rows[0]) throw new StorageError(404, 'not_found', 'Object not found');
    return rows[0];
  }

  async function sendObject(c: Context, bucketId: string, name: string, metadata: ObjectMetadata) {
    const file = filePath(bucketId, name);
    const info = await stat(file).catch(() => undefined);
    if (!info) throw new StorageError(404, 'not_found', 'Object not found');
    const headers: Record<string, string> = {
      'content-type': metadata.mimetype ?? 'application/octet-stream',
      'content-length': String(info.size),
      'cache-control': metadata.cacheControl ?? 'no-cache',
      etag: metadata.eTag ?? '',
      'last-modified': metadata.lastModified ?? info.mtime.toUTCString(),
      // Uploaded SVG or HTML must never run script on this origin.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      'x-content-type-options': 'nosniff',
    };
    if (metadata.eTag && matchesIfNoneMatch(c.req.header('if-none-match'), metadata.eTag)) {
      return new Response(null, { status: 304, headers: { etag: metadata.eTag, 'cache-control': headers['cache-control'] } });
    }
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    const stream = Readable.toWeb(createReadStream(file)) as ReadableStream;
    return new Response(stream, { status: 200, headers });
  }

  app.get('/object/authenticated/:bucket/*', (c) => authenticatedDownload(c, '/object/authenticated/'));
  app.on(['GET', 'HEAD'], '/object/:bucket/*', (c) => authenticatedDownload(c, '/object/'));
  app.post('/object/:bucket/*', (c) => upload(c, 'create'));
  app.put('/object/:bucket/*', (c) => upload(c, 'update'));

  app.delete('/object/:bucket', async (c) => {
    const claims = await claimsOf(c);
    const bucket = await requireBucket(c.req.param('bucket'));
    const body = await jsonBody(c);
    const prefixes = Array.isArray(body.prefixes) ? body.prefixes.filter((p): p is string => typeof p === 'string') : [];
    if (prefixes.length === 0) throw new StorageError(400, 'Invalid Input', 'prefixes must be a non-empty array of object names');
    const { rows } = await asRole(claims, (tx) =>
      tx.query<{ name: string }>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning id, name, bucket_id, owner, metadata, created_at, updated_at, last_accessed_at`,
        [bucket.id, prefixes],
      ),
    );
    await Promise.all(rows.map((row) => rm(filePath(bucket.id, row.name), { force: true })));
    return c.json(rows);
  });

  return app;
}

function tooLarge() {
  return new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');
}

/** Thrown to roll back the probe that asks the database whether the caller may write an object. */
class PermissionProbed extends Error {}

/** The object name after the route prefix, decoded once. */
function objectPath(c: Context, prefix: string): string {
  const raw = c.req.path.slice(c.req.path.indexOf(prefix) + prefix.length);
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new StorageError(400, 'Invalid Input', 'Invalid key');
  }
}

/** The largest JSON body a storage request (a listing, a removal) may send. */
const storageJsonLimit = 256 * 1024;

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readBodyText(c, storageJsonLimit);
  } catch (error) {
    if (error instanceof BodyError) throw new StorageError(413, 'Payload too large', error.message);
    throw error;
  }
  if (!text) return {};
  try {
    const value = parseJson(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // malformed or too deep: same answer as a non-object body
  }
  throw new StorageError(400, 'Invalid Input', 'Could not parse request body as JSON');
}

/** Room for a multipart body's boundaries and headers around the file itself. */
const multipartOverhead = 16 * 1024;

/**
 * The uploaded file: a multipart form (a Blob from supabase-js) or a raw body with its content type,
 * read only up to the bucket's limit: a larger upload is refused with 413 as soon as it passes it,
 * without the rest being read.
 */
async function readUpload(c: Context, limit: number): Promise<{ bytes: Uint8Array; contentType: string; cacheControl: string }> {
  const type = c.req.header('content-type') ?? '';
  const multipart = type.startsWith('multipart/form-data');
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = await readBodyBytes(c, multipart ? limit + multipartOverhead : limit);
  } catch (error) {
    if (error instanceof BodyError) throw tooLarge();
    throw error;
  }
  if (multipart) {
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    } catch {
      throw new StorageError(400, 'Invalid Input', 'The upload could not be read');
    }
    const file = [...form.values()].find((value): value is File => typeof value !== 'string');
    if (!file) throw new StorageError(400, 'Invalid Input', 'No file was sent');
    if (file.size > limit) throw tooLarge();
    const cacheControl = String(form.get('cacheControl') ?? '3600');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      contentType: file.type || 'application/octet-stream',
      cacheControl: /^\d+$/.test(cacheControl) ? cacheControl : '3600',
    };
  }
  const cacheHeader = c.req.header('cache-control')?.match(/max-age=(\d+)/)?.[1];
  return {
    bytes: raw,
    contentType: type.split(';')[0].trim() || 'application/octet-stream',
    cacheControl: cacheHeader ?? '3600',
  };
}

/** A name the filesystem still refused (too long for it, or not a name at all) is the caller's mistake. */
function diskError(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENAMETOOLONG' || code === 'EINVAL' || code === 'ENOTDIR' || code === 'EISDIR') {
    return new StorageError(400, 'Invalid Input', 'Invalid key: the name cannot be stored');
  }
  return error;
}

/** A bucket's allowed MIME types from a request: a list of strings, or none. */
function mimeTypes(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || !value.every((type) => typeof type === 'string')) {
    throw new StorageError(400, 'Invalid Input', 'allowed_mime_types must be a list of MIME types');
  }
  return value;
}

function etagOf(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('hex');
}

function clampInt(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseInt(value, 10) : Number.NaN;
  if (!Number.isFinite(n)) return fallback;
  return Math.min(Math.max(Math.trunc(n), min), max);
}

/**
 * If-None-Match compares weakly (RFC 9110 13.1.2): a gzipped answer's ETag comes back as W/"…"
 * and still names the same object.
 */
function matchesIfNoneMatch(header: string | undefined, eTag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.trim() === '*' || header.split(',').some((tag) => bare(tag) === bare(eTag));
}
