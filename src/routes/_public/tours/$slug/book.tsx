import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PublicErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { bookingTourQuery } from '@/features/booking/tour-query.ts';
import { BookingPage } from '@/features/booking/components/BookingPage.tsx';
import type { BookedOnDevice } from '@/features/booking/writes.ts';
import { portalKeys } from '@/features/portal/api.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const Route = createFileRoute('/_public/tours/$slug/book')({
  // ?departure=<id> comes from a departure's Book button on the tour page.
  validateSearch: (search: Record<string, unknown>): { departure?: string } =>
    typeof search.departure === 'string' && uuidPattern.test(search.departure) ? { departure: search.departure } : {},
  loader: async ({ context: { queryClient }, params }) => {
    const tour = await queryClient.ensureQueryData(bookingTourQuery(params.slug));
    if (!tour) throw notFound();
  },
  notFoundComponent: () => <PublicErrorScreen kind="notFound" />,
  component: BookTourPage,
});

function BookTourPage() {
  const { slug } = Route.useParams();
  const { departure } = Route.useSearch();
  const { data: tour } = useSuspenseQuery(bookingTourQuery(slug));
  const queryClient = useQueryClient();
  const navigate = Route.useNavigate();
  const onBooked = useCallback(
    (booked: BookedOnDevice) => {
      // A traveler's portal lists the new booking the next time it opens.
      void queryClient.invalidateQueries({ queryKey: portalKeys.all });
      void navigate({ to: '/thank-you', search: { booking: booked.reference } });
    },
    [queryClient, navigate],
  );
  if (!tour) return <PublicErrorScreen kind="notFound" />;
  return <BookingPage key={tour.id} tour={tour} preselect={departure ?? null} onBooked={onBooked} />;
}
