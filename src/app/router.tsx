import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RootErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { takeFirstRenderOfServerPage } from '@/lib/hydration.ts';
import { routeTree } from '@/routeTree.gen.ts';

/** The app's router; history is the browser's unless the server gives its own (it renders one page from memory). */
export function createAppRouter(queryClient: QueryClient, serverHistory?: RouterHistory) {
  return createRouter({
    routeTree,
    history: serverHistory,
    context: { queryClient },
    // Loaders prefetch into TanStack Query, which owns freshness; the router never caches on its own.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Restored or reset on every render of a new page, except where a server-rendered page is first
    // hydrated: that one stays where the visitor has scrolled it. Nor does the server's HTML carry the
    // router's inline script that would send a visitor scrolling it back to the top.
    scrollRestoration: serverHistory ? false : () => !takeFirstRenderOfServerPage(),
    notFoundMode: 'root',
    defaultErrorComponent: RootErrorScreen,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
