// zod's mini build: this runs in the app's entry (the route's validateSearch), where every kilobyte counts.
import * as z from 'zod/mini';
import { durationBands, tourSorts, type DurationBand, type TourListFilters, type TourSort } from './queries.ts';

const slug = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/));
const price = z.coerce.number().check(z.multipleOf(1), z.minimum(0), z.maximum(1_000_000));

/** A value that does not parse (a hand-edited or old link) is dropped rather than refused. */
const dropInvalid = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

/**
 * The tour list's URL search params. Anything that does not parse is dropped, so a shared link
 * always opens a list.
 */
const tourListSearchSchema = z.object({
  q: dropInvalid(z.string().check(z.trim(), z.maxLength(100))),
  category: dropInvalid(slug),
  destination: dropInvalid(slug),
  minPrice: dropInvalid(price),
  maxPrice: dropInvalid(price),
  duration: dropInvalid(z.enum(Object.keys(durationBands) as [DurationBand, ...DurationBand[]])),
  month: dropInvalid(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/))),
  sort: dropInvalid(z.enum(Object.keys(tourSorts) as [TourSort, ...TourSort[]])),
});

export function parseTourListSearch(search: Record<string, unknown>): TourListFilters {
  const parsed = tourListSearchSchema.parse(search);
  // Empty values are the same as absent ones, so the URL carries only real filters.
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined && value !== '')) as TourListFilters;
}

/** How many filters narrow the list (search and sort do not count). */
export function activeFilterCount(filters: TourListFilters): number {
  const { category, destination, minPrice, maxPrice, duration, month } = filters;
  return [category, destination, duration, month].filter(Boolean).length + (minPrice !== undefined || maxPrice !== undefined ? 1 : 0);
}

/** The next twelve departure months from `today` (yyyy-mm-dd), as yyyy-mm with a label. */
export function upcomingMonths(today: string, count = 12): { value: string; label: string }[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 + index, 1));
    return {
      value: date.toISOString().slice(0, 7),
      label: new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date),
    };
  });
}
