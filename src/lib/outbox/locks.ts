/**
 * Who may send a queue's writes now. A tab sends a queue only while it holds that queue's lock; the
 * browser's Web Locks die with their tab, so a send cut by a reload, a closed tab or a crash is free
 * to go again at once, while two live tabs never send one write at the same time.
 */
export interface SendLocks {
  /** True when a lock dies with its holder in every tab (Web Locks); false for this tab only. */
  readonly acrossTabs: boolean;
  /** Runs `run` holding the named lock; `held` is false (and run is not called) when another holder has it. */
  tryWith<T>(name: string, run: () => Promise<T>): Promise<{ held: true; value: T } | { held: false }>;
  /** Resolves once nobody holds the named lock (its holder finished, or its tab is gone). */
  whenFree(name: string): Promise<void>;
}

/** The browser's Web Locks, shared by every tab of the origin. */
export function webLocks(locks: LockManager): SendLocks {
  return {
    acrossTabs: true,
    tryWith: (name, run) => locks.request(name, { ifAvailable: true }, async (lock) => (lock ? { held: true as const, value: await run() } : { held: false as const })),
    whenFree: async (name) => {
      await locks.request(name, () => undefined);
    },
  };
}

/**
 * Locks within one page, where Web Locks are missing (an old browser, tests in Node): other tabs are
 * then kept off by the entry's lease instead (engine.ts).
 */
export function pageLocks(): SendLocks {
  const held = new Map<string, Promise<void>>();
  return {
    acrossTabs: false,
    async tryWith(name, run) {
      if (held.has(name)) return { held: false };
      let release!: () => void;
      held.set(name, new Promise<void>((resolve) => (release = resolve)));
      try {
        return { held: true, value: await run() };
      } finally {
        held.delete(name);
        release();
      }
    },
    whenFree: async (name) => {
      await held.get(name);
    },
  };
}

/** Web Locks where the browser has them. */
export function defaultSendLocks(): SendLocks {
  return typeof navigator !== 'undefined' && navigator.locks ? webLocks(navigator.locks) : pageLocks();
}
