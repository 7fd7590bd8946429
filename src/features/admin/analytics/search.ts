import { z } from '@shared/zod.ts';
import { isoDay, optionalInAddress as optional, withoutAbsent } from '@/lib/search-params.ts';

/** The analytics screen's range, kept in the address so a view can be bookmarked and shared. */
export const analyticsSearchSchema = z.object({ from: optional(isoDay()), to: optional(isoDay()) });
export type AnalyticsSearch = z.infer<typeof analyticsSearchSchema>;

export function validateAnalyticsSearch(search: Record<string, unknown>): AnalyticsSearch {
  return withoutAbsent(analyticsSearchSchema.parse(search));
}
