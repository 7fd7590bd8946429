import { addDays } from '@/lib/dates.ts';
import { toCents } from '@/lib/money.ts';
import type { EnquiryStage, EnquiryView } from './search.ts';

/**
 * The enquiry pipeline and the quote builder's rules, pure: the same rules the database keeps
 * (20261126000100_enquiry_pipeline.sql, 20261126000200_quotes.sql), checked here first so a form
 * shows its message under the field instead of after a round trip.
 */

export const STAGE_LABELS: Record<EnquiryStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

export const STAGE_COLORS: Record<EnquiryStage, string> = {
  new: 'blue',
  contacted: 'yellow',
  quoted: 'grape',
  won: 'green',
  lost: 'gray',
};

/** The stages still being worked on: what the dashboard's "open enquiries" counts. */
export const OPEN_STAGES: readonly EnquiryStage[] = ['new', 'contacted', 'quoted'];

export const VIEW_LABELS: Record<EnquiryView, string> = { open: 'Open', ...STAGE_LABELS };

export function stagesOf(view: EnquiryView): readonly EnquiryStage[] {
  return view === 'open' ? OPEN_STAGES : [view];
}

export const ENQUIRY_KIND_LABELS: Record<string, string> = {
  contact: 'Contact form',
  start_planning: 'Trip request',
  tour_question: 'Tour question',
  partnership: 'Partnership',
  chat: 'Chat',
};

export const QUOTE_STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  sent: 'Sent',
  accepted: 'Accepted',
  withdrawn: 'Withdrawn',
};

export interface QuoteDay {
  title: string;
  location: string;
  accommodation: string;
  meals: string[];
  description: string;
}

export interface QuoteLine {
  label: string;
  quantity: number | '';
  unit_price: number | '';
}

export interface QuoteForm {
  title: string;
  tour_id: string | null;
  start_date: string;
  adults: number | '';
  children: number | '';
  currency: string;
  valid_until: string;
  message: string;
  days: QuoteDay[];
  lines: QuoteLine[];
}

export type QuoteField = 'title' | 'tour_id' | 'start_date' | 'adults' | 'children' | 'valid_until' | 'days' | 'lines';
export type QuoteProblems = Partial<Record<QuoteField, string>> & { dayTitles?: Record<number, string>; lineProblems?: Record<number, string> };

/** A line's amount and the quote's total, in whole cents to add up as the database does. */
export function lineAmount(line: QuoteLine): number {
  if (line.quantity === '' || line.unit_price === '') return 0;
  // A quantity is whole and a price is to the cent: whole cents times a whole number stay exact.
  return (Number(line.quantity) * toCents(line.unit_price)) / 100;
}

export function quoteTotal(lines: readonly QuoteLine[]): number {
  return lines.reduce((sum, line) => sum + toCents(lineAmount(line)), 0) / 100;
}

/**
 * What is wrong with the quote, field by field. `sending` adds what a sent quote must have (days
 * and prices). `today` is the office's date (ISO).
 */
export function quoteProblems(form: QuoteForm, today: string, sending = false): QuoteProblems {
  const problems: QuoteProblems = {};
  if (!form.title.trim()) problems.title = 'Please give the quote a title';
  if (!form.tour_id) problems.tour_id = 'Please choose the tour the trip is built on';
  if (!form.start_date) problems.start_date = 'Please choose the start date';
  else if (form.start_date <= today) problems.start_date = 'Please choose a start date in the future';
  if (form.adults === '' || form.adults < 1 || form.adults > 60 || !Number.isInteger(form.adults)) problems.adults = 'Between 1 and 60 adults';
  if (form.children === '' || form.children < 0 || form.children > 60 || !Number.isInteger(form.children)) problems.children = 'Between 0 and 60 children';
  if (!form.valid_until) problems.valid_until = 'Please choose the date the quote is valid until';
  else if (form.valid_until < today) problems.valid_until = 'The quote must be valid until today or later';
  else if (form.start_date && form.valid_until > form.start_date) problems.valid_until = 'The quote must expire before the trip starts';

  const dayTitles: Record<number, string> = {};
  form.days.forEach((day, index) => {
    if (!day.title.trim()) dayTitles[index] = 'Each day needs a title';
  });
  if (Object.keys(dayTitles).length) problems.dayTitles = dayTitles;

  const lineProblems: Record<number, string> = {};
  form.lines.forEach((line, index) => {
    if (!line.label.trim()) lineProblems[index] = 'Each price line needs a description';
    else if (line.quantity === '' || !Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > 999) lineProblems[index] = 'Quantities are whole numbers from 1 to 999';
    else if (line.unit_price === '') lineProblems[index] = 'Please give each line’s price as an amount';
    else if (line.unit_price < 0) lineProblems[index] = 'Prices cannot be negative';
  });
  if (Object.keys(lineProblems).length) problems.lineProblems = lineProblems;

  if (sending) {
    if (form.days.length === 0) problems.days = 'Please add the trip’s days before sending the quote';
    if (quoteTotal(form.lines) <= 0) problems.lines = 'Please add the prices before sending the quote';
  }
  return problems;
}

export function hasProblems(problems: QuoteProblems): boolean {
  return Object.keys(problems).length > 0;
}

/** Days copied from a tour's itinerary (public.tour_itinerary rows), ready to edit. */
export function daysFromItinerary(
  itinerary: readonly { title: string; location: string | null; accommodation: string | null; meals: string[] | null; description: string | null }[],
): QuoteDay[] {
  return itinerary.map((day) => ({
    title: day.title,
    location: day.location ?? '',
    accommodation: day.accommodation ?? '',
    meals: [...(day.meals ?? [])],
    description: day.description ?? '',
  }));
}

/** Moves the day at `from` to `to` (a keyboard- and touch-friendly reorder: up and down buttons). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** The trip's dates as the client will see them: the start date and one day per itinerary day. */
export function tripEndDate(startDate: string, days: number): string {
  return addDays(startDate, Math.max(days, 1) - 1);
}


/** What a trip request tells us (public.enquiries.details of a start_planning enquiry). */
interface TripDetails {
  adults?: number;
  children?: number;
  startDate?: string;
  timing?: string;
}

/**
 * The first draft of a quote for an enquiry: the party and the start date the client asked for
 * when they are usable, else two adults in two months; valid for a fortnight (or until the day
 * before the trip, if that is sooner).
 */
export function firstDraftFor(
  enquiry: { name: string; tour_id: string | null; details: unknown },
  fallbackTour: { id: string; currency: string } | undefined,
  today: string,
): { title: string; tour_id: string | null; start_date: string; valid_until: string; adults: number; children: number; currency: string } {
  const trip = (enquiry.details && typeof enquiry.details === 'object' ? enquiry.details : {}) as TripDetails;
  const asked = trip.timing === 'dates' && typeof trip.startDate === 'string' && trip.startDate > addDays(today, 1) ? trip.startDate : undefined;
  const start = asked ?? addDays(today, 60);
  const fortnight = addDays(today, 14);
  const dayBefore = addDays(start, -1);
  const whole = (value: unknown, min: number, fallback: number) => (Number.isInteger(value) && (value as number) >= min && (value as number) <= 60 ? (value as number) : fallback);
  return {
    title: `Trip for ${enquiry.name.trim()}`.slice(0, 200),
    tour_id: enquiry.tour_id ?? fallbackTour?.id ?? null,
    start_date: start,
    valid_until: fortnight < dayBefore ? fortnight : dayBefore,
    adults: whole(trip.adults, 1, 2),
    children: whole(trip.children, 0, 0),
    currency: fallbackTour?.currency ?? 'USD',
  };
}
