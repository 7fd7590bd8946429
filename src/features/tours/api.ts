import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pageDataUpdatedAt, readPageData } from '@/lib/page-data.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { tourCardFromRow, tourDetailFromRow, travelerReviewFromRow, type TourCardRow, type TourDetail, type TourDetailRow, type TravelerReviewRow } from './model.ts';
import { LATEST_REVIEWS_LIMIT, latestReviewsSelect, RELATED_TOURS_LIMIT, relatedToursRequest, tourCardSelect, tourDetailSelect, tourListRequest, type TourListFilters, type TourListRequest } from '@shared/catalogue-queries.ts';

/** How many featured tours the home page shows. */
export const FEATURED_TOURS_LIMIT = 6;

export const tourKeys = {
  all: ['tours'] as const,
  featured: () => [...tourKeys.all, 'featured'] as const,
  list: (filters: TourListFilters) => [...tourKeys.all, 'list', filters] as const,
  detail: (slug: string) => [...tourKeys.all, 'detail', slug] as const,
  related: (tourId: string) => [...tourKeys.all, 'related', tourId] as const,
  latestReviews: () => ['reviews', 'latest'] as const,
  categories: () => ['categories'] as const,
};

/** Runs a list request (select, filters, alternatives, order) through supabase-js. */
async function fetchTourCards(request: TourListRequest, limit?: number) {
  let query = (await getSupabase()).from('tours').select(request.select);
  for (const { column, operator, value } of request.filters) query = query.filter(column, operator, value);
  if (request.any) query = query.or(request.any);
  for (const { column, ascending } of request.order) query = query.order(column, { ascending });
  if (limit) query = query.limit(limit);
  const { data, error } = await query.overrideTypes<TourCardRow[], { merge: false }>();
  if (error) throw error;
  return data.map(tourCardFromRow);
}

export const featuredToursQuery = () =>
  queryOptions({
    queryKey: tourKeys.featured(),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('tours')
        .select(tourCardSelect)
        .eq('status', 'active')
        .eq('is_featured', true)
        .order('rating_average', { ascending: false })
        .order('title')
        .limit(FEATURED_TOURS_LIMIT)
        .overrideTypes<TourCardRow[], { merge: false }>();
      if (error) throw error;
      return data.map(tourCardFromRow);
    },
    // The home page's HTML carries these rows: the cards show without an API round trip.
    initialData: () => readPageData<TourCardRow[]>('tours:featured')?.map(tourCardFromRow),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

function hasNoFilters(filters: TourListFilters): boolean {
  return Object.values(filters).every((value) => value === undefined || value === '');
}

/** The tour list for the filters in the URL; the previous results stay on screen while new ones load. */
export const tourListQuery = (filters: TourListFilters) =>
  queryOptions({
    queryKey: tourKeys.list(filters),
    queryFn: () => fetchTourCards(tourListRequest(filters)),
    placeholderData: keepPreviousData,
    // The /tours HTML carries the unfiltered list only; filtered results are always read.
    initialData: hasNoFilters(filters) ? () => readPageData<TourCardRow[]>('tours:list')?.map(tourCardFromRow) : undefined,
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

/** A staff member's preview of a tour, whatever its status, through the address's token (server/seo/preview.ts); null once it has ended. */
async function fetchTourPreview(previewToken: string): Promise<TourDetail | null> {
  const response = await fetch(`/api/tour-previews/${encodeURIComponent(previewToken)}`, { cache: 'no-store' });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The preview could not be read (${response.status})`);
  return tourDetailFromRow((await response.json()) as TourDetailRow);
}

/**
 * One active tour by slug, or null when there is none (the page then shows Page Not Found). With a
 * preview token, the tour as the staff member who made the address sees it, draft or not; read
 * again whenever the page is looked at, so an edit saved meanwhile shows.
 */
export const tourDetailQuery = (slug: string, previewToken?: string) =>
  queryOptions({
    queryKey: [...tourKeys.detail(slug), previewToken ? `preview:${previewToken}` : 'listed'],
    queryFn: async (): Promise<TourDetail | null> => {
      if (previewToken) return fetchTourPreview(previewToken);
      const { data, error } = await (await getSupabase())
        .from('tours')
        .select(tourDetailSelect)
        .eq('slug', slug)
        .eq('status', 'active')
        .maybeSingle()
        .overrideTypes<TourDetailRow | null, { merge: false }>();
      if (error) throw error;
      return data ? tourDetailFromRow(data) : null;
    },
    // The tour page's HTML carries this tour (null: no such active tour, so Page Not Found at once);
    // a preview's HTML carries the tour as previewed.
    initialData: () => {
      const row = readPageData<TourDetailRow | null>(`tour:${slug}`);
      return row === undefined ? undefined : row && tourDetailFromRow(row);
    },
    initialDataUpdatedAt: pageDataUpdatedAt,
    staleTime: previewToken ? 0 : undefined,
  });

export const relatedToursQuery = (tour: Pick<TourDetail, 'id' | 'categoryId' | 'destinations'>) =>
  queryOptions({
    queryKey: tourKeys.related(tour.id),
    queryFn: () =>
      fetchTourCards(
        relatedToursRequest({ id: tour.id, categoryId: tour.categoryId, destinationIds: tour.destinations.map((destination) => destination.id) }),
        RELATED_TOURS_LIMIT,
      ),
  });

/**
 * The newest published reviews of active tours, for the home page. Published only: a signed-in
 * traveler's own hidden review, or an admin's view of all of them, stays off the home page.
 */
export const latestReviewsQuery = () =>
  queryOptions({
    queryKey: tourKeys.latestReviews(),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('reviews')
        .select(latestReviewsSelect)
        .eq('is_published', true)
        .eq('tour.status', 'active')
        .order('created_at', { ascending: false })
        .limit(LATEST_REVIEWS_LIMIT)
        .overrideTypes<TravelerReviewRow[], { merge: false }>();
      if (error) throw error;
      return data.map(travelerReviewFromRow);
    },
    // The home page's HTML carries them.
    initialData: () => readPageData<TravelerReviewRow[]>('reviews:latest')?.map(travelerReviewFromRow),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

export interface Category {
  id: string;
  slug: string;
  name: string;
}

export const categoriesQuery = () =>
  queryOptions({
    queryKey: tourKeys.categories(),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('categories')
        .select('id, slug, name')
        .order('display_order')
        .order('name')
        .overrideTypes<Category[], { merge: false }>();
      if (error) throw error;
      return data;
    },
    // The tour list's HTML carries them.
    initialData: () => readPageData<Category[]>('categories:all'),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });
