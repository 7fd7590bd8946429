import { isJsonObject, mergePatch, type JsonObject } from '@/lib/outbox/patch.ts';
import type { UserPreferences } from '@/lib/outbox/preferences.ts';
import { addDays, DEFAULT_DISPLAY_DATES } from '@/lib/dates.ts';
import { toCents } from '@/lib/money.ts';

/**
 * The traveler portal's data as the device keeps it, and the pure rules over it: which trip is
 * next, what is still to pay, how dates and money read in the traveler's own preferences.
 */

export interface ItineraryDay {
  day_number: number;
  title: string;
  description: string | null;
  location: string | null;
  accommodation: string | null;
  meals: string[] | null;
  activities: string[] | null;
}

export interface BookedTour {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  duration_days: number;
  duration_nights: number;
  hero_image_url: string | null;
  start_location: string | null;
  end_location: string | null;
  included: string[] | null;
  excluded: string[] | null;
  /** The trip asks for each traveler's passport (park permits, a border). */
  passport_required?: boolean;
  tour_itinerary: ItineraryDay[] | null;
}

export interface BookedDeparture {
  id: string;
  start_date: string;
  end_date: string;
  status: string;
}

export interface Payment {
  id: string;
  amount: number | string;
  currency: string;
  method: 'card' | 'bank_transfer' | 'mobile_money' | 'cash' | 'paypal';
  status: 'pending' | 'succeeded' | 'failed' | 'refund_due' | 'refunded';
  provider_reference: string | null;
  paid_at: string | null;
  created_at: string;
}

export interface BookingTraveler {
  name?: string;
  full_name?: string;
  age?: number | string;
  nationality?: string;
  /** The details for the trip (update_traveler_details): date of birth, passport, dietary and medical notes, emergency contact. */
  [detail: string]: unknown;
}

/** A booking with its tour (and the tour's days), departure and payments embedded: the mirror row. */
export interface PortalBooking {
  id: string;
  booking_reference: string;
  status: 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'expired';
  adults: number;
  children: number;
  travelers: BookingTraveler[] | null;
  contact: Record<string, unknown> | null;
  currency: string;
  total_amount: number | string;
  amount_paid: number | string;
  notes: string | null;
  /** Where and when (HH:MM:SS) the trip collects the travelers; absent in a mirror saved before pickups. */
  pickup?: string | null;
  pickup_time?: string | null;
  created_at: string;
  cancelled_at?: string | null;
  cancellation_reason?: string | null;
  tour: BookedTour | null;
  departure: BookedDeparture | null;
  payments: Payment[] | null;
}

export const BOOKING_COLUMNS =
  'id, booking_reference, status, adults, children, travelers, contact, currency, total_amount, amount_paid, notes, pickup, pickup_time, created_at, ' +
  'cancelled_at, cancellation_reason, ' +
  'tour:tours(id, slug, title, summary, duration_days, duration_nights, hero_image_url, start_location, end_location, included, excluded, passport_required, ' +
  'tour_itinerary(day_number, title, description, location, accommodation, meals, activities)), ' +
  'departure:tour_departures(id, start_date, end_date, status), ' +
  'payments(id, amount, currency, method, status, provider_reference, paid_at, created_at)';

/** Bookings whose trip will not happen. */
/**
 * A booking as the server or the device's mirror holds it, each traveler an object: an entry left
 * empty or written by hand as null reads as a traveler with nothing given, never a blank page.
 */
export function portalBooking(row: Record<string, unknown>): PortalBooking {
  const booking = row as unknown as PortalBooking;
  const entries: unknown[] = Array.isArray(booking.travelers) ? booking.travelers : [];
  const travelers = entries.map((entry): BookingTraveler => (entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? (entry as BookingTraveler) : {}));
  return { ...booking, travelers };
}

const CLOSED = new Set<PortalBooking['status']>(['cancelled', 'expired']);

export function isClosed(booking: Pick<PortalBooking, 'status'>): boolean {
  return CLOSED.has(booking.status);
}

/** What is still to pay: total less what was paid, never below zero; nothing on a closed booking. Worked out in whole cents. */
export function balanceDue(booking: Pick<PortalBooking, 'status' | 'total_amount' | 'amount_paid'>): number {
  if (isClosed(booking)) return 0;
  return Math.max(0, toCents(booking.total_amount) - toCents(booking.amount_paid)) / 100;
}

export interface ClosedBookingMoney {
  /** Everything the client paid on the booking. */
  paid: number;
  /** What the company keeps (the cancellation fee): the booking's amount_paid once it is closed. */
  kept: number;
  /** Already sent back. */
  refunded: number;
  /** Still to be sent back, and how (the method of the money owed back). */
  owed: number;
  owedMethod: string | null;
}

/**
 * What became of a closed booking's money, read from its ledger as the cancellation email reads it:
 * paid = kept + refunded + owed, so the figures add up. Money owed back is a payment out (refund_due,
 * then refunded); amount_paid is what is left with the company. Worked out in whole cents.
 */
export function closedBookingMoney(booking: Pick<PortalBooking, 'amount_paid' | 'payments'>): ClosedBookingMoney {
  const payments = booking.payments ?? [];
  const cents = (status: Payment['status']) => payments.filter((p) => p.status === status).reduce((total, p) => total + toCents(p.amount), 0);
  const kept = toCents(booking.amount_paid);
  const refunded = cents('refunded');
  const owed = cents('refund_due');
  const owedMethod = payments.filter((p) => p.status === 'refund_due').at(-1)?.method ?? null;
  return { paid: (kept + refunded + owed) / 100, kept: kept / 100, refunded: refunded / 100, owed: owed / 100, owedMethod };
}

/** The days of the tour, in order. */
export function itineraryOf(booking: PortalBooking): ItineraryDay[] {
  return [...(booking.tour?.tour_itinerary ?? [])].sort((a, b) => a.day_number - b.day_number);
}

/** Newest first, as the bookings list shows them. */
export function newestFirst<T extends { created_at: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** Whole days from `today` to a calendar date (both yyyy-mm-dd); negative once it has passed. */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

export { addDays };

/** The trip on now, or else the soonest one to come; open bookings with a departure only. */
export function nextTrip(bookings: PortalBooking[], today: string): PortalBooking | null {
  const trips = bookings.filter((b) => !isClosed(b) && b.departure && b.departure.end_date >= today);
  trips.sort((a, b) => a.departure!.start_date.localeCompare(b.departure!.start_date));
  return trips[0] ?? null;
}

export type Countdown = { kind: 'days'; days: number } | { kind: 'today' } | { kind: 'underway'; day: number; of: number };

export function countdown(departure: BookedDeparture, today: string): Countdown {
  const until = daysBetween(today, departure.start_date);
  if (until > 0) return { kind: 'days', days: until };
  if (until === 0) return { kind: 'today' };
  return { kind: 'underway', day: 1 - until, of: daysBetween(departure.start_date, departure.end_date) + 1 };
}

export function countdownText(value: Countdown): string {
  switch (value.kind) {
    case 'days':
      return value.days === 1 ? 'Tomorrow' : `In ${value.days} days`;
    case 'today':
      return 'Starts today';
    case 'underway':
      return `Day ${value.day} of ${value.of}`;
  }
}

/** When the balance is due: a number of days before departure (payment_instructions.balance_due_days). */
export function balanceDueDate(booking: PortalBooking, dueDaysBeforeStart: number): string | null {
  return booking.departure ? addDays(booking.departure.start_date, -dueDaysBeforeStart) : null;
}

export interface ProfileDetails {
  full_name?: string | null;
  phone?: string | null;
  passport_number?: string | null;
  passport_expiry?: string | null;
  emergency_contact_name?: string | null;
  emergency_contact_phone?: string | null;
}

export type TodoItem =
  | { kind: 'pay'; booking: PortalBooking; amount: number; dueDate: string | null; overdue: boolean }
  | { kind: 'passport' }
  | { kind: 'passportExpiry'; expiry: string }
  | { kind: 'emergencyContact' };

/**
 * What the traveler still has to do before travelling: balances on open bookings (soonest due first)
 * and, when a trip is coming, the details the park permits need. A passport must be valid six months
 * after the trip ends (Tanzania's entry rule).
 */
export function todoList(bookings: PortalBooking[], profile: ProfileDetails | null, today: string, dueDaysBeforeStart: number): TodoItem[] {
  const items: TodoItem[] = [];
  const payable = bookings
    .filter((b) => balanceDue(b) > 0 && (!b.departure || b.departure.end_date >= today))
    .map((booking) => {
      const dueDate = balanceDueDate(booking, dueDaysBeforeStart);
      return { kind: 'pay' as const, booking, amount: balanceDue(booking), dueDate, overdue: dueDate !== null && dueDate < today };
    })
    .sort((a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999'));
  items.push(...payable);
  const trip = nextTrip(bookings, today);
  if (trip?.departure) {
    if (!profile?.passport_number) items.push({ kind: 'passport' });
    else if (profile.passport_expiry && profile.passport_expiry < addDays(trip.departure.end_date, 183)) {
      items.push({ kind: 'passportExpiry', expiry: profile.passport_expiry });
    }
    if (!profile?.emergency_contact_name || !profile.emergency_contact_phone) items.push({ kind: 'emergencyContact' });
  }
  return items;
}

/** Every payment of every booking, newest first, with the booking it belongs to. */
export function allPayments(bookings: PortalBooking[]): { payment: Payment; booking: PortalBooking }[] {
  return bookings
    .flatMap((booking) => (booking.payments ?? []).map((payment) => ({ payment, booking })))
    .sort((a, b) => (b.payment.paid_at ?? b.payment.created_at).localeCompare(a.payment.paid_at ?? a.payment.created_at));
}

/** Total still due per currency (bookings may be priced in different currencies). */
export function totalsDue(bookings: PortalBooking[]): { currency: string; amount: number }[] {
  const cents = new Map<string, number>();
  for (const booking of bookings) {
    const due = toCents(balanceDue(booking));
    if (due > 0) cents.set(booking.currency, (cents.get(booking.currency) ?? 0) + due);
  }
  return [...cents].map(([currency, amount]) => ({ currency, amount: amount / 100 }));
}

/** What was received per currency: succeeded payments only. */
export function totalsPaid(payments: Payment[]): { currency: string; amount: number }[] {
  const cents = new Map<string, number>();
  for (const payment of payments) {
    if (payment.status === 'succeeded') cents.set(payment.currency, (cents.get(payment.currency) ?? 0) + toCents(payment.amount));
  }
  return [...cents].map(([currency, amount]) => ({ currency, amount: amount / 100 }));
}

export const paymentStatusLabel: Record<Payment['status'], string> = {
  pending: 'Pending',
  succeeded: 'Paid',
  failed: 'Failed',
  // Arrived after the booking had expired or was cancelled, or its departure was cancelled: the company gives it back.
  refund_due: 'To be refunded',
  refunded: 'Refunded',
};

export const bookingStatusLabel: Record<PortalBooking['status'], string> = {
  pending: 'Awaiting confirmation',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/** SPEC 9: the default preferences; the timezone is the company's (Arusha). */
export const DEFAULT_PREFERENCES: UserPreferences = {
  notifications: { email: true, booking_updates: true, marketing: true, newsletter: true },
  display: { theme: 'light', language: 'en', ...DEFAULT_DISPLAY_DATES, currency: 'USD' },
  privacy: { show_profile: true, activity_visible: true },
};

/** Stored preferences over the defaults, so a missing section or field reads as its default. */
export function withDefaults(stored: unknown): UserPreferences {
  return mergePatch(DEFAULT_PREFERENCES as unknown as JsonObject, isJsonObject(stored) ? stored : {}) as unknown as UserPreferences;
}

/** Avatar files the bucket takes (storage bucket 'avatars': 2 MB, these types). */
export const AVATAR_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** The avatar's object path: avatars/{userId}-{timestamp}.{ext} (SPEC 7). */
export function avatarPath(userId: string, mimeType: string, now: number): string {
  const ext = AVATAR_TYPES[mimeType];
  if (!ext) throw new Error('Choose a JPEG, PNG, WebP or GIF image.');
  return `avatars/${userId}-${now}.${ext}`;
}

/** The object path inside the avatars bucket of a public avatar URL we made, or null for any other URL. */
export function avatarPathFromUrl(url: string | null | undefined, userId: string): string | null {
  if (!url) return null;
  const match = /\/storage\/v1\/object\/public\/avatars\/(avatars\/[^?#]+)/.exec(url);
  return match && match[1].startsWith(`avatars/${userId}-`) ? decodeURIComponent(match[1]) : null;
}
