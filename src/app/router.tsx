import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RootErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { retryRouteChunks } from '@/lib/chunk-retry.ts';
import { takeFirstRenderOfServerPage } from '@/lib/hydration.ts';
import type { routeTree as everyRoute } from '@/routeTree.gen.ts';
import { routeTree as publicRoutes } from '@/routeTree.public.gen.ts';

/** Every route of the app: the public site, the traveler portal and the back office. */
export type AppRouteTree = typeof everyRoute;

/**
 * The back office and the traveler portal: the paths whose routes only the whole tree has (the
 * folders vite.config.ts leaves out of the public tree).
 */
const isBackOfficePath = (pathname: string) => /^\/(admin|traveler)(\/|$)/.test(pathname);

const loadEveryRoute = () => import('@/routeTree.gen.ts').then((module) => module.routeTree);

/**
 * The app's router over routeTree; history is the browser's unless the server gives its own (it
 * renders one page from memory). learnRoutesFor: see createBrowserRouter.
 */
export function createAppRouter(
  queryClient: QueryClient,
  routeTree: AppRouteTree,
  options: { history?: RouterHistory; learnRoutesFor?: (pathname: string) => Promise<void> | undefined } = {},
) {
  return createRouter({
    routeTree,
    history: options.history,
    context: { queryClient, learnRoutesFor: options.learnRoutesFor },
    // Loaders prefetch into TanStack Query, which owns freshness; the router never caches on its own.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Restored or reset on every render of a new page, except where a server-rendered page is first
    // hydrated: that one stays where the visitor has scrolled it. Nor does the server's HTML carry the
    // router's inline script that would send a visitor scrolling it back to the top.
    scrollRestoration: options.history ? false : () => !takeFirstRenderOfServerPage(),
    notFoundMode: 'root',
    defaultErrorComponent: RootErrorScreen,
  });
}

/**
 * The browser's router. A page of the public site starts with the public routes only
 * (src/routeTree.public.gen.ts): every route's definition is in the entry chunk, and the back
 * office's hundred were 7 KB gzip of each public page. On the way to the back office or the portal
 * (a link, a redirect after signing in, the back button), the root route's beforeLoad asks
 * learnRoutesFor, which loads the whole tree once, and the router matches that address again. A page
 * that starts in the back office or the portal loads the whole tree first. Code-split route
 * components get their retries either way (chunk-retry.ts).
 */
export async function createBrowserRouter(queryClient: QueryClient) {
  if (isBackOfficePath(window.location.pathname)) return retryRouteChunks(createAppRouter(queryClient, await loadEveryRoute()));
  let learning: Promise<void> | undefined;
  let learned = false;
  const router = createAppRouter(queryClient, publicRoutes as unknown as AppRouteTree, {
    learnRoutesFor: (pathname) => {
      if (learned || !isBackOfficePath(pathname)) return undefined;
      // Both generated trees hang their routes on the same root route: the whole tree's module,
      // once run, has given the root every route, and the router reads its tree again.
      learning ??= loadEveryRoute().then(() => {
        router.setRoutes(router.buildRouteTree());
        retryRouteChunks(router);
        learned = true;
      });
      return learning;
    },
  });
  return retryRouteChunks(router);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
