import { hasBackOffice } from './roles.ts';

/** Where a signed-in user goes when no page asked for them: staff to the back office, travelers to their portal. */
export function homeFor(role: string): string {
  return hasBackOffice(role) ? '/admin' : '/traveler';
}

// Going back to a sign-in page after signing in would be a loop.
const authPages = /^\/(auth(\/|$)|login$|register$)/;

/**
 * The ?redirect= target, if it is a path on this site (an open redirect to another origin is never
 * followed: '//evil.example', 'https://…' and '/\evil' are refused). Null when there is none to follow.
 */
export function safeRedirect(value: unknown, origin: string): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin || authPages.test(url.pathname)) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The search params the sign-in pages take: where to go afterwards, and an email to fill in (from an invitation). */
export interface AuthSearch {
  redirect?: string;
  email?: string;
}

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  return {
    ...(typeof search.redirect === 'string' && search.redirect !== '' ? { redirect: search.redirect } : {}),
    ...(typeof search.email === 'string' && search.email.length <= 254 && search.email.includes('@') ? { email: search.email } : {}),
  };
}
