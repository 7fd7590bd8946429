import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SESSION_TIMINGS,
  isExpiredTokenBody,
  isNoActiveSession,
  isRefusedRefresh,
  isUnreachable,
  msUntilExpiry,
  refreshFailure,
  SESSION_MONITOR_INTERVAL_MS,
  SESSION_MONITOR_THRESHOLD_MS,
  SESSION_REFRESH_ACTION_THRESHOLD_MS,
  SESSION_REFRESH_SERVICE_INTERVAL_MS,
  SESSION_REFRESH_SERVICE_THRESHOLD_MS,
  shouldRefresh,
} from '../../src/lib/session/policy.ts';

const MINUTE = 60_000;
const now = Date.UTC(2026, 5, 1, 8, 0, 0);
/** A session expiring `minutes` from now, as GoTrue writes expires_at (seconds). */
const expiringIn = (minutes: number) => (now + minutes * MINUTE) / 1000;

describe('session timings', () => {
  it('has the monitor every 60 s at 5 minutes, the service every 5 minutes at 15, the action at 10', () => {
    expect(SESSION_MONITOR_INTERVAL_MS).toBe(60_000);
    expect(SESSION_MONITOR_THRESHOLD_MS).toBe(5 * MINUTE);
    expect(SESSION_REFRESH_SERVICE_INTERVAL_MS).toBe(5 * MINUTE);
    expect(SESSION_REFRESH_SERVICE_THRESHOLD_MS).toBe(15 * MINUTE);
    expect(SESSION_REFRESH_ACTION_THRESHOLD_MS).toBe(10 * MINUTE);
    expect(DEFAULT_SESSION_TIMINGS).toEqual({
      monitorIntervalMs: 60_000,
      monitorThresholdMs: 5 * MINUTE,
      serviceIntervalMs: 5 * MINUTE,
      serviceThresholdMs: 15 * MINUTE,
      actionThresholdMs: 10 * MINUTE,
    });
  });
});

describe('shouldRefresh', () => {
  const decisions = (minutesLeft: number) => ({
    monitor: shouldRefresh(expiringIn(minutesLeft), now, SESSION_MONITOR_THRESHOLD_MS),
    service: shouldRefresh(expiringIn(minutesLeft), now, SESSION_REFRESH_SERVICE_THRESHOLD_MS),
    action: shouldRefresh(expiringIn(minutesLeft), now, SESSION_REFRESH_ACTION_THRESHOLD_MS),
  });

  it('refreshes only under each threshold', () => {
    expect(decisions(60)).toEqual({ monitor: false, service: false, action: false });
    expect(decisions(15)).toEqual({ monitor: false, service: false, action: false });
    expect(decisions(14.9)).toEqual({ monitor: false, service: true, action: false });
    expect(decisions(10)).toEqual({ monitor: false, service: true, action: false });
    expect(decisions(9.9)).toEqual({ monitor: false, service: true, action: true });
    expect(decisions(5)).toEqual({ monitor: false, service: true, action: true });
    expect(decisions(4.9)).toEqual({ monitor: true, service: true, action: true });
  });

  it('refreshes an expired session, and does nothing without an expiry', () => {
    expect(shouldRefresh(expiringIn(-1), now, SESSION_MONITOR_THRESHOLD_MS)).toBe(true);
    expect(shouldRefresh(null, now, SESSION_MONITOR_THRESHOLD_MS)).toBe(false);
    expect(shouldRefresh(undefined, now, SESSION_MONITOR_THRESHOLD_MS)).toBe(false);
    expect(msUntilExpiry(expiringIn(3), now)).toBe(3 * MINUTE);
  });
});

describe('what a failed refresh or request means', () => {
  it("treats 'No active session' and auth-js's missing session as signed out", () => {
    expect(isNoActiveSession(new Error('No active session'))).toBe(true);
    expect(isNoActiveSession({ name: 'AuthSessionMissingError', message: 'Auth session missing!' })).toBe(true);
    expect(isNoActiveSession({ name: 'AuthApiError', message: 'Invalid Refresh Token: Refresh Token Not Found' })).toBe(false);
    expect(isNoActiveSession(null)).toBe(false);
  });

  it('keeps the session when the server could not be reached', () => {
    expect(isUnreachable({ name: 'AuthRetryableFetchError', status: 0 })).toBe(true);
    expect(isUnreachable({ name: 'AuthApiError', status: 503 })).toBe(true);
    expect(isUnreachable({ name: 'AuthApiError', status: 400 })).toBe(false);
    expect(isUnreachable(null)).toBe(false);
  });

  it('counts only a 4xx answer to a refresh as the server refusing it', () => {
    expect([400, 401, 403, 404].map(isRefusedRefresh)).toEqual([true, true, true, true]);
    expect([0, 200, 500, 502, 503].map(isRefusedRefresh)).toEqual([false, false, false, false, false]);
  });

  it('tells why a refresh gave no session: refused by the server, unreachable, no session left, or discarded', () => {
    expect(refreshFailure({ name: 'AuthApiError', status: 400, message: 'Invalid Refresh Token: Refresh Token Not Found' })).toBe('refused');
    expect(refreshFailure({ name: 'AuthApiError', status: 403, message: 'User is banned' })).toBe('refused');
    expect(refreshFailure({ name: 'AuthRetryableFetchError', status: 0, message: 'fetch failed' })).toBe('unreachable');
    expect(refreshFailure({ name: 'AuthRetryableFetchError', status: 503, message: 'Service Unavailable' })).toBe('unreachable');
    expect(refreshFailure({ name: 'AuthSessionMissingError', status: 400, message: 'Auth session missing!' })).toBe('noSession');
    expect(refreshFailure({ name: 'AuthRefreshDiscardedError', status: 409, message: 'Refresh result discarded' })).toBe('discarded');
  });

  it('recognises an expired token in PostgREST and Storage answers', () => {
    expect(isExpiredTokenBody({ code: 'PGRST301', message: 'JWT expired' })).toBe(true);
    expect(isExpiredTokenBody({ statusCode: '401', error: 'InvalidJWT', message: 'JWT expired' })).toBe(true);
    expect(isExpiredTokenBody({ statusCode: '403', error: 'Unauthorized', message: 'jwt expired' })).toBe(true);
    expect(isExpiredTokenBody({ code: '42501', message: 'permission denied for table users' })).toBe(false);
    expect(isExpiredTokenBody('JWT expired')).toBe(false);
  });
});
