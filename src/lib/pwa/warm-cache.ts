import { loadRuntimeConfig, resolveSupabaseUrl } from '@/lib/runtime-config.ts';

type CacheEntry = [string, RequestInit?];

/**
 * What the first visit read before the service worker controlled the page: catalogue reads and
 * public pictures. The worker keeps only what its own rules cache (public tables, public storage);
 * reads are replayed as the anonymous visitor, in both shapes supabase-js asks for (list and single
 * object), because the browser's timing entries do not record request headers.
 */
export async function publicResourcesToCache(resourceUrls: string[]): Promise<CacheEntry[]> {
  const config = await loadRuntimeConfig().catch(() => undefined);
  const restBase = config ? `${resolveSupabaseUrl(config, window.location.origin)}/rest/v1/` : undefined;
  const entries: CacheEntry[] = [];
  for (const href of new Set(resourceUrls)) {
    const url = new URL(href, window.location.origin);
    if (config && restBase && url.href.startsWith(restBase)) {
      const headers = { apikey: config.supabaseAnonKey, authorization: `Bearer ${config.supabaseAnonKey}` };
      entries.push([url.href, { headers }], [url.href, { headers: { ...headers, accept: 'application/vnd.pgrst.object+json' } }]);
    } else if (url.pathname.startsWith('/storage/v1/object/public/')) {
      entries.push([url.href]);
    }
  }
  return entries;
}

/** Sends those reads to the newly installed worker (its CACHE_URLS message). */
export async function warmPublicCaches(send: (message: { type: string; payload: unknown }) => Promise<unknown>): Promise<void> {
  const resourceUrls = performance.getEntriesByType('resource').map((entry) => entry.name);
  const urlsToCache = await publicResourcesToCache(resourceUrls);
  if (urlsToCache.length > 0) await send({ type: 'CACHE_URLS', payload: { urlsToCache } });
}
