import 'fake-indexeddb/auto';
import type { AuthChangeEvent, SupabaseClient } from '@supabase/supabase-js';
import { vi } from 'vitest';
import { LocalDb } from '../../src/lib/local-db.ts';
import type { Clock } from '../../src/lib/outbox/engine.ts';
import type { SendLocks } from '../../src/lib/outbox/locks.ts';

let databases = 0;

/** A fresh device database (fake-indexeddb) per test. */
export function freshDb(): LocalDb {
  databases += 1;
  return new LocalDb(`outbox-test-${databases}-${Math.random().toString(36).slice(2)}`);
}

/** Time under the test's control: timers run only when the test advances the clock. */
export class ManualClock implements Clock {
  time = 1_700_000_000_000;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; run: () => void }>();

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): number {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time forward and runs the timers that fall due, earliest first. */
  advance(ms: number): void {
    this.time += ms;
    const due = [...this.timers.entries()].filter(([, timer]) => timer.at <= this.time).sort((a, b) => a[1].at - b[1].at);
    for (const [id, timer] of due) {
      this.timers.delete(id);
      timer.run();
    }
  }

  /** Delays (from now) of the timers still waiting. */
  pendingDelays(): number[] {
    return [...this.timers.values()].map((timer) => timer.at - this.time).sort((a, b) => a - b);
  }
}

/**
 * The parts of supabase-js the engine itself uses (the session); a kind's send gets this client too,
 * and the tests' kinds talk to their own fake server instead.
 */
export function fakeSupabase(initialUser: string | null = null) {
  let userId = initialUser;
  const listeners: ((event: AuthChangeEvent, session: { user: { id: string } } | null) => void)[] = [];
  const refreshSession = vi.fn(async () => ({ data: { session: userId ? { user: { id: userId } } : null }, error: null as Error | null }));
  const client = {
    auth: {
      getSession: async () => ({ data: { session: userId ? { user: { id: userId } } : null }, error: null }),
      refreshSession,
      onAuthStateChange(listener: (typeof listeners)[number]) {
        listeners.push(listener);
        // As supabase-js does: a new listener is told the session as it stands.
        queueMicrotask(() => listener('INITIAL_SESSION', userId ? { user: { id: userId } } : null));
        return { data: { subscription: { unsubscribe: () => listeners.splice(listeners.indexOf(listener), 1) } } };
      },
    },
  };
  return {
    client: client as unknown as SupabaseClient,
    refreshSession,
    /** Signs a user in or out, telling the listeners as supabase-js does. */
    setUser(id: string | null, event: AuthChangeEvent = id ? 'SIGNED_IN' : 'SIGNED_OUT') {
      userId = id;
      for (const listener of [...listeners]) listener(event, id ? { user: { id } } : null);
    },
  };
}

/**
 * Web Locks as the browser keeps them for one origin: shared by its tabs, and released when the tab
 * holding one goes away (a reload, a closed tab, a crash), even in the middle of its work.
 */
export class OriginLocks {
  private readonly holders = new Map<string, { tab: string; released: Promise<void>; release: () => void }>();

  /** The locks one tab sees; close() ends the tab and frees whatever it held. */
  tab(name: string): SendLocks & { close(): void } {
    const tryWith: SendLocks['tryWith'] = async (lock, run) => {
      if (this.holders.has(lock)) return { held: false };
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const holder = { tab: name, released, release };
      this.holders.set(lock, holder);
      try {
        return { held: true, value: await run() };
      } finally {
        if (this.holders.get(lock) === holder) this.holders.delete(lock);
        release();
      }
    };
    return {
      acrossTabs: true,
      tryWith,
      whenFree: async (lock) => {
        await this.holders.get(lock)?.released;
      },
      close: () => {
        for (const [lock, holder] of [...this.holders]) {
          if (holder.tab !== name) continue;
          this.holders.delete(lock);
          holder.release();
        }
      },
    };
  }
}
