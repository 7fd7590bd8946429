import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isPgError } from '../db/types.ts';

/** An error in PostgREST's JSON shape, with the HTTP status PostgREST would use. */
export class PostgrestError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }
  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** SQLSTATE to HTTP status, as PostgREST maps them. */
export function statusForSqlState(code: string, authenticated: boolean): ContentfulStatusCode {
  // `raise sqlstate 'PT402'` chooses the HTTP status, as in PostgREST.
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2)) as ContentfulStatusCode;
  if (code === '42501') return authenticated ? 403 : 401;
  if (code === 'P0001') return 400;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '53400' || code.startsWith('53')) return 503;
  if (code.startsWith('08')) return 503;
  if (code.startsWith('09') || code.startsWith('0L') || code.startsWith('0P')) return 500;
  if (code.startsWith('22') || code.startsWith('23')) return 400;
  if (code.startsWith('25') || code.startsWith('2D') || code.startsWith('40')) return 500;
  if (code.startsWith('42')) return 400;
  // A statement cut off by its role's statement_timeout: the server's limit, to be tried again later.
  if (code === '57014') return 503;
  if (code.startsWith('P0') || code.startsWith('XX')) return 500;
  return 400;
}

/** Turns anything thrown while serving a REST or storage request into PostgREST's error shape. */
export function toPostgrestError(error: unknown, authenticated: boolean): PostgrestError {
  if (error instanceof PostgrestError) return error;
  if (isPgError(error)) {
    return new PostgrestError(
      statusForSqlState(error.code!, authenticated),
      error.code!,
      error.message,
      error.detail ?? null,
      error.hint ?? null,
    );
  }
  return new PostgrestError(500, 'PGRST000', 'Internal server error');
}

export function sendPostgrestError(c: Context, error: PostgrestError) {
  return c.json(error.toJSON(), error.status);
}
