import 'fake-indexeddb/auto';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalDb } from '../../src/lib/local-db.ts';
import { OutboxEngine, retryDelay } from '../../src/lib/outbox/engine.ts';
import { WriteError } from '../../src/lib/outbox/errors.ts';
import { WriteRegistry, type QueuedWrite, type WriteDefinition } from '../../src/lib/outbox/registry.ts';
import { fakeSupabase, freshDb, ManualClock, OriginLocks } from '../helpers/outbox-helpers.ts';

/**
 * A server that stores notes by the client's id, as the real tables do with their unique client_id:
 * a second copy of the same write changes nothing. `failNext` makes the next requests fail.
 */
class NoteServer {
  notes = new Map<string, string>();
  requests: { id: string; text: string }[] = [];
  failNext: (WriteError | TypeError)[] = [];
  /** The request reaches the server and is stored, but the answer is lost on the way back. */
  loseNextAnswer = false;
  inFlight = 0;
  maxInFlight = 0;

  async receive(id: string, text: string): Promise<void> {
    this.requests.push({ id, text });
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    this.inFlight -= 1;
    const failure = this.failNext.shift();
    if (failure) throw failure;
    if (!this.notes.has(id)) this.notes.set(id, text);
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new WriteError('TypeError: Failed to fetch', 0);
    }
  }
}

interface Note {
  text: string;
}

function noteKind(server: NoteServer, overrides: Partial<WriteDefinition<Note, boolean>> = {}): WriteDefinition<Note, boolean> {
  return {
    kind: 'test.note',
    mirrors: ['profile'],
    describe: ({ text }) => `Note ${text}`,
    // The optimistic change: the note shows on the device at once (profile mirror used as a scratch table).
    async apply(db, { text }, userId) {
      await db.profile.put({ id: `note:${text}`, userId: userId ?? 'guest', row: { text }, syncedAt: 0 });
      return true;
    },
    async revert(db, { text }) {
      await db.profile.delete(`note:${text}`);
    },
    send: (_client, entry: QueuedWrite<Note>) => server.receive(entry.id, entry.payload.text),
    ...overrides,
  };
}

let db: LocalDb;
afterEach(() => db?.close());

function setup(options: { online?: boolean; user?: string | null } = {}) {
  db = freshDb();
  const clock = new ManualClock();
  const supabase = fakeSupabase(options.user ?? null);
  const registry = new WriteRegistry();
  const server = new NoteServer();
  const network = { online: options.online ?? true };
  const engine = new OutboxEngine({ db, client: () => supabase.client, registry, clock, isOnline: () => network.online });
  return { db, clock, supabase, registry, server, network, engine, note: registry.define(noteKind(server)) };
}

describe('recording a write', () => {
  it('stores the entry and its optimistic change together, with a client-made id', async () => {
    const { engine, note, network } = setup({ online: false });
    const id = await engine.queue(note, { text: 'a' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const entry = await db.outbox.get(id);
    expect(entry).toMatchObject({ kind: 'test.note', payload: { text: 'a' }, status: 'pending', attempts: 0, userId: null });
    expect(await db.profile.get('note:a')).toBeDefined();
    network.online = true;
  });

  it('records neither when the optimistic change fails', async () => {
    const { engine, registry, server } = setup({ online: false });
    const broken = registry.define(
      noteKind(server, {
        kind: 'test.broken',
        async apply(db, { text }) {
          await db.profile.put({ id: `note:${text}`, userId: 'guest', row: {}, syncedAt: 0 });
          throw new Error('disk full');
        },
      }),
    );
    await expect(engine.queue(broken, { text: 'b' })).rejects.toThrow('disk full');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.profile.count()).toBe(0);
  });

  it("takes whose a write is from the session stored on the device, without waiting on auth-js's refresh of an expired token", async () => {
    const { registry, server, clock } = setup({ online: false });
    const mine = registry.define(noteKind(server, { kind: 'test.mine', requiresUser: true }));
    // auth-js refreshing over a network that hangs: its getSession never answers.
    const refreshing = { auth: { getSession: () => new Promise(() => undefined) } } as unknown as SupabaseClient;
    const engine = new OutboxEngine({ db, client: () => refreshing, registry, clock, isOnline: () => false, storedSession: () => ({ user: { id: 'guide-1' } }) as Session });
    const id = await engine.queue(mine, { text: 'checked in' });
    expect(await db.outbox.get(id)).toMatchObject({ userId: 'guide-1', status: 'pending' });
  });

  it('keeps a write made while supabase-js still loads on the device at once, and sends it once the client is there', async () => {
    const { registry, server, clock, supabase } = setup();
    const mine = registry.define(noteKind(server, { kind: 'test.mine', requiresUser: true }));
    let clientLoaded: (client: SupabaseClient) => void = () => undefined;
    const loading = new Promise<SupabaseClient>((resolve) => {
      clientLoaded = resolve;
    });
    const engine = new OutboxEngine({ db, client: () => loading, registry, clock, storedSession: () => ({ user: { id: 'traveler-1' } }) as Session });
    const stop = engine.start();
    const id = await engine.queue(mine, { text: 'saved before the client' });
    expect(await db.outbox.get(id)).toMatchObject({ userId: 'traveler-1', status: 'pending' });
    expect(server.requests).toEqual([]);
    supabase.setUser('traveler-1');
    clientLoaded(supabase.client);
    await vi.waitFor(() => expect(server.requests).toEqual([{ id, text: 'saved before the client' }]));
    expect(await db.outbox.count()).toBe(0);
    stop();
  });

  it("keeps a visitor's write on the device without waiting for supabase-js to say nobody is signed in", async () => {
    const { registry, server, clock } = setup({ online: false });
    const visitor = registry.define(noteKind(server, { kind: 'test.visitor' }));
    const engine = new OutboxEngine({ db, client: () => new Promise<SupabaseClient>(() => undefined), registry, clock, mayHaveSession: () => false });
    const id = await engine.queue(visitor, { text: 'hello' });
    expect(await db.outbox.get(id)).toMatchObject({ userId: null, status: 'pending' });
  });

  it('refuses a write that needs a signed-in user when nobody is', async () => {
    const { engine, registry, server } = setup();
    const mine = registry.define(noteKind(server, { kind: 'test.mine', requiresUser: true }));
    await expect(engine.queue(mine, { text: 'c' })).rejects.toThrow('User not authenticated');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('sending', () => {
  it('sends in the order the writes were made, one at a time, and removes them once sent', async () => {
    const { engine, note, server, network } = setup({ online: false });
    for (const text of ['first', 'second', 'third', 'fourth']) await engine.queue(note, { text });
    expect(server.requests).toHaveLength(0);
    network.online = true;
    await engine.flush();
    expect(server.requests.map((r) => r.text)).toEqual(['first', 'second', 'third', 'fourth']);
    expect(server.maxInFlight).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps a later write waiting behind an earlier one that is retrying', async () => {
    const { engine, note, server, clock } = setup();
    server.failNext.push(new WriteError('Service unavailable', 503));
    await engine.queue(note, { text: 'first' });
    await engine.queue(note, { text: 'second' });
    await engine.flush();
    expect(server.requests.map((r) => r.text)).toEqual(['first']);
    expect(server.notes.size).toBe(0);
    clock.advance(1_000);
    await engine.flush();
    expect(server.requests.map((r) => r.text)).toEqual(['first', 'first', 'second']);
    expect([...server.notes.values()]).toEqual(['first', 'second']);
  });

  it('backs off 1 s, 2 s, 4 s … up to 5 minutes on network errors, 5xx and 429', async () => {
    const { engine, note, server, clock } = setup();
    server.failNext.push(new TypeError('Failed to fetch'), new WriteError('Too many requests', 429), new WriteError('Bad gateway', 502));
    const id = await engine.queue(note, { text: 'a' });
    await engine.flush();
    expect(await db.outbox.get(id)).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: clock.now() + 1_000, lastError: 'Failed to fetch' });
    // The engine sleeps until the retry is due, and wakes itself.
    expect(clock.pendingDelays()).toEqual([1_000]);
    clock.advance(999);
    await engine.flush();
    expect(server.requests).toHaveLength(1);
    clock.advance(1);
    await engine.flush();
    expect(await db.outbox.get(id)).toMatchObject({ attempts: 2, nextAttemptAt: clock.now() + 2_000, lastError: 'Too many requests' });
    clock.advance(2_000);
    await engine.flush();
    expect(await db.outbox.get(id)).toMatchObject({ attempts: 3, nextAttemptAt: clock.now() + 4_000 });
    clock.advance(4_000);
    await engine.flush();
    expect(await db.outbox.get(id)).toBeUndefined();
    expect(server.notes.size).toBe(1);
    expect([1, 2, 3, 4, 9, 10, 30].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 256_000, 300_000, 300_000]);
  });

  it('lets other queues go on while one is backing off', async () => {
    const { engine, note, server, registry } = setup();
    const events = registry.define(noteKind(server, { kind: 'test.event', queue: 'events', mirrors: [], apply: undefined, revert: undefined }));
    server.failNext.push(new WriteError('Service unavailable', 503));
    await engine.queue(note, { text: 'held' });
    await engine.queue(events, { text: 'event' });
    await engine.flush();
    expect([...server.notes.values()]).toEqual(['event']);
  });

  it('sends again at once when the connection returns', async () => {
    const { engine, note, server, clock } = setup();
    server.failNext.push(new TypeError('Failed to fetch'), new TypeError('Failed to fetch'), new TypeError('Failed to fetch'));
    await engine.queue(note, { text: 'a' });
    for (let i = 0; i < 3; i++) {
      await engine.flush();
      clock.advance(retryDelay(i + 1));
    }
    await engine.flush();
    await engine.queue(note, { text: 'b' });
    server.failNext.push(new TypeError('Failed to fetch'));
    await engine.flush();
    const waiting = await db.outbox.toArray();
    expect(waiting.every((entry) => entry.nextAttemptAt > clock.now())).toBe(true);
    await engine.reconnected();
    await engine.flush();
    expect(await db.outbox.count()).toBe(0);
  });

  it('marks a write the server refuses (4xx) as failed with its message, and goes on with the rest', async () => {
    const { engine, note, server } = setup();
    server.failNext.push(new WriteError('new row violates row-level security policy for table "notes"', 403, '42501'));
    const refused = await engine.queue(note, { text: 'refused' });
    await engine.queue(note, { text: 'fine' });
    await engine.flush();
    expect(await db.outbox.get(refused)).toMatchObject({ status: 'failed', lastError: 'new row violates row-level security policy for table "notes"' });
    expect([...server.notes.values()]).toEqual(['fine']);
    // Retry sends it again from the start.
    await engine.retry(refused);
    await engine.flush();
    expect(await db.outbox.get(refused)).toBeUndefined();
    expect([...server.notes.values()]).toEqual(['fine', 'refused']);
  });

  it('drops a background write the server refuses instead of showing it as failed', async () => {
    const { engine, server, registry } = setup();
    const events = registry.define(noteKind(server, { kind: 'test.silent', silent: true, mirrors: [], apply: undefined }));
    server.failNext.push(new WriteError('invalid input', 400, '22P02'));
    await engine.queue(events, { text: 'x' });
    await engine.flush();
    expect(await db.outbox.count()).toBe(0);
  });

  it('refreshes an expired session and sends again instead of failing', async () => {
    const { engine, note, server, supabase } = setup({ user: 'traveler-1' });
    server.failNext.push(new WriteError('JWT expired', 401, 'PGRST301'));
    const id = await engine.queue(note, { text: 'a' });
    await engine.flush();
    expect(supabase.refreshSession).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(2);
    expect(await db.outbox.get(id)).toBeUndefined();
  });

  it('keeps the write waiting when the session cannot be refreshed', async () => {
    const { engine, note, server, supabase } = setup({ user: 'traveler-1' });
    supabase.refreshSession.mockResolvedValueOnce({ data: { session: null }, error: new Error('Network request failed') });
    server.failNext.push(new WriteError('JWT expired', 401, 'PGRST301'));
    const id = await engine.queue(note, { text: 'a' });
    await engine.flush();
    expect(await db.outbox.get(id)).toMatchObject({ status: 'pending', lastError: 'JWT expired' });
    expect(server.requests).toHaveLength(1);
  });

  it("sends a traveler's writes only under their own session", async () => {
    const { engine, registry, server, supabase, network } = setup({ user: 'traveler-1', online: false });
    const mine = registry.define(noteKind(server, { kind: 'test.mine', requiresUser: true }));
    const id = await engine.queue(mine, { text: 'mine' });
    expect((await db.outbox.get(id))?.userId).toBe('traveler-1');
    supabase.setUser('traveler-2', 'TOKEN_REFRESHED');
    network.online = true;
    await engine.flush();
    expect(server.requests).toHaveLength(0);
    supabase.setUser('traveler-1', 'TOKEN_REFRESHED');
    await engine.flush();
    expect(server.requests).toEqual([{ id, text: 'mine' }]);
  });
});

describe('sending twice', () => {
  it('sends the same id again after a lost answer, and the server keeps one copy', async () => {
    const { engine, note, server, clock } = setup();
    server.loseNextAnswer = true;
    const id = await engine.queue(note, { text: 'once' });
    await engine.flush();
    clock.advance(1_000);
    await engine.flush();
    expect(server.requests).toEqual([
      { id, text: 'once' },
      { id, text: 'once' },
    ]);
    expect(server.notes.size).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('does not send an entry twice when two tabs flush the same outbox at once', async () => {
    const { engine, note, server, clock, supabase, registry } = setup({ online: false });
    const otherTab = new OutboxEngine({ db, client: () => supabase.client, registry, clock, isOnline: () => true });
    for (const text of ['a', 'b', 'c']) await engine.queue(note, { text });
    await Promise.all([otherTab.flush(), otherTab.flush(), new OutboxEngine({ db, client: () => supabase.client, registry, clock, isOnline: () => true }).flush()]);
    expect(server.requests.map((r) => r.text).sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('a crash', () => {
  it('between the optimistic change and the send leaves the write pending; it is sent on the next start', async () => {
    const { engine, note, server, clock, supabase, registry } = setup({ online: false });
    const id = await engine.queue(note, { text: 'survivor' });
    engine.start()();
    const name = db.name;
    db.close();
    // The app starts again over the same IndexedDB.
    const { LocalDb } = await import('../../src/lib/local-db.ts');
    db = new LocalDb(name);
    expect(await db.outbox.get(id)).toMatchObject({ status: 'pending' });
    expect(await db.profile.get('note:survivor')).toBeDefined();
    const restarted = new OutboxEngine({ db, client: () => supabase.client, registry, clock, isOnline: () => true });
    const stop = restarted.start();
    await restarted.flush();
    stop();
    expect(server.requests).toEqual([{ id, text: 'survivor' }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('in the middle of a send makes the entry due again once its lease ends', async () => {
    const { note, server, clock, supabase, registry } = setup({ online: false });
    const stuck = new OutboxEngine({ db, client: () => supabase.client, registry, clock, isOnline: () => false });
    const id = await stuck.queue(note, { text: 'in flight' });
    // What a tab that died mid-send leaves behind.
    await db.outbox.update(id, { status: 'sending', attempts: 1, nextAttemptAt: clock.now() + 60_000 });
    const next = new OutboxEngine({ db, client: () => supabase.client, registry, clock, isOnline: () => true });
    await next.flush();
    expect(server.requests).toHaveLength(0);
    clock.advance(60_000);
    await next.flush();
    expect(server.requests).toEqual([{ id, text: 'in flight' }]);
  });
});

describe('discarding', () => {
  it('drops a failed write and undoes its optimistic change', async () => {
    const { engine, note, server } = setup();
    server.failNext.push(new WriteError('Tour not found', 404, 'PGRST116'));
    const id = await engine.queue(note, { text: 'gone' });
    await engine.flush();
    expect(await db.profile.get('note:gone')).toBeDefined();
    const outcome = engine.waitFor(id, 5_000);
    expect(await engine.discard(id)).toBe(true);
    expect(await db.outbox.get(id)).toBeUndefined();
    expect(await db.profile.get('note:gone')).toBeUndefined();
    expect(await outcome).toEqual({ status: 'failed', error: 'Tour not found' });
  });

  it('leaves a write that is being sent alone', async () => {
    const { engine, note, clock } = setup({ online: false });
    const id = await engine.queue(note, { text: 'busy' });
    await db.outbox.update(id, { status: 'sending', nextAttemptAt: clock.now() + 60_000 });
    expect(await engine.discard(id)).toBe(false);
    expect(await db.outbox.get(id)).toBeDefined();
  });
});

describe('waiting for an answer', () => {
  it("says 'sent', 'failed' with the server's message, or 'waiting' while offline", async () => {
    const { engine, note, server, network } = setup();
    const sent = await engine.queue(note, { text: 'ok' });
    expect(await engine.waitFor(sent, 5_000)).toEqual({ status: 'sent' });
    server.failNext.push(new WriteError('duplicate key value violates unique constraint "reviews_tour_id_user_id_key"', 409, '23505'));
    const refused = await engine.queue(note, { text: 'dup' });
    expect(await engine.waitFor(refused, 5_000)).toEqual({ status: 'failed', error: 'duplicate key value violates unique constraint "reviews_tour_id_user_id_key"' });
    network.online = false;
    const later = await engine.queue(note, { text: 'later' });
    expect(await engine.waitFor(later, 5_000)).toEqual({ status: 'waiting' });
  });
});

describe('the mirrors', () => {
  it('keep waiting writes when fresh rows arrive from the server', async () => {
    const { engine, note } = setup({ online: false, user: 'traveler-1' });
    await engine.queue(note, { text: 'offline' });
    await engine.refreshMirror('profile', 'traveler-1', [{ id: 'note:server', userId: 'traveler-1', row: { text: 'server' }, syncedAt: 1 }], 0);
    expect((await db.profile.toArray()).map((row) => row.id).sort()).toEqual(['note:offline', 'note:server']);
  });

  it('keeps at most maxQueued entries of a kind, dropping the oldest', async () => {
    const { engine, registry, server } = setup({ online: false });
    const events = registry.define(noteKind(server, { kind: 'test.capped', maxQueued: 3, mirrors: [], apply: undefined }));
    for (const text of ['1', '2', '3', '4', '5']) await engine.queue(events, { text });
    expect((await db.outbox.orderBy('createdAt').toArray()).map((e) => (e.payload as Note).text)).toEqual(['3', '4', '5']);
  });
});

describe('signing out', () => {
  it("clears the traveler's mirrors and waiting writes from the device, and nobody else's", async () => {
    const { engine, registry, server, supabase, clock } = setup({ online: false });
    const mine = registry.define(noteKind(server, { kind: 'test.mine', requiresUser: true }));
    const guest = registry.define(noteKind(server, { kind: 'test.guest', mirrors: [], apply: undefined }));
    const stop = engine.start();
    supabase.setUser('traveler-1');
    // The engine listens once supabase-js is there, and is told the session then.
    await vi.waitFor(async () => {
      clock.advance(0);
      expect(await db.meta.get('outbox.lastUserId')).toEqual({ key: 'outbox.lastUserId', value: 'traveler-1' });
    });
    await engine.queue(mine, { text: 'private' });
    await db.bookings.put({ id: 'b1', userId: 'traveler-1', row: { booking_reference: 'KS2611-ABCDEF' }, syncedAt: 1 });
    await db.bookings.put({ id: 'b2', userId: 'traveler-9', row: { booking_reference: 'KS2611-GHJKMN' }, syncedAt: 1 });
    supabase.setUser(null);
    await engine.queue(guest, { text: 'newsletter' });
    clock.advance(0);
    await vi.waitFor(async () => expect(await db.meta.get('outbox.lastUserId')).toBeUndefined());
    expect((await db.bookings.toArray()).map((row) => row.id)).toEqual(['b2']);
    expect(await db.profile.where('userId').equals('traveler-1').count()).toBe(0);
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(['test.guest']);
    stop();
  });
});

describe('a kind of write the open page never loaded', () => {
  it('is loaded by the engine, sent, and replayed over a refresh meanwhile', async () => {
    const { clock, supabase, server } = setup({ online: false, user: 'traveler-1' });
    // Another page (or an earlier visit) queued it; this page's registry has never seen the kind.
    const profilePage = new WriteRegistry();
    const madeThere = profilePage.define(noteKind(server, { kind: 'test.profile-note' }));
    const network = { online: false };
    const elsewhere = new OutboxEngine({ db, client: () => supabase.client, registry: profilePage, clock, isOnline: () => network.online });
    const id = await elsewhere.queue(madeThere, { text: 'offline edit' });

    const dashboard = new WriteRegistry();
    const loaded: string[] = [];
    const engine = new OutboxEngine({
      db,
      client: () => supabase.client,
      registry: dashboard,
      clock,
      isOnline: () => network.online,
      loadKind: async (kind) => {
        loaded.push(kind);
        if (kind === 'test.profile-note') dashboard.define(noteKind(server, { kind }));
      },
    });
    // A refresh of the mirror on this page still shows the edit.
    await engine.refreshMirror('profile', 'traveler-1', [], clock.now());
    expect(await db.profile.get('note:offline edit')).toBeDefined();
    network.online = true;
    await engine.flush();
    expect(loaded).toEqual(['test.profile-note']);
    expect(server.requests).toEqual([{ id, text: 'offline edit' }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('of an older version of the app waits without holding up the other kinds', async () => {
    const { engine, note, server } = setup({ online: false });
    await db.outbox.add({ id: 'old', kind: 'gone.kind', payload: {}, userId: null, status: 'pending', attempts: 0, nextAttemptAt: 0, createdAt: 1 });
    const id = await engine.queue(note, { text: 'after' });
    const withLoader = new OutboxEngine({ db, client: () => fakeSupabase().client, registry: new WriteRegistry(), isOnline: () => true, loadKind: async () => undefined });
    await withLoader.flush();
    await engine.flush();
    expect(server.requests).toEqual([]);
    const online = new OutboxEngine({ db, client: () => fakeSupabase().client, registry: (() => { const r = new WriteRegistry(); r.define(note); return r; })(), isOnline: () => true, loadKind: async () => undefined });
    await online.flush();
    expect(server.requests).toEqual([{ id, text: 'after' }]);
    expect(await db.outbox.get('old')).toBeDefined();
  });
});

describe('a send cut by a reload, a closed tab or a crash', () => {
  /** A tab of the app over the shared device database, with the origin's Web Locks. */
  function tab(name: string, locks: OriginLocks, shared: ReturnType<typeof setup>) {
    const tabLocks = locks.tab(name);
    const engine = new OutboxEngine({ db, client: () => shared.supabase.client, registry: shared.registry, clock: shared.clock, isOnline: () => true, locks: tabLocks });
    return { engine, close: tabLocks.close };
  }

  /** A server whose answers wait until let through, so a send can be cut while in flight. */
  function holdAnswers(server: NoteServer) {
    const held: (() => void)[] = [];
    let open = false;
    const receive = server.receive.bind(server);
    server.receive = async (id, text) => {
      if (!open) await new Promise<void>((resolve) => held.push(resolve));
      return receive(id, text);
    };
    return {
      waiting: () => held.length,
      /** Every answer from now on goes through at once; those held so far are dropped (`answerHeld` lets them go). */
      open: () => (open = true),
      answerHeld: () => held.splice(0).forEach((answer) => answer()),
    };
  }

  it('is sent again at once by the next tab, and the writes made after it follow', async () => {
    const shared = setup({ online: false });
    const locks = new OriginLocks();
    const answers = holdAnswers(shared.server);
    const first = tab('first', locks, shared);
    const cut = await first.engine.queue(shared.note, { text: 'cut in flight' });
    void first.engine.flush();
    await vi.waitFor(() => expect(answers.waiting()).toBe(1));
    expect(await db.outbox.get(cut)).toMatchObject({ status: 'sending' });
    // The tab is reloaded mid-send: its lock goes with it, and its request never gets an answer.
    first.close();
    const reloaded = tab('reloaded', locks, shared);
    const later = await reloaded.engine.queue(shared.note, { text: 'made after' });
    answers.open();
    await reloaded.engine.flush();
    // No clock moved: nothing waited for a lease.
    expect(shared.server.requests.map((r) => r.id)).toEqual([cut, later]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('is shown as waiting again, not as being sent, when the app starts offline', async () => {
    const shared = setup({ online: false });
    const id = await shared.engine.queue(shared.note, { text: 'cut' });
    await db.outbox.update(id, { status: 'sending', attempts: 1 });
    const locks = new OriginLocks();
    const offlineTab = new OutboxEngine({ db, client: () => shared.supabase.client, registry: shared.registry, clock: shared.clock, isOnline: () => false, locks: locks.tab('new') });
    const stop = offlineTab.start();
    await vi.waitFor(async () => expect(await db.outbox.get(id)).toMatchObject({ status: 'pending' }));
    stop();
  });

  it('never lets two live tabs send one write at the same time', async () => {
    const shared = setup({ online: false });
    const locks = new OriginLocks();
    const answers = holdAnswers(shared.server);
    const one = tab('one', locks, shared);
    const two = tab('two', locks, shared);
    for (const text of ['a', 'b']) await one.engine.queue(shared.note, { text });
    const sendingOne = one.engine.flush();
    await vi.waitFor(() => expect(answers.waiting()).toBe(1));
    // The other tab finds the queue's lock taken and leaves the write to the tab sending it.
    await two.engine.flush();
    expect(answers.waiting()).toBe(1);
    answers.open();
    answers.answerHeld();
    await sendingOne;
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(shared.server.requests.map((r) => r.text)).toEqual(['a', 'b']);
    expect(shared.server.maxInFlight).toBe(1);
  });
});

describe('a write sent while a server read was under way', () => {
  it('is replayed over that read, which may not show it yet', async () => {
    const { engine, note, clock } = setup({ user: 'traveler-1' });
    const readAt = clock.now();
    clock.advance(10);
    await engine.queue(note, { text: 'sent meanwhile' });
    await engine.flush();
    expect(await db.outbox.count()).toBe(0);
    // The read began before the write went out: its rows lack it.
    await engine.refreshMirror('profile', 'traveler-1', [], readAt);
    expect(await db.profile.get('note:sent meanwhile')).toBeDefined();
    // A read begun after the send shows the server's truth alone.
    await engine.refreshMirror('profile', 'traveler-1', [], clock.now() + 1);
    expect(await db.profile.get('note:sent meanwhile')).toBeUndefined();
  });

  it('is forgotten after ten minutes', async () => {
    const { engine, note, clock } = setup({ user: 'traveler-1' });
    await engine.queue(note, { text: 'old' });
    await engine.flush();
    clock.advance(10 * 60_000 + 1);
    await engine.queue(note, { text: 'new' });
    await engine.flush();
    expect((await db.sent.toArray()).map((sent) => (sent.payload as Note).text)).toEqual(['new']);
  });
});
