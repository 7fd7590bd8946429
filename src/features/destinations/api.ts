import { queryOptions } from '@tanstack/react-query';
import { pageDataUpdatedAt, readPageData } from '@/lib/page-data.ts';
import { getSupabase } from '@/lib/supabase.ts';
// The catalogue's shared request shapes and card model (the server's SEO pages read the same ones).
import { bestRatedFirst, tourCardFromRow, type TourCardData, type TourCardRow } from '@/features/tours/model.ts';
import { destinationDetailSelect } from '@shared/catalogue-queries.ts';
import { DESTINATION_SUMMARY_COLUMNS, type DestinationSummary } from '@shared/destinations.ts';

export const destinationKeys = {
  all: ['destinations'] as const,
  list: () => [...destinationKeys.all, 'list'] as const,
};

/** Published destinations in the order the company chose. */
export const destinationsQuery = () =>
  queryOptions({
    queryKey: destinationKeys.list(),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('destinations')
        .select(DESTINATION_SUMMARY_COLUMNS)
        .eq('is_published', true)
        .order('display_order')
        .order('name')
        .overrideTypes<DestinationSummary[], { merge: false }>();
      if (error) throw error;
      return data;
    },
    // The home and destinations pages' HTML carries them.
    initialData: () => readPageData<DestinationSummary[]>('destinations:all'),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

export interface DestinationDetail {
  id: string;
  slug: string;
  name: string;
  country: string;
  region: string | null;
  summary: string | null;
  description: string | null;
  image_url: string | null;
  highlights: string[];
  wildlife: string[];
  best_time_to_visit: string | null;
  /** Its active tours, best rated first. */
  tours: TourCardData[];
}

type DestinationDetailRow = Omit<DestinationDetail, 'tours'> & { tours: TourCardRow[] | null };

/** Best rated first, as the query orders them (the page data's embedded tours come in table order). */
function destinationFromRow(row: DestinationDetailRow): DestinationDetail {
  return { ...row, highlights: row.highlights ?? [], wildlife: row.wildlife ?? [], tours: bestRatedFirst(row.tours ?? []).map(tourCardFromRow) };
}

/** One published destination with its tours, or null when there is none (Page Not Found). */
export const destinationDetailQuery = (slug: string) =>
  queryOptions({
    queryKey: [...destinationKeys.all, 'detail', slug] as const,
    queryFn: async (): Promise<DestinationDetail | null> => {
      const { data, error } = await (await getSupabase())
        .from('destinations')
        .select(destinationDetailSelect)
        .eq('slug', slug)
        .eq('is_published', true)
        // Admins may read drafts; the public page lists active tours only.
        .eq('tours.status', 'active')
        .order('rating_average', { referencedTable: 'tours', ascending: false })
        .maybeSingle()
        .overrideTypes<DestinationDetailRow | null, { merge: false }>();
      if (error) throw error;
      return data ? destinationFromRow(data) : null;
    },
    // The destination page's HTML carries it (read as the visitor: published, active tours only).
    initialData: () => {
      const row = readPageData<DestinationDetailRow | null>(`destination:${slug}`);
      return row === undefined ? undefined : row && destinationFromRow(row);
    },
    initialDataUpdatedAt: pageDataUpdatedAt,
  });
