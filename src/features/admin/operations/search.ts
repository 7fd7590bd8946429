import { z } from '@shared/zod.ts';
import { optionalInAddress as optional, withoutAbsent } from '@/lib/search-params.ts';

/** The guides' and vehicles' lists' state, kept in the address: a word to find, and whether to show those no longer in use. */
export const rosterSearchSchema = z.object({
  q: optional(z.string().check(z.maxLength(100))),
  /** 1: also those no longer in use (inactive guides, sold vehicles). */
  inactive: optional(z.literal(1)),
});

export type RosterSearch = z.infer<typeof rosterSearchSchema>;

export function validateRosterSearch(search: Record<string, unknown>): RosterSearch {
  return withoutAbsent(rosterSearchSchema.parse(search));
}
