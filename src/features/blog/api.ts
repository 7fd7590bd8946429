import { queryOptions } from '@tanstack/react-query';
import { pageDataUpdatedAt, readPageData } from '@/lib/page-data.ts';
import { getSupabase } from '@/lib/supabase.ts';
import {
  firstPostsPageKey,
  LATEST_POSTS_LIMIT,
  POST_COLUMNS,
  POST_SUMMARY_COLUMNS,
  postListRequest,
  POSTS_PER_PAGE,
  type Post,
  type PostFilter,
  type PostSummary,
} from '@shared/blog-posts.ts';
import { relatedPosts, type BlogCategory, type BlogTag, type RelatedCandidate } from './model.ts';

/** How many posts 'Keep reading' suggests, and from how many recent ones it chooses. */
const RELATED_POSTS = 3;
const RELATED_POOL = 40;

export const blogKeys = {
  all: ['blog'] as const,
  posts: (filter: PostFilter, page: number) => [...blogKeys.all, 'posts', filter, page] as const,
  latest: () => [...blogKeys.all, 'latest'] as const,
  post: (slug: string) => [...blogKeys.all, 'post', slug] as const,
  related: (slug: string) => [...blogKeys.all, 'related', slug] as const,
  categories: () => [...blogKeys.all, 'categories'] as const,
  tag: (slug: string) => [...blogKeys.all, 'tag', slug] as const,
};

/**
 * Published posts, newest first, one page at a time; filtered by a category or tag slug through an
 * inner join, so only posts in it come back. RLS hides drafts and scheduled posts.
 */
export const postsQuery = (filter: PostFilter, page: number) =>
  queryOptions({
    queryKey: blogKeys.posts(filter, page),
    queryFn: async () => {
      const request = postListRequest(filter);
      let query = (await getSupabase()).from('blog_posts').select(request.select, { count: 'exact' });
      for (const { column, value } of request.equals) query = query.eq(column, value);
      for (const { column, ascending } of request.order) query = query.order(column, { ascending });
      const from = (page - 1) * POSTS_PER_PAGE;
      const { data, error, count } = await query
        .range(from, from + POSTS_PER_PAGE - 1)
        .overrideTypes<PostSummary[], { merge: false }>();
      if (error) throw error;
      return { posts: data, total: count ?? data.length };
    },
    // The HTML of the blog, a category and a tag carries the list's first page.
    initialData: page === 1 ? () => firstPageOfPosts(filter) : undefined,
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

function firstPageOfPosts(filter: PostFilter): { posts: PostSummary[]; total: number } | undefined {
  const counted = readPageData<{ rows: PostSummary[]; total: number }>(firstPostsPageKey(filter));
  return counted && { posts: counted.rows, total: counted.total };
}

/**
 * The newest published posts, as cards, for the home page. Published only, so an admin browsing the
 * site does not see drafts there (RLS already hides them, and scheduled posts, from visitors).
 */
export const latestPostsQuery = () =>
  queryOptions({
    queryKey: blogKeys.latest(),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('blog_posts')
        .select(POST_SUMMARY_COLUMNS)
        .eq('status', 'published')
        .order('published_at', { ascending: false })
        .order('title')
        .limit(LATEST_POSTS_LIMIT)
        .overrideTypes<PostSummary[], { merge: false }>();
      if (error) throw error;
      return data;
    },
    // The home page's HTML carries them.
    initialData: () => readPageData<PostSummary[]>('posts:latest'),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

/** One published post with its tags; null when there is none. */
export const postQuery = (slug: string) =>
  queryOptions({
    queryKey: blogKeys.post(slug),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('blog_posts')
        .select(POST_COLUMNS)
        .eq('slug', slug)
        .maybeSingle<Post>();
      if (error) throw error;
      return data;
    },
    // The post's HTML carries it (null when there is no such post).
    initialData: () => readPageData<Post | null>(`post:${slug}`),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

export const relatedPostsQuery = (post: Post) =>
  queryOptions({
    queryKey: blogKeys.related(post.slug),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('blog_posts')
        .select(`${POST_SUMMARY_COLUMNS}, tags:blog_tags(slug)`)
        .order('published_at', { ascending: false })
        .limit(RELATED_POOL)
        .overrideTypes<RelatedCandidate[], { merge: false }>();
      if (error) throw error;
      return relatedPosts(post, data, RELATED_POSTS);
    },
  });

export const blogCategoriesQuery = () =>
  queryOptions({
    queryKey: blogKeys.categories(),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('blog_categories')
        .select('id, slug, name, description')
        .order('display_order')
        .order('name')
        .overrideTypes<BlogCategory[], { merge: false }>();
      if (error) throw error;
      return data;
    },
    // The blog's pages carry them in their HTML.
    initialData: () => readPageData<BlogCategory[]>('blog-categories:all'),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

/** A tag by slug; null when there is none. */
export const tagQuery = (slug: string) =>
  queryOptions({
    queryKey: blogKeys.tag(slug),
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).from('blog_tags').select('id, slug, name').eq('slug', slug).maybeSingle<BlogTag>();
      if (error) throw error;
      return data;
    },
    initialData: () => readPageData<BlogTag | null>(`tag:${slug}`),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });
