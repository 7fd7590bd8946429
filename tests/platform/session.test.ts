import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LocalDb } from '../../src/lib/local-db.ts';
import { createSessionFetch } from '../../src/lib/session/fetch.ts';
import { DEFAULT_SESSION_TIMINGS } from '../../src/lib/session/policy.ts';
import { SessionController, type SessionClock, type SessionProfile } from '../../src/lib/session/store.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The session against the real server through supabase-js: the request wrapper with tokens that
// really expire (jwtExpiry: 2), and the monitor, the refresh service and the refresh action with an
// injected clock over a server whose tokens last 20 minutes.

const MINUTE = 60_000;

/** supabase-js's storage, kept in memory so a test can look at and change what the device holds. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** Every request a client sends, by path, so a test can count refreshes and retries. */
function countingFetch() {
  const sent: string[] = [];
  const base: typeof fetch = (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    sent.push(`${init?.method ?? 'GET'} ${url.pathname}${url.pathname.endsWith('/token') ? url.search : ''}`);
    return fetch(input, init);
  };
  return { sent, base, count: (prefix: string) => sent.filter((line) => line.startsWith(prefix)).length };
}

interface Device {
  client: SupabaseClient;
  storage: ReturnType<typeof memoryStorage>;
  requests: ReturnType<typeof countingFetch>;
  expired: number;
}

function device(server: TestServer): Device {
  const storage = memoryStorage();
  const requests = countingFetch();
  const state: Device = { client: undefined as unknown as SupabaseClient, storage, requests, expired: 0 };
  state.client = createClient(server.url, server.anonKey, {
    auth: { storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: createSessionFetch(requests.base, () => state.client.auth, () => state.expired++) },
  });
  return state;
}

async function signUp(client: SupabaseClient) {
  const email = `session-${randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: 'Serengeti-2026!', options: { data: { full_name: 'Asha Mollel' } } });
  if (error || !data.user) throw error ?? new Error('no user');
  return { email, userId: data.user.id };
}

/** The refresh token the device holds; it changes with every refresh (rotation). */
function storedRefreshToken(storage: ReturnType<typeof memoryStorage>): string | undefined {
  for (const [key, value] of storage.items) {
    if (key.endsWith('-auth-token')) return (JSON.parse(value) as { refresh_token: string }).refresh_token;
  }
  return undefined;
}

/**
 * The device's clock runs behind the server's, so supabase-js believes the token is still good and
 * sends it: the server answers 'JWT expired' (the case the wrapper exists for).
 */
function pretendTokenIsFresh(storage: ReturnType<typeof memoryStorage>): void {
  for (const [key, value] of storage.items) {
    if (!key.endsWith('-auth-token')) continue;
    const session = JSON.parse(value) as { expires_at: number };
    session.expires_at = Math.floor(Date.now() / 1000) + 3600;
    storage.items.set(key, JSON.stringify(session));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the request wrapper, with tokens that expire after 2 seconds', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ jwtExpiry: 2 });
  });
  afterAll(() => server.close());

  it('refreshes an expired token and retries the request once', async () => {
    const me = device(server);
    const { userId } = await signUp(me.client);
    pretendTokenIsFresh(me.storage);
    await sleep(2500);

    const { data, error } = await me.client.from('users').select('id, full_name').eq('id', userId).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: userId, full_name: 'Asha Mollel' });
    expect(me.requests.count('GET /rest/v1/users')).toBe(2);
    expect(me.requests.count('POST /auth/v1/token?grant_type=refresh_token')).toBe(1);
    expect(me.expired).toBe(0);
    // The device now holds the refreshed session.
    const { data: session } = await me.client.auth.getSession();
    expect(session.session?.user.id).toBe(userId);
  });

  it('shares one refresh between requests that expire together', async () => {
    const me = device(server);
    const { userId } = await signUp(me.client);
    pretendTokenIsFresh(me.storage);
    await sleep(2500);

    const answers = await Promise.all([
      me.client.from('users').select('id').eq('id', userId).single(),
      me.client.from('wishlist').select('id').eq('user_id', userId),
      me.client.rpc('log_user_activity', { p_action: 'sign_in' }),
    ]);
    expect(answers.map((answer) => answer.error)).toEqual([null, null, null]);
    expect(me.requests.count('POST /auth/v1/token?grant_type=refresh_token')).toBe(1);
  });

  it('signs the device out when the refresh is refused, and does not retry', async () => {
    const me = device(server);
    const { userId } = await signUp(me.client);
    pretendTokenIsFresh(me.storage);
    // The session is ended on the server (signed out elsewhere): the refresh token is no longer valid.
    await server.db.query('delete from auth.sessions where user_id = $1', [userId]);
    await sleep(2500);

    const { error } = await me.client.from('users').select('id').eq('id', userId).single();
    expect(error?.code).toBe('PGRST301');
    expect(me.requests.count('GET /rest/v1/users')).toBe(1);
    expect(me.expired).toBe(1);
    expect((await me.client.auth.getSession()).data.session).toBeNull();
  });

  it('leaves requests made with the anon key alone', async () => {
    const me = device(server);
    const { data, error } = await me.client.from('tours').select('id').eq('status', 'active').limit(1);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(me.requests.sent).toEqual(['GET /rest/v1/tours']);
  });
});

/** A clock the test moves by hand; the intervals it was given run when the test says. */
function manualClock(start = Date.now()) {
  let now = start;
  const intervals = new Map<number, () => void>();
  const clock: SessionClock = {
    now: () => now,
    setInterval: (fn, ms) => {
      intervals.set(ms, fn);
      return ms;
    },
    clearInterval: (handle) => void intervals.delete(handle as number),
    defer: (fn) => void setTimeout(fn, 0),
  };
  return {
    clock,
    intervals,
    advance: (ms: number) => void (now += ms),
    tick: (ms: number) => intervals.get(ms)!(),
  };
}

describe('the session controller, with tokens that last 20 minutes', () => {
  let server: TestServer;
  const stops: (() => void)[] = [];
  const databases: LocalDb[] = [];

  beforeAll(async () => {
    server = await startTestServer({ jwtExpiry: 20 * 60 });
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    for (const db of databases.splice(0)) await db.delete();
  });
  afterAll(() => server.close());

  function controllerFor(me: Device) {
    const time = manualClock();
    const db = new LocalDb(`session-${randomUUID()}`);
    databases.push(db);
    const session = new SessionController({
      client: () => me.client,
      db,
      storeProfile: async (userId, row: SessionProfile) => void (await db.profile.put({ id: userId, userId, row, syncedAt: 0 })),
      clock: time.clock,
    });
    stops.push(session.start());
    return { session, time, db };
  }

  const refreshes = (me: Device) => me.requests.count('POST /auth/v1/token?grant_type=refresh_token');

  it('is signed out until a session check finds a session, then holds id, email, role and profile', async () => {
    const me = device(server);
    const { session } = controllerFor(me);
    expect(session.getState().status).toBe('loading');
    await session.ready;
    expect(session.getState()).toEqual({ status: 'signedOut', user: null, expiresAt: null });

    const { email, userId } = await signUp(me.client);
    await expect.poll(() => session.getState().user?.profile?.full_name).toBe('Asha Mollel');
    const { user, status, expiresAt } = session.getState();
    expect(status).toBe('signedIn');
    expect(user).toMatchObject({ id: userId, email, role: 'traveler' });
    expect(expiresAt).toBeGreaterThan(Date.now() / 1000);

    await session.signOut();
    await expect.poll(() => session.getState()).toEqual({ status: 'signedOut', user: null, expiresAt: null });
  });

  it('starts signed in from a stored session, and takes the role from the profile (admin)', async () => {
    const me = device(server);
    const signIn = await me.client.auth.signInWithPassword(server.admin);
    expect(signIn.error).toBeNull();
    const { session } = controllerFor(me);
    await session.ready;
    expect(session.getState().status).toBe('signedIn');
    await expect.poll(() => session.getState().user?.role).toBe('admin');
  });

  it('refreshes at the monitor (60 s, under 5 min left), the service (5 min, under 15 min) and the action (under 10 min)', async () => {
    const me = device(server);
    const { session, time } = controllerFor(me);
    await signUp(me.client);
    await expect.poll(() => session.getState().status).toBe('signedIn');
    expect([...time.intervals.keys()].sort((a, b) => a - b)).toEqual([DEFAULT_SESSION_TIMINGS.monitorIntervalMs, DEFAULT_SESSION_TIMINGS.serviceIntervalMs]);
    const monitor = () => time.tick(DEFAULT_SESSION_TIMINGS.monitorIntervalMs);
    const service = () => time.tick(DEFAULT_SESSION_TIMINGS.serviceIntervalMs);

    // 20 minutes left: nobody refreshes.
    monitor();
    service();
    expect(await session.refreshIfNeeded()).toBe('notNeeded');
    expect(refreshes(me)).toBe(0);

    // 14 minutes left: the service refreshes; the monitor (5) and the action (10) would not have.
    time.advance(6 * MINUTE);
    expect(await session.refreshIfNeeded()).toBe('notNeeded');
    monitor();
    await sleep(50);
    expect(refreshes(me)).toBe(0);
    const firstRefreshToken = storedRefreshToken(me.storage);
    service();
    await expect.poll(() => refreshes(me)).toBe(1);
    // The request is out; wait for its answer (a rotated refresh token) before moving the clock.
    await expect.poll(() => storedRefreshToken(me.storage)).not.toBe(firstRefreshToken);

    // The new token lasts 20 minutes from the server's now; the test's clock jumps ahead of it.
    const fresh = session.getState().expiresAt! * 1000;
    time.advance(fresh - time.clock.now() - 9 * MINUTE);
    expect(await session.refreshIfNeeded()).toBe('refreshed');
    expect(refreshes(me)).toBe(2);

    const renewed = session.getState().expiresAt! * 1000;
    time.advance(renewed - time.clock.now() - 4 * MINUTE);
    monitor();
    await expect.poll(() => refreshes(me)).toBe(3);
    expect(session.getState().status).toBe('signedIn');
  });

  it("signs out when the refresh finds 'No active session'", async () => {
    const me = device(server);
    const { session } = controllerFor(me);
    await signUp(me.client);
    await expect.poll(() => session.getState().status).toBe('signedIn');
    // Another tab signed out and took the stored session with it, before its event arrived here.
    me.storage.items.clear();
    expect(await session.refreshIfNeeded(Number.POSITIVE_INFINITY)).toBe('signedOut');
    expect(session.getState()).toEqual({ status: 'signedOut', user: null, expiresAt: null });
  });

  it('signs out when the server refuses the refresh', async () => {
    const me = device(server);
    const { session } = controllerFor(me);
    const { userId } = await signUp(me.client);
    await expect.poll(() => session.getState().status).toBe('signedIn');
    await server.db.query('delete from auth.sessions where user_id = $1', [userId]);
    expect(await session.refreshIfNeeded(Number.POSITIVE_INFINITY)).toBe('signedOut');
    expect(session.getState().user).toBeNull();
    expect((await me.client.auth.getSession()).data.session).toBeNull();
  });
});
