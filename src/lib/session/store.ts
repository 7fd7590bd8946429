import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { liveQuery, type Subscription } from 'dexie';
import type { LocalDb } from '../local-db.ts';
import { DEFAULT_SESSION_TIMINGS, refreshFailure, shouldRefresh, type SessionTimings } from './policy.ts';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

/** The public.users row of the signed-in user. */
export interface SessionProfile {
  id: string;
  full_name: string | null;
  avatar_url: string | null;
  phone: string | null;
  country: string | null;
  preferences: Record<string, unknown> | null;
  role: string | null;
  [column: string]: unknown;
}

/** The session user. */
export interface SessionUser {
  id: string;
  email: string;
  /** 'traveler' when the profile has none. */
  role: string;
  profile: SessionProfile | null;
}

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** When the access token expires (seconds since epoch), while signed in. */
  expiresAt: number | null;
}

/** What a refresh decision came to. */
export type RefreshOutcome = 'notNeeded' | 'refreshed' | 'signedOut' | 'unreachable';

export interface SessionClock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  /** Runs fn after the auth callback returns (supabase-js must not be called from inside it). */
  defer(fn: () => void): void;
}

const systemClock: SessionClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
  defer: (fn) => void setTimeout(fn, 0),
};

export interface SessionDeps {
  client: () => SupabaseClient;
  db: LocalDb;
  /**
   * The session the device holds as supabase-js stored it, read at once (supabase.ts storedSession):
   * null when there is none, or when auth-js must read it first.
   */
  storedSession(): Session | null;
  /** Stores the profile row fetched from the server (the read began at readAt) in the device mirror. */
  storeProfile(userId: string, row: SessionProfile, readAt: number): Promise<void>;
  /** Subscribes to the request wrapper's 'the server refused a refresh' (events.ts); returns the unsubscribe. */
  onRefreshRefused(listener: () => void): () => void;
  /** Told once when the signed-in session has ended because the server refused to refresh it. */
  sessionExpired(): void;
  clock?: SessionClock;
  timings?: SessionTimings;
}

const signedOutState: SessionState = { status: 'signedOut', user: null, expiresAt: null };

function sessionUser(session: Session, profile: SessionProfile | null): SessionUser {
  return { id: session.user.id, email: session.user.email ?? '', role: profile?.role ?? 'traveler', profile };
}

/**
 * The session: signed out becomes signed in on login or a
 * successful session check; signing out clears the user; a refresh refused by the server, or
 * 'No active session', signs out. The monitor and the refresh service renew the token before it
 * runs out. State follows supabase-js's auth events, which other tabs' sign-ins and sign-outs raise
 * too (it listens to the storage event), so every tab agrees.
 *
 * A refresh the server refuses while the user is signed in, whoever asked for it (this store, the
 * request wrapper, auth-js on its own), ends the session with `sessionExpired` told once, so the
 * user meets the same 'Session expired' however the refusal was met. A sign-out the user asked for
 * never does; a refresh that cannot reach the server never signs out.
 */
export class SessionController {
  private state: SessionState = { status: 'loading', user: null, expiresAt: null };
  private readonly listeners = new Set<() => void>();
  private readonly clock: SessionClock;
  private readonly timings: SessionTimings;
  private profileWatch: Subscription | null = null;
  private profile: SessionProfile | null = null;
  private session: Session | null = null;
  private refreshing: Promise<RefreshOutcome> | null = null;
  /** A sign-out the user asked for, while it runs: refusals it causes are not an expiry. */
  private leaving: Promise<void> | null = null;
  /** The sign-out of a session whose refresh was refused, while it runs; callers at the same moment share it. */
  private expiring: Promise<void> | null = null;
  private settled!: () => void;
  /** Resolves once the first session check has answered. */
  readonly ready = new Promise<void>((resolve) => {
    this.settled = resolve;
  });

  constructor(private readonly deps: SessionDeps) {
    this.clock = deps.clock ?? systemClock;
    this.timings = deps.timings ?? DEFAULT_SESSION_TIMINGS;
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  start(): () => void {
    const auth = this.deps.client().auth;
    const { data } = auth.onAuthStateChange((_event, session) => {
      this.clock.defer(() => this.follow(session));
    });
    const stopRefusals = this.deps.onRefreshRefused(() => void this.expire());
    // Signed in as the session stored on the device says, at once: auth-js answers only once it has
    // refreshed an expired token, which with no signal takes its retries and with a hanging network
    // never comes.
    const stored = this.deps.storedSession();
    if (stored) this.follow(stored);
    auth
      .getSession()
      .then(({ data: current, error }) => {
        // The server could not be reached to refresh it: the device's session stands until it can.
        if (!current.session && this.session && error && refreshFailure(error) === 'unreachable') return;
        this.follow(current.session);
      })
      .catch(() => this.follow(null));
    const monitor = this.clock.setInterval(() => void this.refreshIfNeeded(this.timings.monitorThresholdMs), this.timings.monitorIntervalMs);
    const service = this.clock.setInterval(() => void this.refreshIfNeeded(this.timings.serviceThresholdMs), this.timings.serviceIntervalMs);
    return () => {
      data.subscription.unsubscribe();
      stopRefusals();
      this.clock.clearInterval(monitor);
      this.clock.clearInterval(service);
      this.watchProfile(null);
    };
  }

  /**
   * Refreshes the session when less than `thresholdMs` is left (by default the refresh action's 10
   * minutes). One refresh at a time; callers at the same moment share it.
   */
  refreshIfNeeded(thresholdMs: number = this.timings.actionThresholdMs): Promise<RefreshOutcome> {
    if (!this.session || !shouldRefresh(this.session.expires_at, this.clock.now(), thresholdMs)) {
      return Promise.resolve('notNeeded');
    }
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /**
   * A session check: reads the stored session now rather than waiting for its auth event (which
   * arrives a tick later), so a page entered right after signing in sees the user. The device's
   * copy answers without the network; auth-js only when there is none (or the address brings one).
   */
  async check(): Promise<SessionState> {
    await this.ready;
    const current = this.deps.storedSession() ?? (await this.deps.client().auth.getSession()).data.session;
    if (current?.access_token !== this.session?.access_token) this.follow(current);
    return this.state;
  }

  /** Signs out of this device even when the server cannot be reached. */
  signOut(): Promise<void> {
    this.leaving ??= this.leave().finally(() => {
      this.leaving = null;
    });
    return this.leaving;
  }

  private async leave(): Promise<void> {
    const auth = this.deps.client().auth;
    const { error } = await auth.signOut();
    if (error) await auth.signOut({ scope: 'local' });
    // Now rather than at the SIGNED_OUT event a tick later, so a refusal arriving late finds no session.
    this.follow(null);
  }

  private async refresh(): Promise<RefreshOutcome> {
    const auth = this.deps.client().auth;
    const { data, error } = await auth.refreshSession();
    if (data.session) {
      this.follow(data.session);
      return 'refreshed';
    }
    switch (refreshFailure(error)) {
      case 'unreachable':
        // Keep the session (the portal works offline) and try again later.
        return 'unreachable';
      case 'discarded': {
        const { data: stored } = await auth.getSession();
        this.follow(stored.session);
        return stored.session ? 'refreshed' : 'signedOut';
      }
      case 'noSession':
        await auth.signOut({ scope: 'local' });
        this.follow(null);
        return 'signedOut';
      case 'refused':
        await this.expire();
        return 'signedOut';
    }
  }

  /**
   * The server refused to refresh the session: signed out here, and the user told
   * once per session. Several paths meeting the same refusal find the session already gone.
   */
  private expire(): Promise<void> {
    if (!this.expiring && this.session && !this.leaving) {
      this.follow(null);
      this.expiring = this.endExpired().finally(() => {
        this.expiring = null;
      });
    }
    return this.expiring ?? Promise.resolve();
  }

  private async endExpired(): Promise<void> {
    try {
      await this.deps.client().auth.signOut({ scope: 'local' });
    } finally {
      this.deps.sessionExpired();
    }
  }

  private follow(session: Session | null): void {
    this.session = session;
    if (!session) {
      this.watchProfile(null);
      this.set(signedOutState);
      return;
    }
    const sameUser = this.state.user?.id === session.user.id;
    if (!sameUser) {
      this.profile = null;
      this.watchProfile(session.user.id);
    }
    this.set({ status: 'signedIn', user: sessionUser(session, this.profile), expiresAt: session.expires_at ?? null });
  }

  /** The profile comes from the device mirror (so it shows offline and follows edits), refreshed from the server. */
  private watchProfile(userId: string | null): void {
    this.profileWatch?.unsubscribe();
    this.profileWatch = null;
    if (!userId) return;
    this.profileWatch = liveQuery(() => this.deps.db.profile.get(userId)).subscribe({
      next: (mirror) => {
        if (this.session?.user.id !== userId) return;
        this.profile = (mirror?.row as SessionProfile | undefined) ?? this.profile;
        this.set({ ...this.state, user: sessionUser(this.session, this.profile) });
      },
    });
    void this.loadProfile(userId);
  }

  private async loadProfile(userId: string): Promise<void> {
    try {
      const readAt = Date.now();
      const { data } = await this.deps.client().from('users').select('*').eq('id', userId).maybeSingle<SessionProfile>();
      // Signed out (or someone else signed in) meanwhile: nothing of theirs is written to the device.
      if (!data || this.session?.user.id !== userId) return;
      // Shown through the mirror (watchProfile), where edits still waiting are replayed over it.
      await this.deps.storeProfile(userId, data, readAt);
    } catch {
      // Offline: the mirror keeps what it had.
    }
  }

  private set(next: SessionState): void {
    this.state = next;
    if (next.status !== 'loading') this.settled();
    for (const listener of [...this.listeners]) listener();
  }
}
