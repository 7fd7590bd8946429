import { z } from '@shared/zod.ts';
import { ageOn, seasonOn, type PaymentMethod, type SeasonWindow } from './model.ts';
import { emailPattern } from '@shared/email.ts';

/**
 * What the booking form must hold before it is sent, checked in the browser so every field says
 * what is wrong at once. create_booking checks again (only its check counts) and prices the trip.
 * Field errors are keyed by path: 'date', 'adults', 'travelers.0.fullName', 'contact.email', ...
 */

/** What the schema needs to know about the trip being booked. */
export interface BookingContext {
  isPrivate: boolean;
  /** The first day of the trip: the chosen departure's, or the chosen private date (null until chosen). */
  tripStart: string | null;
  childAgeLimit: number;
  minAge: number | null;
  seasons: SeasonWindow[];
  today: string;
  cardPayments: boolean;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const traveler = z.object({
  fullName: z.string().check(
    z.trim(),
    z.minLength(2, { error: 'Please enter the full name, as in the passport' }),
    z.maxLength(200, { error: 'Please shorten the name to 200 characters' }),
  ),
  dateOfBirth: z.string().check(z.regex(isoDate, { error: 'Please enter the date of birth' })),
  nationality: z.string().check(
    z.trim(),
    z.minLength(2, { error: 'Please enter the nationality' }),
    z.maxLength(100, { error: 'Please shorten the nationality to 100 characters' }),
  ),
  // Optional now (it can be added in the portal later), but the park permits need it in this form.
  passportNumber: z
    .pipe(
      z.string(),
      z.transform((value: string) => value.replace(/\s+/g, '').toUpperCase()),
    )
    .check(z.refine((value) => value === '' || /^[A-Z0-9]{5,20}$/.test(value), { error: 'A passport number has 5 to 20 letters and digits' })),
  dietary: z.string().check(z.trim(), z.maxLength(200, { error: 'Please shorten the dietary needs to 200 characters' })),
});

const contact = z.object({
  name: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'Please tell us your name' }),
    z.maxLength(200, { error: 'Please shorten your name to 200 characters' }),
  ),
  email: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'Please enter your email address' }),
    z.maxLength(254, { error: 'That email address is too long' }),
    z.regex(emailPattern, { error: 'Please enter a valid email address, like name@example.com' }),
  ),
  phone: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'Please enter a phone number we can reach you on while travelling' }),
    z.maxLength(40, { error: 'Please shorten the phone number to 40 characters' }),
    z.refine((value) => /^[+()\d\s.-]+$/.test(value) && value.replace(/\D/g, '').length >= 6, {
      error: 'Please enter a phone number with country code, like +44 7700 900123',
    }),
  ),
});

export type TravelerDraft = z.input<typeof traveler>;
type ContactDraft = z.input<typeof contact>;

/** The form as the schema reads it: the party's details in order, adults first. */
export interface BookingInput {
  departureId: string;
  startDate: string;
  adults: number;
  children: number;
  travelers: TravelerDraft[];
  contact: ContactDraft;
  acceptTerms: boolean;
  method: PaymentMethod;
}

export function bookingSchema(context: BookingContext) {
  const { childAgeLimit, minAge, tripStart, today } = context;
  return z
    .object({
      departureId: z.string(),
      startDate: z.string(),
      adults: z.int().check(z.minimum(1, { error: 'At least one adult travels on every booking' })),
      children: z.int().check(z.minimum(0)),
      travelers: z.array(traveler),
      contact,
      acceptTerms: z.boolean().check(z.refine((accepted) => accepted, { error: 'Please accept the booking terms to book' })),
      method: z.enum(['bank_transfer', 'pay_on_arrival', 'card']).check(
        z.refine((method) => method !== 'card' || context.cardPayments, {
          error: 'Card payments are not available just now; please choose another way to pay',
        }),
      ),
    })
    .check(z.superRefine((booking, issues) => {
      const add = (path: (string | number)[], message: string) => issues.addIssue({ code: 'custom', path, message });

      if (context.isPrivate) {
        if (!isoDate.test(booking.startDate)) add(['date'], 'Please choose a start date');
        else if (booking.startDate <= today) add(['date'], 'Please choose a start date in the future');
        else if (!seasonOn(context.seasons, booking.startDate)) add(['date'], 'This private trip is not offered on that date');
      } else if (!booking.departureId) {
        add(['date'], 'Please choose a departure date');
      }

      // Children and adults are counted by their age on the first day of the trip.
      booking.travelers.forEach((person, index) => {
        if (!isoDate.test(person.dateOfBirth)) return;
        if (person.dateOfBirth > today || person.dateOfBirth < '1900-01-02') {
          add(['travelers', index, 'dateOfBirth'], 'Please enter a real date of birth');
          return;
        }
        if (!tripStart) return;
        const age = ageOn(person.dateOfBirth, tripStart);
        const isChild = index >= booking.adults;
        if (minAge !== null && age < minAge) {
          add(['travelers', index, 'dateOfBirth'], `This tour is for travelers aged ${minAge} and over`);
        } else if (isChild && age >= childAgeLimit) {
          add(['travelers', index, 'dateOfBirth'], `${age} on the first day of the trip: please count this traveler as an adult`);
        } else if (!isChild && age < childAgeLimit) {
          add(['travelers', index, 'dateOfBirth'], `Under ${childAgeLimit} on the first day of the trip: please count this traveler as a child`);
        }
      });
    }, { when: ({ value }) => typeof value === 'object' && value !== null }));
}

export type CheckedBooking = z.output<ReturnType<typeof bookingSchema>>;

/** One message per field, keyed by its path; the first problem of each field wins. */
export type FieldErrors = Record<string, string>;

export function checkBooking(input: BookingInput, context: BookingContext): { ok: true; value: CheckedBooking } | { ok: false; errors: FieldErrors } {
  const result = bookingSchema(context).safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || 'form'] ??= issue.message;
  return { ok: false, errors };
}

/** The order fields appear in on the page, so the first one with a message gets the focus. */
export function fieldOrder(party: number): string[] {
  const travelerFields = Array.from({ length: party }, (_, index) =>
    ['fullName', 'dateOfBirth', 'nationality', 'passportNumber', 'dietary'].map((field) => `travelers.${index}.${field}`),
  ).flat();
  return ['date', 'adults', 'children', ...travelerFields, 'contact.name', 'contact.email', 'contact.phone', 'method', 'acceptTerms'];
}
