/** A value React reads with useSyncExternalStore and plain code updates (the service worker's events). */
export interface Store<T> {
  get: () => T;
  /** The value before any event: what a server-rendered page shows, so hydration starts from it too. */
  initial: () => T;
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    initial: () => initial,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
