import type { Session, SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { reportRefreshRefused } from './session/events.ts';

let client: Promise<SupabaseClient<Database>> | undefined;
/** Where supabase-js keeps the session on this device, once the client is made. */
let sessionKey: string | undefined;

async function createAppClient(): Promise<SupabaseClient<Database>> {
  // The runtime config and the session's fetch wrapper come with supabase-js, the only one that needs them.
  const [{ createClient }, { createSessionFetch }, { config, url }] = await Promise.all([
    import('@supabase/supabase-js'),
    import('./session/fetch.ts'),
    import('./runtime-config.ts').then(async ({ loadRuntimeConfig, resolveSupabaseUrl }) => {
      const loaded = await loadRuntimeConfig();
      return { config: loaded, url: resolveSupabaseUrl(loaded, window.location.origin) };
    }),
  ]);
  // supabase-js's own default name, given here so storedSession() reads the same one.
  sessionKey = `sb-${new URL(url).hostname.split('.')[0]}-auth-token`;
  const created: SupabaseClient<Database> = createClient<Database>(url, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, storageKey: sessionKey },
    // Every REST and storage call: an expired token is refreshed and the call retried once.
    // Every refresh the server refuses is told to the session store.
    global: { fetch: createSessionFetch((input, init) => fetch(input, init), () => created.auth, reportRefreshRefused) },
  });
  return created;
}

/**
 * The app's one Supabase client, made on first use: supabase-js is loaded then, so a public page
 * paints from its inlined data without it. A failure (no runtime config) is not kept: the next call tries again.
 */
export function getSupabase(): Promise<SupabaseClient<Database>> {
  client ??= createAppClient().catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}

/**
 * Whether supabase-js may hold a session on this device (its 'sb-<project>-auth-token' key), or the
 * address brings one (an emailed sign-in or recovery link): a visitor without either is signed out
 * without loading supabase-js.
 */
export function mayHaveSession(): boolean {
  try {
    if (addressBringsSession()) return true;
    return storedSessionKeys().length > 0;
  } catch {
    return true;
  }
}

/** The keys supabase-js keeps sessions under on this device (one per Supabase project it has used). */
function storedSessionKeys(): string[] {
  return Object.keys(localStorage).filter((key) => /^sb-.+-auth-token$/.test(key));
}

function addressBringsSession(): boolean {
  return /[#&](access_token|error_description)=/.test(window.location.hash);
}

/**
 * The session supabase-js keeps on this device, read as it is stored. auth-js's getSession() first
 * refreshes an expired access token over the network, which with no signal answers only after its
 * retries and with a hanging network never; the device's session is known without it. Before the
 * client is made (supabase-js still loading) it is read from the one key of its kind, so a write
 * queued then is the traveler's at once. Null when none is stored, when the keys of two projects
 * leave it unclear, or when the address brings one (auth-js reads that first).
 */
export function storedSession(): Session | null {
  if (addressBringsSession()) return null;
  try {
    const keys = sessionKey ? [sessionKey] : storedSessionKeys();
    return keys.length === 1 ? parseStoredSession(localStorage.getItem(keys[0])) : null;
  } catch {
    return null;
  }
}

/** A session as supabase-js stores it (JSON), or null for anything else. */
export function parseStoredSession(stored: string | null): Session | null {
  if (!stored) return null;
  try {
    const session = JSON.parse(stored) as Partial<Session> | null;
    return session?.access_token && session.refresh_token && typeof session.expires_at === 'number' && session.user?.id ? (session as Session) : null;
  } catch {
    return null;
  }
}
