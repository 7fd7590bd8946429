import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase.ts';
import type { AnalyticsReport } from './model.ts';

export const analyticsQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: ['admin', 'analytics', from, to] as const,
    queryFn: async (): Promise<AnalyticsReport> => {
      const { data, error } = await (await getSupabase()).rpc('analytics_report', { p_from: from, p_to: to });
      if (error) throw error;
      return data;
    },
  });
