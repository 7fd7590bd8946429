import { z } from '@/lib/zod.ts';

/** A wrong value is dropped rather than refused: an old or edited link still opens the screen. */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** /admin/audit's filters in the address: who made the change, the kind of record, and the days. */
export const auditSearchSchema = z.object({
  person: optional(z.uuid()),
  kind: optional(z.string().regex(/^[a-z_]{1,60}$/)),
  from: optional(isoDate),
  to: optional(isoDate),
});

export type AuditSearch = z.infer<typeof auditSearchSchema>;

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const parsed = auditSearchSchema.parse(search);
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined)) as AuditSearch;
}
