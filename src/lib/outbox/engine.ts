import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { liveQuery } from 'dexie';
import type { LocalDb, MirrorRow, SentWrite } from '../local-db.ts';
import { classifyFailure, failureMessage, WriteError } from './errors.ts';
import { defaultSendLocks, type SendLocks } from './locks.ts';
import { writeRegistry, type AnyWriteDefinition, type MirrorTable, type QueuedWrite, type WriteDefinition, type WriteRegistry } from './registry.ts';

/** Time as the engine sees it; tests drive it by hand. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface OutboxEngineOptions {
  db: LocalDb;
  /**
   * The Supabase client, or the promise of it while supabase-js loads: the engine starts over the
   * device database without it, so a write is on the device at once, and only sending waits for it.
   */
  client: () => SupabaseClient | Promise<SupabaseClient>;
  registry?: WriteRegistry;
  clock?: Clock;
  isOnline?: () => boolean;
  /**
   * Loads the code that defines a kind of write (app/write-kinds.ts), so a write queued on one page
   * is sent, and replayed over a refresh, on any other, whatever that page has loaded.
   */
  loadKind?: (kind: string) => Promise<unknown>;
  locks?: SendLocks;
  /**
   * The session stored on the device, read without the network (supabase.ts storedSession): whose
   * a write is must not wait for auth-js, which first refreshes an expired token, with no signal for
   * as long as it retries and with a hanging network for ever.
   */
  storedSession?: () => Session | null;
  /** Whether the device may hold a session at all (supabase.ts): a visitor's write never waits for supabase-js to say nobody is signed in. */
  mayHaveSession?: () => boolean;
}

export type WriteOutcome = { status: 'sent' } | { status: 'failed'; error: string } | { status: 'waiting' };

const firstRetryDelay = 1_000;
const maxRetryDelay = 5 * 60_000;
/** A send that takes longer is given up (and retried later); the server ignores a late duplicate. */
const sendTimeout = 30_000;
/**
 * Without Web Locks (pageLocks), an entry being sent is leased for this long, so another tab does
 * not send it too; after a crash mid-send it is due again when the lease ends.
 */
const sendLease = 60_000;
/** How long a sent write is replayed over server reads that began before it went out. */
const sentKeptFor = 10 * 60_000;
/** The meta key remembering who was signed in, so their data is cleared when they sign out. */
const lastUserKey = 'outbox.lastUserId';
const mirrorTables: MirrorTable[] = ['bookings', 'wishlist', 'preferences', 'profile', 'fieldTrips'];

/** 1 s, 2 s, 4 s … at most 5 minutes, by the number of attempts made. */
export function retryDelay(attempts: number): number {
  return Math.min(firstRetryDelay * 2 ** Math.max(0, attempts - 1), maxRetryDelay);
}

/**
 * The sync engine: records writes with their optimistic mirror change in one transaction, and sends
 * them when online, oldest first, one at a time per queue and user, with backoff. See README.md.
 */
export class OutboxEngine {
  private readonly db: LocalDb;
  private readonly client: () => SupabaseClient | Promise<SupabaseClient>;
  private readonly registry: WriteRegistry;
  private readonly clock: Clock;
  private readonly isOnline: () => boolean;
  private readonly loadKind: ((kind: string) => Promise<unknown>) | undefined;
  private readonly locks: SendLocks;
  private readonly storedSession: () => Session | null;
  private readonly mayHaveSession: () => boolean;
  private readonly kindsLoading = new Map<string, Promise<void>>();
  private readonly watchedLocks = new Set<string>();
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private wakeTimer: unknown = null;
  private wakeAt: number | null = null;
  private stopped = false;
  private readonly settledListeners = new Set<(id: string, outcome: WriteOutcome) => void>();

  constructor(options: OutboxEngineOptions) {
    this.db = options.db;
    this.client = options.client;
    this.registry = options.registry ?? writeRegistry;
    this.clock = options.clock ?? systemClock;
    this.isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    this.loadKind = options.loadKind;
    this.locks = options.locks ?? defaultSendLocks();
    this.storedSession = options.storedSession ?? (() => null);
    this.mayHaveSession = options.mayHaveSession ?? (() => true);
  }

  /** Records a write and its optimistic change together; returns the entry id (the idempotency key). */
  async queue<P, U>(definition: WriteDefinition<P, U>, payload: P): Promise<string> {
    this.registry.define(definition);
    const userId = await this.sessionUserId();
    if (definition.requiresUser && !userId) throw new WriteError('User not authenticated', 401);
    const id = crypto.randomUUID();
    await this.db.transaction('rw', [this.db.outbox, ...(definition.mirrors ?? []).map((name) => this.db[name])], async () => {
      // Strictly increasing, so two writes made in the same millisecond keep their order.
      const last = await this.db.outbox.orderBy('createdAt').last();
      const createdAt = Math.max(this.clock.now(), (last?.createdAt ?? 0) + 1);
      const undo = definition.apply ? await definition.apply(this.db, payload, userId) : undefined;
      const entry: QueuedWrite<P> = { id, kind: definition.kind, payload, userId, status: 'pending', attempts: 0, nextAttemptAt: this.clock.now(), createdAt };
      if (undo !== undefined) entry.undo = undo;
      await this.db.outbox.add(entry);
      if (definition.maxQueued) {
        const waiting = await this.db.outbox
          .orderBy('createdAt')
          .filter((e) => e.kind === definition.kind && e.status !== 'sending')
          .primaryKeys();
        if (waiting.length > definition.maxQueued) await this.db.outbox.bulkDelete(waiting.slice(0, waiting.length - definition.maxQueued));
      }
    });
    this.kick();
    return id;
  }

  /** A failed write is tried again from the start. */
  async retry(id: string): Promise<void> {
    await this.db.outbox
      .where('id')
      .equals(id)
      .and((entry) => entry.status === 'failed')
      .modify({ status: 'pending', attempts: 0, nextAttemptAt: this.clock.now() });
    this.kick();
  }

  /** Drops a write that has not gone out and undoes its optimistic change where the kind can. */
  async discard(id: string): Promise<boolean> {
    const entry = await this.db.outbox.get(id);
    if (!entry) return false;
    await this.ensureKinds([entry.kind]);
    const definition = this.registry.get(entry.kind);
    const tables = [this.db.outbox, ...(definition?.mirrors ?? []).map((name) => this.db[name])];
    // Under the queue's lock, so a write being sent (in this tab or another) is not discarded meanwhile.
    const locked = await this.locks.tryWith(this.lockName(entry, definition), () =>
      this.db.transaction('rw', tables, async () => {
        const current = (await this.db.outbox.get(id)) as QueuedWrite<unknown> | undefined;
        if (!current || this.leased(current)) return false;
        await this.db.outbox.delete(id);
        await definition?.revert?.(this.db, current.payload, current.userId, current.undo);
        return true;
      }),
    );
    const discarded = locked.held && locked.value;
    if (discarded) this.settle(id, { status: 'failed', error: 'Discarded' });
    return discarded;
  }

  /**
   * Resolves when the write was sent or failed, or with 'waiting' when it is still queued after
   * `timeoutMs` (or at once when offline), so a form can say 'saved' or 'will be sent when online'.
   */
  waitFor(id: string, timeoutMs: number): Promise<WriteOutcome> {
    return new Promise((resolve) => {
      let settled = false;
      let watch: { unsubscribe(): void } | null = null;
      let timer: unknown = null;
      const finish = (outcome: WriteOutcome) => {
        if (settled) return;
        settled = true;
        this.settledListeners.delete(listener);
        if (timer !== null) this.clock.clearTimeout(timer);
        watch?.unsubscribe();
        resolve(outcome);
      };
      const listener = (settledId: string, outcome: WriteOutcome) => {
        if (settledId === id) finish(outcome);
      };
      this.settledListeners.add(listener);
      timer = this.clock.setTimeout(() => finish({ status: 'waiting' }), timeoutMs);
      // The device database, watched, also tells what another tab's engine did with the write.
      const read = () => Promise.all([this.db.outbox.get(id), this.db.sent.get(id)]);
      const judge = ([entry, sent]: Awaited<ReturnType<typeof read>>) => {
        if (sent) finish({ status: 'sent' });
        else if (!entry) finish({ status: 'failed', error: 'Discarded' });
        else if (entry.status === 'failed') finish({ status: 'failed', error: entry.lastError ?? 'Failed' });
      };
      void read().then((found) => {
        judge(found);
        if (!this.isOnline()) finish({ status: 'waiting' });
        if (settled) return;
        watch = liveQuery(read).subscribe({ next: judge, error: () => undefined });
        if (settled) watch.unsubscribe();
      });
    });
  }

  /**
   * Replaces a user's mirror rows with fresh ones from the server and replays on top the writes still
   * waiting, and those sent since the read began (`readAt`, the device's clock) which it may not show,
   * so a refresh never hides what the user did, whatever kinds of write the open page has loaded.
   */
  async refreshMirror(table: MirrorTable, userId: string, rows: MirrorRow[], readAt: number): Promise<void> {
    const kinds = [...(await this.db.outbox.where('userId').equals(userId).toArray()), ...(await this.db.sent.where('userId').equals(userId).toArray())].map((entry) => entry.kind);
    await this.ensureKinds(kinds);
    await this.db.transaction('rw', [this.db.outbox, this.db.sent, ...mirrorTables.map((name) => this.db[name])], async () => {
      await this.db[table].where('userId').equals(userId).delete();
      await this.db[table].bulkPut(rows);
      const waiting = (await this.db.outbox.where('userId').equals(userId).toArray()) as QueuedWrite<unknown>[];
      const sentSince = (await this.db.sent.where('userId').equals(userId).filter((sent) => sent.sentAt >= readAt).toArray()) as SentWrite[];
      const replayed: (QueuedWrite<unknown> | SentWrite)[] = [...sentSince, ...waiting];
      replayed.sort((a, b) => a.createdAt - b.createdAt);
      for (const entry of replayed) {
        const definition = this.registry.get(entry.kind);
        if (definition?.apply && definition.mirrors?.includes(table)) await definition.apply(this.db, entry.payload, userId);
      }
    });
  }

  /**
   * Sends everything that is due, queue by queue, until nothing more can go now; then sleeps until
   * the next retry is due. Concurrent calls share one run.
   */
  flush(): Promise<void> {
    this.flushAgain = true;
    if (!this.flushing) {
      this.flushing = (async () => {
        try {
          while (this.flushAgain) {
            this.flushAgain = false;
            while (await this.sendDue());
          }
        } finally {
          // In the same step as the last check, so a flush asked for after it starts a new run.
          this.flushing = null;
          this.scheduleWake();
        }
      })();
    }
    return this.flushing;
  }

  /**
   * Starts sending: now, when the connection returns, when the app comes back to the foreground,
   * when the session changes and when a kind's code loads. Signing out clears the traveler's data.
   */
  start(): () => void {
    this.stopped = false;
    const cleanups: (() => void)[] = [];
    const listen = (target: EventTarget, type: string, handler: () => void) => {
      target.addEventListener(type, handler);
      cleanups.push(() => target.removeEventListener(type, handler));
    };
    if (typeof window !== 'undefined') {
      listen(window, 'online', () => void this.reconnected());
      listen(window, 'offline', () => this.cancelWake());
      listen(document, 'visibilitychange', () => {
        if (document.visibilityState === 'visible') this.kick();
      });
    }
    cleanups.push(this.registry.onDefine(() => this.kick()));
    void this.connection()
      .then((client) => {
        if (this.stopped) return;
        const { data } = client.auth.onAuthStateChange((event, session) => {
          // Never call supabase-js from inside its own auth callback (it holds a lock): defer.
          const userId = session?.user.id ?? null;
          this.clock.setTimeout(() => void this.sessionChanged(event, userId).catch(reportBackgroundError), 0);
        });
        cleanups.push(() => data.subscription.unsubscribe());
      })
      .catch(reportBackgroundError);
    // A send cut by a reload or a closed tab is due again now, and no longer shown as being sent.
    void this.releaseCutSends()
      .catch(reportBackgroundError)
      .then(() => this.kick());
    return () => {
      this.stopped = true;
      this.cancelWake();
      for (const cleanup of cleanups) cleanup();
    };
  }

  /** Back online: whatever waited for the network is due now rather than at its backoff time. */
  async reconnected(): Promise<void> {
    const now = this.clock.now();
    await this.db.outbox
      .where('status')
      .equals('pending')
      .modify((entry) => {
        entry.nextAttemptAt = Math.min(entry.nextAttemptAt, now);
      });
    this.kick();
  }

  async sessionChanged(event: AuthChangeEvent, userId: string | null): Promise<void> {
    const last = (await this.db.meta.get(lastUserKey))?.value as string | undefined;
    if (event === 'SIGNED_OUT') {
      if (last) await this.db.clearUser(last);
      await this.db.meta.delete(lastUserKey);
      return;
    }
    if (!userId) return;
    // Someone else signed in without the previous traveler's sign-out reaching this device.
    if (last && last !== userId) await this.db.clearUser(last);
    if (last !== userId) await this.db.meta.put({ key: lastUserKey, value: userId });
    this.kick();
  }

  private kick(): void {
    if (!this.stopped) this.flush().catch(reportBackgroundError);
  }

  /** One round: the oldest waiting entry of each queue, if due, is sent. True if anything happened. */
  private async sendDue(): Promise<boolean> {
    this.wakeAt = null;
    if (this.stopped || !this.isOnline()) return false;
    let entries = (await this.db.outbox.orderBy('createdAt').toArray()) as QueuedWrite<unknown>[];
    if (entries.some((entry) => !this.registry.get(entry.kind))) {
      await this.ensureKinds(entries.map((entry) => entry.kind));
      entries = (await this.db.outbox.orderBy('createdAt').toArray()) as QueuedWrite<unknown>[];
    }
    const heads = new Map<string, { entry: QueuedWrite<unknown>; definition: AnyWriteDefinition }>();
    for (const entry of entries) {
      if (entry.status === 'failed') continue;
      const definition = this.registry.get(entry.kind);
      // A kind no code defines (left by an older version of the app) waits without holding up the others.
      if (!definition) continue;
      const queue = this.queueOf(entry, definition);
      if (!heads.has(queue)) heads.set(queue, { entry, definition });
    }
    if (heads.size === 0) return false;
    // Sending needs supabase-js: wait for it here, before any send's lock and timer start.
    const client = await this.connection();
    const sessionUser = await this.sessionUserId();
    const now = this.clock.now();
    const due = [];
    for (const head of heads.values()) {
      // A traveler's writes go out only with their own session.
      if (head.entry.userId !== null && head.entry.userId !== sessionUser) continue;
      // With Web Locks an entry marked as being sent is due: the lock tells whether a live tab sends it.
      if (head.entry.nextAttemptAt <= now || this.cutSendDue(head.entry)) due.push(head);
      else this.wakeAt = Math.min(this.wakeAt ?? Infinity, head.entry.nextAttemptAt);
    }
    if (due.length === 0) return false;
    const sent = await Promise.all(due.map(({ entry, definition }) => this.sendOne(client, entry, definition)));
    return sent.some(Boolean);
  }

  /** Sends one entry while holding its queue's lock; false when another tab holds it (this tab goes on once it is free). */
  private async sendOne(client: SupabaseClient, head: QueuedWrite<unknown>, definition: AnyWriteDefinition): Promise<boolean> {
    const lock = this.lockName(head, definition);
    const outcome = await this.locks.tryWith(lock, async () => {
      const entry = await this.claim(head.id);
      if (!entry) return;
      let error = await this.attempt(client, definition, entry);
      // An expired access token is not the write's fault: refresh the session and try once more.
      if (error !== null && classifyFailure(error) === 'refresh' && (await this.refreshSession())) {
        error = await this.attempt(client, definition, entry);
      }
      await this.record(entry, definition, error);
    });
    if (!outcome.held) this.watchLock(lock);
    return outcome.held;
  }

  /** Stores what the server said: sent (kept a while for refreshes), to be retried, or failed. */
  private async record(entry: QueuedWrite<unknown>, definition: AnyWriteDefinition, error: unknown): Promise<void> {
    const { id } = entry;
    if (error === null) {
      const now = this.clock.now();
      const sent: SentWrite = { id, kind: entry.kind, payload: entry.payload, userId: entry.userId, createdAt: entry.createdAt, sentAt: now };
      await this.db.transaction('rw', [this.db.outbox, this.db.sent], async () => {
        await this.db.outbox.delete(id);
        await this.db.sent.put(sent);
        await this.db.sent.where('sentAt').below(now - sentKeptFor).delete();
      });
      this.settle(id, { status: 'sent' });
      return;
    }
    const message = failureMessage(error);
    if (classifyFailure(error) !== 'fail') {
      await this.db.outbox.update(id, { status: 'pending', nextAttemptAt: this.clock.now() + retryDelay(entry.attempts), lastError: message });
    } else if (definition.silent) {
      await this.db.outbox.delete(id);
      this.settle(id, { status: 'failed', error: message });
    } else {
      await this.db.outbox.update(id, { status: 'failed', lastError: message });
      this.settle(id, { status: 'failed', error: message });
    }
  }

  /**
   * Marks the entry as being sent (its queue's lock is held), unless it is gone, failed, or not due.
   * Without Web Locks the mark is a lease that keeps other tabs off.
   */
  private claim(id: string): Promise<QueuedWrite<unknown> | null> {
    return this.db.transaction('rw', this.db.outbox, async () => {
      const current = (await this.db.outbox.get(id)) as QueuedWrite<unknown> | undefined;
      const now = this.clock.now();
      if (!current || current.status === 'failed' || (current.nextAttemptAt > now && !this.cutSendDue(current))) return null;
      const claimed: QueuedWrite<unknown> = {
        ...current,
        status: 'sending',
        attempts: current.attempts + 1,
        nextAttemptAt: this.locks.acrossTabs ? now : now + sendLease,
      };
      await this.db.outbox.put(claimed);
      return claimed;
    });
  }

  /** With Web Locks, an entry left marked as being sent is due: only its queue's lock can keep it back. */
  private cutSendDue(entry: QueuedWrite<unknown>): boolean {
    return this.locks.acrossTabs && entry.status === 'sending';
  }

  /** An entry another tab may be sending, as far as the lease says (without Web Locks). */
  private leased(entry: QueuedWrite<unknown>): boolean {
    return !this.locks.acrossTabs && entry.status === 'sending' && entry.nextAttemptAt > this.clock.now();
  }

  /**
   * Entries marked as being sent whose queue's lock is free were cut (a reload, a closed tab, a
   * crash): they are waiting again, due now.
   */
  private async releaseCutSends(): Promise<void> {
    if (!this.locks.acrossTabs) return;
    const marked = (await this.db.outbox.where('status').equals('sending').toArray()) as QueuedWrite<unknown>[];
    for (const entry of marked) {
      await this.ensureKinds([entry.kind]);
      await this.locks.tryWith(this.lockName(entry, this.registry.get(entry.kind)), async () => {
        await this.db.outbox
          .where('id')
          .equals(entry.id)
          .and((current) => current.status === 'sending')
          .modify({ status: 'pending', nextAttemptAt: this.clock.now() });
      });
    }
  }

  /** Once another tab lets go of a queue (it finished, or its tab is gone), this tab looks again. */
  private watchLock(lock: string): void {
    if (this.watchedLocks.has(lock)) return;
    this.watchedLocks.add(lock);
    void this.locks
      .whenFree(lock)
      .then(() => {
        this.watchedLocks.delete(lock);
        return this.releaseCutSends();
      })
      .catch(reportBackgroundError)
      .then(() => this.kick());
  }

  private queueOf(entry: QueuedWrite<unknown>, definition: AnyWriteDefinition | undefined): string {
    return `${definition?.queue ?? 'writes'}:${entry.userId ?? 'guest'}`;
  }

  /** One lock per queue and device database, shared by the origin's tabs. */
  private lockName(entry: QueuedWrite<unknown>, definition: AnyWriteDefinition | undefined): string {
    return `outbox:${this.db.name}:${this.queueOf(entry, definition)}`;
  }

  /** Loads the code of kinds not defined yet (once each; a failed load is tried again next time). */
  private async ensureKinds(kinds: Iterable<string>): Promise<void> {
    const loader = this.loadKind;
    if (!loader) return;
    const loads: Promise<void>[] = [];
    for (const kind of new Set(kinds)) {
      if (this.registry.get(kind)) continue;
      let loading = this.kindsLoading.get(kind);
      if (!loading) {
        loading = loader(kind).then(
          () => undefined,
          (error: unknown) => {
            this.kindsLoading.delete(kind);
            reportBackgroundError(error);
          },
        );
        this.kindsLoading.set(kind, loading);
      }
      loads.push(loading);
    }
    await Promise.all(loads);
  }

  private async attempt(client: SupabaseClient, definition: AnyWriteDefinition, entry: QueuedWrite<unknown>): Promise<unknown> {
    let timer: unknown = null;
    const timeout = new Promise<never>((_, reject) => {
      timer = this.clock.setTimeout(() => reject(new WriteError('The server did not answer in time', 0)), sendTimeout);
    });
    try {
      await Promise.race([definition.send(client, entry), timeout]);
      return null;
    } catch (error) {
      return error ?? new Error('The write failed');
    } finally {
      this.clock.clearTimeout(timer);
    }
  }

  private async connection(): Promise<SupabaseClient> {
    return this.client();
  }

  private async sessionUserId(): Promise<string | null> {
    const stored = this.storedSession();
    if (stored) return stored.user.id;
    if (!this.mayHaveSession()) return null;
    try {
      const { data } = await (await this.connection()).auth.getSession();
      return data.session?.user.id ?? null;
    } catch {
      return null;
    }
  }

  private async refreshSession(): Promise<boolean> {
    try {
      const { data, error } = await (await this.connection()).auth.refreshSession();
      return !error && data.session !== null;
    } catch {
      return false;
    }
  }

  private settle(id: string, outcome: WriteOutcome): void {
    for (const listener of [...this.settledListeners]) listener(id, outcome);
  }

  private scheduleWake(): void {
    this.cancelWake();
    if (this.stopped || this.wakeAt === null || !this.isOnline()) return;
    this.wakeTimer = this.clock.setTimeout(() => {
      this.wakeTimer = null;
      this.kick();
    }, Math.max(0, this.wakeAt - this.clock.now()));
  }

  private cancelWake(): void {
    if (this.wakeTimer !== null) this.clock.clearTimeout(this.wakeTimer);
    this.wakeTimer = null;
  }
}

function reportBackgroundError(error: unknown): void {
  console.error('Outbox:', error);
}
