import { Container, Skeleton } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PublicErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { postsQuery, tagQuery } from '@/features/blog/api.ts';
import { CategoryNav } from '@/features/blog/components/CategoryNav.tsx';
import { PostList } from '@/features/blog/components/PostList.tsx';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';
import { pageSearch } from '../-page-search.ts';

export const Route = createFileRoute('/_public/blog/tag/$slug')({
  validateSearch: pageSearch,
  loaderDeps: ({ search: { page } }) => ({ page: page ?? 1 }),
  loader: ({ context: { queryClient }, params: { slug }, deps: { page } }) => {
    void queryClient.prefetchQuery(tagQuery(slug));
    void queryClient.prefetchQuery(postsQuery({ tag: slug }, page));
  },
  component: TagPage,
});

function TagPage() {
  const { slug } = Route.useParams();
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const tag = useQuery(tagQuery(slug));
  if (tag.isError) {
    return (
      <Container size="lg" py={64}>
        <LoadError what="this tag" onRetry={() => tag.refetch()} retrying={tag.isFetching} />
      </Container>
    );
  }
  if (tag.isSuccess && !tag.data) return <PublicErrorScreen kind="notFound" />;

  return (
    <>
      <PageIntro
        eyebrow="Safari Journal"
        title={tag.data?.name ?? <Skeleton height={44} width={260} />}
        lede={tag.data ? `Our stories tagged “${tag.data.name}”, newest first.` : undefined}
      />
      <Container size="lg" py={{ base: 32, md: 56 }}>
        <CategoryNav current="none" />
        <PostList filter={{ tag: slug }} page={page} onPageChange={(next) => void navigate({ search: { page: next > 1 ? next : undefined } })} />
      </Container>
    </>
  );
}
