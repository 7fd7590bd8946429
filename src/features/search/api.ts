import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase.ts';
import { formatMoney } from '@/lib/money.ts';
import { matchWords, type SearchResult } from './model.ts';

const PER_TYPE = 12;

interface TourHit {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  hero_image_url: string | null;
  duration_days: number;
  base_price: number | string;
  currency: string;
}

interface PostHit {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  cover_image_url: string | null;
  reading_minutes: number;
}

interface DestinationHit {
  id: string;
  slug: string;
  name: string;
  region: string | null;
  country: string;
  summary: string | null;
  image_url: string | null;
}

interface ExperienceHit {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  image_url: string | null;
  duration_label: string | null;
}

/** `column ilike *word*` for any of the columns, as one PostgREST or-group; the word is quoted. */
const anyColumn = (columns: string[], word: string) => columns.map((column) => `${column}.ilike."*${word}*"`).join(',');

async function searchTours(query: string): Promise<SearchResult[]> {
  const { data, error } = await (await getSupabase())
    .from('tours')
    .select('id, slug, title, summary, hero_image_url, duration_days, base_price, currency')
    .eq('status', 'active')
    .textSearch('search', query, { type: 'websearch', config: 'english' })
    .order('is_featured', { ascending: false })
    .order('rating_average', { ascending: false })
    .limit(PER_TYPE)
    .overrideTypes<TourHit[], { merge: false }>();
  if (error) throw error;
  return data.map((tour) => ({
    type: 'tour',
    id: tour.id,
    title: tour.title,
    href: `/tours/${tour.slug}`,
    snippet: tour.summary,
    imageUrl: tour.hero_image_url,
    meta: `${tour.duration_days} days · from ${formatMoney(tour.base_price, tour.currency || 'USD', { cents: false })} per person`,
  }));
}

async function searchPosts(query: string): Promise<SearchResult[]> {
  const { data, error } = await (await getSupabase())
    .from('blog_posts')
    .select('id, slug, title, excerpt, cover_image_url, reading_minutes')
    .textSearch('search', query, { type: 'websearch', config: 'english' })
    .order('published_at', { ascending: false })
    .limit(PER_TYPE)
    .overrideTypes<PostHit[], { merge: false }>();
  if (error) throw error;
  return data.map((post) => ({
    type: 'post',
    id: post.id,
    title: post.title,
    href: `/blog/${post.slug}`,
    snippet: post.excerpt,
    imageUrl: post.cover_image_url,
    meta: `${post.reading_minutes} min read`,
  }));
}

async function searchDestinations(words: string[]): Promise<SearchResult[]> {
  if (!words.length) return [];
  let request = (await getSupabase()).from('destinations').select('id, slug, name, region, country, summary, image_url').eq('is_published', true);
  for (const word of words) request = request.or(anyColumn(['name', 'region', 'summary'], word));
  const { data, error } = await request.order('display_order').limit(PER_TYPE).overrideTypes<DestinationHit[], { merge: false }>();
  if (error) throw error;
  return data.map((destination) => ({
    type: 'destination',
    id: destination.id,
    title: destination.name,
    href: `/destinations/${destination.slug}`,
    snippet: destination.summary,
    imageUrl: destination.image_url,
    meta: [destination.region, destination.country].filter(Boolean).join(', '),
  }));
}

async function searchExperiences(words: string[]): Promise<SearchResult[]> {
  if (!words.length) return [];
  let request = (await getSupabase()).from('experiences').select('id, slug, title, summary, image_url, duration_label').eq('is_published', true);
  for (const word of words) request = request.or(anyColumn(['title', 'summary'], word));
  const { data, error } = await request.order('display_order').limit(PER_TYPE).overrideTypes<ExperienceHit[], { merge: false }>();
  if (error) throw error;
  return data.map((experience) => ({
    type: 'experience',
    id: experience.id,
    title: experience.title,
    href: `/experiences/${experience.slug}`,
    snippet: experience.summary,
    imageUrl: experience.image_url,
    meta: experience.duration_label,
  }));
}

/**
 * Tours and posts by Postgres full-text search on their `search` columns (websearch syntax: quotes,
 * OR, -word); destinations and experiences, which have no such column, by every word appearing in
 * their name or summary. One list, tours first.
 */
export const searchQuery = (query: string) =>
  queryOptions({
    queryKey: ['search', query] as const,
    queryFn: async () => {
      const words = matchWords(query);
      const groups = await Promise.all([searchTours(query), searchDestinations(words), searchExperiences(words), searchPosts(query)]);
      return groups.flat();
    },
    enabled: query.length > 0,
  });
