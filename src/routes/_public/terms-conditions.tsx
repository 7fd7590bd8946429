import { createFileRoute } from '@tanstack/react-router';
import { contentPageQuery } from '@/features/content/api.ts';
import { ContentPageView } from '@/features/content/components/ContentPageView.tsx';

export const Route = createFileRoute('/_public/terms-conditions')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(contentPageQuery('terms-conditions'));
  },
  component: () => <ContentPageView slug="terms-conditions" />,
});
