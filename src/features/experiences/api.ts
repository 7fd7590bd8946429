import { queryOptions } from '@tanstack/react-query';
import { pageDataUpdatedAt, readPageData } from '@/lib/page-data.ts';
import { getSupabase } from '@/lib/supabase.ts';
// The catalogue's shared request shapes and card model (the server's SEO pages read the same ones).
import { bestRatedFirst, tourCardFromRow, type TourCardData, type TourCardRow } from '@/features/tours/model.ts';
import { experienceDetailSelect, experienceListSelect } from '@shared/catalogue-queries.ts';

/** Experiences are priced in US dollars (experiences.price_from has no currency of its own). */
export const EXPERIENCE_CURRENCY = 'USD';

export interface ExperienceSummary {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  image_url: string | null;
  duration_label: string | null;
  price_from: number | string | null;
  display_order: number;
}

export interface ExperienceDetail {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  description: string | null;
  image_url: string | null;
  highlights: string[];
  duration_label: string | null;
  price_from: number | null;
  /** The active tours that include it, best rated first. */
  tours: TourCardData[];
}

type ExperienceDetailRow = Omit<ExperienceDetail, 'tours' | 'price_from'> & { price_from: number | string | null; tours: TourCardRow[] | null };

export const experienceKeys = {
  all: ['experiences'] as const,
  list: () => [...experienceKeys.all, 'list'] as const,
  detail: (slug: string) => [...experienceKeys.all, 'detail', slug] as const,
};

/** Published experiences in the company's order. */
export const experiencesQuery = () =>
  queryOptions({
    queryKey: experienceKeys.list(),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('experiences')
        .select(experienceListSelect)
        .eq('is_published', true)
        .order('display_order')
        .order('title')
        .overrideTypes<ExperienceSummary[], { merge: false }>();
      if (error) throw error;
      return data;
    },
    // The experiences page's HTML carries the list (read as the visitor: published ones only).
    initialData: () => readPageData<ExperienceSummary[]>('experiences:all'),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });

/** Best rated first, as the query orders them (the page data's embedded tours come in table order). */
function experienceFromRow(row: ExperienceDetailRow): ExperienceDetail {
  return {
    ...row,
    highlights: row.highlights ?? [],
    price_from: row.price_from === null ? null : Number(row.price_from),
    tours: bestRatedFirst(row.tours ?? []).map(tourCardFromRow),
  };
}

/** One published experience with the tours that include it (tour_experiences), or null. */
export const experienceDetailQuery = (slug: string) =>
  queryOptions({
    queryKey: experienceKeys.detail(slug),
    queryFn: async (): Promise<ExperienceDetail | null> => {
      const { data, error } = await (await getSupabase())
        .from('experiences')
        .select(experienceDetailSelect)
        .eq('slug', slug)
        .eq('is_published', true)
        // Admins may read drafts; the public page lists active tours only.
        .eq('tours.status', 'active')
        .order('rating_average', { referencedTable: 'tours', ascending: false })
        .maybeSingle()
        .overrideTypes<ExperienceDetailRow | null, { merge: false }>();
      if (error) throw error;
      return data ? experienceFromRow(data) : null;
    },
    // The experience page's HTML carries it (read as the visitor: published, active tours only).
    initialData: () => {
      const row = readPageData<ExperienceDetailRow | null>(`experience:${slug}`);
      return row === undefined ? undefined : row && experienceFromRow(row);
    },
    initialDataUpdatedAt: pageDataUpdatedAt,
  });
