import { createFileRoute } from '@tanstack/react-router';
import { TravelerErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { BookingList } from '@/features/portal/components/Bookings.tsx';
import { usePortalUser } from '@/features/portal/hooks.ts';

export const Route = createFileRoute('/traveler/bookings/')({
  errorComponent: TravelerErrorScreen,
  component: function BookingsPage() {
    return <BookingList userId={usePortalUser().id} />;
  },
});
