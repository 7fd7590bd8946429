import { createFileRoute } from '@tanstack/react-router';
import { TravelerErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { ProfileView } from '@/features/portal/components/Profile.tsx';
import { useDisplay, usePortalUser } from '@/features/portal/hooks.ts';

export const Route = createFileRoute('/traveler/profile')({
  errorComponent: TravelerErrorScreen,
  component: function ProfilePage() {
    const user = usePortalUser();
    const { today } = useDisplay(user.id);
    return <ProfileView userId={user.id} email={user.email} today={today} />;
  },
});
