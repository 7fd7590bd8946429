/**
 * The tour list's filters and sorts: what its URL may say. Apart from queries.ts: the list route's
 * validateSearch (search-params.ts) runs in the entry every page needs, and a module shared with it
 * would come along whole, select strings and request builders included.
 */

/** Trip lengths the list filters on, in days (inclusive bounds; max null means no upper bound). */
export const durationBands = {
  short: { label: 'Up to 4 days', min: 1, max: 4 },
  week: { label: '5 to 8 days', min: 5, max: 8 },
  long: { label: '9 days or more', min: 9, max: null },
} as const;
export type DurationBand = keyof typeof durationBands;

export const tourSorts = {
  recommended: 'Recommended',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'duration-asc': 'Duration: shortest first',
  'duration-desc': 'Duration: longest first',
  rating: 'Highest rated',
  newest: 'Newest',
} as const;
export type TourSort = keyof typeof tourSorts;

/** The list filters as they live in the URL (all optional; absent means "any"). */
export interface TourListFilters {
  /** Words typed in the search box (web search syntax: "quoted phrases", -excluded, or). */
  q?: string;
  /** Category slug. */
  category?: string;
  /** Destination slug. */
  destination?: string;
  /** Price from (base_price), whole amounts. */
  minPrice?: number;
  maxPrice?: number;
  duration?: DurationBand;
  /** A departure month, yyyy-mm. */
  month?: string;
  sort?: TourSort;
}
