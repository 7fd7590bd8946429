import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { API_ERRORS, type ApiErrorBody, type ApiErrorCode } from '../../shared/api-errors.ts';
import { isPgError } from '../platform/db/types.ts';
import { PostgrestError, toPostgrestError } from '../platform/http/errors.ts';

/**
 * A refusal of the product API (/api/*), thrown by a route and answered by app.onError in the one
 * shape of shared/api-errors.ts. The message is the catalogue's unless the route has better words.
 */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  constructor(
    readonly code: ApiErrorCode,
    message: string = API_ERRORS[code].message,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = API_ERRORS[code].status;
  }
}

const codeOfStatus: Partial<Record<number, ApiErrorCode>> = {
  400: 'invalid_input',
  401: 'not_signed_in',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
};

/**
 * A refusal by SQL (or of the request's token) as an ApiError in its own words, its code chosen by
 * the status PostgREST would give it; undefined for what is the server's fault, to be thrown on.
 */
export function sqlRefusal(error: unknown, authenticated: boolean): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (!(error instanceof PostgrestError) && !isPgError(error)) return undefined;
  const refusal = toPostgrestError(error, authenticated);
  if (refusal.status >= 500) return undefined;
  return new ApiError(codeOfStatus[refusal.status] ?? 'invalid_input', refusal.message);
}

/** Answers the error in the catalogue's shape, and logs it with the request's id (and the cause of a server fault). */
export function sendApiError(c: Context, error: ApiError, cause?: unknown) {
  const requestId = c.get('requestId');
  const line = { code: error.code, status: error.status, ...(cause === undefined ? {} : { err: cause }) };
  if (error.status >= 500) c.get('log').error(line, 'api error');
  else c.get('log').info(line, 'api error');
  const body: ApiErrorBody = { error: { code: error.code, message: error.message, requestId, ...(error.fields ? { fields: error.fields } : {}) } };
  return c.json(body, error.status);
}
