import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { preloadErrorScreens, PublicErrorScreen, RootErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { brandingQuery } from '@/features/branding/api.ts';
import { afterPageIdle } from '@/lib/idle.ts';
import { IdleChat } from './-components/IdleChat.tsx';
import { PublicShell } from './-components/PublicShell.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context }) => {
    void context.queryClient.prefetchQuery(brandingQuery());
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
