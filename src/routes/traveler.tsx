import { createFileRoute, Outlet } from '@tanstack/react-router';
import { TravelerErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { requireSession } from '@/lib/session/index.ts';
import { PortalShell } from './traveler/-components/PortalShell.tsx';

/** The traveler portal: signed-in users only; signed out, the traveler error screen asks to sign in. */
export const Route = createFileRoute('/traveler')({
  beforeLoad: async () => ({ user: await requireSession() }),
  component: () => (
    <PortalShell>
      <Outlet />
    </PortalShell>
  ),
  errorComponent: TravelerErrorScreen,
});
