/// <reference lib="webworker" />
// The service worker at /sw.js. scripts/build-sw.mjs bundles this file and injects the precache list.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import { cacheKeyForRead, isAnonymousRequest, isAppNavigation, isPublicImage, isPublicRead, isSignedInArea } from './routes.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/**
 * The app shell with no page rendered in it (the server's SHELL_PATH, the runtime config inlined),
 * precached by build-sw: it opens any app route, where a cached page's HTML would show that page first.
 */
const SHELL_URL = '/app-shell.html';
const OFFLINE_URL = '/offline.html';
const DAY = 24 * 60 * 60;

// A new version waits until the page says so (the Refresh button); the first install controls at once,
// so what the first visit reads from now on is cached.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// workbox-build injects the list in place of the one mention of self.__WB_MANIFEST.
const precacheList = self.__WB_MANIFEST;
const precache = new PrecacheController();
precache.addToCacheList(precacheList);
/** Entries with a revision are fetched past the HTTP cache, as Workbox's own install does; hashed ones may come from it. */
const revisioned = new Set(precacheList.flatMap((entry) => (typeof entry !== 'string' && entry.revision ? [new URL(entry.url, self.location.href).href] : [])));

/**
 * Workbox's own install (precacheAndRoute) fetches the list one request at a time (workbox issue
 * 2528: browsers that ran short of memory with hundreds at once): some 400 chunks, a round trip
 * each, kept a first visitor's app from working offline for 44 s over an 80 ms round trip. Six at a
 * time, as many as a browser opens to one server, it takes 16 s, most of it the cache's own writes,
 * which the browser makes one after another (bench:web, offline_ready_ms).
 */
const INSTALL_AT_ONCE = 6;

async function installPrecache(event: ExtendableEvent): Promise<void> {
  const waiting = precache.getURLsToCacheKeys().entries();
  const lane = async () => {
    for (const [url, cacheKey] of waiting) {
      const request = new Request(url, { integrity: precache.getIntegrityForCacheKey(cacheKey), cache: revisioned.has(url) ? 'reload' : 'default', credentials: 'same-origin' });
      await Promise.all(precache.strategy.handleAll({ params: { cacheKey }, request, event }));
    }
  };
  await Promise.all(Array.from({ length: INSTALL_AT_ONCE }, lane));
}

self.addEventListener('install', (event) => event.waitUntil(installPrecache(event)));
// Removes what an earlier version precached and this one does not.
self.addEventListener('activate', (event) => void precache.activate(event));

const pages = new NetworkFirst({
  cacheName: 'pages',
  networkTimeoutSeconds: 4,
  plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 30 * DAY })],
});

const publicData = new StaleWhileRevalidate({
  cacheName: 'public-data',
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY }),
    { cacheKeyWillBeUsed: async ({ request }) => cacheKeyForRead(request) },
  ],
});

const images = new CacheFirst({
  cacheName: 'images',
  plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true })],
});

const fonts = new CacheFirst({
  cacheName: 'fonts',
  plugins: [new CacheableResponsePlugin({ statuses: [0, 200] }), new ExpirationPlugin({ maxEntries: 30, maxAgeSeconds: 365 * DAY })],
});

const runtimeConfig = new NetworkFirst({
  cacheName: 'runtime-config',
  networkTimeoutSeconds: 4,
  plugins: [new CacheableResponsePlugin({ statuses: [200] })],
});

/**
 * Public catalogue reads: stored only when made anonymously (a signed-in request may see rows RLS
 * hides from everyone else); a signed-in reader still gets the public copy when the network fails.
 */
async function handlePublicRead({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
  if (isAnonymousRequest(request)) return publicData.handle({ request, event });
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(await cacheKeyForRead(request), { cacheName: 'public-data', ignoreVary: true });
    if (cached) return cached;
    throw error;
  }
}

// The back office and the portal open in the precached shell at once, signal or not: asking the
// network first would hold a reload with a hanging connection for the page's timeout. A new shell
// comes with a new version of this worker (the Refresh notice).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isSignedInArea(url),
  async ({ request, event }) => (await precache.matchPrecache(SHELL_URL)) ?? pages.handle({ request, event }),
);
// Other navigations: fresh HTML when the network answers, else the copy of that page, else the shell,
// whose router renders any app route from precached chunks.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url),
  async ({ request, event }) => {
    try {
      return await pages.handle({ request, event });
    } catch {
      return (await precache.matchPrecache(SHELL_URL)) ?? (await precache.matchPrecache(OFFLINE_URL)) ?? Response.error();
    }
  },
);
// Anything else opened as a page (API URLs, files): network only, and the offline page when that fails.
registerRoute(({ request, url }) => request.mode === 'navigate' && !isAppNavigation(url), new NetworkOnly());

registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();

registerRoute(({ request, url }) => isPublicRead(request, url), handlePublicRead);
registerRoute(({ url }) => isPublicImage(url), images);
registerRoute(({ request }) => request.destination === 'font', fonts);
registerRoute(({ url }) => url.origin === self.location.origin && url.pathname === '/api/config', runtimeConfig);

setCatchHandler(async ({ request }) => {
  if (request.destination === 'document' || request.mode === 'navigate') return (await precache.matchPrecache(OFFLINE_URL)) ?? Response.error();
  return Response.error();
});

/**
 * What the page read before this worker controlled it (the first visit): the page posts those URLs,
 * with the anonymous headers supabase-js sends, and they go through the same caching as later reads.
 */
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'CACHE_URLS') return;
  const entries = (event.data.payload?.urlsToCache ?? []) as Array<[string, RequestInit?]>;
  const strategyFor = (request: Request, url: URL): Strategy | undefined =>
    isPublicRead(request, url) ? publicData : isPublicImage(url) ? images : undefined;
  const work = entries.map(async ([href, init]) => {
    const request = new Request(href, init);
    const strategy = strategyFor(request, new URL(request.url));
    if (!strategy || (strategy === publicData && !isAnonymousRequest(request))) return;
    await strategy.handle({ request, event }).catch(() => undefined);
  });
  const done = Promise.all(work);
  event.waitUntil(done);
  void done.then(() => event.ports[0]?.postMessage(true));
});
