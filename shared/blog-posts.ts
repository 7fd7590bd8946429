/** A post as the cards show it. */
export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  cover_image_url: string | null;
  author_name: string | null;
  published_at: string;
  reading_minutes: number;
  category: { name: string; slug: string } | null;
}

/** A post with what its page adds: the text, the author's picture and the tags. */
export interface Post extends PostSummary {
  content: string;
  author_avatar_url: string | null;
  tags: { name: string; slug: string }[];
}

/** How many of the newest posts the home page shows (the server inlines the same number). */
export const LATEST_POSTS_LIMIT = 3;

/** Posts per page of the blog list. */
export const POSTS_PER_PAGE = 12;

export const POST_SUMMARY_COLUMNS = 'id, slug, title, excerpt, cover_image_url, author_name, published_at, reading_minutes, category:blog_categories(name, slug)';
/** Which posts a blog list shows: all of them, or one category's or one tag's (by slug). */
export type PostFilter = { category?: string; tag?: string };

/** The columns of a list of posts: a category or tag is joined inner, so only its posts come back. */
export function postListColumns(filter: PostFilter): string {
  const columns = [filter.category ? POST_SUMMARY_COLUMNS.replace('blog_categories(', 'blog_categories!inner(') : POST_SUMMARY_COLUMNS];
  if (filter.tag) columns.push('tagged:blog_tags!inner(slug)');
  return columns.join(', ');
}

/**
 * A post list as one PostgREST request, read the same way by supabase-js (postsQuery) and by the
 * server for the page's inlined first page: its columns, the slug it is filtered on, newest first.
 */
export interface PostListRequest {
  select: string;
  equals: { column: string; value: string }[];
  order: { column: string; ascending: boolean }[];
}

export function postListRequest(filter: PostFilter): PostListRequest {
  const equals: PostListRequest['equals'] = [];
  if (filter.category) equals.push({ column: 'category.slug', value: filter.category });
  if (filter.tag) equals.push({ column: 'tagged.slug', value: filter.tag });
  return {
    select: postListColumns(filter),
    equals,
    order: [
      { column: 'published_at', ascending: false },
      { column: 'title', ascending: true },
    ],
  };
}

/** Where a list page's HTML carries its first page of posts (server/seo/page-data.ts). */
export function firstPostsPageKey(filter: PostFilter): string {
  if (filter.category) return `posts:category:${filter.category}:first-page`;
  if (filter.tag) return `posts:tag:${filter.tag}:first-page`;
  return 'posts:first-page';
}

/** A post's page: its summary, text, author picture and tags (the server inlines the same in the post's HTML). */
export const POST_COLUMNS = `${POST_SUMMARY_COLUMNS}, content, author_avatar_url, tags:blog_tags(name, slug)`;
