import { createFileRoute } from '@tanstack/react-router';
import { TravelerErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { Dashboard } from '@/features/portal/components/Dashboard.tsx';
import { usePortalUser } from '@/features/portal/hooks.ts';

export const Route = createFileRoute('/traveler/')({
  errorComponent: TravelerErrorScreen,
  component: DashboardPage,
});

function DashboardPage() {
  const user = usePortalUser();
  const firstName = (user.profile?.full_name ?? '').trim().split(/\s+/)[0] ?? '';
  return <Dashboard userId={user.id} firstName={firstName} />;
}
