import { Skeleton, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Picture } from '@/components/widgets/Picture.tsx';
import { formatLongDate } from '@/lib/dates.ts';
import { CARD_SIZES } from '@shared/media.ts';
import type { PostSummary } from '@shared/blog-posts.ts';
import { readingTime } from '../model.ts';
import classes from './PostCard.module.css';

/** Cover, category, title, excerpt, date and reading time; `feature` lays it out wide for the lead story. */
export function PostCard({ post, feature = false, headingLevel = 3 }: { post: PostSummary; feature?: boolean; headingLevel?: 2 | 3 }) {
  const href: string = `/blog/${post.slug}`;
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={classes.card} data-feature={feature || undefined} data-testid="post-card">
      <div className={classes.media}>
        {post.cover_image_url && (
          <Picture
            src={post.cover_image_url}
            sizes={feature ? '(min-width: 62em) 800px, 100vw' : CARD_SIZES}
            alt=""
            loading={feature ? 'eager' : 'lazy'}
            decoding="async"
            width={800}
            height={533}
            className={classes.image}
          />
        )}
      </div>
      <div className={classes.body}>
        {post.category && (
          <Text component="span" className={classes.category}>
            {post.category.name}
          </Text>
        )}
        <Heading className={classes.title}>
          <Link to={href} className={classes.link}>
            {post.title}
          </Link>
        </Heading>
        {post.excerpt && <Text className={classes.excerpt}>{post.excerpt}</Text>}
        <Text size="sm" c="dimmed" className={classes.meta}>
          <time dateTime={post.published_at}>{formatLongDate(post.published_at)}</time>
          <span aria-hidden> · </span>
          {readingTime(post.reading_minutes)}
        </Text>
      </div>
    </article>
  );
}

/** The card's shape while posts load. */
export function PostCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden>
      <div className={classes.media}>
        <Skeleton className={classes.image} radius={0} />
      </div>
      <div className={classes.body}>
        <Skeleton height={12} width="30%" />
        <Skeleton height={22} width="90%" mt={12} />
        <Skeleton height={14} mt={14} />
        <Skeleton height={14} width="75%" mt={8} />
        <Skeleton height={12} width="40%" mt={18} />
      </div>
    </div>
  );
}
