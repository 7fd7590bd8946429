import { z } from './zod.ts';
import { emailPattern } from './email.ts';
import { HONEYPOT_FIELD, MAX_MESSAGE, PREFERRED_CONTACT, TRIP_BUDGETS, TRIP_INTERESTS, TRIP_TIMING, type FieldErrors } from './enquiry-fields.ts';

/**
 * What the contact form and the trip planner send to POST /api/enquiries. The browser checks a form
 * with these schemas to show field messages at once; the server checks the same schemas again, since
 * only its check counts. Field errors are keyed by the field's path ('email', 'trip.adults'). The
 * forms' choices and limits are in enquiry-fields.ts, which a page can show without loading Zod.
 */

type Values<T extends readonly { value: string }[]> = [T[number]['value'], ...T[number]['value'][]];
const valuesOf = <T extends readonly { value: string }[]>(options: T) => options.map((option) => option.value) as Values<T>;

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const name = z.string({ error: 'Please tell us your name' }).check(
  z.trim(),
  z.minLength(1, { error: 'Please tell us your name' }),
  z.maxLength(200, { error: 'Please shorten your name to 200 characters' }),
);
const email = z.string({ error: 'Please enter your email address' }).check(
  z.trim(),
  z.minLength(1, { error: 'Please enter your email address' }),
  z.maxLength(254, { error: 'That email address is too long' }),
  z.regex(emailPattern, { error: 'Please enter a valid email address, like name@example.com' }),
);
// Optional, but when given it must look like a phone number: digits with +, spaces, dots, dashes, brackets.
const phone = z.optional(
  z.string().check(
    z.trim(),
    z.maxLength(40, { error: 'Please shorten the phone number to 40 characters' }),
    z.refine((value) => value === '' || (/^[+()\d\s.-]+$/.test(value) && value.replace(/\D/g, '').length >= 6), {
      error: 'Please enter a phone number with country code, like +255 754 200 300',
    }),
  ),
);
const preferredContact = z.enum(valuesOf(PREFERRED_CONTACT), { error: 'Please choose how we should contact you' });

export const contactEnquirySchema = z.object({
  kind: z.literal('contact'),
  name,
  email,
  phone,
  subject: z.string({ error: 'Please add a subject' }).check(
    z.trim(),
    z.minLength(3, { error: 'Please add a subject of at least 3 characters' }),
    z.maxLength(300, { error: 'Please shorten the subject to 300 characters' }),
  ),
  message: z.string({ error: 'Please write your message' }).check(
    z.trim(),
    z.minLength(10, { error: 'Please write a message of at least 10 characters' }),
    z.maxLength(MAX_MESSAGE, { error: `Please shorten your message to ${MAX_MESSAGE} characters` }),
  ),
  preferredContact,
});

const slug = z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'Choose destinations from the list' }));
const wholeNumber = (message: string) => z.refine<number>((value) => Number.isSafeInteger(value), { error: message });

export const tripSchema = z
  .object({
    destinations: z
      .array(slug, { error: 'Choose at least one destination' })
      .check(z.minLength(1, { error: 'Choose at least one destination' }), z.maxLength(20, { error: 'Choose at most 20 destinations' })),
    timing: z.enum(valuesOf(TRIP_TIMING), { error: 'Tell us when you would like to travel' }),
    startDate: z.optional(z.string().check(z.regex(isoDate, { error: 'Choose a start date' }))),
    endDate: z.optional(z.string().check(z.regex(isoDate, { error: 'Choose an end date' }))),
    month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Choose a month' }))),
    adults: z
      .number({ error: 'Enter the number of adults' })
      .check(
        wholeNumber('Enter a whole number of adults'),
        z.minimum(1, { error: 'At least one adult travels' }),
        z.maximum(30, { error: 'For groups over 30, please write to us' }),
      ),
    children: z
      .number({ error: 'Enter the number of children' })
      .check(
        wholeNumber('Enter a whole number of children'),
        z.minimum(0, { error: 'Children cannot be negative' }),
        z.maximum(20, { error: 'For more than 20 children, please write to us' }),
      ),
    budget: z.enum(valuesOf(TRIP_BUDGETS), { error: 'Choose a budget per person' }),
    interests: z.array(z.enum(valuesOf(TRIP_INTERESTS), { error: 'Choose interests from the list' })).check(z.maxLength(TRIP_INTERESTS.length)),
  })
  // Runs even when other fields failed, so the wizard's 'When' step shows its messages before a budget is chosen.
  .check(z.superRefine((trip, context) => {
    if (trip.timing === 'dates') {
      if (!trip.startDate) context.addIssue({ code: 'custom', path: ['startDate'], message: 'Choose a start date' });
      if (!trip.endDate) context.addIssue({ code: 'custom', path: ['endDate'], message: 'Choose an end date' });
      if (trip.startDate && trip.endDate && trip.endDate < trip.startDate) {
        context.addIssue({ code: 'custom', path: ['endDate'], message: 'The end date must be on or after the start date' });
      }
    }
    if (trip.timing === 'month' && !trip.month) context.addIssue({ code: 'custom', path: ['month'], message: 'Choose a month' });
  }, { when: ({ value }) => typeof value === 'object' && value !== null }));

export const planningEnquirySchema = z.object({
  kind: z.literal('start_planning'),
  name,
  email,
  phone,
  preferredContact,
  message: z.optional(z.string().check(z.trim(), z.maxLength(MAX_MESSAGE, { error: `Please shorten your notes to ${MAX_MESSAGE} characters` }))),
  trip: tripSchema,
});

/** A message left in the chat widget by a visitor who is not signed in; we answer by email. */
export const chatEnquirySchema = z.object({
  kind: z.literal('chat'),
  name,
  email,
  message: z.string({ error: 'Please write your message' }).check(
    z.trim(),
    z.minLength(2, { error: 'Please write your message' }),
    z.maxLength(MAX_MESSAGE, { error: `Please shorten your message to ${MAX_MESSAGE} characters` }),
  ),
  /** The page the visitor was on, so staff know what they were looking at. */
  page: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});

export const enquirySchema = z.discriminatedUnion('kind', [contactEnquirySchema, planningEnquirySchema, chatEnquirySchema], {
  error: 'The enquiry kind must be contact, start_planning or chat',
});

export type ContactEnquiry = z.infer<typeof contactEnquirySchema>;
export type PlanningEnquiry = z.infer<typeof planningEnquirySchema>;
export type ChatEnquiry = z.infer<typeof chatEnquirySchema>;
export type TripPlan = z.infer<typeof tripSchema>;
export type Enquiry = z.infer<typeof enquirySchema>;

export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The parsed value, or the field messages that stop it. */
export function checkEnquiry<T>(schema: z.ZodMiniType<T>, value: unknown): { ok: true; value: T } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false, errors: fieldErrors(result.error) };
}

/** What a form sends: the enquiry, and the honeypot's value when something filled it in. */
export type OutgoingEnquiry = Enquiry & { [HONEYPOT_FIELD]?: string };
