import { z } from '@/lib/zod.ts';
import { ENQUIRY_VIEWS } from './model.ts';

/** The enquiries list's place in the URL: the stage shown (all open ones unless named), the search words and the page. */
export const enquiriesSearchSchema = z.object({
  stage: z.enum(ENQUIRY_VIEWS).optional().catch(undefined),
  q: z.string().trim().max(200).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export type EnquiriesSearch = z.infer<typeof enquiriesSearchSchema>;

export function validateEnquiriesSearch(search: Record<string, unknown>): EnquiriesSearch {
  return enquiriesSearchSchema.parse(search);
}
