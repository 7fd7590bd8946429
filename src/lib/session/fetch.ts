import type { SupabaseClient } from '@supabase/supabase-js';
import { isExpiredTokenBody, isRefusedRefresh } from './policy.ts';

type Auth = Pick<SupabaseClient['auth'], 'getSession' | 'refreshSession'>;

/** The services whose answers say 'JWT expired' (PostgREST and Storage); auth requests are never retried here. */
const dataPath = /\/(rest|storage)\/v1\//;
const tokenPath = /\/auth\/v1\/token$/;

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

function isRefreshGrant(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const url = new URL(urlOf(input), 'http://local');
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  return method.toUpperCase() === 'POST' && tokenPath.test(url.pathname) && url.searchParams.get('grant_type') === 'refresh_token';
}

function headersOf(input: RequestInfo | URL, init: RequestInit | undefined): Headers {
  const headers = new Headers(input instanceof Request ? input.headers : undefined);
  new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
  return headers;
}

async function saysTokenExpired(response: Response): Promise<boolean> {
  // PostgREST answers 401; Supabase Storage 400/401/403 with 'jwt expired' in its message.
  if (![400, 401, 403].includes(response.status)) return false;
  try {
    return isExpiredTokenBody(await response.clone().json());
  } catch {
    return false;
  }
}

/**
 * Wraps the Supabase client's fetch (createClient's global.fetch). Two jobs:
 * - Every refresh of the session passes here, whoever asks for it (auth-js on its own, the session
 *   store, the outbox): when the server refuses one, `onRefused` is told, so the session store signs
 *   out and says the session expired however the refusal was met. A refresh that cannot reach the
 *   server (offline, 5xx) is not a refusal.
 * - A REST or storage request refused with PGRST301 / 'JWT expired' refreshes the session and is sent
 *   once more with the new token. If the refresh fails, the answer is returned as
 *   it is.
 */
export function createSessionFetch(baseFetch: typeof fetch, auth: () => Auth, onRefused: () => void): typeof fetch {
  // Requests that fail together with the same token share one refresh.
  const refreshing = new Map<string, Promise<string | null>>();

  async function refreshedToken(expiredToken: string): Promise<string | null> {
    const { data } = await auth().getSession();
    const current = data.session?.access_token;
    // Another request (or tab) refreshed already: use its token.
    if (current && current !== expiredToken) return current;
    const { data: refreshed } = await auth().refreshSession();
    return refreshed.session?.access_token ?? null;
  }

  return async (input, init) => {
    if (isRefreshGrant(input, init)) {
      const answer = await baseFetch(input, init);
      if (isRefusedRefresh(answer.status)) onRefused();
      return answer;
    }
    const headers = headersOf(input, init);
    const token = headers.get('authorization')?.match(/^bearer\s+(.+)$/i)?.[1];
    // Only a signed-in user's token can expire; requests made with the anon key go straight through.
    if (!dataPath.test(urlOf(input)) || !token || token === headers.get('apikey')) return baseFetch(input, init);

    const again = input instanceof Request ? input.clone() : input;
    const response = await baseFetch(input, init);
    if (!(await saysTokenExpired(response))) return response;

    let pending = refreshing.get(token);
    if (!pending) {
      pending = refreshedToken(token).catch(() => null).finally(() => refreshing.delete(token));
      refreshing.set(token, pending);
    }
    const fresh = await pending;
    if (!fresh || fresh === token) return response;
    headers.set('authorization', `Bearer ${fresh}`);
    return baseFetch(again, { ...init, headers });
  };
}
