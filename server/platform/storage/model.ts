import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error in Supabase Storage's JSON shape: { statusCode, error, message }. */
export class StorageError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
  toJSON() {
    return { statusCode: String(this.status), error: this.error, message: this.message };
  }
}

/** A bucket size limit as supabase-js sends it: bytes as a number, or text like '2MB'. */
export function parseSizeLimit(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return Math.trunc(value);
  if (typeof value !== 'string') throw new StorageError(400, 'Invalid Input', 'file_size_limit is not a size');
  const match = value.trim().match(/^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i);
  if (!match) throw new StorageError(400, 'Invalid Input', 'file_size_limit is not a size');
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[(match[2] ?? 'b').toLowerCase() as 'b'];
  return Math.trunc(Number(match[1]) * unit);
}

/** The longest file or folder name a filesystem holds, in bytes; and the longest whole name. */
export const maxSegmentBytes = 255;
export const maxNameBytes = 1024;

/**
 * Object names are relative paths without empty, '.' or '..' segments or control characters, that
 * the disk can hold: no segment over 255 bytes, the whole at most 1024.
 */
export function validateObjectName(name: string): string {
  const segments = name.split('/');
  const bad =
    name.length === 0 ||
    /[\u0000-\u001f\u007f\\]/.test(name) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  if (bad) throw new StorageError(400, 'Invalid Input', `Invalid key: ${name.slice(0, 200)}`);
  if (Buffer.byteLength(name) > maxNameBytes) {
    throw new StorageError(400, 'Invalid Input', `Invalid key: the name is longer than ${maxNameBytes} bytes`);
  }
  if (segments.some((segment) => Buffer.byteLength(segment) > maxSegmentBytes)) {
    throw new StorageError(400, 'Invalid Input', `Invalid key: a folder or file name is longer than ${maxSegmentBytes} bytes`);
  }
  return name;
}

/** Whether a bucket's allowed MIME types (exact or 'image/*') admit the upload's type. */
export function mimeAllowed(allowed: string[] | null, contentType: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = contentType.toLowerCase();
  return allowed.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.endsWith('/*') ? type.startsWith(p.slice(0, -1)) : p === type;
  });
}
