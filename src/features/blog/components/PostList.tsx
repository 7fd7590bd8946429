import { Button, Group, Pagination, SimpleGrid, Stack } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyNotice } from '@/components/widgets/EmptyNotice.tsx';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { postsQuery } from '../api.ts';
import { POSTS_PER_PAGE, type PostFilter } from '@shared/blog-posts.ts';
import { PostCard, PostCardSkeleton } from './PostCard.tsx';

const blogPath: string = '/blog';
const toursPath: string = '/tours';

/**
 * A page of published posts, newest first. On the first page of the whole blog the newest story
 * leads, wide; filtered lists (a category, a tag) are a plain grid.
 */
export function PostList({ filter, page, onPageChange }: { filter: PostFilter; page: number; onPageChange: (page: number) => void }) {
  const posts = useQuery({ ...postsQuery(filter, page), placeholderData: keepPreviousData });
  const leadStory = page === 1 && !filter.category && !filter.tag;

  if (posts.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl" verticalSpacing={48} aria-busy="true" aria-label="Loading stories">
        {Array.from({ length: 6 }, (_, index) => (
          <PostCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    );
  }
  if (posts.isError) return <LoadError what="our stories" onRetry={() => posts.refetch()} retrying={posts.isFetching} />;

  const { posts: shown, total } = posts.data;
  if (shown.length === 0) {
    return (
      <EmptyNotice
        icon={<IconNotebook size={28} />}
        title="No stories here yet"
        description="Our guides are writing. Meanwhile, browse all our stories or our tours."
      >
        <Button component={Link} to={blogPath} variant="default">
          All stories
        </Button>
        <Button component={Link} to={toursPath}>
          Browse tours
        </Button>
      </EmptyNotice>
    );
  }

  const [first, ...rest] = shown;
  const pages = Math.ceil(total / POSTS_PER_PAGE);
  return (
    <Stack gap={56}>
      {leadStory && <PostCard post={first} feature headingLevel={2} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl" verticalSpacing={48} style={{ opacity: posts.isPlaceholderData ? 0.6 : 1 }}>
        {(leadStory ? rest : shown).map((post) => (
          <PostCard key={post.id} post={post} headingLevel={leadStory ? 3 : 2} />
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={onPageChange} aria-label="Pages of stories" getItemProps={(n) => ({ 'aria-label': `Page ${n}` })} />
        </Group>
      )}
    </Stack>
  );
}
