import { createFileRoute } from '@tanstack/react-router';
import { contentPageQuery } from '@/features/content/api.ts';
import { ContentPageView } from '@/features/content/components/ContentPageView.tsx';

export const Route = createFileRoute('/_public/booking-terms')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(contentPageQuery('booking-terms'));
  },
  component: () => <ContentPageView slug="booking-terms" />,
});
