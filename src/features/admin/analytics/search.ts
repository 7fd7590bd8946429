import { type AddressSearch, isoDay, searchParams } from '@/lib/search-params.ts';

/** The analytics screen's range, kept in the address so a view can be bookmarked and shared. */
const analyticsSearch = { from: isoDay, to: isoDay };
export type AnalyticsSearch = AddressSearch<typeof analyticsSearch>;

export const validateAnalyticsSearch = searchParams(analyticsSearch);
