import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types.ts';
import type { LocalDb, OutboxEntry } from '../local-db.ts';

/** The device mirrors a write may change optimistically. */
export type MirrorTable = 'bookings' | 'wishlist' | 'preferences' | 'profile' | 'fieldTrips';

/** An outbox entry as a write's handler sees it. */
export interface QueuedWrite<P> extends OutboxEntry {
  payload: P;
  /** What apply() returned, kept so a discard can put the mirror back. Not indexed: no schema change. */
  undo?: unknown;
}

/**
 * How one kind of write is applied on the device and sent to the server. apply and revert run inside
 * the Dexie transaction that records or drops the entry, over the tables named in `mirrors` only, and
 * apply must be idempotent: it is replayed over fresh server rows while the write is still waiting.
 */
export interface WriteDefinition<P, U = unknown> {
  kind: string;
  mirrors?: MirrorTable[];
  /**
   * Writes of one queue and one user are sent one at a time, oldest first, so their order holds.
   * The default queue holds the traveler's own data; independent streams (analytics) get their own.
   */
  queue?: string;
  /** Refuses the write when nobody is signed in (a wishlist needs an owner; a newsletter does not). */
  requiresUser?: boolean;
  /** Background writes (analytics) are not shown to the user and are dropped instead of failing. */
  silent?: boolean;
  /** At most this many entries of the kind wait on the device; the oldest go first. */
  maxQueued?: number;
  /** A short line for the status popover, e.g. 'Add a tour to your wishlist'. */
  describe(payload: P): string;
  /** What a waiting write of this kind means for the user, e.g. 'Not yet confirmed – will be sent when you are back online'. */
  describeWaiting?(payload: P): string;
  apply?(db: LocalDb, payload: P, userId: string | null): Promise<U | undefined>;
  revert?(db: LocalDb, payload: P, userId: string | null, undo: U | undefined): Promise<void>;
  /** Sends the write; throws (see errors.ts) when the server did not take it. Sending twice must change the server once. */
  send(client: SupabaseClient<Database>, entry: QueuedWrite<P>): Promise<void>;
}

// Definitions are stored with their payload type erased; the kind string ties entries to them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- payload types erased on purpose, see above
export type AnyWriteDefinition = WriteDefinition<any, any>;

/** The kinds of write an engine knows. Engines re-check their queue when a kind arrives late (a lazy chunk). */
export class WriteRegistry {
  private readonly kinds = new Map<string, AnyWriteDefinition>();
  private readonly listeners = new Set<(kind: string) => void>();

  define<P, U = unknown>(definition: WriteDefinition<P, U>): WriteDefinition<P, U> {
    const known = this.kinds.get(definition.kind);
    if (known && known !== definition) throw new Error(`The outbox write '${definition.kind}' is defined twice.`);
    if (!known) {
      this.kinds.set(definition.kind, definition);
      for (const listener of this.listeners) listener(definition.kind);
    }
    return definition;
  }

  get(kind: string): AnyWriteDefinition | undefined {
    return this.kinds.get(kind);
  }

  onDefine(listener: (kind: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The app's kinds of write; features define theirs with defineWrite. */
export const writeRegistry = new WriteRegistry();

export function defineWrite<P, U = unknown>(definition: WriteDefinition<P, U>): WriteDefinition<P, U> {
  return writeRegistry.define(definition);
}
