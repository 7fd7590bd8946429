/**
 * When the session is refreshed. Pure decisions over an injected clock, so the
 * monitor, the refresh service and the refresh action are tested without waiting.
 */

const MINUTE = 60_000;

export interface SessionTimings {
  /** The session monitor checks this often... */
  monitorIntervalMs: number;
  /** ...and refreshes when less than this is left. */
  monitorThresholdMs: number;
  /** The refresh service runs this often... */
  serviceIntervalMs: number;
  /** ...and refreshes when less than this is left. */
  serviceThresholdMs: number;
  /** The refresh action (refreshIfNeeded) refreshes only when less than this is left. */
  actionThresholdMs: number;
}

export const SESSION_MONITOR_INTERVAL_MS = 60_000;
export const SESSION_MONITOR_THRESHOLD_MS = 5 * MINUTE;
export const SESSION_REFRESH_SERVICE_INTERVAL_MS = 5 * MINUTE;
export const SESSION_REFRESH_SERVICE_THRESHOLD_MS = 15 * MINUTE;
export const SESSION_REFRESH_ACTION_THRESHOLD_MS = 10 * MINUTE;

export const DEFAULT_SESSION_TIMINGS: SessionTimings = {
  monitorIntervalMs: SESSION_MONITOR_INTERVAL_MS,
  monitorThresholdMs: SESSION_MONITOR_THRESHOLD_MS,
  serviceIntervalMs: SESSION_REFRESH_SERVICE_INTERVAL_MS,
  serviceThresholdMs: SESSION_REFRESH_SERVICE_THRESHOLD_MS,
  actionThresholdMs: SESSION_REFRESH_ACTION_THRESHOLD_MS,
};

/** Milliseconds left before a session expiring at `expiresAt` (seconds since epoch, as GoTrue sends it). */
export function msUntilExpiry(expiresAt: number, now: number): number {
  return expiresAt * 1000 - now;
}

/** True when less than `thresholdMs` is left (an already expired session too). No expiry known: nothing to do. */
export function shouldRefresh(expiresAt: number | null | undefined, now: number, thresholdMs: number): boolean {
  if (expiresAt === null || expiresAt === undefined) return false;
  return msUntilExpiry(expiresAt, now) < thresholdMs;
}

/**
 * A refresh that failed because the session is gone ('No active session', or auth-js's
 * 'Auth session missing!'): the user is signed out.
 */
export function isNoActiveSession(error: { message?: string; name?: string } | null | undefined): boolean {
  if (!error) return false;
  return error.name === 'AuthSessionMissingError' || /no active session|auth session missing/i.test(error.message ?? '');
}

/**
 * A refresh that failed only because the server could not be reached (offline, 5xx): the session is
 * kept, so a traveler keeps their portal offline, and the next check tries again.
 */
export function isUnreachable(error: { name?: string; status?: number } | null | undefined): boolean {
  if (!error) return false;
  return error.name === 'AuthRetryableFetchError' || (typeof error.status === 'number' && (error.status === 0 || error.status >= 500));
}

/**
 * The answer to a refresh request that means the server refused it (an unknown, revoked or reused
 * refresh token, a banned user): any 4xx. No answer, or a 5xx, is unreachable, not a refusal.
 */
export function isRefusedRefresh(status: number): boolean {
  return status >= 400 && status < 500;
}

/**
 * Why a refresh gave no session:
 * - unreachable: offline or the server is down; the session is kept and tried again later;
 * - noSession: the device holds no session any more (another tab signed out);
 * - discarded: auth-js threw its result away because the stored session changed meanwhile (another
 *   tab refreshed, or a sign-out); whatever is stored now stands;
 * - refused: the server refused it; the session has ended.
 */
export type RefreshFailure = 'unreachable' | 'noSession' | 'discarded' | 'refused';

export function refreshFailure(error: { message?: string; name?: string; status?: number } | null | undefined): RefreshFailure {
  if (isNoActiveSession(error)) return 'noSession';
  if (isUnreachable(error)) return 'unreachable';
  if (error?.name === 'AuthRefreshDiscardedError') return 'discarded';
  return 'refused';
}

/** The body of a REST or storage answer meaning the access token has expired (PostgREST PGRST301, 'JWT expired'). */
export function isExpiredTokenBody(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const { code, message } = body as { code?: unknown; message?: unknown };
  return code === 'PGRST301' || (typeof message === 'string' && /jwt expired/i.test(message));
}
