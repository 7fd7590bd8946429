/**
 * The product API's errors (/api/*, server/api/api-error.ts), shared by the server that answers
 * them and the browser that reads them. Each code has one HTTP status and a default message in the
 * product's words; a route gives its own words when it has better ones (SQL's refusals keep theirs).
 * The platform's APIs (/rest/v1, /auth/v1, /storage/v1) answer as Supabase does, not with these.
 */
export const API_ERRORS = {
  invalid_input: { status: 400, message: 'The request is not valid.' },
  not_signed_in: { status: 401, message: 'Please sign in.' },
  forbidden: { status: 403, message: 'You may not do this.' },
  not_found: { status: 404, message: 'Not found' },
  conflict: { status: 409, message: 'This cannot be done as things stand.' },
  /** A card payment asked for while the booking holds its seats too briefly for it. */
  hold_ends_too_soon: {
    status: 409,
    message: 'We hold your seats for less than half an hour more, too little time to pay by card. Please contact us and we will keep them for you.',
  },
  payload_too_large: { status: 413, message: 'The request is too large.' },
  unsupported_file: { status: 415, message: 'This type of file is not taken.' },
  rate_limited: { status: 429, message: 'Too many requests from this address. Please try again later.' },
  internal: { status: 500, message: 'Something went wrong on our side. Please try again in a moment.' },
  payment_unavailable: { status: 501, message: 'Card payments are not available on this site. Please pay by bank transfer or on arrival.' },
  /** The payment provider failed or could not be reached. */
  payment_provider_failed: { status: 502, message: 'We could not start the card payment. Please try again in a moment, or pay by bank transfer.' },
  /** The database was busy or restarting; the answer carries retry-after. */
  unavailable: { status: 503, message: 'The server is busy. Please try again in a moment.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/**
 * Every /api/* error body. Nested under `error` rather than flat like PostgREST's {code, message}:
 * the browser reads both kinds of answer, and a nested body can never be taken for a success body
 * or for a PostgREST error, whose codes are SQLSTATEs. fields: the form's fields at fault, by name.
 */
export interface ApiErrorBody {
  error: { code: ApiErrorCode; message: string; requestId: string; fields?: Record<string, string> };
}

const isApiErrorCode = (code: unknown): code is ApiErrorCode => typeof code === 'string' && Object.hasOwn(API_ERRORS, code);

/** The error of an /api/* answer, or null when the answer is not one (a proxy's page, a dropped connection). */
export function apiErrorOf(answer: unknown): ApiErrorBody['error'] | null {
  const error = (answer as Partial<ApiErrorBody> | null)?.error;
  return error && typeof error === 'object' && typeof error.message === 'string' && isApiErrorCode(error.code) ? error : null;
}
