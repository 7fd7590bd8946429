import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase.ts';

export interface Hero {
  id: string;
  title: string;
  subtitle: string | null;
  image_url: string;
  cta_label: string | null;
  cta_href: string | null;
}

export const heroKeys = {
  active: () => ['heroes', 'active'] as const,
};

/** Active home page heroes in display order; the page shows the first. */
export const activeHeroesQuery = () =>
  queryOptions({
    queryKey: heroKeys.active(),
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('heroes')
        .select('id, title, subtitle, image_url, cta_label, cta_href')
        .eq('is_active', true)
        .order('display_order')
        .overrideTypes<Hero[], { merge: false }>();
      if (error) throw error;
      return data;
    },
  });
