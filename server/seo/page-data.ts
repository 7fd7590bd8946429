// The data a public page shows first, inlined in its HTML (src/lib/page-data.ts reads it). Each entry
// is read through the server's own PostgREST layer with the anon key and the very select string the
// page uses, so its shape is exactly what the page would have fetched.
import {
  destinationDetailSelect,
  experienceDetailSelect,
  experienceListSelect,
  LATEST_REVIEWS_LIMIT,
  latestReviewsSelect,
  restSearchParams,
  tourCardSelect,
  tourDetailSelect,
  tourListRequest,
} from '../../shared/catalogue-queries.ts';
import { firstPostsPageKey, LATEST_POSTS_LIMIT, POST_COLUMNS, POST_SUMMARY_COLUMNS, postListRequest, POSTS_PER_PAGE, type PostFilter } from '../../shared/blog-posts.ts';
import { CONTENT_PAGE_COLUMNS, PARTNER_LOGO_COLUMNS, TEAM_MEMBER_COLUMNS } from '../../shared/content.ts';
import { DESTINATION_SUMMARY_COLUMNS } from '../../shared/destinations.ts';
import { HERO_COLUMNS } from '../../shared/heroes.ts';
import type { ProductContext } from '../context.ts';
import type { Route } from './routes.ts';

/** Answers a request to the app in-process (Hono's app.request). */
export type RestFetch = (path: string, init: RequestInit) => Response | Promise<Response>;

/**
 * One PostgREST read: the query string after /rest/v1/, and whether it is .single(). A counted read
 * (a list page that shows how many pages there are) is inlined as { rows, total }.
 */
interface RestRead {
  key: string;
  query: string;
  single: boolean;
  counted?: boolean;
}

function read(key: string, table: string, params: Record<string, string>, single = false): RestRead {
  // supabase-js drops the whitespace of a select string; so must we, or it arrives as '+'.
  const query = params.select === undefined ? params : { ...params, select: params.select.replace(/\s+/g, '') };
  return { key, query: `${table}?${new URLSearchParams(query)}`, single };
}

/** How many featured tours the home page shows. */
const FEATURED_TOURS_LIMIT = '6';

/** Every page: the active branding row, as fetchActiveBranding reads it (null when there is none). */
const brandingRead = read('branding:active', 'branding_settings', { select: '*', is_active: 'eq.true' }, true);

/** Published destinations in the company's order, as destinationsQuery reads them. */
const destinationsRead = read('destinations:all', 'destinations', {
  select: DESTINATION_SUMMARY_COLUMNS,
  is_published: 'eq.true',
  order: 'display_order.asc,name.asc',
});

/** Tour categories in the company's order, as categoriesQuery reads them (the tour list's filter). */
const categoriesRead = read('categories:all', 'categories', { select: 'id,slug,name', order: 'display_order.asc,name.asc' });

/** Blog categories in the company's order, as blogCategoriesQuery reads them (the blog's category links). */
const blogCategoriesRead = read('blog-categories:all', 'blog_categories', { select: 'id,slug,name,description', order: 'display_order.asc,name.asc' });

/** A blog list's first page of posts (all, a category's or a tag's), newest first, and how many there are, as postsQuery reads them. */
function firstPostsPageRead(filter: PostFilter): RestRead {
  const { select, equals, order } = postListRequest(filter);
  const params: Record<string, string> = {
    select,
    order: order.map(({ column, ascending }) => `${column}.${ascending ? 'asc' : 'desc'}`).join(','),
    offset: '0',
    limit: String(POSTS_PER_PAGE),
  };
  for (const { column, value } of equals) params[column] = `eq.${value}`;
  return { ...read(firstPostsPageKey(filter), 'blog_posts', params), counted: true };
}

/** Published experiences in the company's order, as experiencesQuery reads them (/experiences and home). */
const experiencesRead = read('experiences:all', 'experiences', { select: experienceListSelect, is_published: 'eq.true', order: 'display_order.asc,title.asc' });

/** Active partner logos, as partnersQuery reads them (home and /about). */
const partnersRead = read('partners:active', 'partner_logos', { select: PARTNER_LOGO_COLUMNS, is_active: 'eq.true', order: 'display_order.asc,name.asc' });

function contentPageRead(slug: string): RestRead {
  return read(`content:${slug}`, 'content_pages', { select: CONTENT_PAGE_COLUMNS, slug: `eq.${slug}`, is_published: 'eq.true' }, true);
}

/**
 * How a page's data is read: as the anonymous visitor, or, for a staff member's preview of a tour,
 * with their token and whatever the tour's status (RLS still decides what they see).
 */
export interface PageDataReader {
  bearer?: string;
  preview?: boolean;
}

/** The reads each route's page makes first, keyed as the pages look them up with readPageData. */
export function pageDataReads(route: Route, reader: PageDataReader = {}): RestRead[] {
  switch (route.kind) {
    case 'home':
      return [
        brandingRead,
        read('tours:featured', 'tours', {
          select: tourCardSelect,
          status: 'eq.active',
          is_featured: 'eq.true',
          order: 'rating_average.desc,title.asc',
          limit: FEATURED_TOURS_LIMIT,
        }),
        read('heroes:active', 'heroes', { select: HERO_COLUMNS, is_active: 'eq.true', order: 'display_order.asc' }),
        destinationsRead,
        experiencesRead,
        read('reviews:latest', 'reviews', {
          select: latestReviewsSelect,
          is_published: 'eq.true',
          'tour.status': 'eq.active',
          order: 'created_at.desc',
          limit: String(LATEST_REVIEWS_LIMIT),
        }),
        read('posts:latest', 'blog_posts', {
          select: POST_SUMMARY_COLUMNS,
          status: 'eq.published',
          order: 'published_at.desc,title.asc',
          limit: String(LATEST_POSTS_LIMIT),
        }),
        partnersRead,
      ];
    case 'static':
      // The list and its filters' choices, so the filters work from the first paint.
      if (route.page === 'tours') return [brandingRead, { key: 'tours:list', query: `tours?${restSearchParams(tourListRequest({}))}`, single: false }, categoriesRead, destinationsRead];
      if (route.page === 'destinations') return [brandingRead, destinationsRead];
      // The trip planner's first step lists the destinations to choose from.
      if (route.page === 'start-planning') return [brandingRead, destinationsRead];
      if (route.page === 'experiences') return [brandingRead, experiencesRead];
      if (route.page === 'blog') return [brandingRead, firstPostsPageRead({}), blogCategoriesRead];
      if (route.page === 'about') {
        return [
          brandingRead,
          contentPageRead('about'),
          read('team:active', 'team_members', { select: TEAM_MEMBER_COLUMNS, is_active: 'eq.true', order: 'display_order.asc,name.asc' }),
          partnersRead,
        ];
      }
      return [brandingRead];
    case 'tour':
    case 'booking':
      return [
        brandingRead,
        read(`tour:${route.slug}`, 'tours', { select: tourDetailSelect, slug: `eq.${route.slug}`, ...(reader.preview ? {} : { status: 'eq.active' }) }, true),
      ];
    case 'destination':
      return [brandingRead, read(`destination:${route.slug}`, 'destinations', { select: destinationDetailSelect, slug: `eq.${route.slug}` }, true)];
    case 'experience':
      return [brandingRead, read(`experience:${route.slug}`, 'experiences', { select: experienceDetailSelect, slug: `eq.${route.slug}` }, true)];
    case 'post':
      return [brandingRead, read(`post:${route.slug}`, 'blog_posts', { select: POST_COLUMNS, slug: `eq.${route.slug}` }, true)];
    case 'content':
      return [brandingRead, contentPageRead(route.slug)];
    case 'blog-category':
      return [brandingRead, blogCategoriesRead, firstPostsPageRead({ category: route.slug })];
    case 'blog-tag':
      return [brandingRead, read(`tag:${route.slug}`, 'blog_tags', { select: 'id,slug,name', slug: `eq.${route.slug}` }, true), firstPostsPageRead({ tag: route.slug })];
    default:
      return [brandingRead];
  }
}

/**
 * The route's page data as PostgREST returns it to the anonymous visitor (or to the reader's token).
 * A read that fails is left out (and logged): the page then reads it over the network as it would
 * without inlined data.
 */
export async function readPageDataEntries(
  route: Route,
  rest: RestFetch,
  anonKey: string,
  log: ProductContext['log'],
  reader: PageDataReader = {},
): Promise<Record<string, unknown>> {
  const headers = { apikey: anonKey, authorization: `Bearer ${reader.bearer ?? anonKey}` };
  const reads = pageDataReads(route, reader);
  const results = await Promise.all(
    reads.map(async (read) => {
      const response = await rest(`/rest/v1/${read.query}`, {
        headers: { ...headers, accept: read.single ? 'application/vnd.pgrst.object+json' : 'application/json', ...(read.counted ? { prefer: 'count=exact' } : {}) },
      });
      // .single() on no row: PGRST116 (406), which the pages treat as "not found".
      if (read.single && response.status === 406) return [read.key, null] as const;
      if (!response.ok) {
        log('page data read failed', { key: read.key, status: response.status, body: await response.text() });
        return undefined;
      }
      const body: unknown = await response.json();
      // Content-Range: 0-11/37 (or */0 for none): the total after the slash.
      if (read.counted) return [read.key, { rows: body, total: Number(response.headers.get('content-range')?.split('/')[1] ?? 0) }] as const;
      return [read.key, body] as const;
    }),
  );
  return Object.fromEntries(results.filter((entry) => entry !== undefined));
}
