import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { PublicErrorScreen, RootErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { brandingQuery } from '@/features/branding/api.ts';
import { PublicShell } from './-components/PublicShell.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context }) => {
    void context.queryClient.prefetchQuery(brandingQuery());
  },
  component: Outlet,
  errorComponent: RootErrorScreen,
  notFoundComponent: () => (
    <PublicShell>
      <PublicErrorScreen kind="notFound" />
    </PublicShell>
  ),
});
