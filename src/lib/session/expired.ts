import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { notify } from '../notify.ts';
import { onSessionExpired } from './events.ts';
import { isExpiredTokenBody } from './policy.ts';
import { signOut } from './current.ts';

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';

// Pages that need a session; everywhere else an expired session just signs the visitor out.
const signedInArea = /^\/(traveler|admin)(\/|$)/;

export function isPublicPath(pathname: string): boolean {
  return !signedInArea.test(pathname);
}

/** The sign-in page, coming back to `returnTo` (a path with its query) afterwards. */
export function loginHref(returnTo: string): string {
  return `/auth/login?redirect=${encodeURIComponent(returnTo)}`;
}

interface SessionRouter {
  state: { location: { pathname: string; href: string } };
  navigate(options: { href: string; replace?: boolean }): Promise<void> | void;
}

/**
 * Where an expired session that could not be refreshed leaves the user: on public
 * pages signed out where they are (the session store has signed them out); elsewhere on the sign-in
 * page, coming back afterwards. App.tsx binds this to the router once.
 */
export function bindSessionNavigation(router: SessionRouter): () => void {
  return onSessionExpired(() => {
    const { pathname, href } = router.state.location;
    if (isPublicPath(pathname)) return;
    notify.error(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
    void router.navigate({ href: loginHref(href), replace: true });
  });
}

/** True for an error meaning the access token has expired (PGRST301, 'JWT expired'). */
export function isSessionExpiredError(error: unknown): boolean {
  return isExpiredTokenBody(error);
}

/**
 * The hook-level variant: for a component whose request still failed with an expired session. It
 * signs out, says 'Session expired. Please log in again.' and goes to the sign-in page. Called with
 * an error, it acts only when the error is an expired session, and tells whether it did.
 */
export function useSessionExpiredHandler(): (error?: unknown) => Promise<boolean> {
  const router = useRouter();
  return useCallback(
    async (error?: unknown) => {
      if (error !== undefined && !isSessionExpiredError(error)) return false;
      const returnTo = router.state.location.href;
      await signOut();
      notify.error(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
      await router.navigate({ href: loginHref(returnTo), replace: true });
      return true;
    },
    [router],
  );
}
