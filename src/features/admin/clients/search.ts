import { z } from '@shared/zod.ts';
import { optionalInAddress as optional, withoutAbsent } from '@/lib/search-params.ts';

/** The clients list's state, kept in the address so a view can be bookmarked, shared and saved. */
export const CLIENT_KINDS = ['account', 'guest'] as const;
export const CLIENT_SORTS = ['name', 'email', 'bookings', 'spent', 'last_trip', 'next_trip', 'created_at'] as const;
export const PAGE_SIZES = [25, 50, 100] as const;

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
