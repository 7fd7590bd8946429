/**
 * The booking page's data and the pure rules over it. Prices are never worked out here: every amount
 * the page shows comes from quote_booking (20261122001120_quote_booking.sql), and create_booking
 * charges the very same total. What is here decides what can be chosen and how it reads.
 */

import { addDays, daysBetween } from '@/lib/dates.ts';
import { toCents } from '@/lib/money.ts';

export interface BookingExtra {
  code: string;
  name: string;
  description: string | null;
  unit: 'per_person' | 'per_booking';
  price: number;
}

export interface BookingDeparture {
  id: string;
  startDate: string;
  endDate: string;
  capacity: number;
  seatsBooked: number;
  status: 'open' | 'limited' | 'guaranteed' | 'sold_out' | 'cancelled';
  /** The adult price of this departure: its season price, else the tour's. */
  price: number;
  season: string | null;
}

/** A window in which a private tour runs on any date the travelers choose. */
export interface SeasonWindow {
  name: string;
  startsOn: string;
  endsOn: string;
  /** The adult price in the window: its own, else the tour's. */
  price: number;
}

export interface BookingTour {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  currency: string;
  basePrice: number;
  childPrice: number | null;
  childAgeLimit: number;
  singleSupplement: number;
  durationDays: number;
  durationNights: number;
  groupSizeMin: number;
  groupSizeMax: number | null;
  minAge: number | null;
  isPrivate: boolean;
  heroImageUrl: string | null;
  extras: BookingExtra[];
  /** Earliest first. */
  departures: BookingDeparture[];
  /** Earliest first. */
  seasons: SeasonWindow[];
}

/* Dates: calendar dates as yyyy-mm-dd, compared as text and read without a time zone. */

export { addDays, daysBetween };

/** Whole years of a person born on `dateOfBirth` on `onDate`. */
export function ageOn(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [y, m, d] = onDate.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/* Departures and dates. */

/** Departures a traveler can still choose: open, limited or guaranteed, with a seat left. */
export function isBookable(departure: BookingDeparture): boolean {
  return departure.status !== 'sold_out' && departure.status !== 'cancelled' && seatsLeft(departure) > 0;
}

export function seatsLeft(departure: Pick<BookingDeparture, 'capacity' | 'seatsBooked'>): number {
  return Math.max(0, departure.capacity - departure.seatsBooked);
}

/** Departures after today (the booking function refuses one starting today), cancelled ones included to say so. */
export function upcomingDepartures(departures: BookingDeparture[], today: string): BookingDeparture[] {
  return departures.filter((departure) => departure.startDate > today);
}

/** The status badge of a departure. */
export function departureBadge(departure: BookingDeparture): { label: string; tone: 'open' | 'limited' | 'guaranteed' | 'closed' } {
  if (departure.status === 'cancelled') return { label: 'Cancelled', tone: 'closed' };
  if (!isBookable(departure)) return { label: 'Sold out', tone: 'closed' };
  if (departure.status === 'limited') return { label: 'Almost full', tone: 'limited' };
  if (departure.status === 'guaranteed') return { label: 'Guaranteed', tone: 'guaranteed' };
  return { label: 'Available', tone: 'open' };
}

export function seatsText(departure: BookingDeparture): string {
  if (departure.status === 'cancelled') return 'Not running';
  const left = seatsLeft(departure);
  if (left === 0) return 'No seats left';
  return `${left} ${left === 1 ? 'seat' : 'seats'} left`;
}

/** The season window a private trip starting on `date` falls in (the one starting last, as the price function picks). */
export function seasonOn(seasons: SeasonWindow[], date: string): SeasonWindow | null {
  return seasons.filter((season) => season.startsOn <= date && date <= season.endsOn).sort((a, b) => b.startsOn.localeCompare(a.startsOn))[0] ?? null;
}

/** Season windows with a date after today still in them. */
export function openSeasons(seasons: SeasonWindow[], today: string): SeasonWindow[] {
  return seasons.filter((season) => season.endsOn > today);
}

/** The first date of a window a trip can start on: its first day, or tomorrow when it has begun. */
export function firstDateIn(season: SeasonWindow, today: string): string {
  const tomorrow = addDays(today, 1);
  return season.startsOn > tomorrow ? season.startsOn : tomorrow;
}

/* The party. */

/** A tour whose minimum age is at or above the child age takes no children (the price function's rule). */
export function takesChildren(tour: Pick<BookingTour, 'minAge' | 'childAgeLimit'>): boolean {
  return tour.minAge === null || tour.minAge < tour.childAgeLimit;
}

/** 'Under 12', 'Aged 4 to 11'. */
export function childAgeText(tour: Pick<BookingTour, 'minAge' | 'childAgeLimit'>): string {
  if (tour.minAge !== null && tour.minAge > 0) return `Aged ${tour.minAge} to ${tour.childAgeLimit - 1}`;
  return `Under ${tour.childAgeLimit}`;
}

/** The most travelers one booking takes: the seats left on the departure and the tour's group size. */
export function maxParty(tour: Pick<BookingTour, 'groupSizeMax'>, departure: BookingDeparture | null): number {
  const limits = [tour.groupSizeMax ?? 30, 30];
  if (departure) limits.push(Math.max(1, seatsLeft(departure)));
  return Math.min(...limits);
}

export type RoomPreference = 'double' | 'twin';

/** How the party sleeps: a traveler alone has a room of their own; otherwise rooms for two. */
export function roomsText(adults: number, children: number): string {
  if (adults === 1 && children === 0) return 'A room (or tent) of your own';
  const party = adults + children;
  const rooms = Math.ceil(party / 2);
  const family = children > 0 ? ', children sharing with adults' : '';
  return `${rooms} ${rooms === 1 ? 'room' : 'rooms'} for ${party}${family}`;
}

/* Paying. */

/** The booking terms: a 30% deposit confirms a booking; the balance is due before travel. */
export const DEPOSIT_PERCENT = 30;

export type PaymentPlan = 'deposit' | 'full';
export type PaymentMethod = 'bank_transfer' | 'pay_on_arrival' | 'card';

export const PAYMENT_METHODS: { value: PaymentMethod; label: string; description: string }[] = [
  { value: 'bank_transfer', label: 'Bank transfer', description: 'We send our bank details with your booking reference.' },
  { value: 'card', label: 'Card', description: 'Visa or Mastercard, through our secure payment page.' },
  { value: 'pay_on_arrival', label: 'Pay on arrival', description: 'Settle the whole amount at our Arusha office the day before your trip.' },
];

/** The deposit, rounded to the cent half up as the database rounds it: worked out in whole cents (a float 300.375 is 300.37499…). */
export function depositAmount(total: number): number {
  return Math.round((toCents(total) * DEPOSIT_PERCENT) / 100) / 100;
}

/** A deposit is possible while the balance would still fall due before travel; closer in, a trip is paid in full. */
export function depositAllowed(startDate: string | null, today: string, balanceDueDays: number): boolean {
  return startDate !== null && daysBetween(today, startDate) > balanceDueDays;
}

/** What to pay now for a plan and method: nothing before arrival when paying on arrival. */
export function amountDueNow(total: number, plan: PaymentPlan, method: PaymentMethod): number {
  if (method === 'pay_on_arrival') return 0;
  return plan === 'deposit' ? depositAmount(total) : toCents(total) / 100;
}

/* Quotes. */

export interface QuoteLine {
  /** adult, child, single_supplement, group_discount, extra or promo. */
  kind: string;
  code: string | null;
  label: string;
  quantity: number;
  unit_price: number;
  amount: number;
}

/** What quote_booking returns. */
export interface Quote {
  tour_id: string;
  departure_id: string | null;
  start_date: string;
  end_date: string;
  season: string | null;
  currency: string;
  adults: number;
  children: number;
  promo_code: string | null;
  lines: QuoteLine[];
  total: number;
}

/** The choices a quote prices: the same arguments quote_booking and create_booking take. */
export interface QuoteRequest {
  tourId: string;
  departureId: string | null;
  startDate: string | null;
  adults: number;
  children: number;
  extras: string[];
  promoCode: string | null;
  /**
   * The contact email, while a promo code is applied: a code may be for a first trip, or for once
   * per customer, and the customer is the email booked with.
   */
  email: string | null;
}

export function quoteArgs(request: QuoteRequest) {
  return {
    p_departure_id: request.departureId,
    p_tour_id: request.tourId,
    p_start_date: request.departureId ? null : request.startDate,
    p_adults: request.adults,
    p_children: request.children,
    p_extras: [...request.extras].sort(),
    p_promo_code: request.promoCode,
    p_email: request.email,
  };
}

/** Where on the page a refusal of the price function belongs, by its message. */
export type QuoteProblemPlace = 'date' | 'travelers' | 'extras' | 'promo' | 'summary';

export function quoteProblemPlace(message: string): QuoteProblemPlace {
  if (/promo code/i.test(message)) return 'promo';
  if (/departure|private trip is not offered|start date|sold out|seats? (is|are) left/i.test(message)) return 'date';
  if (/traveler|children|adult|aged/i.test(message)) return 'travelers';
  if (/extra|is booked once|can be added/i.test(message)) return 'extras';
  return 'summary';
}

/** Seat and date refusals mean the traveler should look at other dates. */
export function isAvailabilityProblem(message: string): boolean {
  return /sold out|seats? (is|are) left|cancelled|date has passed|could not be found/i.test(message);
}

/** How long unpaid seats are held (seat_hold_terms() in the database). */
export interface SeatHoldTerms {
  unverifiedHoldMinutes: number;
  verifiedHoldMinutes: number;
  offlineHoldDays: number;
  accountEmailProven: boolean;
}

/** A hold's length as a traveler reads it: 30 minutes, 2 hours, 48 hours, 7 days. */
export function holdLengthInWords(minutes: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes < 60) return plural(minutes, 'minute');
  if (minutes <= 72 * 60 || minutes % 1440 !== 0) return plural(Math.round(minutes / 60), 'hour');
  return plural(minutes / 1440, 'day');
}

/**
 * The hold as the booking page states it: the longer time at once for a traveler whose proven account
 * email is the booking's contact, else the short time until the booking email's link is followed.
 */
export function seatHoldText(terms: SeatHoldTerms, contactProven: boolean): string {
  const verified = holdLengthInWords(terms.verifiedHoldMinutes);
  const offline = `${holdLengthInWords(terms.offlineHoldDays * 1440)} for a bank transfer or payment on arrival`;
  if (contactProven) return `We hold your seats for ${verified} while you pay (${offline}).`;
  return `We hold your seats for ${holdLengthInWords(terms.unverifiedHoldMinutes)}, and for ${verified} once you confirm your email from the booking email (${offline}).`;
}
