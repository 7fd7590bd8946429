import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import sharp, { type Metadata } from 'sharp';
import { uuidPattern } from '../platform/auth/tokens.ts';
import type { ProductContext } from '../context.ts';
import { isPgError } from '../platform/db/types.ts';
import { BodyError, readBodyBytes } from '../platform/http/body.ts';
import { PostgrestError } from '../platform/http/errors.ts';
import { asRequestRole, requestClaims } from '../platform/http/request-role.ts';
import type { Claims } from '../platform/jwt.ts';
import { mimeAllowed } from '../platform/storage/model.ts';
import { ApiError } from './api-error.ts';

/**
 * The back office's media library (public.media_files, 20261127002600_media_library.sql).
 *
 * POST /api/media takes one picture as the raw body (its MIME type in content-type, its name
 * URI-encoded in x-file-name) from staff holding media.write. JPEG, PNG, WebP and AVIF pictures are
 * made into sizes 480, 960 and 1600 px wide (those no wider than the picture; one at its own width
 * when it is narrower than 480), each as WebP and as a fallback: PNG when the picture has an alpha
 * channel, else JPEG. GIF and SVG are kept as they are. Everything goes in the 'media' bucket under
 * library/<id>/, written through the storage API in-process as the caller, so the bucket's limits
 * and the storage policies decide as they would for the app; then the row is inserted as the caller.
 * DELETE /api/media/:id deletes the row as the caller (the database refuses a file still in use)
 * and then the file's objects.
 */

/** A request into this server's own routes (app.request). */
export type InProcessFetch = (path: string, init: RequestInit) => Response | Promise<Response>;

const bucket = 'media';
const libraryWidths = [480, 960, 1600];
/** Bounds the work of one picture: decoding 40 megapixels already takes some 160 MB. */
const maxPixels = 40_000_000;
/** Pictures decoded at once by the whole process; more wait their turn rather than exhaust memory. */
const processingSlots = 2;
/** Each object's name has the file's id in it and never changes: caches keep it for a year. */
const objectCacheControl = 'max-age=31536000';

/** The original's extension by MIME type: pictures made into sizes, and those kept as they are. */
const resizedTypes: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' };
const keptTypes: Record<string, string> = { 'image/gif': 'gif', 'image/svg+xml': 'svg' };

const words = {
  signInToUpload: 'Sign in to upload files',
  staffUpload: 'Only staff who manage media upload files',
  signInToDelete: 'Sign in to delete files',
  staffDelete: 'Only staff who manage media delete files',
  wrongType: 'Only JPEG, PNG, WebP, GIF, SVG or AVIF pictures go in the library',
  unreadable: 'This file is not a picture the library can read',
  tooManyPixels: 'The picture is over 40 megapixels',
  noSuchFile: 'No such file',
};

interface MediaRow {
  id: string;
  object_path: string;
  file_name: string;
  mime_type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  widths: number[];
  fallback: 'jpg' | 'png' | null;
  alt_text: string | null;
  uploaded_by: string | null;
  created_at: string;
  updated_at: string;
}

interface StoredObject {
  name: string;
  type: string;
  body: Uint8Array;
}

/** What the library keeps of one upload: the picture's size and the objects to write beside the original. */
interface Prepared {
  width: number | null;
  height: number | null;
  widths: number[];
  fallback: 'jpg' | 'png' | null;
  /** Each size's file name in the folder (960.webp), type and bytes. */
  sizes: { file: string; type: string; body: Uint8Array }[];
  /** The original written again upright and without its metadata; absent for GIF and SVG, kept as sent. */
  original?: Uint8Array;
}

let busy = 0;
const waiting: (() => void)[] = [];

/** Runs fn when one of the processing slots is free; a finishing job hands its slot to the next. */
async function inTurn<T>(fn: () => Promise<T>): Promise<T> {
  if (busy < processingSlots) busy++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else busy--;
  }
}

/** The sizes a picture gets: the library's widths it is at least as wide as, or its own width when narrower. */
function sizesFor(width: number): number[] {
  const widths = libraryWidths.filter((w) => w <= width);
  return widths.length > 0 ? widths : [width];
}

/**
 * Reads the picture and makes its sizes, upright (EXIF orientation applied) and without metadata
 * (sharp writes none unless asked: no camera, no place). The bytes must be the type they were sent
 * as: a TIFF sent as image/png would otherwise slip past the bucket's list of types.
 */
export async function prepare(type: string, bytes: Uint8Array): Promise<Prepared> {
  if (type === 'image/svg+xml') return prepareSvg(bytes);
  // Damaged or cut-short pixels are refused; a camera's harmless quirks (libjpeg's warnings) are not.
  const options = { limitInputPixels: maxPixels, autoOrient: true, failOn: 'error' } as const;
  let metadata: Metadata;
  try {
    // The header alone, read without the pixel limit so that a picture over it is told so in words.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError('unsupported_file', words.unreadable);
  }
  if (metadata.mediaType !== type) throw new ApiError('unsupported_file', words.unreadable);
  if (metadata.width * metadata.height > maxPixels) throw new ApiError('payload_too_large', words.tooManyPixels);
  const { width, height } = metadata.autoOrient ?? metadata;
  if (!(type in resizedTypes)) return { width, height, widths: [], fallback: null, sizes: [] };

  const widths = sizesFor(width);
  const fallback = metadata.hasAlpha ? 'png' : 'jpg';
  const source = sharp(bytes, options);
  try {
    const sizes = await Promise.all(
      widths.map(async (w) => {
        const resized = source.clone().resize({ width: w, withoutEnlargement: true });
        const [webp, other] = await Promise.all([
          resized.clone().webp({ quality: 78 }).toBuffer(),
          fallback === 'png' ? resized.clone().png().toBuffer() : resized.clone().jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
        ]);
        return [
          { file: `${w}.webp`, type: 'image/webp', body: webp },
          { file: `${w}.${fallback}`, type: fallback === 'png' ? 'image/png' : 'image/jpeg', body: other },
        ];
      }),
    );
    // The original is public too: written again in its own format at a high quality, without the
    // camera's metadata (a phone photo's EXIF holds where it was taken).
    const upright = source.clone();
    const original = await (type === 'image/png' ? upright.png() : type === 'image/webp' ? upright.webp({ quality: 90 }) : type === 'image/avif' ? upright.avif({ quality: 70 }) : upright.jpeg({ quality: 92, mozjpeg: true })).toBuffer();
    return { width, height, widths, fallback, sizes: sizes.flat(), original };
  } catch {
    // A header that reads but pixels that do not (a truncated or damaged file).
    throw new ApiError('unsupported_file', words.unreadable);
  }
}

/**
 * An SVG is kept as it is (the storage API serves it sandboxed), once librsvg has read it: a file that
 * does not parse would be stored, listed and then shown broken on every page using it.
 */
async function prepareSvg(bytes: Uint8Array): Promise<Prepared> {
  const text = new TextDecoder().decode(bytes);
  if (!/<svg[\s>]/i.test(text)) throw new ApiError('unsupported_file', words.unreadable);
  const metadata = await sharp(bytes).metadata().catch(() => null);
  if (!metadata || metadata.format !== 'svg') throw new ApiError('unsupported_file', words.unreadable);
  return { width: metadata.width ?? null, height: metadata.height ?? null, widths: [], fallback: null, sizes: [] };
}

/** The token the caller sent, as requestClaims read it: the bearer token, else the apikey header. */
function callerToken(c: Context): string {
  const bearer = c.req.header('authorization')?.match(/^bearer\s+(.+)$/i)?.[1]?.trim();
  return bearer ?? c.req.header('apikey') ?? '';
}

/** The file's name as sent (x-file-name, URI-encoded), without control characters. */
function fileNameOf(c: Context): string {
  let name: string;
  try {
    name = decodeURIComponent(c.req.header('x-file-name') ?? '');
  } catch {
    throw new ApiError('invalid_input', 'The file’s name (x-file-name) must be URI-encoded');
  }
  name = name.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (!name) throw new ApiError('invalid_input', 'Send the file’s name in x-file-name');
  // Counted in characters, as the database counts them.
  if ([...name].length > 255) throw new ApiError('invalid_input', 'The file’s name is over 255 characters');
  return name;
}

const publicPath = (name: string) => `/storage/v1/object/public/${bucket}/${name}`;

/** The database's own refusals keep its words (a file still in use, a value its checks refuse); anything else is the server's fault. */
function databaseRefusal(error: unknown): unknown {
  if (isPgError(error) && error.code === '23503') return new ApiError('conflict', error.message);
  if (isPgError(error) && error.code === '23514') return new ApiError('invalid_input', error.message);
  return error;
}

export function mediaRoutes(ctx: ProductContext, storage: InProcessFetch): Hono {
  const app = new Hono();

  /**
   * The caller, if they may manage media: 401 when not signed in (or their session has ended), 403
   * without media.write, asked of the database as the caller.
   */
  async function mediaStaff(c: Context, signIn: string, staffOnly: string): Promise<Claims> {
    let claims: Claims;
    try {
      claims = await requestClaims(c, ctx.keys);
      if (claims.role === 'anon') throw new ApiError('not_signed_in', signIn);
      const allowed = await asRequestRole(ctx.db, claims, async (tx) => {
        const { rows } = await tx.query<{ allowed: boolean }>(`select public.has_permission('media.write') as allowed`);
        return rows[0].allowed;
      });
      if (!allowed) throw new ApiError('forbidden', staffOnly);
    } catch (error) {
      if (error instanceof PostgrestError && error.status === 401) throw new ApiError('not_signed_in', signIn);
      throw error;
    }
    return claims;
  }

  /** The media bucket's own limits: its types and its size, so the library never disagrees with it. */
  async function mediaBucket() {
    const { rows } = await ctx.db.query<{ file_size_limit: number | null; allowed_mime_types: string[] | null }>(
      'select file_size_limit, allowed_mime_types from storage.buckets where id = $1',
      [bucket],
    );
    if (!rows[0]) throw new Error(`the ${bucket} bucket is missing`);
    return { sizeLimit: Number(rows[0].file_size_limit ?? 50 * 1024 * 1024), types: rows[0].allowed_mime_types };
  }

  /** Writes one object through the storage API with the caller's token: its checks and policies decide. */
  async function putObject(token: string, object: StoredObject) {
    const response = await storage(`/storage/v1/object/${bucket}/${object.name}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        apikey: ctx.apiKeys.anonKey,
        'content-type': object.type,
        'cache-control': objectCacheControl,
        'x-upsert': 'false',
      },
      // Node's Buffers (sharp's output) are over plain ArrayBuffers, as fetch bodies must be.
      body: object.body as Uint8Array<ArrayBuffer>,
    });
    if (!response.ok) {
      const answer = (await response.json().catch(() => null)) as { message?: string } | null;
      // The policies refused (the caller lost media.write meanwhile): theirs to hear; anything else is ours.
      if (response.status === 403) throw new ApiError('forbidden', words.staffUpload);
      throw new Error(`storage refused ${object.name}: ${response.status} ${answer?.message ?? ''}`);
    }
  }

  /** Removes objects through the storage API (files on disk and rows alike). */
  async function removeObjects(token: string, names: string[]) {
    const response = await storage(`/storage/v1/object/${bucket}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, apikey: ctx.apiKeys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: names }),
    });
    if (!response.ok) throw new Error(`storage did not remove ${names.join(', ')}: ${response.status}`);
  }

  app.post('/media', async (c) => {
    const written: string[] = [];
    try {
      const claims = await mediaStaff(c, words.signInToUpload, words.staffUpload);
      const token = callerToken(c);
      const limits = await mediaBucket();
      const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
      const extension = resizedTypes[type] ?? keptTypes[type];
      if (!extension || !mimeAllowed(limits.types, type)) throw new ApiError('unsupported_file', words.wrongType);
      const fileName = fileNameOf(c);
      let bytes: Uint8Array;
      try {
        // Read only up to the bucket's limit: a larger body is refused as soon as it passes it.
        bytes = await readBodyBytes(c, limits.sizeLimit);
      } catch (error) {
        if (error instanceof BodyError) throw new ApiError('payload_too_large', `The file is over ${Math.round(limits.sizeLimit / (1024 * 1024))} MB, the library’s limit`);
        throw error;
      }
      const picture = await inTurn(() => prepare(type, bytes));

      const id = randomUUID();
      const folder = `library/${id}`;
      const original = `${folder}/original.${extension}`;
      const objects: StoredObject[] = [
        { name: original, type, body: picture.original ?? bytes },
        ...picture.sizes.map((size) => ({ name: `${folder}/${size.file}`, type: size.type, body: size.body })),
      ];
      for (const object of objects) {
        await putObject(token, object);
        written.push(object.name);
      }
      const row = await asRequestRole(ctx.db, claims, async (tx) => {
        const { rows } = await tx.query<MediaRow>(
          `insert into public.media_files (id, object_path, file_name, mime_type, bytes, width, height, widths, fallback)
           values ($1, $2, $3, $4, $5, $6, $7, $8::int[], $9) returning *`,
          [id, original, fileName, type, (picture.original ?? bytes).byteLength, picture.width, picture.height, picture.widths, picture.fallback],
        );
        return rows[0];
      });
      const largest = picture.widths.at(-1);
      const url = publicPath(largest === undefined ? original : `${folder}/${largest}.${picture.fallback}`);
      return c.json({ ...row, url }, 201);
    } catch (error) {
      if (written.length > 0) {
        // No half-written file: what was stored goes again. As the service role, so that whatever made
        // the upload fail (the caller's token running out, their role changed) cannot keep it.
        await removeObjects(ctx.apiKeys.serviceRoleKey, written).catch((cleanup: unknown) =>
          ctx.log('media upload left objects behind', { objects: written, error: String(cleanup) }),
        );
      }
      throw databaseRefusal(error);
    }
  });

  app.delete('/media/:id', async (c) => {
    try {
      const claims = await mediaStaff(c, words.signInToDelete, words.staffDelete);
      const id = c.req.param('id');
      if (!uuidPattern.test(id)) throw new ApiError('not_found', words.noSuchFile);
      // As the caller: the policies decide, and the trigger refuses a file still in use (23503, 409).
      const deleted = await asRequestRole(ctx.db, claims, async (tx) => {
        const { rows } = await tx.query<{ id: string }>('delete from public.media_files where id = $1 returning id', [id]);
        return rows.length > 0;
      });
      if (!deleted) throw new ApiError('not_found', words.noSuchFile);
      // The row is gone: every object in the file's folder follows it, whatever sizes it had.
      const { rows } = await ctx.db.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and starts_with(name, $2)', [
        bucket,
        `library/${id}/`,
      ]);
      if (rows.length > 0) {
        await removeObjects(callerToken(c), rows.map((row) => row.name)).catch((error: unknown) =>
          // The file is out of the library either way; what is left is unreachable and logged.
          ctx.log('media delete left objects behind', { objects: rows.map((row) => row.name), error: String(error) }),
        );
      }
      return c.json({ id });
    } catch (error) {
      throw databaseRefusal(error);
    }
  });

  return app;
}
