// The server's renderer of public pages (built by scripts/build.mjs into dist-server/ssr/): the same
// app as main.tsx, over one request's router and query client, rendered to the HTML of #root.
import { AsyncLocalStorage } from 'node:async_hooks';
import { onlineManager } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { readPageDataFrom } from '@/lib/page-data.ts';
import type { PageDataDocument } from '@shared/page-data.ts';
import type { RenderedPage } from '@shared/rendered-page.ts';
import { App } from './app/App.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { routeTree } from './routeTree.gen.ts';

// Requests render at the same time: each reads its own page data, which the browser then reads from the HTML.
const requestPageData = new AsyncLocalStorage<PageDataDocument>();
readPageDataFrom(() => requestPageData.getStore() ?? null);
// The server never reads over the network: a query the page data does not answer stays paused, and
// its section renders what the browser shows while that read is on its way.
onlineManager.setOnline(false);

/** Every route's code-split parts, loaded once when the server starts: no page's first render waits for them. */
export async function loadRouteChunks(): Promise<void> {
  const router = createAppRouter(createQueryClient(), routeTree, { history: createMemoryHistory() });
  await Promise.all(Object.values(router.routesById).map((route) => router.loadRouteChunk(route)));
}

/**
 * The HTML of #root for url (path and query), from what that page's reads returned (page-data.ts);
 * null for an address the app rewrites before showing a page (a booking email's ?reference= becomes
 * ?booking=, a redirect): the router renders nothing for it here, and the browser would hydrate that
 * emptiness against the page it shows, so it goes out as the plain shell.
 */
export function renderPage(url: string, pageData: PageDataDocument): Promise<RenderedPage | null> {
  return requestPageData.run(pageData, async () => {
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient, routeTree, { history: createMemoryHistory({ initialEntries: [url] }) });
    await router.load();
    if (router.state.matches.length === 0) {
      queryClient.clear();
      return null;
    }
    try {
      const html = renderToString(
        <StrictMode>
          <App router={router} queryClient={queryClient} />
        </StrictMode>,
      );
      return { html, routeIds: router.state.matches.map((match) => match.routeId) };
    } finally {
      queryClient.clear();
    }
  });
}
