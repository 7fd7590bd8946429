import { z } from '@shared/zod.ts';
import { isoDay, optionalInAddress as optional, withoutAbsent } from '@/lib/search-params.ts';

/** /admin/audit's filters in the address: who made the change, the kind of record, and the days. */
export const auditSearchSchema = z.object({
  person: optional(z.uuid()),
  kind: optional(z.string().check(z.regex(/^[a-z_]{1,60}$/))),
  from: optional(isoDay()),
  to: optional(isoDay()),
});

export type AuditSearch = z.infer<typeof auditSearchSchema>;

export function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  return withoutAbsent(auditSearchSchema.parse(search));
}
