import { formatCalendarDate } from '@/lib/dates.ts';
import { checked, classifyFailure, failureMessage } from '@/lib/outbox/errors.ts';
import { defineWrite } from '@/lib/outbox/registry.ts';
import { notify } from '@/lib/notify.ts';
import { reportError } from '@/lib/error-reporting/report.ts';
import { isAvailabilityProblem, type PaymentMethod, type PaymentPlan, type QuoteLine } from './model.ts';

/**
 * A booking is a request until the server takes it (outbox README: bookings are decided by the
 * server). Every booking goes through the outbox, online or not: the entry's id is p_client_id, so
 * a request sent twice (a lost answer, a second tab) books once, and a request made offline waits on
 * the device and is sent when the connection returns. The server may still refuse it then (seats
 * gone, price changed): the entry fails with its message and the traveler is told.
 */

/** One traveler as create_booking stores it (bookings.travelers). */
export type BookedTraveler = {
  full_name: string;
  date_of_birth: string;
  /** Age on the first day of the trip: create_booking checks it against adults and children. */
  age?: number;
  traveler_type: 'adult' | 'child';
  nationality: string;
  passport_number?: string;
  dietary_needs?: string;
  room_preference?: string;
};

export interface BookingRequest {
  tour: { id: string; slug: string; title: string; currency: string };
  departureId: string | null;
  /** The trip's first and last day as the page showed them (a private trip: the chosen date). */
  startDate: string | null;
  endDate: string | null;
  adults: number;
  children: number;
  extras: string[];
  promoCode: string | null;
  travelers: BookedTraveler[];
  contact: { full_name: string; email: string; phone: string };
  /** The total the page showed: the server books only at this price. */
  expectedTotal: number;
  /** The quote shown when the request was made, kept as the estimate while it waits. */
  estimate: { lines: QuoteLine[]; total: number; currency: string };
  payment: { plan: PaymentPlan; method: PaymentMethod };
}

/** What create_booking returns: the new pending booking. */
export interface CreatedBooking {
  id: string;
  booking_reference: string;
  user_id: string | null;
  status: string;
  currency: string;
  total_amount: number | string;
  hold_expires_at: string | null;
  contact: { email?: string };
}

/** A booking this device made, kept so the thank-you page can read it back and show it offline. */
export interface BookedOnDevice {
  requestId: string;
  bookingId: string;
  reference: string;
  userId: string | null;
  email: string;
  tour: BookingRequest['tour'];
  startDate: string | null;
  endDate: string | null;
  adults: number;
  children: number;
  total: number;
  currency: string;
  holdExpiresAt: string | null;
  payment: BookingRequest['payment'];
}

const bookedKey = (reference: string) => `booking:${reference}`;
const requestKey = (requestId: string) => `booking-request:${requestId}`;
/** Bookings kept on the device for the thank-you page; older ones are dropped. */
const KEEP_BOOKED = 10;

// The tour page's loader reaches this module: the device database (Dexie) loads only when a booking is kept or read.
const deviceDb = () => import('@/lib/local-db.ts').then((module) => module.localDb);

/** The booking a request became, once the server took it. */
export async function bookedFromRequest(requestId: string): Promise<BookedOnDevice | null> {
  const reference = (await (await deviceDb()).meta.get(requestKey(requestId)))?.value as string | undefined;
  return reference ? bookedOnDevice(reference) : null;
}

export async function bookedOnDevice(reference: string): Promise<BookedOnDevice | null> {
  return ((await (await deviceDb()).meta.get(bookedKey(reference)))?.value as BookedOnDevice | undefined) ?? null;
}

async function keepBooked(booked: BookedOnDevice): Promise<void> {
  const localDb = await deviceDb();
  await localDb.transaction('rw', localDb.meta, async () => {
    await localDb.meta.put({ key: bookedKey(booked.reference), value: { ...booked, keptAt: Date.now() } });
    await localDb.meta.put({ key: requestKey(booked.requestId), value: booked.reference });
    const kept = await localDb.meta.where('key').startsWith('booking:').toArray();
    const oldest = kept
      .map((entry) => entry.value as BookedOnDevice & { keptAt: number })
      .sort((a, b) => b.keptAt - a.keptAt)
      .slice(KEEP_BOOKED);
    await localDb.meta.bulkDelete(oldest.flatMap((old) => [bookedKey(old.reference), requestKey(old.requestId)]));
  });
}

/**
 * Requests a booking page is waiting on in the foreground: the page tells the traveler itself. A
 * request sent later, with the page gone, is told by a toast.
 */
const attended = new Set<string>();

export function attendRequest(id: string): () => void {
  attended.add(id);
  return () => attended.delete(id);
}

function tripLine(request: BookingRequest): string {
  return request.startDate ? `${request.tour.title}, ${formatCalendarDate(request.startDate)}` : request.tour.title;
}

export const bookingRequestWrite = defineWrite<BookingRequest>({
  kind: 'booking.request',
  // Its own queue: a booking never waits behind a wishlist change, nor holds one up.
  queue: 'bookings',
  describe: (request) => `Booking request: ${tripLine(request)}`,
  describeWaiting: () => 'Not yet confirmed – will be sent when you are back online',
  async send(client, entry) {
    const request = entry.payload;
    try {
      const { data } = await checked(
        client.rpc('create_booking', {
          p_departure_id: request.departureId,
          p_tour_id: request.tour.id,
          p_start_date: request.departureId ? null : request.startDate,
          p_adults: request.adults,
          p_children: request.children,
          p_extras: request.extras,
          p_promo_code: request.promoCode,
          p_travelers: request.travelers,
          p_contact: request.contact,
          p_client_id: entry.id,
          p_expected_total: request.expectedTotal,
        }),
      );
      const booking = data as CreatedBooking;
      // How the traveler will pay: bank transfer and pay on arrival hold the seats longer (payment_terms()).
      const chosen = await client.rpc('choose_payment_method', {
        p_method: request.payment.method,
        ...(booking.user_id ? { p_booking_id: booking.id } : { p_reference: booking.booking_reference, p_email: booking.contact.email ?? request.contact.email }),
      });
      // The booking stands either way; staff see the method missing and ask.
      if (chosen.error) reportError(chosen.error, { source: 'manual' });
      const total = Number(booking.total_amount);
      // The purchase is recorded for analytics by the database as it takes the booking (record_purchase_event).
      await keepBooked({
        requestId: entry.id,
        bookingId: booking.id,
        reference: booking.booking_reference,
        userId: booking.user_id,
        email: booking.contact.email ?? request.contact.email,
        tour: request.tour,
        startDate: request.startDate,
        endDate: request.endDate,
        adults: request.adults,
        children: request.children,
        total,
        currency: booking.currency,
        holdExpiresAt: booking.hold_expires_at,
        payment: request.payment,
      });
      if (!attended.has(entry.id)) {
        notify.success(`Your booking request for ${tripLine(request)} has been sent. Your reference is ${booking.booking_reference}.`, {
          title: 'Booking received',
          id: `booking-${entry.id}`,
          autoClose: false,
        });
      }
    } catch (error) {
      if (classifyFailure(error) === 'fail' && !attended.has(entry.id)) {
        const message = failureMessage(error);
        const advice = isAvailabilityProblem(message) ? ' Please choose another date on the tour page.' : '';
        notify.error(`${message.replace(/[.!?]?$/, '.')}${advice}`, {
          title: `We could not book ${tripLine(request)}`,
          id: `booking-${entry.id}`,
          autoClose: false,
        });
      }
      throw error;
    }
  },
});
