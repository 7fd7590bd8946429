import { type AddressSearch, flag, oneOf, searchParams, text, wholeNumber } from '@/lib/search-params.ts';

/** The clients list's state, kept in the address so a view can be bookmarked, shared and saved. */
export const CLIENT_KINDS = ['account', 'guest'] as const;
export const CLIENT_SORTS = ['name', 'email', 'bookings', 'spent', 'last_trip', 'next_trip', 'created_at'] as const;
export const PAGE_SIZES = [25, 50, 100] as const;

const clientsSearch = {
  q: text({ max: 200 }),
  kind: oneOf(CLIENT_KINDS),
  tag: text({ max: 30 }),
  /** 1: only those with a trip to come; 0: only those without. */
  upcoming: oneOf([1, 0]),
  sort: oneOf(CLIENT_SORTS),
  desc: flag,
  page: wholeNumber(1, 100_000),
  size: oneOf(PAGE_SIZES),
};

export type ClientsSearch = AddressSearch<typeof clientsSearch>;

export const validateClientsSearch = searchParams(clientsSearch);
