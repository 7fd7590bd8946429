import { Box, Button, Container, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { HeroImage } from '@/components/widgets/HeroImage.tsx';
import { PersonAvatar } from '@/components/widgets/PersonAvatar.tsx';
import { formatLongDate } from '@/lib/dates.ts';
import { relatedPostsQuery } from '../api.ts';
import type { Post } from '@shared/blog-posts.ts';
import { readingTime } from '../model.ts';
import classes from './PostArticle.module.css';
import { PostCard, PostCardSkeleton } from './PostCard.tsx';

const planningPath: string = '/start-planning';

function RelatedPosts({ post }: { post: Post }) {
  const related = useQuery(relatedPostsQuery(post));
  if (related.isSuccess && related.data.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className={classes.related}>
      <Container size="lg" py={{ base: 48, md: 72 }}>
        <Title order={2} id="related-heading" mb="xl">
          Keep reading
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xl" verticalSpacing={40}>
          {related.isSuccess
            ? related.data.map((candidate) => <PostCard key={candidate.id} post={candidate} />)
            : Array.from({ length: 3 }, (_, index) => <PostCardSkeleton key={index} />)}
        </SimpleGrid>
      </Container>
    </section>
  );
}

/** A blog post: category, title, lede, byline, cover, the text (`body`), its tags, a call to plan, related posts. */
export function PostArticle({ post, body }: { post: Post; body: ReactNode }) {
  const categoryHref: string | null = post.category ? `/blog/category/${post.category.slug}` : null;
  return (
    <>
      <article>
        <Container size="md" pt={{ base: 32, md: 64 }}>
          <Stack gap="sm" align="flex-start" className={classes.header}>
            {post.category && categoryHref && (
              <Link to={categoryHref} className={classes.category}>
                {post.category.name}
              </Link>
            )}
            <Title order={1} className={classes.title}>
              {post.title}
            </Title>
            {post.excerpt && <Text className={classes.lede}>{post.excerpt}</Text>}
            <Group gap="sm" mt="xs">
              <PersonAvatar name={post.author_name ?? 'Our team'} src={post.author_avatar_url} alt="" size={44} />
              <div>
                <Text fw={700} size="sm">
                  {post.author_name ?? 'Our team'}
                </Text>
                <Text size="sm" c="dimmed">
                  <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
                  <span aria-hidden> · </span>
                  {readingTime(post.reading_minutes)}
                </Text>
              </div>
            </Group>
          </Stack>
        </Container>
        {post.cover_image_url && (
          <Container size="lg" mt={{ base: 28, md: 48 }} px={{ base: 0, sm: 'md' }}>
            <HeroImage src={post.cover_image_url} alt="" width={1200} height={675} className={classes.cover} />
          </Container>
        )}
        <Container size="md" py={{ base: 36, md: 56 }}>
          <Box className={classes.body}>{body}</Box>
          {post.tags.length > 0 && (
            <Group gap="xs" mt={40} component="ul" className={classes.tags} aria-label="Tags">
              {post.tags.map((tag) => (
                <li key={tag.slug}>
                  <Link to={`/blog/tag/${tag.slug}` as string} className={classes.tag}>
                    #{tag.name}
                  </Link>
                </li>
              ))}
            </Group>
          )}
          <Paper radius="lg" p={{ base: 'lg', md: 'xl' }} mt={48} className={classes.cta}>
            <Title order={2} size="h3">
              Ready to see it for yourself?
            </Title>
            <Text mt={6} maw={520}>
              Tell us what you would love to see and when. A planner in Arusha will shape a trip around it, free of charge.
            </Text>
            <Button component={Link} to={planningPath} mt="md" radius="xl" rightSection={<IconArrowRight size={18} />}>
              Start planning
            </Button>
          </Paper>
        </Container>
      </article>
      <RelatedPosts post={post} />
    </>
  );
}

/** The post's shape while it loads. */
export function PostArticleSkeleton() {
  return (
    <Box aria-busy="true" aria-label="Loading story">
      <Container size="md" pt={{ base: 32, md: 64 }}>
        <Skeleton height={12} width={100} />
        <Skeleton height={40} width="90%" mt={16} />
        <Skeleton height={18} width="70%" mt={16} />
        <Group gap="sm" mt={20}>
          <Skeleton height={44} circle />
          <Skeleton height={14} width={160} />
        </Group>
      </Container>
      <Container size="lg" mt={{ base: 28, md: 48 }}>
        <Skeleton className={classes.cover} radius="lg" />
      </Container>
    </Box>
  );
}
