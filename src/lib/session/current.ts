import { useSyncExternalStore } from 'react';
import { refreshMirror } from '../outbox/outbox.ts';
import { getSupabase, mayHaveSession, storedSession } from '../supabase.ts';
import { emitSessionExpired, onRefreshRefused } from './events.ts';
import type { RefreshOutcome, SessionController, SessionState, SessionUser } from './store.ts';

/**
 * The app's one session store, loaded with supabase-js and the device database on first use: once
 * the first page is idle (app/device-sync.ts), or earlier when a page asks for the session. Until it
 * answers, a visitor with no stored session is signed out, so public pages paint without either library.
 */
let controller: SessionController | undefined;
let starting: Promise<SessionController> | undefined;
const listeners = new Set<() => void>();

function tellListeners(): void {
  for (const listener of [...listeners]) listener();
}

const loadingState: SessionState = { status: 'loading', user: null, expiresAt: null };
const visitorState: SessionState = { status: 'signedOut', user: null, expiresAt: null };

async function startSession(): Promise<SessionController> {
  const [{ SessionController }, client, { localDb }] = await Promise.all([import('./store.ts'), getSupabase(), import('../local-db.ts')]);
  const started = new SessionController({
    client: () => client,
    db: localDb,
    storedSession,
    storeProfile: (userId, row, readAt) => refreshMirror('profile', userId, [{ id: userId, userId, row, syncedAt: Date.now() }], readAt),
    onRefreshRefused,
    sessionExpired: emitSessionExpired,
  });
  started.subscribe(tellListeners);
  started.start();
  controller = started;
  tellListeners();
  return started;
}

/** The session store once it runs; the first call starts it. */
export function appSession(): Promise<SessionController> {
  starting ??= startSession().catch((error: unknown) => {
    starting = undefined;
    throw error;
  });
  return starting;
}

export function getSessionState(): SessionState {
  if (controller) {
    const state = controller.getState();
    // A device that holds no session stays a visitor while the store looks: it will find none, and a
    // signed-out control (the wishlist's sign-in prompt) must not flicker to 'loading' and back.
    return state.status === 'loading' && !mayHaveSession() ? visitorState : state;
  }
  if (!mayHaveSession()) return visitorState;
  void appSession().catch(() => undefined);
  return loadingState;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The session for components: { status, user, expiresAt }. A server-rendered page is a signed-out
 * visitor's, and the browser hydrates it as such before it looks at the device's session.
 */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSessionState, () => visitorState);
}

/** Signs out: the user is cleared here and the outbox clears their data from the device (SIGNED_OUT). */
export async function signOut(): Promise<void> {
  await (await appSession()).signOut();
}

/** The refresh action: refreshes only when under 10 minutes remain. */
export async function refreshIfNeeded(): Promise<RefreshOutcome> {
  return (await appSession()).refreshIfNeeded();
}

/** A 401-marked error: the traveler error screen shows 'Please Sign In' for it. */
export function sessionUnauthorized(message = 'Please sign in to see this page.'): Error & { status: 401 } {
  return Object.assign(new Error(message), { status: 401 as const });
}

/** For a route's beforeLoad: resolves with the signed-in user once the session check has answered, or throws a 401-marked error. */
export async function requireSession(): Promise<SessionUser> {
  const { user } = await (await appSession()).check();
  if (!user) throw sessionUnauthorized();
  return user;
}
