import { Anchor, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { SectionHeading } from '@/components/widgets/SectionHeading.tsx';
import { latestPostsQuery } from '../api.ts';
import { LATEST_POSTS_LIMIT } from '@shared/blog-posts.ts';
import { PostCard, PostCardSkeleton } from './PostCard.tsx';

const blogPath: string = '/blog';

/** The home page's newest stories from the journal; nothing shows until there is one. */
export function LatestPosts() {
  const posts = useQuery(latestPostsQuery());
  if (posts.isSuccess && posts.data.length === 0) return null;
  return (
    <section aria-labelledby="latest-posts-heading">
      <SectionHeading
        id="latest-posts-heading"
        eyebrow="From the journal"
        title="Latest stories"
        description="Field notes, packing lists and the season's sightings from our guides."
        action={
          posts.isSuccess ? (
            <Anchor component={Link} to={blogPath} fw={700}>
              Read the blog
            </Anchor>
          ) : undefined
        }
      />
      {posts.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl" verticalSpacing={40} aria-busy="true" aria-label="Loading stories">
          {Array.from({ length: LATEST_POSTS_LIMIT }, (_, index) => (
            <PostCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      ) : posts.isError ? (
        <LoadError what="our latest stories" onRetry={() => posts.refetch()} retrying={posts.isFetching} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl" verticalSpacing={40}>
          {posts.data.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
