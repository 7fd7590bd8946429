import { createFileRoute } from '@tanstack/react-router';
import { TravelerErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { WishlistView } from '@/features/portal/components/Wishlist.tsx';
import { useDisplay, usePortalUser } from '@/features/portal/hooks.ts';

export const Route = createFileRoute('/traveler/wishlist')({
  errorComponent: TravelerErrorScreen,
  component: function WishlistPage() {
    const user = usePortalUser();
    const { today } = useDisplay(user.id);
    return <WishlistView userId={user.id} today={today} />;
  },
});
