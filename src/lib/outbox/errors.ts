/** A write the server did not take: its HTTP status (0 when the request never arrived) and PostgREST code. */
export class WriteError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code = '',
    readonly details = '',
  ) {
    super(message);
    this.name = 'WriteError';
  }
}

interface ServerResult {
  error: { message: string; code?: string; details?: string | null } | null;
  status: number;
}

/** Awaits a supabase-js call and throws its error as a WriteError, so the engine can tell what to do next. */
export async function checked<R extends ServerResult>(request: PromiseLike<R>): Promise<R> {
  const result = await request;
  if (result.error) throw new WriteError(result.error.message, result.status, result.error.code ?? '', result.error.details ?? '');
  return result;
}

/**
 * True when the server refused an insert because a row with the same unique key is already there,
 * i.e. this write (or the same sign-up) was stored before. The constraint is named because Postgres
 * leaves the key out of the details on tables with row level security. Inserts rely on this rather
 * than on `on conflict (...) do nothing`, which Postgres allows only when the caller may also read
 * the row (SELECT policies), and visitors may not read newsletter sign-ups, enquiries or analytics.
 */
export function isAlreadyStored(error: unknown, constraints: string[]): boolean {
  return error instanceof WriteError && error.code === '23505' && constraints.some((name) => error.message.includes(`"${name}"`));
}

/** Inserts a row; a row already stored under one of the given unique constraints counts as success. */
export async function insertOnce(request: PromiseLike<ServerResult>, constraints: string[]): Promise<void> {
  try {
    await checked(request);
  } catch (error) {
    if (!isAlreadyStored(error, constraints)) throw error;
  }
}

/**
 * What the engine does after a failed send:
 * - retry: the network, the server being busy or down (5xx, 408, 429): later, with backoff;
 * - refresh: the access token expired (401 'JWT expired' / PGRST301): refresh the session, then retry;
 * - fail: any other answer of the server (4xx) cannot succeed by sending again; the user decides.
 */
export type FailureAction = 'retry' | 'refresh' | 'fail';

export function classifyFailure(error: unknown): FailureAction {
  if (error instanceof WriteError) {
    if (error.status === 401 && (error.code === 'PGRST301' || /jwt expired/i.test(error.message))) return 'refresh';
    if (error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429) return 'retry';
    return 'fail';
  }
  // fetch rejects with a TypeError when there is no connection at all ('Failed to fetch', 'Load failed').
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return 'retry';
  return 'fail';
}

export function failureMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
