import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RootErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { routeTree } from '@/routeTree.gen.ts';

/** The app's router; history is the browser's unless given (the server renders one page from memory). */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    // Loaders prefetch into TanStack Query, which owns freshness; the router never caches on its own.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
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
