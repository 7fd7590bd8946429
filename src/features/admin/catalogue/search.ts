import { type AddressSearch, oneOf, searchParams, text } from '@/lib/search-params.ts';

/** The tours list's state, kept in the address: words to find and a status. */
const toursSearch = {
  q: text({ max: 100 }),
  status: oneOf(['draft', 'active', 'archived']),
};

export type ToursSearch = AddressSearch<typeof toursSearch>;

export const validateToursSearch = searchParams(toursSearch);

export const EDITOR_TABS = ['details', 'pricing', 'itinerary', 'departures'] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

/** The tour editor's open tab, in the address so a check's link opens the right one. */
export function validateEditorSearch(search: Record<string, unknown>): { tab?: EditorTab; field?: string } {
  const tab = EDITOR_TABS.find((name) => name === search.tab);
  const field = typeof search.field === 'string' && /^[a-z0-9-]{1,80}$/.test(search.field) ? search.field : undefined;
  return { ...(tab && tab !== 'details' ? { tab } : {}), ...(field ? { field } : {}) };
}
