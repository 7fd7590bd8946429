import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { RootErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { retryRouteChunks } from '@/lib/chunk-retry.ts';
import { routeTree } from '@/routeTree.gen.ts';

export function createAppRouter(queryClient: QueryClient) {
  // Code-split route chunks retry after 1 s and 2 s, then reload the page (SPEC.md section 4).
  return retryRouteChunks(createRouter({
    routeTree,
    context: { queryClient },
    // Loaders prefetch into TanStack Query, which owns freshness; the router never caches on its own.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    notFoundMode: 'root',
    defaultErrorComponent: RootErrorScreen,
  }));
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
