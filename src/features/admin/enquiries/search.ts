import { z } from '@shared/zod.ts';
import { optionalInAddress as optional } from '@/lib/search-params.ts';
import { ENQUIRY_VIEWS } from './model.ts';

/** The enquiries list's place in the URL: the stage shown (all open ones unless named), the search words and the page. */
export const enquiriesSearchSchema = z.object({
  stage: optional(z.enum(ENQUIRY_VIEWS)),
  q: optional(z.string().check(z.trim(), z.maxLength(200))),
  page: optional(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(10_000)))),
});

export type EnquiriesSearch = z.infer<typeof enquiriesSearchSchema>;

export function validateEnquiriesSearch(search: Record<string, unknown>): EnquiriesSearch {
  return enquiriesSearchSchema.parse(search);
}
