import { createFileRoute } from '@tanstack/react-router';
import { contentPageQuery } from '@/features/content/api.ts';
import { ContentPageView } from '@/features/content/components/ContentPageView.tsx';

export const Route = createFileRoute('/_public/privacy-policy')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(contentPageQuery('privacy-policy'));
  },
  component: () => <ContentPageView slug="privacy-policy" />,
});
