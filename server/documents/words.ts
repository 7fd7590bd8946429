import type { BookingDocumentData } from './types.ts';

/** A calendar date ('2027-03-12') as '12 March 2027'. */
export function dayInWords(date: string): string {
  return new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function travelersInWords(adults: number, children: number): string {
  const parts = [`${adults} ${adults === 1 ? 'adult' : 'adults'}`];
  if (children > 0) parts.push(`${children} ${children === 1 ? 'child' : 'children'}`);
  return parts.join(', ');
}

export function tripDates(departure: { start_date: string; end_date: string } | null): string {
  return departure ? `${dayInWords(departure.start_date)} to ${dayInWords(departure.end_date)}` : 'To be arranged';
}

/** What a receipt or a refund note is for: the booking, its trip and its dates. */
export function bookingRows(data: Pick<BookingDocumentData, 'booking' | 'tour' | 'departure'>): [string, string][] {
  return [
    ['Booking', data.booking.reference],
    ['Trip', data.tour.title],
    ['Dates', tripDates(data.departure)],
  ];
}

/** A file name from a document number: 'invoice-INV-2026-00001.pdf', 'refund-note-KS-2026-…-RF2.pdf'. */
export function documentFileName(kind: 'invoice' | 'receipt' | 'refund-note', number: string): string {
  return `${kind}-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}
