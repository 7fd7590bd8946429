import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TravelerErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { BookingList } from '@/features/portal/components/Bookings.tsx';
import { usePortalUser } from '@/features/portal/hooks.ts';

export const Route = createFileRoute('/traveler/bookings/')({
  errorComponent: TravelerErrorScreen,
  // ?claim=<reference> adds a booking made as a guest (the link in the guest's booking email).
  validateSearch: (search: Record<string, unknown>): { claim?: string } => (typeof search.claim === 'string' ? { claim: search.claim } : {}),
  component: function BookingsPage() {
    const { claim } = Route.useSearch();
    const navigate = Route.useNavigate();
    const clearClaim = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
    return <BookingList userId={usePortalUser().id} claim={claim} onClaimDone={clearClaim} />;
  },
});
