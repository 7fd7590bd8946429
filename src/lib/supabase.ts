import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { reportRefreshRefused } from './session/events.ts';

let client: Promise<SupabaseClient<Database>> | undefined;

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
  const created: SupabaseClient<Database> = createClient<Database>(url, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    // Every REST and storage call: an expired token is refreshed and the call retried once (SPEC.md
    // section 8). Every refresh the server refuses is told to the session store.
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
    if (/[#&](access_token|error_description)=/.test(window.location.hash)) return true;
    return Object.keys(localStorage).some((key) => /^sb-.+-auth-token$/.test(key));
  } catch {
    return true;
  }
}
