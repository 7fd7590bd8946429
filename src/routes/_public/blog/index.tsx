import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { blogCategoriesQuery, postsQuery } from '@/features/blog/api.ts';
import { CategoryNav } from '@/features/blog/components/CategoryNav.tsx';
import { PostList } from '@/features/blog/components/PostList.tsx';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';
import { pageSearch } from './-page-search.ts';

export const Route = createFileRoute('/_public/blog/')({
  validateSearch: pageSearch,
  loaderDeps: ({ search: { page } }) => ({ page: page ?? 1 }),
  loader: ({ context: { queryClient }, deps: { page } }) => {
    void queryClient.prefetchQuery(postsQuery({}, page));
    void queryClient.prefetchQuery(blogCategoriesQuery());
  },
  component: BlogPage,
});

function BlogPage() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <>
      <PageIntro
        eyebrow="From the bush"
        title="Safari Journal"
        lede="Field notes, practical advice and stories from our guides, planners and mountain crews in Tanzania."
      />
      <Container size="lg" py={{ base: 32, md: 56 }}>
        <CategoryNav current="all" />
        <PostList filter={{}} page={page} onPageChange={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })} />
      </Container>
    </>
  );
}
