import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/ErrorBoundary.tsx';
import { InstallPrompt } from '@/components/widgets/InstallPrompt.tsx';
import { UpdateNotice } from '@/components/widgets/UpdateNotice.tsx';
import { useBranding } from '@/features/branding/api.ts';
import { AppProviders } from './providers.tsx';
import type { AppRouter } from './router.tsx';

/** The last line of defence: an error outside any route's own error screen. */
function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary supportEmail={useBranding().email}>{children}</ErrorBoundary>;
}

/** The whole app over one router and query client: the browser's (main.tsx), or one request's on the server (entry-server.tsx). */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
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
