import { queryOptions } from '@tanstack/react-query';
import { discardWrite, queueWrite, waitForWrite } from '@/lib/outbox/outbox.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { quoteArgs, type Quote, type QuoteLine, type QuoteRequest, type SeatHoldTerms } from './model.ts';
import { bookingKeys } from './tour-query.ts';
import { attendRequest, bookedFromRequest, bookingRequestWrite, type BookedOnDevice, type BookingRequest, type CreatedBooking } from './writes.ts';
import { apiErrorOf } from '@shared/api-errors.ts';
import { callServer, serverAnswer } from '@/lib/server-api.ts';

/** A refusal of the price or booking function: its message is written for travelers and shown as it is. */
export class BookingRefusal extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'BookingRefusal';
  }
}

/** The network, not the server: no answer at all. */
export function isOfflineError(error: unknown): boolean {
  if (error instanceof BookingRefusal) return error.status === 0;
  return error instanceof TypeError;
}

export async function fetchQuote(request: QuoteRequest): Promise<Quote> {
  const { data, error, status } = await (await getSupabase()).rpc('quote_booking', quoteArgs(request));
  if (error) throw new BookingRefusal(error.message, error.code ?? '', status);
  return data;
}

/** The price of a choice, as the booking function will charge it. Refusals are not retried: they say what to change. */
export const quoteQuery = (request: QuoteRequest) =>
  queryOptions({
    queryKey: [...bookingKeys.all, 'quote', quoteArgs(request)] as const,
    queryFn: () => fetchQuote(request),
    staleTime: 15_000,
    // Offline, the page needs to know at once (it shows the last price as an estimate), not wait paused.
    networkMode: 'always',
    retry: (failures, error) => failures < 2 && isOfflineError(error),
  });

/** Which payment methods the server can take: card only when it lists it (/api/config `payments.methods`, with a Stripe key set). */
export const paymentOptionsQuery = () =>
  queryOptions({
    queryKey: bookingKeys.paymentOptions(),
    queryFn: async (): Promise<{ card: boolean }> => {
      const response = await fetch('/api/config', { headers: { accept: 'application/json' } });
      if (!response.ok) return { card: false };
      const config = (await response.json()) as { payments?: { methods?: unknown } };
      return { card: Array.isArray(config.payments?.methods) && config.payments.methods.includes('card') };
    },
    staleTime: 60 * 60 * 1000,
  });

/** How long unpaid seats are held, and whether the signed-in caller's email is proven (seat_hold_terms()). */
export const seatHoldTermsQuery = (userId: string | null) =>
  queryOptions({
    queryKey: [...bookingKeys.all, 'seat-hold-terms', userId] as const,
    queryFn: async (): Promise<SeatHoldTerms> => {
      const { data, error } = await (await getSupabase()).rpc('seat_hold_terms');
      if (error) throw error;
      const row = (Array.isArray(data) ? data[0] : data) as { unverified_hold_minutes: number; verified_hold_minutes: number; offline_hold_days: number; account_email_proven: boolean };
      return {
        unverifiedHoldMinutes: row.unverified_hold_minutes,
        verifiedHoldMinutes: row.verified_hold_minutes,
        offlineHoldDays: row.offline_hold_days,
        accountEmailProven: row.account_email_proven,
      };
    },
    staleTime: 10 * 60 * 1000,
  });

/** How long the page waits for the server before it says the request will go when back online. */
const answerWait = 15_000;

export type BookingOutcome =
  | { status: 'booked'; booked: BookedOnDevice }
  /** Kept on the device (offline, or no answer yet); `id` is the outbox entry to follow. */
  | { status: 'waiting'; id: string };

/**
 * Sends a booking through the outbox and waits for the server's answer. A refusal throws its message
 * (and the request is dropped: the page shows it, the traveler changes and books again).
 */
export async function requestBooking(request: BookingRequest): Promise<BookingOutcome> {
  const id = await queueWrite(bookingRequestWrite, request);
  const release = attendRequest(id);
  try {
    return await outcomeOf(id, answerWait);
  } finally {
    release();
  }
}

async function outcomeOf(id: string, timeoutMs: number): Promise<BookingOutcome> {
  const outcome = await waitForWrite(id, timeoutMs);
  if (outcome.status === 'failed') {
    // Refused at once: the page shows why, so the request does not linger among the changes to sync.
    await discardWrite(id);
    throw new BookingRefusal(outcome.error, '', 400);
  }
  if (outcome.status === 'waiting') return { status: 'waiting', id };
  const booked = await bookedFromRequest(id);
  if (!booked) throw new Error('The booking was made, but this device could not keep its details. Please check your email for the confirmation.');
  return { status: 'booked', booked };
}

/** A booking read back by its reference: the owner's own, or a guest's with the email it was made with. */
export const bookingByReferenceQuery = (reference: string, email: string | null, options: { awaitingPayment?: boolean } = {}) =>
  queryOptions({
    queryKey: bookingKeys.byReference(reference, email),
    queryFn: async (): Promise<ConfirmedBooking> => {
      const { data, error, status } = await (await getSupabase()).rpc('booking_by_reference', { p_reference: reference, p_email: email });
      if (error) throw new BookingRefusal(error.message, error.code ?? '', status);
      // The row's jsonb columns (price lines) are typed here, not in the schema.
      return data as unknown as ConfirmedBooking;
    },
    retry: (failures, error) => failures < 2 && isOfflineError(error),
    // Back from the card payment page, the payment is recorded when the provider's event arrives,
    // usually within seconds: read again until the booking shows it (every 3 s, two minutes at most).
    refetchInterval: (query) => (options.awaitingPayment && Number(query.state.data?.amount_paid ?? 0) === 0 && query.state.dataUpdateCount < 40 ? 3_000 : false),
  });

export interface ConfirmedBooking extends CreatedBooking {
  /** Succeeded payments, less refunds (the payments ledger). */
  amount_paid: number | string;
  /** The contact email was proven (the booking email's link): the seats are held the longer time. */
  contact_verified_at: string | null;
  /** The team approved the hold, or made the booking. */
  hold_approved_at: string | null;
  payment_method: 'card' | 'bank_transfer' | 'pay_on_arrival' | null;
  tour_id: string;
  departure_id: string | null;
  adults: number;
  children: number;
  price_breakdown: QuoteLine[];
  created_at: string;
}

/**
 * Proves the booking's contact email with the token of the booking email's link: the seats are then
 * held the longer time. Resolves with the new end of the hold; a refusal throws its message.
 */
export async function confirmBookingEmail(reference: string, token: string): Promise<{ holdExpiresAt: string | null }> {
  const { data, error, status } = await (await getSupabase()).rpc('confirm_booking_email', { p_reference: reference, p_token: token });
  if (error) throw new BookingRefusal(error.message, error.code ?? '', status);
  return { holdExpiresAt: data.hold_expires_at };
}

/** The tour and dates a confirmation shows: the tour is public, a private trip's dates come from the device. */
export const bookedTripQuery = (booking: Pick<ConfirmedBooking, 'tour_id' | 'departure_id'>) =>
  queryOptions({
    queryKey: [...bookingKeys.all, 'trip', booking.tour_id, booking.departure_id] as const,
    queryFn: async () => {
      const client = await getSupabase();
      const [tour, departure] = await Promise.all([
        client.from('tours').select('title, slug, hero_image_url').eq('id', booking.tour_id).maybeSingle<{ title: string; slug: string; hero_image_url: string | null }>(),
        booking.departure_id
          ? client.from('tour_departures').select('start_date, end_date').eq('id', booking.departure_id).maybeSingle<{ start_date: string; end_date: string }>()
          : Promise.resolve({ data: null, error: null }),
      ]);
      if (tour.error) throw tour.error;
      return { tour: tour.data, departure: departure.data };
    },
  });

/**
 * Opens the card payment page (Stripe Checkout, when the server has a key): a traveler's own booking
 * by its id with their session, a guest's by reference and email. Resolves with the page's address.
 */
export async function startCardCheckout(request: { bookingId?: string; reference: string; email: string | null; kind: 'deposit' | 'full' | 'balance' }): Promise<string> {
  const response = await callServer('/api/payments/checkout', {
    method: 'POST',
    body: { bookingId: request.bookingId, reference: request.reference, email: request.email ?? undefined, kind: request.kind, returnPath: '/thank-you' },
  });
  const answer = await serverAnswer<{ url?: string }>(response);
  if (!response.ok || !answer?.url) throw new Error(apiErrorOf(answer)?.message ?? `The payment page could not be opened (the server answered ${response.status}).`);
  return answer.url;
}
