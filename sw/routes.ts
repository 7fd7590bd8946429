/** Which requests the service worker caches, and under which key: pure, so unit tests can check them. */

/** Catalogue tables every visitor may read; their rows are what a traveler browses offline. */
export const PUBLIC_TABLES = new Set([
  'tours',
  'destinations',
  'categories',
  'tour_itinerary',
  'tour_departures',
  'tour_destinations',
  'experiences',
  'heroes',
  'branding_settings',
  'reviews',
  'public_profiles',
  'tour_experiences',
  'activities',
  'content_pages',
  'blog_posts',
  'blog_categories',
  'blog_tags',
  'blog_post_tags',
  'team_members',
  'partner_logos',
  // Exchange rates, so prices keep their approximation in the traveler's currency offline.
  'currency_rates',
]);

/** Paths the server answers itself; everything else is an app route the shell renders. */
const SERVER_PREFIXES = ['/api/', '/auth/v1/', '/rest/', '/storage/'];

/** A GET of a public catalogue table through PostgREST (any origin: a hosted Supabase project too). */
export function isPublicRead(request: Request, url: URL): boolean {
  if (request.method !== 'GET') return false;
  const match = /^\/rest\/v1\/([a-z_][a-z0-9_]*)$/.exec(url.pathname);
  return !!match && PUBLIC_TABLES.has(match[1]);
}

/** Objects in public storage buckets: tour and destination pictures, logos. */
export function isPublicImage(url: URL): boolean {
  return url.pathname.startsWith('/storage/v1/object/public/');
}

/** A page of the app (not an API path or a file such as /sitemap.xml or /brochure.pdf). */
export function isAppNavigation(url: URL): boolean {
  if (SERVER_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return false;
  const lastSegment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]{1,8}$/i.test(lastSegment);
}

/**
 * The signed-in areas, the back office and the traveler portal (those of src/lib/session/expired.ts):
 * the server never renders them (it sends the plain shell), and the browser renders them from the
 * device's session and database.
 */
export function isSignedInArea(url: URL): boolean {
  return /^\/(admin|traveler)(\/|$)/.test(url.pathname);
}

function jwtRole(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const role = (JSON.parse(json) as { role?: unknown }).role;
    return typeof role === 'string' ? role : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when the request carries no user: supabase-js sends the anon key as the bearer token while
 * signed out and the user's access token once signed in.
 */
export function isAnonymousRequest(request: Request): boolean {
  const authorization = request.headers.get('authorization');
  if (!authorization) return true;
  const token = /^Bearer\s+(.+)$/i.exec(authorization)?.[1];
  return !!token && jwtRole(token) === 'anon';
}

/**
 * The cache key of a catalogue read: its URL, plus the single-object marker, because `.single()`
 * asks the same URL for an object instead of an array.
 */
export async function cacheKeyForRead(request: Request): Promise<string> {
  const single = (request.headers.get('accept') ?? '').includes('application/vnd.pgrst.object');
  if (!single) return request.url;
  const url = new URL(request.url);
  url.searchParams.set('__pgrst', 'object');
  return url.href;
}
