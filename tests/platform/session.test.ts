import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalDb } from '../../src/lib/local-db.ts';
import { parseStoredSession } from '../../src/lib/supabase.ts';
import { signal } from '../../src/lib/session/events.ts';
import { createSessionFetch } from '../../src/lib/session/fetch.ts';
import { DEFAULT_SESSION_TIMINGS } from '../../src/lib/session/policy.ts';
import { SessionController, type SessionClock, type SessionProfile } from '../../src/lib/session/store.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The session against the real server through supabase-js: the request wrapper with tokens that
// really expire (jwtExpiry: 2), and the monitor, the refresh service and the refresh action with an
// injected clock over a server whose tokens last 20 minutes. A refresh the server refuses, however it
// is met, ends the session with one 'expired'; a sign-out the user asks for and an unreachable server
// never do.

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

type Gate = { prefix: string; when: 'request' | 'answer'; open: Promise<void> };

/**
 * Every request a client sends, by path, so a test can count refreshes and retries. The network is
 * the edge of the world: `offline` makes every request fail as a dropped connection does, and
 * `hold` keeps requests to a path (or their answers) back until the test lets them go.
 */
function countingFetch() {
  const sent: string[] = [];
  const answered: string[] = [];
  /** Requests the offline network dropped. */
  const dropped: string[] = [];
  const network = { offline: false, gates: new Set<Gate>() };
  const pass = async (line: string, when: Gate['when']) => {
    for (const gate of network.gates) if (gate.when === when && line.startsWith(gate.prefix)) await gate.open;
  };
  const base: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const line = `${init?.method ?? 'GET'} ${url.pathname}${url.pathname.endsWith('/token') ? url.search : ''}`;
    await pass(line, 'request');
    if (network.offline) {
      dropped.push(line);
      throw new TypeError('fetch failed');
    }
    sent.push(line);
    const response = await fetch(input, init);
    answered.push(`${line} ${response.status}`);
    await pass(line, 'answer');
    return response;
  };
  return {
    sent,
    answered,
    dropped,
    base,
    network,
    count: (prefix: string) => sent.filter((line) => line.startsWith(prefix)).length,
    /** Holds requests starting with `prefix` (or, `when` 'answer', their answers) until the returned function is called. */
    hold(prefix: string, when: Gate['when'] = 'request'): () => void {
      let release!: () => void;
      const gate: Gate = { prefix, when, open: new Promise<void>((resolve) => (release = resolve)) };
      network.gates.add(gate);
      return () => {
        network.gates.delete(gate);
        release();
      };
    },
  };
}

interface Device {
  client: SupabaseClient;
  storage: ReturnType<typeof memoryStorage>;
  requests: ReturnType<typeof countingFetch>;
  /** The request wrapper's 'the server refused a refresh', as supabase.ts wires it for the app. */
  refusals: ReturnType<typeof signal>;
  refused: number;
}

function device(server: TestServer): Device {
  const storage = memoryStorage();
  const requests = countingFetch();
  const refusals = signal();
  const state: Device = { client: undefined as unknown as SupabaseClient, storage, requests, refusals, refused: 0 };
  state.client = createClient(server.url, server.anonKey, {
    auth: { storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: createSessionFetch(requests.base, () => state.client.auth, () => {
        state.refused++;
        refusals.emit();
      }),
    },
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

/** The device's clock has run past the token's expiry (the tablet reloaded an hour later): auth-js refreshes before it answers. */
function pretendTokenExpired(storage: ReturnType<typeof memoryStorage>): void {
  for (const [key, value] of storage.items) {
    if (!key.endsWith('-auth-token')) continue;
    const session = JSON.parse(value) as { expires_at: number };
    session.expires_at = Math.floor(Date.now() / 1000) - 60;
    storage.items.set(key, JSON.stringify(session));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

const stops: (() => void)[] = [];
const databases: LocalDb[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  for (const db of databases.splice(0)) await db.delete();
});

/** The session store of one device, wired to its request wrapper as appSession() is; `expired` counts what it tells. */
function controllerFor(me: Device) {
  const time = manualClock();
  const db = new LocalDb(`session-${randomUUID()}`);
  databases.push(db);
  const told = { expired: 0 };
  const session = new SessionController({
    client: () => me.client,
    db,
    // As supabase.ts storedSession reads it, from this device's storage.
    storedSession: () => parseStoredSession([...me.storage.items].find(([key]) => key.endsWith('-auth-token'))?.[1] ?? null),
    storeProfile: async (userId, row: SessionProfile) => void (await db.profile.put({ id: userId, userId, row, syncedAt: 0 })),
    clock: time.clock,
    onRefreshRefused: me.refusals.on,
    sessionExpired: () => told.expired++,
  });
  stops.push(session.start());
  return { session, time, db, told };
}

const signedOut = { status: 'signedOut', user: null, expiresAt: null };

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
    expect(me.refused).toBe(0);
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

  it('tells of a refused refresh, and does not retry', async () => {
    const me = device(server);
    const { userId } = await signUp(me.client);
    pretendTokenIsFresh(me.storage);
    // The session is ended on the server (signed out elsewhere): the refresh token is no longer valid.
    await server.db.query('delete from auth.sessions where user_id = $1', [userId]);
    await sleep(2500);

    const { error } = await me.client.from('users').select('id').eq('id', userId).single();
    expect(error?.code).toBe('PGRST301');
    expect(me.requests.count('GET /rest/v1/users')).toBe(1);
    expect(me.refused).toBe(1);
  });

  it('with the store, ends the session and says it expired once, when requests and the store meet the refusal together', async () => {
    const me = device(server);
    const { session, told } = controllerFor(me);
    const { userId } = await signUp(me.client);
    // The store has read the profile (auth-js refreshed the 2-second token on the way): nothing is under way.
    await expect.poll(() => session.getState().user?.profile?.full_name).toBe('Asha Mollel');
    pretendTokenIsFresh(me.storage);
    await server.db.query('delete from auth.sessions where user_id = $1', [userId]);
    await sleep(2500);

    // Both requests are refused 'JWT expired' and wait for a refresh, and the store starts its own.
    const letRefreshGo = me.requests.hold('POST /auth/v1/token?grant_type=refresh_token');
    const requests = Promise.all([
      me.client.from('users').select('id').eq('id', userId).single(),
      me.client.from('wishlist').select('id').eq('user_id', userId),
    ]);
    await expect.poll(() => me.requests.answered.filter((line) => line.endsWith(' 401')), { timeout: 10_000 }).toHaveLength(2);
    const outcome = session.refreshIfNeeded(Number.POSITIVE_INFINITY);
    letRefreshGo();
    const [profile, wishlist] = await requests;
    expect([profile.error?.code, wishlist.error?.code]).toEqual(['PGRST301', 'PGRST301']);
    expect(await outcome).toBe('signedOut');
    await expect.poll(() => session.getState()).toEqual(signedOut);
    expect(told.expired).toBe(1);
    expect((await me.client.auth.getSession()).data.session).toBeNull();
    // Later requests and checks find no session: nothing more is said.
    await me.client.from('tours').select('id').limit(1);
    expect(await session.refreshIfNeeded(Number.POSITIVE_INFINITY)).toBe('notNeeded');
    expect(told.expired).toBe(1);
  });

  it('leaves requests made with the anon key alone', async () => {
    const me = device(server);
    const { data, error } = await me.client.from('tours').select('id').eq('status', 'active').limit(1);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(me.requests.sent).toEqual(['GET /rest/v1/tours']);
  });
});

describe('the session controller, with tokens that last 20 minutes', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ jwtExpiry: 20 * 60 });
  });
  afterAll(() => server.close());

  const refreshes = (me: Device) => me.requests.count('POST /auth/v1/token?grant_type=refresh_token');

  it('is signed out until a session check finds a session, then holds id, email, role and profile', async () => {
    const me = device(server);
    const { session } = controllerFor(me);
    expect(session.getState().status).toBe('loading');
    await session.ready;
    expect(session.getState()).toEqual(signedOut);

    const { email, userId } = await signUp(me.client);
    await expect.poll(() => session.getState().user?.profile?.full_name, { timeout: 15_000 }).toBe('Asha Mollel');
    const { user, status, expiresAt } = session.getState();
    expect(status).toBe('signedIn');
    expect(user).toMatchObject({ id: userId, email, role: 'traveler' });
    expect(expiresAt).toBeGreaterThan(Date.now() / 1000);

    await session.signOut();
    await expect.poll(() => session.getState()).toEqual(signedOut);
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

  it("signs out quietly when the refresh finds 'No active session'", async () => {
    const me = device(server);
    const { session, told } = controllerFor(me);
    await signUp(me.client);
    await expect.poll(() => session.getState().status).toBe('signedIn');
    // Another tab signed out and took the stored session with it, before its event arrived here.
    me.storage.items.clear();
    expect(await session.refreshIfNeeded(Number.POSITIVE_INFINITY)).toBe('signedOut');
    expect(session.getState()).toEqual(signedOut);
    expect(told.expired).toBe(0);
  });

  it('signs out and says the session expired when the server refuses its refresh', async () => {
    const me = device(server);
    const { session, told } = controllerFor(me);
    const { userId } = await signUp(me.client);
    await expect.poll(() => session.getState().status).toBe('signedIn');
    await server.db.query('delete from auth.sessions where user_id = $1', [userId]);
    expect(await session.refreshIfNeeded(Number.POSITIVE_INFINITY)).toBe('signedOut');
    expect(session.getState()).toEqual(signedOut);
    expect((await me.client.auth.getSession()).data.session).toBeNull();
    expect(told.expired).toBe(1);
  });

  it('signs out and says the session expired when a refresh it did not ask for is refused (auth-js, the outbox)', async () => {
    const me = device(server);
    const { session, told } = controllerFor(me);
    const { userId } = await signUp(me.client);
    await expect.poll(() => session.getState().status).toBe('signedIn');
    await server.db.query('delete from auth.sessions where user_id = $1', [userId]);

    // auth-js keeps a session whose access token is still good when its refresh fails; the store does not.
    const { error } = await me.client.auth.refreshSession();
    expect(error?.status).toBe(400);
    await expect.poll(() => session.getState()).toEqual(signedOut);
    await expect.poll(async () => (await me.client.auth.getSession()).data.session).toBeNull();
    await expect.poll(() => told.expired).toBe(1);
    expect(await session.refreshIfNeeded(Number.POSITIVE_INFINITY)).toBe('notNeeded');
    expect(told.expired).toBe(1);
  });

  it('never says the session expired for a sign-out the user asked for, even with a refresh refused meanwhile', async () => {
    const me = device(server);
    const { session, told } = controllerFor(me);
    await signUp(me.client);
    await expect.poll(() => session.getState().status).toBe('signedIn');

    // The monitor's refresh leaves just before the sign-out and reaches the server just after it
    // ended the session, while the sign-out has not yet heard back.
    const letRefreshGo = me.requests.hold('POST /auth/v1/token?grant_type=refresh_token');
    const letLogoutAnswer = me.requests.hold('POST /auth/v1/logout', 'answer');
    const refresh = session.refreshIfNeeded(Number.POSITIVE_INFINITY);
    const leaving = session.signOut();
    await expect.poll(() => me.requests.answered, { timeout: 10_000 }).toContain('POST /auth/v1/logout 204');
    letRefreshGo();
    await expect.poll(() => me.requests.answered, { timeout: 10_000 }).toContain('POST /auth/v1/token?grant_type=refresh_token 400');
    letLogoutAnswer();
    await Promise.all([refresh, leaving]);

    expect(me.refused).toBe(1);
    expect(session.getState()).toEqual(signedOut);
    expect(told.expired).toBe(0);
  });

  it('takes the session another tab stored while its refresh was under way, without saying it expired', async () => {
    const me = device(server);
    const { session, told } = controllerFor(me);
    const { email, userId } = await signUp(me.client);
    await expect.poll(() => session.getState().status).toBe('signedIn');

    const letRefreshGo = me.requests.hold('POST /auth/v1/token?grant_type=refresh_token');
    const refresh = session.refreshIfNeeded(Number.POSITIVE_INFINITY);
    // Another tab (same storage) signs in meanwhile; auth-js then discards the refresh's result.
    const otherTab = createClient(server.url, server.anonKey, {
      auth: { storage: me.storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const signIn = await otherTab.auth.signInWithPassword({ email, password: 'Serengeti-2026!' });
    expect(signIn.error).toBeNull();
    letRefreshGo();

    expect(await refresh).toBe('refreshed');
    expect(session.getState()).toMatchObject({ status: 'signedIn', user: { id: userId } });
    expect((await me.client.auth.getSession()).data.session?.access_token).toBe(signIn.data.session?.access_token);
    expect(told.expired).toBe(0);
  });

  it('starts signed in from the stored session while the refresh of its expired token hangs, and takes the refreshed one when it answers', async () => {
    const me = device(server);
    const { email, userId } = await signUp(me.client);
    pretendTokenExpired(me.storage);
    const stored = storedRefreshToken(me.storage);
    // The network neither answers nor fails.
    const letRefreshGo = me.requests.hold('POST /auth/v1/token?grant_type=refresh_token');
    const { session, told } = controllerFor(me);

    expect(session.getState()).toMatchObject({ status: 'signedIn', user: { id: userId, email } });
    await session.ready;
    expect(await session.check()).toMatchObject({ status: 'signedIn', user: { id: userId } });
    expect(refreshes(me)).toBe(0);

    letRefreshGo();
    await expect.poll(() => storedRefreshToken(me.storage)).not.toBe(stored);
    await expect.poll(() => session.getState().expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(session.getState()).toMatchObject({ status: 'signedIn', user: { id: userId } });
    expect(told.expired).toBe(0);
  });

  it('signs out and says the session expired when the server, answering at last, refuses the stored session', async () => {
    const me = device(server);
    const { userId } = await signUp(me.client);
    pretendTokenExpired(me.storage);
    await server.db.query('delete from auth.sessions where user_id = $1', [userId]);
    const letRefreshGo = me.requests.hold('POST /auth/v1/token?grant_type=refresh_token');
    const { session, told } = controllerFor(me);
    expect(session.getState()).toMatchObject({ status: 'signedIn', user: { id: userId } });

    letRefreshGo();
    await expect.poll(() => session.getState()).toEqual(signedOut);
    // The state turns signed out first; the device's copy goes, then the user is told.
    await expect.poll(() => told.expired).toBe(1);
    expect(me.storage.items.size).toBe(0);
    expect(await session.check()).toEqual(signedOut);
  });

  it('keeps the session and says nothing while the server cannot be reached', async () => {
    const me = device(server);
    const { session, told } = controllerFor(me);
    const { userId } = await signUp(me.client);
    await expect.poll(() => session.getState().status).toBe('signedIn');

    me.requests.network.offline = true;
    // auth-js retries an unreachable refresh with backoff for up to 30 s before giving up, and
    // prints each failed attempt. Its clock and timers are moved on by hand through those 30 s.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const refreshing = session.refreshIfNeeded(Number.POSITIVE_INFINITY);
    await vi.advanceTimersByTimeAsync(30_000);
    vi.useRealTimers();
    const outcome = await refreshing.finally(() => quiet.mockRestore());
    expect(outcome).toBe('unreachable');
    expect(me.requests.dropped.filter((line) => line.startsWith('POST /auth/v1/token')).length).toBeGreaterThan(5);
    expect(session.getState()).toMatchObject({ status: 'signedIn', user: { id: userId } });
    expect(me.refused).toBe(0);
    expect(told.expired).toBe(0);
    expect((await me.client.auth.getSession()).data.session?.user.id).toBe(userId);
  });
});
