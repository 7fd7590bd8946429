import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import type { LocalDb, MirrorRow } from '../local-db.ts';
import { classifyFailure, failureMessage, WriteError } from './errors.ts';
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
  client: () => SupabaseClient;
  registry?: WriteRegistry;
  clock?: Clock;
  isOnline?: () => boolean;
}

export type WriteOutcome = { status: 'sent' } | { status: 'failed'; error: string } | { status: 'waiting' };

const firstRetryDelay = 1_000;
const maxRetryDelay = 5 * 60_000;
/** A send that takes longer is given up (and retried later); the server ignores a late duplicate. */
const sendTimeout = 30_000;
/** While an entry is being sent no other tab sends it; after a crash mid-send it is due again after this. */
const sendLease = 60_000;
/** The meta key remembering who was signed in, so their data is cleared when they sign out. */
const lastUserKey = 'outbox.lastUserId';
const mirrorTables: MirrorTable[] = ['bookings', 'wishlist', 'preferences', 'profile'];

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
  private readonly client: () => SupabaseClient;
  private readonly registry: WriteRegistry;
  private readonly clock: Clock;
  private readonly isOnline: () => boolean;
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
    const definition = this.registry.get(entry.kind);
    const tables = [this.db.outbox, ...(definition?.mirrors ?? []).map((name) => this.db[name])];
    const discarded = await this.db.transaction('rw', tables, async () => {
      const current = (await this.db.outbox.get(id)) as QueuedWrite<unknown> | undefined;
      if (!current || this.inFlight(current)) return false;
      await this.db.outbox.delete(id);
      await definition?.revert?.(this.db, current.payload, current.userId, current.undo);
      return true;
    });
    if (discarded) this.settle(id, { status: 'failed', error: 'Discarded' });
    return discarded;
  }

  /**
   * Resolves when the write was sent or failed, or with 'waiting' when it is still queued after
   * `timeoutMs` (or at once when offline), so a form can say 'saved' or 'will be sent when online'.
   */
  waitFor(id: string, timeoutMs: number): Promise<WriteOutcome> {
    return new Promise((resolve) => {
      let timer: unknown = null;
      const finish = (outcome: WriteOutcome) => {
        this.settledListeners.delete(listener);
        if (timer !== null) this.clock.clearTimeout(timer);
        resolve(outcome);
      };
      const listener = (settledId: string, outcome: WriteOutcome) => {
        if (settledId === id) finish(outcome);
      };
      this.settledListeners.add(listener);
      timer = this.clock.setTimeout(() => finish({ status: 'waiting' }), timeoutMs);
      void this.db.outbox.get(id).then((entry) => {
        if (!entry) finish({ status: 'sent' });
        else if (entry.status === 'failed') finish({ status: 'failed', error: entry.lastError ?? 'Failed' });
        else if (!this.isOnline()) finish({ status: 'waiting' });
      });
    });
  }

  /**
   * Replaces a user's mirror rows with fresh ones from the server and replays the writes still
   * waiting on top, so a refresh never hides what the user did offline.
   */
  async refreshMirror(table: MirrorTable, userId: string, rows: MirrorRow[]): Promise<void> {
    await this.db.transaction('rw', [this.db.outbox, ...mirrorTables.map((name) => this.db[name])], async () => {
      await this.db[table].where('userId').equals(userId).delete();
      await this.db[table].bulkPut(rows);
      const waiting = (await this.db.outbox.where('userId').equals(userId).sortBy('createdAt')) as QueuedWrite<unknown>[];
      for (const entry of waiting) {
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
    const { data } = this.client().auth.onAuthStateChange((event, session) => {
      // Never call supabase-js from inside its own auth callback (it holds a lock): defer.
      const userId = session?.user.id ?? null;
      this.clock.setTimeout(() => void this.sessionChanged(event, userId).catch(reportBackgroundError), 0);
    });
    cleanups.push(() => data.subscription.unsubscribe());
    this.kick();
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
    const entries = (await this.db.outbox.orderBy('createdAt').toArray()) as QueuedWrite<unknown>[];
    const heads = new Map<string, { entry: QueuedWrite<unknown>; definition: AnyWriteDefinition }>();
    for (const entry of entries) {
      if (entry.status === 'failed') continue;
      const definition = this.registry.get(entry.kind);
      // A kind whose code has not loaded yet waits without holding up the others.
      if (!definition) continue;
      const queue = `${definition.queue ?? 'writes'}:${entry.userId ?? 'guest'}`;
      if (!heads.has(queue)) heads.set(queue, { entry, definition });
    }
    if (heads.size === 0) return false;
    const sessionUser = await this.sessionUserId();
    const now = this.clock.now();
    const due = [];
    for (const head of heads.values()) {
      // A traveler's writes go out only with their own session.
      if (head.entry.userId !== null && head.entry.userId !== sessionUser) continue;
      if (head.entry.nextAttemptAt <= now) due.push(head);
      else this.wakeAt = Math.min(this.wakeAt ?? Infinity, head.entry.nextAttemptAt);
    }
    if (due.length === 0) return false;
    await Promise.all(due.map(({ entry, definition }) => this.sendOne(entry.id, definition)));
    return true;
  }

  private async sendOne(id: string, definition: AnyWriteDefinition): Promise<void> {
    const entry = await this.claim(id);
    if (!entry) return;
    let error = await this.attempt(definition, entry);
    // An expired access token is not the write's fault: refresh the session and try once more.
    if (error !== null && classifyFailure(error) === 'refresh' && (await this.refreshSession())) {
      error = await this.attempt(definition, entry);
    }
    if (error === null) {
      await this.db.outbox.delete(id);
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

  /** Marks the entry as being sent, unless it is gone, failed, or not due (another tab holds it). */
  private claim(id: string): Promise<QueuedWrite<unknown> | null> {
    return this.db.transaction('rw', this.db.outbox, async () => {
      const current = (await this.db.outbox.get(id)) as QueuedWrite<unknown> | undefined;
      const now = this.clock.now();
      if (!current || current.status === 'failed' || current.nextAttemptAt > now) return null;
      const claimed: QueuedWrite<unknown> = { ...current, status: 'sending', attempts: current.attempts + 1, nextAttemptAt: now + sendLease };
      await this.db.outbox.put(claimed);
      return claimed;
    });
  }

  private async attempt(definition: AnyWriteDefinition, entry: QueuedWrite<unknown>): Promise<unknown> {
    let timer: unknown = null;
    const timeout = new Promise<never>((_, reject) => {
      timer = this.clock.setTimeout(() => reject(new WriteError('The server did not answer in time', 0)), sendTimeout);
    });
    try {
      await Promise.race([definition.send(this.client(), entry), timeout]);
      return null;
    } catch (error) {
      return error ?? new Error('The write failed');
    } finally {
      this.clock.clearTimeout(timer);
    }
  }

  private inFlight(entry: QueuedWrite<unknown>): boolean {
    return entry.status === 'sending' && entry.nextAttemptAt > this.clock.now();
  }

  private async sessionUserId(): Promise<string | null> {
    try {
      const { data } = await this.client().auth.getSession();
      return data.session?.user.id ?? null;
    } catch {
      return null;
    }
  }

  private async refreshSession(): Promise<boolean> {
    try {
      const { data, error } = await this.client().auth.refreshSession();
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
