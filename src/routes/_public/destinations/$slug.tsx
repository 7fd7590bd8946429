import { createFileRoute, notFound } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PublicErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { destinationDetailQuery } from '@/features/destinations/api.ts';
import { DestinationDetail } from '@/features/destinations/components/DestinationPages.tsx';
import { TourGrid } from '@/features/tours/components/TourGrid.tsx';

export const Route = createFileRoute('/_public/destinations/$slug')({
  loader: async ({ context: { queryClient }, params }) => {
    if (!(await queryClient.ensureQueryData(destinationDetailQuery(params.slug)))) throw notFound();
  },
  notFoundComponent: () => <PublicErrorScreen kind="notFound" />,
  component: DestinationPage,
});

function DestinationPage() {
  const { slug } = Route.useParams();
  const { data: destination } = useSuspenseQuery(destinationDetailQuery(slug));
  if (!destination) return <PublicErrorScreen kind="notFound" />;
  return (
    <DestinationDetail
      destination={destination}
      tours={<TourGrid tours={destination.tours} emptyTitle={`No tours to ${destination.name} are listed just now`} />}
    />
  );
}
