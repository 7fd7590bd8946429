import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase.ts';

export interface DestinationSummary {
  id: string;
  slug: string;
  name: string;
  country: string;
  region: string | null;
  summary: string | null;
  image_url: string | null;
  display_order: number;
}

export const destinationKeys = {
  all: ['destinations'] as const,
  list: () => [...destinationKeys.all, 'list'] as const,
};

/** Published destinations in the order the company chose. */
export const destinationsQuery = () =>
  queryOptions({
    queryKey: destinationKeys.list(),
    queryFn: async () => {
      const { data, error } = await supabase()
        .from('destinations')
        .select('id, slug, name, country, region, summary, image_url, display_order')
        .eq('is_published', true)
        .order('display_order')
        .order('name')
        .overrideTypes<DestinationSummary[], { merge: false }>();
      if (error) throw error;
      return data;
    },
  });
