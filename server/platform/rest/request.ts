import type { Context } from 'hono';
import { BodyError, parseJson, readBodyText } from '../http/body.ts';
import { PostgrestError } from '../http/errors.ts';
import { exposedSchema } from './schema-cache.ts';
import type { Returning } from './query.ts';

/** The Prefer header as PostgREST reads it (several headers arrive joined with commas). */
export interface Preferences {
  returning: Returning;
  count: boolean;
  resolution: 'merge' | 'ignore' | null;
  missingDefault: boolean;
  rollback: boolean;
  maxAffected: number | null;
}

export function preferences(header: string | undefined): Preferences {
  const prefer: Preferences = { returning: 'minimal', count: false, resolution: null, missingDefault: false, rollback: false, maxAffected: null };
  let strict = false;
  for (const token of (header ?? '').split(/[,;]/)) {
    const [key, value] = token.trim().split('=').map((s) => s?.trim());
    if (key === 'return' && (value === 'minimal' || value === 'representation' || value === 'headers-only')) prefer.returning = value;
    else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) prefer.count = true;
    else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) prefer.resolution = value === 'merge-duplicates' ? 'merge' : 'ignore';
    else if (key === 'missing' && value === 'default') prefer.missingDefault = true;
    else if (key === 'tx' && value === 'rollback') prefer.rollback = true;
    else if (key === 'handling' && value === 'strict') strict = true;
    else if (key === 'max-affected' && value && /^\d+$/.test(value)) prefer.maxAffected = Number(value);
  }
  if (!strict) prefer.maxAffected = null;
  return prefer;
}

export interface Representation {
  /** An array, or exactly one object (`.single()` / `.maybeSingle()`), or CSV. */
  shape: 'array' | 'object' | 'csv';
  stripNulls: boolean;
}

/** Picks the first media type of the Accept header this API can produce, or refuses with 406 PGRST107. */
export function representation(accept: string | undefined): Representation {
  if (!accept) return { shape: 'array', stripNulls: false };
  for (const entry of accept.split(',')) {
    const [type, ...parameters] = entry.split(';').map((s) => s.trim().toLowerCase());
    const stripNulls = parameters.includes('nulls=stripped');
    if (type === 'application/json' || type === 'application/*' || type === '*/*' || type === 'application/vnd.pgrst.array+json') {
      return { shape: 'array', stripNulls };
    }
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') return { shape: 'object', stripNulls };
    if (type === 'text/csv') return { shape: 'csv', stripNulls: false };
  }
  throw new PostgrestError(406, 'PGRST107', `None of these media types are available: ${accept}`, null, null);
}

/** Only the `public` schema is exposed; a request for another profile gets PostgREST's 406. */
export function checkProfile(c: Context) {
  const profile = c.req.header('accept-profile') ?? c.req.header('content-profile');
  if (profile !== undefined && profile !== exposedSchema) {
    throw new PostgrestError(406, 'PGRST106', `The schema must be one of the following: ${exposedSchema}`, null, null);
  }
}

/** `Range: 0-9` (items); null bounds when absent. */
export function rangeHeader(header: string | undefined): { start: number; end: number | null } | null {
  const match = header?.trim().match(/^(?:items=)?(\d+)-(\d*)$/);
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] === '' ? null : Number(match[2]);
  if (end !== null && end < start) return null;
  return { start, end };
}

/** The largest body a REST request may send. */
export const REST_BODY_LIMIT = 1024 * 1024;

/**
 * The request body as JSON, read up to REST_BODY_LIMIT: a larger body is 413, one nesting too deep
 * is 400 (54000, a limit), anything unparsable PostgREST's 400 PGRST102.
 */
export async function jsonBody(c: Context, emptyAs?: unknown): Promise<unknown> {
  try {
    const text = await readBodyText(c, REST_BODY_LIMIT);
    if (text.trim() === '' && emptyAs !== undefined) return emptyAs;
    return parseJson(text);
  } catch (error) {
    if (!(error instanceof BodyError)) throw error;
    if (error.reason === 'too_large') throw new PostgrestError(413, 'PGRST413', error.message, null, 'Send less data in one request');
    if (error.reason === 'too_deep') throw new PostgrestError(400, '54000', error.message, null, 'Send a flatter JSON body');
    throw new PostgrestError(400, 'PGRST102', 'Empty or invalid json', null, null);
  }
}

/** Rows as CSV, the header from the first row's keys. */
export function toCsv(json: string): string {
  const rows = JSON.parse(json) as Record<string, unknown>[];
  if (rows.length === 0) return '';
  const keys = Object.keys(rows[0]);
  const cell = (value: unknown) => {
    if (value === null || value === undefined) return '';
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [keys.map(cell).join(','), ...rows.map((row) => keys.map((k) => cell(row[k])).join(','))].join('\n');
}
