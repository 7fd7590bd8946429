import { queryOptions } from '@tanstack/react-query';
import { pageDataUpdatedAt, readPageData } from '@/lib/page-data.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { HERO_COLUMNS, type Hero } from '@shared/heroes.ts';

export const heroKeys = {
  active: () => ['heroes', 'active'] as const,
};

/** Active home page heroes in display order; the page shows the first. */
export const activeHeroesQuery = () =>
  queryOptions({
    queryKey: heroKeys.active(),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('heroes')
        .select(HERO_COLUMNS)
        .eq('is_active', true)
        .order('display_order')
        .overrideTypes<Hero[], { merge: false }>();
      if (error) throw error;
      return data;
    },
    // The home page's HTML carries them.
    initialData: () => readPageData<Hero[]>('heroes:active'),
    initialDataUpdatedAt: pageDataUpdatedAt,
  });
