import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { preloadErrorScreens, PublicErrorScreen, RootErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { brandingQuery } from '@/features/branding/api.ts';
import { afterPageIdle } from '@/lib/idle.ts';
import { IdleChat } from './-components/IdleChat.tsx';
import { PublicShell } from './-components/PublicShell.tsx';

export interface RouterContext {
  queryClient: QueryClient;
  /**
   * In the browser, on a page that started with the public routes only (src/app/router.tsx): loads
   * the back office's and the portal's routes when pathname needs them; undefined when it does not.
   */
  learnRoutesFor?: (pathname: string) => Promise<void> | undefined;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location }) => {
    void context.queryClient.prefetchQuery(brandingQuery());
    // Matched without the routes it needs: once they are learned, the same address is matched again.
    const learning = context.learnRoutesFor?.(location.pathname);
    if (learning)
      return learning.then(() => {
        throw redirect({ href: location.href, replace: true });
      });
  },
  component: RootLayout,
  errorComponent: RootErrorScreen,
  notFoundComponent: () => (
    <PublicShell>
      <PublicErrorScreen kind="notFound" />
    </PublicShell>
  ),
});

/** Every page, and the chat widget over it once the page is idle; the error pages are fetched then too. */
function RootLayout() {
  useEffect(() => afterPageIdle(preloadErrorScreens), []);
  return (
    <>
      <Outlet />
      <IdleChat />
    </>
  );
}
