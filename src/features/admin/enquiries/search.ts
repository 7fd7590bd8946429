import { z } from '@shared/zod.ts';
import { optionalInAddress as optional } from '@/lib/search-params.ts';

/** The enquiry pipeline's stages. */
export const ENQUIRY_STAGES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type EnquiryStage = (typeof ENQUIRY_STAGES)[number];

/** What the list shows: every open enquiry, or one stage. */
export const ENQUIRY_VIEWS = ['open', ...ENQUIRY_STAGES] as const;
export type EnquiryView = (typeof ENQUIRY_VIEWS)[number];

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
