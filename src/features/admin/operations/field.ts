import { addDays, daysBetween } from '@/lib/dates.ts';
import { parseAmount, toCents } from '@/lib/money.ts';
import type { Manifest } from './manifest.ts';

/**
 * Field mode, pure: which trips a tablet keeps, how they are grouped, and the field forms' rules
 * (the same record_field_payment() and record_trip_incident() apply, in their words).
 */

/** The mirror row of a trip on this device: one per user and trip. */
export const fieldTripId = (userId: string, departureId: string) => `${userId}:${departureId}`;

/** Where a trip stands on `today`: under way, leaving today, or in some days. */
export function tripWhen(trip: Pick<Manifest['trip'], 'start_date' | 'end_date'>, today: string): { label: string; color: string } {
  if (trip.start_date < today && trip.end_date >= today) return { label: `Under way, day ${daysBetween(trip.start_date, today) + 1}`, color: 'blue' };
  if (trip.start_date === today) return { label: 'Leaves today', color: 'teal' };
  const days = daysBetween(today, trip.start_date);
  return { label: days === 1 ? 'Tomorrow' : `In ${days} days`, color: 'gray' };
}

/** The trips field mode shows: under way today or leaving within seven days, soonest first. */
export function tripsThisWeek(manifests: Manifest[], today: string): Manifest[] {
  return manifests
    .filter((manifest) => manifest.trip.end_date >= today && manifest.trip.start_date <= addDays(today, 7))
    .sort((a, b) => a.trip.start_date.localeCompare(b.trip.start_date) || a.trip.tour_title.localeCompare(b.trip.tour_title));
}

export const FIELD_PAYMENT_METHODS = ['cash', 'mobile_money'] as const;
export type FieldPaymentMethod = (typeof FIELD_PAYMENT_METHODS)[number];
export const FIELD_PAYMENT_LABELS: Record<FieldPaymentMethod, string> = { cash: 'Cash', mobile_money: 'Mobile money' };

export interface FieldPaymentDraft {
  bookingId: string | null;
  amount: number | string;
  method: FieldPaymentMethod;
  reference: string;
}

/** A payment's field messages: a booking, an amount above zero to the cent and no more than it owes as this device knows it. */
export function fieldPaymentProblems(draft: FieldPaymentDraft, owed: number | null): Partial<Record<'bookingId' | 'amount' | 'reference', string>> {
  const problems: Partial<Record<'bookingId' | 'amount' | 'reference', string>> = {};
  if (!draft.bookingId) problems.bookingId = 'Choose the booking the payment is for';
  const amount = parseAmount(draft.amount);
  if (!amount.ok && amount.problem === 'past-the-cent') problems.amount = 'Give the amount to the cent';
  else if (!amount.ok || amount.cents <= 0) problems.amount = 'A payment is an amount above zero';
  else if (owed !== null && amount.cents > toCents(owed)) problems.amount = toCents(owed) === 0 ? 'This booking is paid in full' : `This booking owes ${owed.toFixed(2)}: the payment is more than that`;
  if (draft.reference.trim().length > 200) problems.reference = 'The reference is up to 200 characters';
  return problems;
}

/** An incident note's field message: something written, up to 2,000 characters. */
export function incidentProblem(note: string): string | null {
  const length = note.trim().length;
  return length < 1 || length > 2000 ? 'Write what happened, up to 2,000 characters' : null;
}

/** The trip's bookings as a form offers them: reference and contact. */
export const bookingChoices = (manifest: Manifest) =>
  manifest.bookings.map((booking) => ({ value: booking.booking_id, label: `${booking.reference} · ${booking.contact.full_name ?? ''}` }));
