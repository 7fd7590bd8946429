/**
 * The choices and limits of the contact form and the trip planner, and the words around an enquiry:
 * what a page needs to show the forms. The schemas that check them (enquiry.ts, with Zod) load only
 * when a form is checked.
 */

export const PREFERRED_CONTACT = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone call' },
  { value: 'whatsapp', label: 'WhatsApp' },
] as const;

export const TRIP_INTERESTS = [
  { value: 'wildlife', label: 'Wildlife safari' },
  { value: 'great-migration', label: 'Great Migration' },
  { value: 'trekking', label: 'Kilimanjaro & trekking' },
  { value: 'beach', label: 'Beach & islands' },
  { value: 'culture', label: 'Culture & people' },
  { value: 'photography', label: 'Photography' },
  { value: 'honeymoon', label: 'Honeymoon' },
  { value: 'family', label: 'Family travel' },
  { value: 'birding', label: 'Birding' },
  { value: 'luxury', label: 'Luxury lodges' },
] as const;

/** Budget per person, excluding international flights, in US dollars. */
export const TRIP_BUDGETS = [
  { value: 'under-2500', label: 'Under $2,500' },
  { value: '2500-5000', label: '$2,500 – $5,000' },
  { value: '5000-8000', label: '$5,000 – $8,000' },
  { value: '8000-plus', label: '$8,000 or more' },
  { value: 'undecided', label: 'Not sure yet' },
] as const;

export const TRIP_TIMING = [
  { value: 'dates', label: 'Exact dates' },
  { value: 'month', label: 'A month' },
  { value: 'flexible', label: 'Flexible' },
] as const;

export const MAX_MESSAGE = 5_000;

/** One message per field, keyed by its path; the first problem of each field wins. */
export type FieldErrors = Record<string, string>;

/** The short reference a visitor quotes: the first eight characters of the enquiry's id. */
export function enquiryReference(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** The name of the hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = 'website';
