import { createFileRoute } from '@tanstack/react-router';
import { contentPageQuery } from '@/features/content/api.ts';
import { ContentPageView } from '@/features/content/components/ContentPageView.tsx';

export const Route = createFileRoute('/_public/travel-insurance')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(contentPageQuery('travel-insurance'));
  },
  component: () => <ContentPageView slug="travel-insurance" />,
});
