import { Button } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary.tsx';
import { lazyWithLoad } from '@/lib/lazy.ts';
import { loginHref } from './expired.ts';
import { useSession } from './current.ts';

// The avatar and its menu load only for someone signed in (most who see a public page are not); for
// them, while the session is still being read, so the avatar shows as soon as it is known.
const AccountCorner = lazyWithLoad(() => import('./AccountCorner.tsx'));

/** The header's account corner: 'Sign in' (coming back to this page), or the user's menu. */
export function SessionMenu() {
  const { status, user } = useSession();
  const here = useRouterState({ select: (state) => state.location.href });
  useEffect(() => {
    if (status === 'loading') void AccountCorner.load().catch(() => undefined);
  }, [status]);
  if (status === 'loading') return null;
  if (!user) {
    return (
      <Button component="a" href={loginHref(here)} variant="subtle" radius="xl" data-visitor-only>
        Sign in
      </Button>
    );
  }
  // If its code cannot be fetched the header goes on without it, as the page does.
  return (
    <ErrorBoundary quiet>
      <Suspense fallback={null}>
        <AccountCorner user={user} />
      </Suspense>
    </ErrorBoundary>
  );
}
