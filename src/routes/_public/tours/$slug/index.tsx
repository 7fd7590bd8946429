import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PublicErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { track } from '@/lib/analytics.ts';
import { relatedToursQuery, tourDetailQuery } from '@/features/tours/api.ts';
import { PreviewBanner, PreviewEnded } from '@/features/tours/components/PreviewBanner.tsx';
import { TourDetail } from '@/features/tours/components/TourDetail.tsx';
import { WishlistToggle } from '@/features/wishlist/components/WishlistToggle.tsx';

export const Route = createFileRoute('/_public/tours/$slug/')({
  // ?preview=<token>: a staff member's preview address, the tour as it will render once published.
  validateSearch: (search: Record<string, unknown>): { preview?: string } => (typeof search.preview === 'string' && search.preview ? { preview: search.preview } : {}),
  loaderDeps: ({ search }) => ({ preview: search.preview }),
  // The whole page in one request; related tours start as soon as the tour is known.
  loader: async ({ context: { queryClient }, params, deps }) => {
    const tour = await queryClient.ensureQueryData(tourDetailQuery(params.slug, deps.preview));
    if (!tour) {
      if (deps.preview) return;
      throw notFound();
    }
    void queryClient.prefetchQuery(relatedToursQuery(tour));
  },
  notFoundComponent: () => <PublicErrorScreen kind="notFound" />,
  component: TourPage,
});

function TourPage() {
  const { slug } = Route.useParams();
  const { preview } = Route.useSearch();
  const { data: tour } = useSuspenseQuery(tourDetailQuery(slug, preview));

  const tourId = tour?.id;
  const previewing = preview !== undefined;
  useEffect(() => {
    if (tourId && !previewing) track('tour_view', { tourId, slug });
  }, [tourId, slug, previewing]);

  if (!tour) return previewing ? <PreviewEnded /> : <PublicErrorScreen kind="notFound" />;
  return (
    <>
      {preview && <PreviewBanner tourId={tour.id} status={tour.status} />}
      <TourDetail tour={tour} wishlist={<WishlistToggle tour={tour} fullWidth />} />
    </>
  );
}
