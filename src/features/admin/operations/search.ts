import { z } from '@/lib/zod.ts';

/** The guides' and vehicles' lists' state, kept in the address: a word to find, and whether to show those no longer in use. */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const rosterSearchSchema = z.object({
  q: optional(z.string().max(100)),
  /** 1: also those no longer in use (inactive guides, sold vehicles). */
  inactive: optional(z.literal(1)),
});

export type RosterSearch = z.infer<typeof rosterSearchSchema>;

export function validateRosterSearch(search: Record<string, unknown>): RosterSearch {
  const parsed = rosterSearchSchema.parse(search);
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)) as RosterSearch;
}
