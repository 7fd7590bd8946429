import { type AddressSearch, isoDay, searchParams, text, uuid } from '@/lib/search-params.ts';

/** /admin/audit's filters in the address: who made the change, the kind of record, and the days. */
const auditSearch = {
  person: uuid,
  kind: text({ max: 60, pattern: /^[a-z_]{1,60}$/ }),
  from: isoDay,
  to: isoDay,
};

export type AuditSearch = AddressSearch<typeof auditSearch>;

export const validateAuditSearch = searchParams(auditSearch);
