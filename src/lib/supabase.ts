import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadRuntimeConfig, resolveSupabaseUrl } from './runtime-config.ts';

let client: SupabaseClient | undefined;

/** Creates the app's one Supabase client from the runtime config; main.tsx awaits this before rendering. */
export async function initSupabase(): Promise<SupabaseClient> {
  if (client) return client;
  const config = await loadRuntimeConfig();
  client = createClient(resolveSupabaseUrl(config, window.location.origin), config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
  return client;
}

/** The app's Supabase client. */
export function supabase(): SupabaseClient {
  if (!client) throw new Error('Supabase is used before initSupabase() finished.');
  return client;
}
