import { createFileRoute } from '@tanstack/react-router';
import { contentPageQuery } from '@/features/content/api.ts';
import { ContentPageView } from '@/features/content/components/ContentPageView.tsx';

export const Route = createFileRoute('/_public/cookie-policy')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(contentPageQuery('cookie-policy'));
  },
  component: () => <ContentPageView slug="cookie-policy" />,
});
