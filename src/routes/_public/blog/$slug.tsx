import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Container } from '@mantine/core';
import { PublicErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { postQuery } from '@/features/blog/api.ts';
import { PostArticle, PostArticleSkeleton } from '@/features/blog/components/PostArticle.tsx';
import { Markdown } from '@/features/content/components/Markdown.tsx';

export const Route = createFileRoute('/_public/blog/$slug')({
  loader: ({ context: { queryClient }, params: { slug } }) => {
    void queryClient.prefetchQuery(postQuery(slug));
  },
  component: PostPage,
});

function PostPage() {
  const { slug } = Route.useParams();
  const post = useQuery(postQuery(slug));
  if (post.isPending) return <PostArticleSkeleton />;
  if (post.isError) {
    return (
      <Container size="md" py={64}>
        <LoadError what="this story" onRetry={() => post.refetch()} retrying={post.isFetching} />
      </Container>
    );
  }
  if (!post.data) return <PublicErrorScreen kind="notFound" />;
  return <PostArticle key={post.data.id} post={post.data} body={<Markdown source={post.data.content} />} />;
}
