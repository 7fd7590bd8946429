import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from './supabase.ts';

/**
 * A call to this site's own server (/api/...), as the signed-in user when there is one: the server
 * verifies the token itself. A body is sent as JSON. The outbox passes its own client; screens use
 * the app's.
 */
export async function callServer(path: string, init: { method?: 'GET' | 'POST' | 'DELETE'; body?: unknown; client?: SupabaseClient } = {}): Promise<Response> {
  const { data } = await (init.client ?? (await getSupabase())).auth.getSession();
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (data.session) headers.authorization = `Bearer ${data.session.access_token}`;
  return fetch(path, { method: init.method ?? 'GET', headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

/**
 * The server's JSON answer, or null when it sent none (a proxy's error page, a dropped connection).
 * A refusal is read from it with apiErrorOf (shared/api-errors.ts).
 */
export async function serverAnswer<T>(response: Response): Promise<T | null> {
  return (await response.json().catch(() => null)) as T | null;
}
