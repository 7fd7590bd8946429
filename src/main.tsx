import '@fontsource/dm-sans/400.css';
import '@fontsource/dm-sans/500.css';
import '@fontsource/dm-sans/700.css';
import '@fontsource/domine/400.css';
import '@fontsource/domine/700.css';
import '@fontsource/great-vibes/400.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { startTransition, StrictMode } from 'react';
import { trackPageViews } from '@/lib/analytics.ts';
import { loadAndReportError } from '@/lib/error-reporting/load-report.ts';
import { startErrorReporting } from '@/lib/error-reporting/start.ts';
import { afterHydration, endHydration, holdReadsWhileHydrating, isHydrating } from '@/lib/hydration.ts';
import { afterPageIdle, startIdleWork } from '@/lib/idle.ts';
import { refreshInlinedQueries } from '@/lib/page-data.ts';
import { startOutboxWhenNeeded } from '@/lib/outbox/outbox.ts';
import { startPwa } from '@/lib/pwa/start.ts';
import { bindSessionNavigation } from '@/lib/session/index.ts';
import { App } from './app/App.tsx';
import { startDeviceSync } from './app/device-sync.ts';
import { createQueryClient } from './app/query-client.ts';
import { createBrowserRouter } from './app/router.tsx';

// Errors are reported from the first line on (kept on the device while offline).
startErrorReporting();
// Before anything else: the install prompt Chromium fires early (one fired before this ran,
// index.html has kept); the service worker registers once the first page has shown.
startPwa();
// A public page paints from its HTML and the data inlined in it: supabase-js and the device database
// are not needed for that, so they load once the first page has shown and the browser is idle, or
// earlier when a write needs the outbox.
const syncDevice = () => startDeviceSync().catch((error: unknown) => loadAndReportError(error, { source: 'manual', during: 'device sync start' }));
afterPageIdle(syncDevice);
startOutboxWhenNeeded(syncDevice);

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Starts the app in a few tasks: evaluating its modules, building the router, React DOM's own start
 * (imported here, so it is not evaluated with the rest) and reading the page's route each take one.
 * The first three made one task of 150-250 ms in Lighthouse's phone simulation, just as the
 * server-rendered page was first there to be used.
 */
async function startApp(): Promise<void> {
  const container = document.getElementById('root')!;
  const serverRendered = container.hasChildNodes();
  if (serverRendered) holdReadsWhileHydrating();
  await nextTask();
  const queryClient = createQueryClient();
  // Code-split route chunks retry after 1 s and 2 s, then reload the page.
  const router = await createBrowserRouter(queryClient);
  trackPageViews(router);
  // An expired session that cannot be refreshed sends signed-in pages to /auth/login.
  bindSessionNavigation(router);
  // The back or forward button pressed while the page hydrates moves the address on, and the router,
  // busy hydrating, stays on the page it started with: once hydrated it goes where the address is.
  afterHydration(() => {
    if (router.history.location.href !== router.state.location.href) void router.load();
  });
  // The inlined reads are read again in the idle queue, behind the device sync.
  const stopWaitingForFirstPage = router.subscribe('onRendered', () => {
    stopWaitingForFirstPage();
    // A server-rendered page opens the idle queue once it has hydrated (hydration.ts).
    if (!isHydrating()) startIdleWork();
    refreshInlinedQueries(queryClient);
  });
  await nextTask();
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>
  );
  // A public page comes server-rendered (server/seo/render.ts): it is hydrated once its route chunks
  // have loaded, so the first render matches the HTML without suspending. Other pages (and the
  // service worker's offline shell) arrive with an empty root. Either way the first render is a
  // transition, which React splits into short tasks instead of one long one.
  if (serverRendered) {
    // As TanStack Router's own hydration marks it: the route tree then renders without the Suspense
    // boundaries it adds only when rendering from scratch in the browser, so it matches the server's.
    router.ssr = { manifest: undefined };
    await nextTask();
    await router.load();
    // A page React cannot hydrate as it came (its HTML differs) is rendered afresh: its held reads go
    // out then too, or they would wait for an end of hydration that the fresh render may never mark.
    const onRecoverableError = (error: unknown) => {
      reportError(error);
      endHydration();
    };
    startTransition(() => void hydrateRoot(container, app, { onRecoverableError }));
  } else {
    startTransition(() => createRoot(container).render(app));
  }
}

startApp().catch((error: unknown) => loadAndReportError(error, { source: 'manual', during: 'app start' }));
