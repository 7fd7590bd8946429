import type { Post, PostSummary } from '@shared/blog-posts.ts';

export interface BlogCategory {
  id: string;
  slug: string;
  name: string;
  description: string | null;
}

export interface BlogTag {
  id: string;
  slug: string;
  name: string;
}

export function readingTime(minutes: number): string {
  return `${minutes} min read`;
}

/** A candidate for 'related posts': its category and tag slugs are enough to rank it. */
export interface RelatedCandidate extends PostSummary {
  tags: { slug: string }[];
}

/**
 * The posts to read next: those sharing the most tags and the same category first (a category counts
 * as two tags), newest first among equals, then the newest others so the list is always full.
 */
export function relatedPosts(post: Pick<Post, 'id' | 'category' | 'tags'>, candidates: RelatedCandidate[], limit: number): RelatedCandidate[] {
  const tags = new Set(post.tags.map((tag) => tag.slug));
  const score = (candidate: RelatedCandidate) =>
    (post.category && candidate.category?.slug === post.category.slug ? 2 : 0) + candidate.tags.filter((tag) => tags.has(tag.slug)).length;
  return candidates
    .filter((candidate) => candidate.id !== post.id)
    .map((candidate) => ({ candidate, score: score(candidate) }))
    .sort((a, b) => b.score - a.score || b.candidate.published_at.localeCompare(a.candidate.published_at))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}
