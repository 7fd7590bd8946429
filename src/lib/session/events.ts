/**
 * Two signals between pieces made at different times (the Supabase client before the session store,
 * both before any React):
 * - 'the server refused to refresh the session', told by the request wrapper (fetch.ts), which sees
 *   every refresh whoever asks for it (auth-js itself, the store, the outbox), to the store;
 * - 'the signed-in session has expired and could not be refreshed', told once per session by the
 *   store (store.ts) to whoever decides where the user goes next (expired.ts).
 */
export interface Signal {
  on(listener: () => void): () => void;
  emit(): void;
}

export function signal(): Signal {
  const listeners = new Set<() => void>();
  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit() {
      for (const listener of [...listeners]) listener();
    },
  };
}

const refreshRefused = signal();
const sessionExpired = signal();

export const onRefreshRefused = refreshRefused.on;
export const reportRefreshRefused = refreshRefused.emit;
export const onSessionExpired = sessionExpired.on;
export const emitSessionExpired = sessionExpired.emit;
