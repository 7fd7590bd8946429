import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase.ts';
import { TOUR_CARD_COLUMNS, tourCardFromRow, type TourCardRow } from './model.ts';

/** How many featured tours the home page shows (SPEC.md section 9). */
export const FEATURED_TOURS_LIMIT = 6;

export const tourKeys = {
  all: ['tours'] as const,
  featured: () => [...tourKeys.all, 'featured'] as const,
};

export const featuredToursQuery = () =>
  queryOptions({
    queryKey: tourKeys.featured(),
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('tours')
        .select(TOUR_CARD_COLUMNS)
        .eq('status', 'active')
        .eq('is_featured', true)
        .order('rating_average', { ascending: false })
        .order('title')
        .limit(FEATURED_TOURS_LIMIT)
        .overrideTypes<TourCardRow[], { merge: false }>();
      if (error) throw error;
      return data.map(tourCardFromRow);
    },
  });
