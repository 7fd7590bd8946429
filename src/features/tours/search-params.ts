import { durationBands, tourSorts, type DurationBand, type TourListFilters, type TourSort } from '@shared/catalogue-queries.ts';

// Written by hand rather than with a schema library: this runs in the app's entry (the route's
// validateSearch), where every kilobyte delays the first paint of every page.

const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const MAX_QUERY_LENGTH = 100;
const MAX_PRICE = 1_000_000;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const matching = (pattern: RegExp) => (value: unknown) => {
  const candidate = text(value);
  return candidate !== undefined && pattern.test(candidate) ? candidate : undefined;
};
const keyOf = <K extends string>(table: Record<K, unknown>) => (value: unknown) => {
  const candidate = text(value);
  return candidate !== undefined && Object.hasOwn(table, candidate) ? (candidate as K) : undefined;
};

/** Whole amounts from 0 to a million, as a number or as the text of one. */
function price(value: unknown): number | undefined {
  if (typeof value !== 'number' && (typeof value !== 'string' || value.trim() === '')) return undefined;
  const amount = Number(value);
  return Number.isInteger(amount) && amount >= 0 && amount <= MAX_PRICE ? amount : undefined;
}

function query(value: unknown): string | undefined {
  const trimmed = text(value)?.trim();
  return trimmed && trimmed.length <= MAX_QUERY_LENGTH ? trimmed : undefined;
}

const slug = matching(slugPattern);
const parsers: { [K in keyof TourListFilters]-?: (value: unknown) => TourListFilters[K] } = {
  q: query,
  category: slug,
  destination: slug,
  minPrice: price,
  maxPrice: price,
  duration: keyOf<DurationBand>(durationBands),
  month: matching(monthPattern),
  sort: keyOf<TourSort>(tourSorts),
};

/**
 * The tour list's URL search params. A value that does not parse (a hand-edited or old link) is
 * dropped rather than refused, and empty values count as absent, so a shared link always opens a
 * list and the URL carries only real filters.
 */
export function parseTourListSearch(search: Record<string, unknown>): TourListFilters {
  const filters: Record<string, unknown> = {};
  for (const [name, parse] of Object.entries(parsers) as [string, (value: unknown) => unknown][]) {
    const value = parse(search[name]);
    if (value !== undefined) filters[name] = value;
  }
  return filters as TourListFilters;
}

/** How many filters narrow the list (search and sort do not count). */
export function activeFilterCount(filters: TourListFilters): number {
  const { category, destination, minPrice, maxPrice, duration, month } = filters;
  return [category, destination, duration, month].filter(Boolean).length + (minPrice !== undefined || maxPrice !== undefined ? 1 : 0);
}
