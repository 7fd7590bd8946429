import { createFileRoute } from '@tanstack/react-router';
import { destinationsQuery } from '@/features/destinations/api.ts';
import { DestinationsIndex } from '@/features/destinations/components/DestinationPages.tsx';

export const Route = createFileRoute('/_public/destinations/')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(destinationsQuery());
  },
  component: DestinationsIndex,
});
