import { RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary.tsx';
import { InstallPrompt } from '@/components/widgets/InstallPrompt.tsx';
import { UpdateNotice } from '@/components/widgets/UpdateNotice.tsx';
import { useBranding } from '@/features/branding/api.ts';
import { trackPageViews } from '@/lib/analytics.ts';
import { reportError } from '@/lib/error-reporting/report.ts';
import { afterPageIdle } from '@/lib/idle.ts';
import { refreshInlinedQueries } from '@/lib/page-data.ts';
import { bindSessionNavigation } from '@/lib/session/index.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { startDeviceSync } from './device-sync.ts';
import { createAppRouter } from './router.tsx';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
trackPageViews(router);
// An expired session that cannot be refreshed sends signed-in pages to /auth/login (SPEC.md section 8).
bindSessionNavigation(router);

// A public page paints from the data inlined in its HTML: supabase-js and the device database are not
// needed for that, so they load once the first page has rendered and the browser is idle (or earlier,
// when something asks for them). The page load event alone comes before the route's chunks do.
const stopWaitingForFirstPage = router.subscribe('onRendered', () => {
  stopWaitingForFirstPage();
  afterPageIdle(() => {
    void startDeviceSync().catch((error: unknown) => reportError(error, { source: 'manual', during: 'device sync start' }));
    void refreshInlinedQueries(queryClient);
  });
});

/** The last line of defence: an error outside any route's own error screen. */
function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary supportEmail={useBranding().email}>{children}</ErrorBoundary>;
}

export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
      <UpdateNotice />
      <InstallPrompt router={router} />
    </AppProviders>
  );
}
