import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { destinationsQuery } from '@/features/destinations/api.ts';
import { categoriesQuery, tourListQuery } from '@/features/tours/api.ts';
import { TourCatalogue } from '@/features/tours/components/TourCatalogue.tsx';
import { parseTourListSearch } from '@/features/tours/search-params.ts';

export const Route = createFileRoute('/_public/tours/')({
  validateSearch: parseTourListSearch,
  loaderDeps: ({ search }) => search,
  // The list and the filter choices load together; the page shows skeletons rather than waiting.
  loader: ({ context: { queryClient }, deps }) => {
    void queryClient.prefetchQuery(tourListQuery(deps));
    void queryClient.prefetchQuery(categoriesQuery());
    void queryClient.prefetchQuery(destinationsQuery());
  },
  component: ToursPage,
});

function ToursPage() {
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const categories = useQuery(categoriesQuery());
  const destinations = useQuery(destinationsQuery());

  return (
    <TourCatalogue
      filters={filters}
      categories={(categories.data ?? []).map((category) => ({ value: category.slug, label: category.name }))}
      destinations={(destinations.data ?? []).map((destination) => ({ value: destination.slug, label: destination.name }))}
      onChange={(next) => void navigate({ search: next, replace: true, resetScroll: false })}
    />
  );
}
