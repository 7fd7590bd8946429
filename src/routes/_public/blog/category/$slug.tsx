import { Container, Skeleton } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PublicErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { blogCategoriesQuery, postsQuery } from '@/features/blog/api.ts';
import { CategoryNav } from '@/features/blog/components/CategoryNav.tsx';
import { PostList } from '@/features/blog/components/PostList.tsx';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';
import { pageSearch } from '../-page-search.ts';

export const Route = createFileRoute('/_public/blog/category/$slug')({
  validateSearch: pageSearch,
  loaderDeps: ({ search: { page } }) => ({ page: page ?? 1 }),
  loader: ({ context: { queryClient }, params: { slug }, deps: { page } }) => {
    void queryClient.prefetchQuery(blogCategoriesQuery());
    void queryClient.prefetchQuery(postsQuery({ category: slug }, page));
  },
  component: CategoryPage,
});

function CategoryPage() {
  const { slug } = Route.useParams();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const categories = useQuery(blogCategoriesQuery());
  if (categories.isError) {
    return (
      <Container size="lg" py={64}>
        <LoadError what="this category" onRetry={() => categories.refetch()} retrying={categories.isFetching} />
      </Container>
    );
  }
  const category = categories.data?.find((candidate) => candidate.slug === slug);
  if (categories.isSuccess && !category) return <PublicErrorScreen kind="notFound" />;

  return (
    <>
      <PageIntro
        eyebrow="Safari Journal"
        title={category?.name ?? <Skeleton height={44} width={260} />}
        lede={category?.description ?? undefined}
      />
      <Container size="lg" py={{ base: 32, md: 56 }}>
        <CategoryNav current={{ category: slug }} />
        <PostList
          filter={{ category: slug }}
          page={page}
          onPageChange={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })}
        />
      </Container>
    </>
  );
}
