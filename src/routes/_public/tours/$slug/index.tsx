import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PublicErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { track } from '@/lib/analytics.ts';
import { relatedToursQuery, tourDetailQuery } from '@/features/tours/api.ts';
import { TourDetail } from '@/features/tours/components/TourDetail.tsx';
import { WishlistToggle } from '@/features/wishlist/components/WishlistToggle.tsx';

export const Route = createFileRoute('/_public/tours/$slug/')({
  // The whole page in one request; related tours start as soon as the tour is known.
  loader: async ({ context: { queryClient }, params }) => {
    const tour = await queryClient.ensureQueryData(tourDetailQuery(params.slug));
    if (!tour) throw notFound();
    void queryClient.prefetchQuery(relatedToursQuery(tour));
  },
  notFoundComponent: () => <PublicErrorScreen kind="notFound" />,
  component: TourPage,
});

function TourPage() {
  const { slug } = Route.useParams();
  const { data: tour } = useSuspenseQuery(tourDetailQuery(slug));

  const tourId = tour?.id;
  useEffect(() => {
    if (tourId) track('tour_view', { tourId, slug });
  }, [tourId, slug]);

  if (!tour) return <PublicErrorScreen kind="notFound" />;
  return <TourDetail tour={tour} wishlist={<WishlistToggle tour={tour} fullWidth />} />;
}
