import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadRuntimeConfig, resolveSupabaseUrl } from './runtime-config.ts';
import { reportRefreshRefused } from './session/events.ts';
import { createSessionFetch } from './session/fetch.ts';

let client: SupabaseClient | undefined;

/** Creates the app's one Supabase client from the runtime config; main.tsx awaits this before rendering. */
export async function initSupabase(): Promise<SupabaseClient> {
  if (client) return client;
  const config = await loadRuntimeConfig();
  client = createClient(resolveSupabaseUrl(config, window.location.origin), config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
    // Every REST and storage call: an expired token is refreshed and the call retried once (SPEC.md
    // section 8). Every refresh the server refuses is told to the session store.
    global: { fetch: createSessionFetch((input, init) => fetch(input, init), () => supabase().auth, reportRefreshRefused) },
  });
  return client;
}

/** The app's Supabase client. */
export function supabase(): SupabaseClient {
  if (!client) throw new Error('Supabase is used before initSupabase() finished.');
  return client;
}
