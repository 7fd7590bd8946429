// Which page of the app a path is, decided without the database: pure, so unit tests cover it.

/** The fixed pages of the public site, by their one path segment. */
export const STATIC_PAGES = {
  about: 'About Us',
  tours: 'Safari Tours',
  destinations: 'Destinations',
  experiences: 'Experiences',
  blog: 'Blog',
  contact: 'Contact Us',
  search: 'Search',
  'start-planning': 'Start Planning',
  'thank-you': 'Thank You',
} as const;

export type StaticPage = keyof typeof STATIC_PAGES;

export type Route =
  | { kind: 'home' }
  | { kind: 'static'; page: StaticPage }
  | { kind: 'tour'; slug: string }
  | { kind: 'booking'; slug: string }
  | { kind: 'destination'; slug: string }
  | { kind: 'experience'; slug: string }
  | { kind: 'post'; slug: string }
  | { kind: 'blog-category'; slug: string }
  | { kind: 'blog-tag'; slug: string }
  | { kind: 'content'; slug: string }
  /** Portal, back office and sign-in pages: the app decides what they show; never indexed. */
  | { kind: 'app'; title: string }
  | { kind: 'not-found' };

/** Slugs as the schema allows them (lowercase words joined by single hyphens). */
const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const authTitles: Record<string, string> = {
  login: 'Sign In',
  register: 'Create Account',
  'forgot-password': 'Reset Password',
};

/** Routes of the app that are not public pages: sign-in helpers the spec lists at the top level. */
const accountPaths = new Set(['admin-access', 'auth-fix', 'user-role-debug']);

function isStaticPage(segment: string): segment is StaticPage {
  return Object.hasOwn(STATIC_PAGES, segment);
}

/** The path without its trailing slash ('/' stays '/'). */
export function normalizePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** The page a request path names; not-found for anything the app has no route for. */
export function matchRoute(path: string): Route {
  let segments: string[];
  try {
    segments = normalizePath(path).split('/').slice(1).map(decodeURIComponent);
  } catch {
    return { kind: 'not-found' };
  }
  if (segments.length === 1 && segments[0] === '') return { kind: 'home' };
  const [first, second, third] = segments;

  if (first === 'traveler') return { kind: 'app', title: 'My Account' };
  if (first === 'admin') return { kind: 'app', title: 'Admin' };
  if (first === 'auth') return { kind: 'app', title: authTitles[second] ?? 'Account' };
  if (segments.length === 1 && (first === 'login' || first === 'register')) return { kind: 'app', title: authTitles[first] };
  if (segments.length === 1 && accountPaths.has(first)) return { kind: 'app', title: 'Account' };
  // A client's quote: private to whoever holds its link, so never indexed.
  if (segments.length === 2 && first === 'quote' && /^[0-9a-f]{64}$/.test(second)) return { kind: 'app', title: 'Your Quote' };

  const slug = (value: string | undefined, route: (slug: string) => Route): Route =>
    value !== undefined && slugPattern.test(value) ? route(value) : { kind: 'not-found' };

  if (segments.length === 1) {
    if (isStaticPage(first)) return { kind: 'static', page: first };
    return slug(first, (s) => ({ kind: 'content', slug: s }));
  }
  if (segments.length === 2) {
    if (first === 'tours') return slug(second, (s) => ({ kind: 'tour', slug: s }));
    if (first === 'book-tour') return slug(second, (s) => ({ kind: 'booking', slug: s }));
    if (first === 'destinations') return slug(second, (s) => ({ kind: 'destination', slug: s }));
    if (first === 'experiences') return slug(second, (s) => ({ kind: 'experience', slug: s }));
    if (first === 'blog') return slug(second, (s) => ({ kind: 'post', slug: s }));
  }
  if (segments.length === 3) {
    if (first === 'tours' && third === 'book') return slug(second, (s) => ({ kind: 'booking', slug: s }));
    if (first === 'blog' && second === 'category') return slug(third, (s) => ({ kind: 'blog-category', slug: s }));
    if (first === 'blog' && second === 'tag') return slug(third, (s) => ({ kind: 'blog-tag', slug: s }));
  }
  return { kind: 'not-found' };
}
