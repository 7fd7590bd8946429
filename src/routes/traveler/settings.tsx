import { createFileRoute } from '@tanstack/react-router';
import { TravelerErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { SettingsView } from '@/features/portal/components/Settings.tsx';
import { usePortalUser } from '@/features/portal/hooks.ts';

export const Route = createFileRoute('/traveler/settings')({
  errorComponent: TravelerErrorScreen,
  component: function SettingsPage() {
    const user = usePortalUser();
    return <SettingsView userId={user.id} email={user.email} />;
  },
});
