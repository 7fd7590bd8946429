import { createFileRoute } from '@tanstack/react-router';
import { contentPageQuery } from '@/features/content/api.ts';
import { ContentPageView } from '@/features/content/components/ContentPageView.tsx';

/**
 * Any other published content page at /{slug}. Static routes (/tours, /about, /admin, ...) rank
 * above this one, so it only answers paths no other route claims; a missing page shows Page Not Found.
 */
export const Route = createFileRoute('/_public/$slug')({
  loader: ({ context: { queryClient }, params: { slug } }) => {
    void queryClient.prefetchQuery(contentPageQuery(slug));
  },
  component: ContentRoute,
});

function ContentRoute() {
  const { slug } = Route.useParams();
  return <ContentPageView key={slug} slug={slug} />;
}
