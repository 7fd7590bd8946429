import { z } from '@shared/zod.ts';
import { optionalInAddress as optional, withoutAbsent } from '@/lib/search-params.ts';

/** The clients list's state, kept in the address so a view can be bookmarked, shared and saved. */
export const CLIENT_KINDS = ['account', 'guest'] as const;
export const CLIENT_SORTS = ['name', 'email', 'bookings', 'spent', 'last_trip', 'next_trip', 'created_at'] as const;
export const PAGE_SIZES = [25, 50, 100] as const;

export const CLIENT_KIND_LABELS: Record<(typeof CLIENT_KINDS)[number], string> = {
  account: 'With an account',
  guest: 'Guests (no account)',
};

export const clientsSearchSchema = z.object({
  q: optional(z.string().check(z.maxLength(200))),
  kind: optional(z.enum(CLIENT_KINDS)),
  tag: optional(z.string().check(z.maxLength(30))),
  /** 1: only those with a trip to come; 0: only those without. */
  upcoming: optional(z.union([z.literal(1), z.literal(0)])),
  sort: optional(z.enum(CLIENT_SORTS)),
  desc: optional(z.literal(1)),
  page: optional(z.int().check(z.minimum(1), z.maximum(100_000))),
  size: optional(z.union([z.literal(25), z.literal(50), z.literal(100)])),
});

export type ClientsSearch = z.infer<typeof clientsSearchSchema>;

export function validateClientsSearch(search: Record<string, unknown>): ClientsSearch {
  return withoutAbsent(clientsSearchSchema.parse(search));
}

/** The arguments of search_clients for a page of the list (or, with a page and size given, of the export). */
export function searchArguments(search: ClientsSearch, page = search.page ?? 1, size: number = search.size ?? 25) {
  return {
    p_query: search.q?.trim() || undefined,
    p_kind: search.kind,
    p_tag: search.tag,
    p_upcoming: search.upcoming === undefined ? undefined : search.upcoming === 1,
    p_sort: search.sort ?? 'name',
    p_descending: search.desc === 1,
    p_limit: size,
    p_offset: (page - 1) * size,
  };
}

/** Whether any filter narrows the list (the search box included): the empty state says so. */
export function isFiltered(search: ClientsSearch): boolean {
  const { sort: _sort, desc: _desc, page: _page, size: _size, ...filters } = search;
  return Object.keys(filters).length > 0;
}
