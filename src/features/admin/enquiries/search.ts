import { type AddressSearch, oneOf, searchParams, text, wholeNumber } from '@/lib/search-params.ts';

/** The enquiry pipeline's stages. */
export const ENQUIRY_STAGES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type EnquiryStage = (typeof ENQUIRY_STAGES)[number];

/** What the list shows: every open enquiry, or one stage. */
export const ENQUIRY_VIEWS = ['open', ...ENQUIRY_STAGES] as const;
export type EnquiryView = (typeof ENQUIRY_VIEWS)[number];

/** The enquiries list's place in the URL: the stage shown (all open ones unless named), the search words and the page. */
const enquiriesSearch = {
  stage: oneOf(ENQUIRY_VIEWS),
  q: text({ max: 200, trim: true }),
  page: wholeNumber(1, 10_000),
};

export type EnquiriesSearch = AddressSearch<typeof enquiriesSearch>;

export const validateEnquiriesSearch = searchParams(enquiriesSearch);
