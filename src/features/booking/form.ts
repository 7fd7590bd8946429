import { ageOn, type BookingTour, type PaymentMethod, type PaymentPlan, type QuoteRequest, type RoomPreference } from './model.ts';
import type { BookingInput, CheckedBooking, TravelerDraft } from './schema.ts';
import type { BookedTraveler, BookingRequest } from './writes.ts';
import { emailPattern } from '@shared/email.ts';

/**
 * The booking form's state. Details typed for a traveler stay when the party shrinks and come back
 * when it grows again, so changing one's mind loses nothing.
 */
export interface BookingDraft {
  departureId: string;
  /** A private trip's chosen first day (yyyy-mm-dd). */
  startDate: string;
  adults: number;
  children: number;
  extras: string[];
  room: RoomPreference;
  adultTravelers: TravelerDraft[];
  childTravelers: TravelerDraft[];
  contact: { name: string; email: string; phone: string };
  acceptTerms: boolean;
  plan: PaymentPlan;
  method: PaymentMethod;
}

export const emptyTraveler: TravelerDraft = { fullName: '', dateOfBirth: '', nationality: '', passportNumber: '', dietary: '' };

export function initialDraft(departureId: string | null): BookingDraft {
  return {
    departureId: departureId ?? '',
    startDate: '',
    adults: 2,
    children: 0,
    extras: [],
    room: 'double',
    adultTravelers: [],
    childTravelers: [],
    contact: { name: '', email: '', phone: '' },
    acceptTerms: false,
    plan: 'deposit',
    method: 'bank_transfer',
  };
}

/** The party's details in order, adults first, as many as travel. */
export function partyTravelers(draft: BookingDraft): TravelerDraft[] {
  const take = (list: TravelerDraft[], count: number) => Array.from({ length: count }, (_, index) => list[index] ?? emptyTraveler);
  return [...take(draft.adultTravelers, draft.adults), ...take(draft.childTravelers, draft.children)];
}

/** Changes one field of the traveler at `index` of the party (adults first). */
export function withTraveler(draft: BookingDraft, index: number, field: keyof TravelerDraft, value: string): BookingDraft {
  const isChild = index >= draft.adults;
  const key = isChild ? 'childTravelers' : 'adultTravelers';
  const position = isChild ? index - draft.adults : index;
  const list = [...draft[key]];
  while (list.length <= position) list.push(emptyTraveler);
  list[position] = { ...list[position], [field]: value };
  return { ...draft, [key]: list };
}

/** What the schema checks. */
export function bookingInput(draft: BookingDraft): BookingInput {
  return {
    departureId: draft.departureId,
    startDate: draft.startDate,
    adults: draft.adults,
    children: draft.children,
    travelers: partyTravelers(draft),
    contact: draft.contact,
    acceptTerms: draft.acceptTerms,
    method: draft.method,
  };
}

/** The trip's first day: the chosen departure's, or the chosen private date. */
export function tripStart(tour: Pick<BookingTour, 'isPrivate' | 'departures'>, draft: Pick<BookingDraft, 'departureId' | 'startDate'>): string | null {
  if (tour.isPrivate) return /^\d{4}-\d{2}-\d{2}$/.test(draft.startDate) ? draft.startDate : null;
  return tour.departures.find((departure) => departure.id === draft.departureId)?.startDate ?? null;
}

/** The choices to price, or null until there is a date to price. */
export function quoteRequestOf(tour: BookingTour, draft: BookingDraft, promoCode: string | null): QuoteRequest | null {
  const start = tripStart(tour, draft);
  if (!start) return null;
  return {
    tourId: tour.id,
    departureId: tour.isPrivate ? null : draft.departureId,
    startDate: tour.isPrivate ? start : null,
    adults: draft.adults,
    children: draft.children,
    extras: draft.extras,
    promoCode,
    email: promoCode && emailPattern.test(draft.contact.email.trim()) ? draft.contact.email.trim().toLowerCase() : null,
  };
}

/** The travelers as create_booking stores them, with each one's age on the first day. */
export function bookedTravelers(checked: CheckedBooking, start: string, room: RoomPreference): BookedTraveler[] {
  return checked.travelers.map((person, index) => {
    const traveler: BookedTraveler = {
      full_name: person.fullName,
      date_of_birth: person.dateOfBirth,
      age: ageOn(person.dateOfBirth, start),
      traveler_type: index < checked.adults ? 'adult' : 'child',
      nationality: person.nationality,
    };
    if (person.passportNumber) traveler.passport_number = person.passportNumber;
    if (person.dietary) traveler.dietary_needs = person.dietary;
    // Rooms are for two: the lead traveler's entry carries the party's bed preference.
    if (index === 0 && checked.adults + checked.children > 1) traveler.room_preference = room;
    return traveler;
  });
}

export function bookingRequest(options: {
  tour: BookingTour;
  draft: BookingDraft;
  checked: CheckedBooking;
  quote: { lines: BookingRequest['estimate']['lines']; total: number; currency: string; start_date: string; end_date: string; promo_code: string | null };
}): BookingRequest {
  const { tour, draft, checked, quote } = options;
  return {
    tour: { id: tour.id, slug: tour.slug, title: tour.title, currency: tour.currency },
    departureId: tour.isPrivate ? null : draft.departureId,
    startDate: quote.start_date,
    endDate: quote.end_date,
    adults: checked.adults,
    children: checked.children,
    extras: [...draft.extras].sort(),
    promoCode: quote.promo_code,
    travelers: bookedTravelers(checked, quote.start_date, draft.room),
    contact: { full_name: checked.contact.name, email: checked.contact.email, phone: checked.contact.phone },
    expectedTotal: quote.total,
    estimate: { lines: quote.lines, total: quote.total, currency: quote.currency },
    payment: { plan: draft.method === 'pay_on_arrival' ? 'full' : draft.plan, method: draft.method },
  };
}
