import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { namesFor, recordNames } from '@/features/admin/audit/api.ts';
import type { AuditNames } from '@/features/admin/audit/describe.ts';
import type { Database, Json } from '@/lib/database.types.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { searchArguments } from './model.ts';
import type { BookingsSearch } from './search.ts';

/** A row of the bookings list, as search_bookings returns it (booking_search_row, 20261128040500_typed_returns_searches.sql). */
export interface BookingListRow {
  id: string;
  booking_reference: string;
  status: string;
  created_at: string;
  tour_id: string;
  tour_title: string;
  departure_id: string | null;
  start_date: string | null;
  end_date: string | null;
  client_name: string | null;
  client_email: string | null;
  client_phone: string | null;
  travelers: number;
  total_amount: number;
  amount_paid: number;
  currency: string;
  /** One of PAYMENT_STATES (payment_state_of). */
  payment_state: string;
  hold_expires_at: string | null;
}

export interface BookingsPage {
  total: number;
  rows: BookingListRow[];
}

export const bookingKeys = {
  all: ['admin', 'bookings'] as const,
  list: (search: BookingsSearch) => ['admin', 'bookings', 'list', search] as const,
  detail: (id: string) => ['admin', 'bookings', 'detail', id] as const,
  tours: ['admin', 'bookings', 'tours'] as const,
};

async function searchBookings(args: ReturnType<typeof searchArguments>): Promise<BookingsPage> {
  const { data, error } = await (await getSupabase()).rpc('search_bookings', args);
  if (error) throw error;
  return data;
}

export const bookingsPageQuery = (search: BookingsSearch) =>
  queryOptions({
    queryKey: bookingKeys.list(search),
    queryFn: () => searchBookings(searchArguments(search)),
    // The next page or filter shows over the last one instead of an empty table.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Every row the filters match, page by page (the export is of exactly what the list shows). */
export async function allMatchingBookings(search: BookingsSearch, onProgress?: (done: number, total: number) => void): Promise<BookingListRow[]> {
  const size = 500;
  const rows: BookingListRow[] = [];
  for (let page = 1; ; page += 1) {
    const result = await searchBookings(searchArguments(search, page, size));
    rows.push(...result.rows);
    onProgress?.(rows.length, result.total);
    if (result.rows.length < size || rows.length >= result.total) return rows;
  }
}

/** The tours a booking may be filtered by: every tour, drafts included, by title. */
export const tourChoicesQuery = () =>
  queryOptions({
    queryKey: bookingKeys.tours,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).from('tours').select('id, title, status').order('title');
      if (error) throw error;
      return data;
    },
    staleTime: 5 * 60_000,
  });

type Row<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T]['Row'];

export type BookingDetail = Row<'bookings'> & {
  tours: Pick<Row<'tours'>, 'id' | 'title' | 'slug'> | null;
  tour_departures: Pick<Row<'tour_departures'>, 'id' | 'start_date' | 'end_date' | 'capacity' | 'seats_booked' | 'status' | 'is_private'> | null;
  payments: Row<'payments'>[];
};

/** What the booking owes and when (booking_payment_schedule): the deposit still due now, then the balance by its date. */
export interface BookingSchedule {
  outstanding: number;
  pay_in_full: boolean;
  deposit_amount: number;
  deposit_due: number;
  balance_due: number;
  balance_due_date: string | null;
}

/** An audit log entry with the name of who made the change, when the reader may know it. */
export type AuditEntry = Row<'audit_log'> & { actor_name: string | null };

/** An email the booking gave rise to, and what became of it. */
export type BookingEmail = Pick<Row<'booking_notifications'>, 'id' | 'kind' | 'status' | 'created_at' | 'last_error' | 'skip_reason'> & {
  email_queue: Pick<Row<'email_queue'>, 'id' | 'to_address' | 'subject' | 'status' | 'sent_at'> | null;
};

export const bookingDetailQuery = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: async (): Promise<{ booking: BookingDetail; schedule: BookingSchedule | null; history: AuditEntry[]; names: AuditNames; emails: BookingEmail[] }> => {
      const supabase = await getSupabase();
      const { data: booking, error } = await supabase
        .from('bookings')
        .select('*, tours(id, title, slug), tour_departures(id, start_date, end_date, capacity, seats_booked, status, is_private), payments(*)')
        .eq('id', id)
        .maybeSingle();
      if (error) throw error;
      if (!booking) throw Object.assign(new Error('This booking could not be found'), { status: 404 });
      const paymentIds = (booking.payments as Row<'payments'>[]).map((payment) => payment.id);
      // The History: the booking's own changes and its payments'. Only auditors read it; others see none.
      const [history, emails, schedule] = await Promise.all([
        supabase
          .from('audit_log')
          .select('*')
          .or(`and(table_name.in.(bookings,booking_notifications),record_id.eq.${id})${paymentIds.length ? `,and(table_name.eq.payments,record_id.in.(${paymentIds.join(',')}))` : ''}`)
          .order('occurred_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(200),
        supabase
          .from('booking_notifications')
          .select('id, kind, status, created_at, last_error, skip_reason, email_queue(id, to_address, subject, status, sent_at)')
          .eq('booking_id', id)
          .order('created_at', { ascending: false }),
        supabase.rpc('booking_payment_schedule', { p_booking_id: id }),
      ]);
      // Who made each change and what it mentions (a departure, a tour), by name.
      const names = await namesFor(history.data ?? []);
      return {
        booking: booking as unknown as BookingDetail,
        schedule: schedule.data ?? null,
        history: (history.data ?? []).map((entry) => ({ ...entry, actor_name: entry.actor_id ? (names[entry.actor_id] ?? null) : null })),
        names,
        emails: (emails.data ?? []) as unknown as BookingEmail[],
      };
    },
  });

/** Records money received by bank transfer, mobile money or cash (record_payment); a refusal throws its message. */
export async function recordPayment(input: { bookingId: string; amount: string; method: string; reference: string; paidAt: string | null }) {
  const { data, error } = await (await getSupabase()).rpc('record_payment', {
    p_booking_id: input.bookingId,
    // JSON carries a number as its shortest text ('1256.4'), which SQL reads as an exact numeric.
    p_amount: Number(input.amount),
    p_method: input.method,
    p_reference: input.reference || null,
    p_paid_at: input.paidAt,
  });
  if (error) throw error;
  return data;
}

/** The office's notes on a booking (staff holding bookings.write). */
export async function saveBookingNotes(bookingId: string, notes: string) {
  const { error } = await (await getSupabase()).from('bookings').update({ notes: notes.trim() || null }).eq('id', bookingId).select('id').single();
  if (error) throw error;
}

/** What cancelling today costs under the policy (cancellation_terms, 20261128040000_typed_returns_cancellation.sql). */
export interface CancellationTerms {
  days_before: number;
  fee_percent: number;
  fee: number;
  paid: number;
  fee_kept: number;
  refund: number;
  currency: string;
}

export const cancellationTermsQuery = (bookingId: string) =>
  queryOptions({
    queryKey: [...bookingKeys.detail(bookingId), 'cancellation'] as const,
    queryFn: async (): Promise<CancellationTerms> => {
      const { data, error } = await (await getSupabase()).rpc('cancellation_terms', { p_booking_id: bookingId });
      if (error) throw error;
      return data;
    },
  });

export async function cancelUnderPolicy(bookingId: string, reason: string, waiveFee: boolean): Promise<{ fee_kept: number; refund: number }> {
  const { data, error } = await (await getSupabase()).rpc('cancel_booking_under_policy', { p_booking_id: bookingId, p_reason: reason, p_waive_fee: waiveFee });
  if (error) throw error;
  return data;
}

/** A tour's coming scheduled departures, not cancelled, soonest first: where a booking may be made or moved. */
export const upcomingDeparturesQuery = (tourId: string, today: string) =>
  queryOptions({
    queryKey: ['admin', 'bookings', 'departures', tourId, today] as const,
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('tour_departures')
        .select('id, start_date, end_date, capacity, seats_booked, status, price_override')
        .eq('tour_id', tourId)
        .gt('start_date', today)
        .neq('status', 'cancelled')
        .eq('is_private', false)
        .order('start_date');
      if (error) throw error;
      return data;
    },
  });

/** The price of a party on a departure (quote_booking): the preview of a move or a new booking. */
export async function quoteDeparture(departureId: string, party: { tourId: string; adults: number; children: number; extras?: unknown; seatsHeld?: number }): Promise<{ total: number; currency: string }> {
  const { data, error } = await (await getSupabase()).rpc('quote_booking', {
    p_departure_id: departureId,
    p_adults: party.adults,
    p_children: party.children,
    p_extras: (party.extras ?? []) as Json,
    p_tour_id: party.tourId,
    // The seats the booking holds already count as free for its own change.
    p_seats_held: party.seatsHeld ?? 0,
  });
  if (error) throw error;
  return data;
}

export async function moveBooking(bookingId: string, departureId: string, reason: string): Promise<{ total: number; difference: number }> {
  const { data, error } = await (await getSupabase()).rpc('move_booking', { p_booking_id: bookingId, p_departure_id: departureId, p_reason: reason });
  if (error) throw error;
  return data;
}

export interface PhoneBooking {
  departureId: string;
  adults: number;
  children: number;
  extras: { code: string; quantity: number }[];
  contact: { full_name: string; email: string; phone: string; country: string };
  pickup: string;
  pickupTime: string;
  notes: string;
  priceByHand: { total: string; reason: string } | null;
  payment: { amount: string; method: string; reference: string } | null;
}

/**
 * A booking taken by phone or at the desk, whole, in one transaction (create_office_booking): the
 * client's booking with its extras and pickup, its price set by hand and the payment taken, when
 * given. A refusal of any part throws its message, and nothing is written.
 */
export async function createPhoneBooking(input: PhoneBooking): Promise<{ id: string }> {
  const { data, error } = await (await getSupabase()).rpc('create_office_booking', {
    p_departure_id: input.departureId,
    p_adults: input.adults,
    p_children: input.children,
    p_extras: input.extras as Json,
    p_contact: { ...input.contact },
    p_pickup: input.pickup.trim() || undefined,
    p_pickup_time: input.pickupTime || undefined,
    p_notes: input.notes.trim() || undefined,
    // JSON carries a number as its shortest text ('1256.4'), which SQL reads as an exact numeric.
    p_total: input.priceByHand ? Number(input.priceByHand.total) : undefined,
    p_price_reason: input.priceByHand?.reason,
    p_payment_amount: input.payment ? Number(input.payment.amount) : undefined,
    p_payment_method: input.payment?.method,
    p_payment_reference: input.payment?.reference.trim() || undefined,
  });
  if (error) throw error;
  return { id: data.id };
}

/** The company's payment terms: the deposit's percent, and how many days before departure the balance is due. */
export const paymentTermsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'bookings', 'payment-terms'] as const,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).rpc('payment_terms');
      if (error) throw error;
      const [terms] = (Array.isArray(data) ? data : [data]) as { deposit_percent: number; balance_due_days: number }[];
      return { depositPercent: Number(terms.deposit_percent), balanceDueDays: Number(terms.balance_due_days) };
    },
    staleTime: 5 * 60_000,
  });

/** Emails the invoice (no payment), a payment's receipt or a refunded payment's refund note to the client, PDF attached (email_booking_document). */
export async function emailBookingDocument(bookingId: string, paymentId?: string): Promise<void> {
  const { error } = await (await getSupabase()).rpc('email_booking_document', { p_booking_id: bookingId, p_payment_id: paymentId });
  if (error) throw error;
}

/** Sends a booking email again, written afresh from the booking as it is now (resend_booking_email). */
export async function resendBookingEmail(notificationId: string): Promise<void> {
  const { error } = await (await getSupabase()).rpc('resend_booking_email', { p_notification_id: notificationId });
  if (error) throw error;
}

/** Confirms a pending booking or completes a confirmed one, with the reason (change_booking_status). */
export async function changeBookingStatus(bookingId: string, status: 'confirmed' | 'completed', reason: string): Promise<void> {
  const { error } = await (await getSupabase()).rpc('change_booking_status', { p_booking_id: bookingId, p_status: status, p_reason: reason });
  if (error) throw error;
}

/** Records money owed back as returned: how, on which day and with what reference (mark_payment_refunded). */
export async function markPaymentRefunded(refund: { paymentId: string; method: string; refundedOn: string; reference: string }): Promise<void> {
  const { error } = await (await getSupabase()).rpc('mark_payment_refunded', {
    p_payment_id: refund.paymentId,
    p_method: refund.method,
    p_refunded_on: refund.refundedOn,
    p_reference: refund.reference || null,
  });
  if (error) throw error;
}

/** Corrects the travelers' details, one entry per traveler, with the reason (update_booking_travelers). */
export async function updateBookingTravelers(bookingId: string, travelers: Record<string, string>[], reason: string): Promise<void> {
  const { error } = await (await getSupabase()).rpc('update_booking_travelers', { p_booking_id: bookingId, p_travelers: travelers as Json, p_reason: reason });
  if (error) throw error;
}

/** One traveler's details (update_traveler_details, 20261127030000_traveler_details.sql); a blank removes one. */
export async function updateTravelerDetails(bookingId: string, travelerIndex: number, details: Record<string, string>): Promise<void> {
  const { error } = await (await getSupabase()).rpc('update_traveler_details', { p_booking_id: bookingId, p_traveler_index: travelerIndex, p_details: details });
  if (error) throw error;
}

/** Where and when (HH:MM) the trip collects the travelers; blank for none (20261127030100_booking_pickup.sql). */
export async function saveBookingPickup(bookingId: string, pickup: string, time: string) {
  const { error } = await (await getSupabase())
    .from('bookings')
    .update({ pickup: pickup.trim() || null, pickup_time: pickup.trim() && time ? time : null })
    .eq('id', bookingId)
    .select('id')
    .single();
  if (error) throw error;
}

export interface BookingFieldNote {
  id: string;
  note: string;
  occurred_at: string;
  booking_id: string | null;
  recorded_by: string | null;
  /** Who wrote it, by name. */
  writer: string | null;
}

/** The notes the guides wrote in field mode about this booking or its whole trip, oldest first (operations staff read them). */
export const bookingFieldNotesQuery = (booking: { id: string; departure_id: string | null }) =>
  queryOptions({
    queryKey: [...bookingKeys.detail(booking.id), 'field-notes', booking.departure_id] as const,
    queryFn: async (): Promise<BookingFieldNote[]> => {
      if (!booking.departure_id) return [];
      const supabase = await getSupabase();
      const { data, error } = await supabase
        .from('trip_incidents')
        .select('id, note, occurred_at, booking_id, recorded_by')
        .eq('departure_id', booking.departure_id)
        .or(`booking_id.eq.${booking.id},booking_id.is.null`)
        .order('occurred_at');
      if (error) throw error;
      const writers = [...new Set(data.map((note) => note.recorded_by).filter((id): id is string => Boolean(id)))];
      const names = await recordNames(writers);
      return data.map((note) => ({ ...note, writer: note.recorded_by ? (names[note.recorded_by] ?? null) : null }));
    },
  });

/** The traveler's conversations with the office: those about this booking, and their others. */
export const bookingConversationQuery = (booking: { id: string; user_id: string | null }) =>
  queryOptions({
    queryKey: [...bookingKeys.detail(booking.id), 'conversation'] as const,
    queryFn: async () => {
      const supabase = await getSupabase();
      let request = supabase.from('messages').select('id, thread_id, subject, sender, body, created_at, booking_id, read_at').order('created_at', { ascending: false }).limit(60);
      request = booking.user_id ? request.or(`booking_id.eq.${booking.id},user_id.eq.${booking.user_id}`) : request.eq('booking_id', booking.id);
      const { data, error } = await request;
      if (error) throw error;
      return data;
    },
  });

/** The extras a tour offers, for adding to or removing from a booking. */
export const tourExtrasQuery = (tourId: string) =>
  queryOptions({
    queryKey: ['admin', 'bookings', 'extras', tourId] as const,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).from('tour_extras').select('code, name, unit, price').eq('tour_id', tourId).eq('is_active', true).order('display_order');
      if (error) throw error;
      return data;
    },
    staleTime: 5 * 60_000,
  });

/** Changes who travels: adults, children and extras, priced afresh, with the reason (change_booking_party). */
export async function changeBookingParty(bookingId: string, party: { adults: number; children: number; extras: { code: string; quantity: number }[] }, reason: string): Promise<{ total: number; difference: number }> {
  const { data, error } = await (await getSupabase()).rpc('change_booking_party', {
    p_booking_id: bookingId,
    p_adults: party.adults,
    p_children: party.children,
    p_extras: party.extras as Json,
    p_reason: reason,
  });
  if (error) throw error;
  return data;
}

/** Keeps a pending booking's seats as a proven hold does: the team vouches for the client (approve_booking_hold). */
export async function approveBookingHold(bookingId: string): Promise<void> {
  const { error } = await (await getSupabase()).rpc('approve_booking_hold', { p_booking_id: bookingId });
  if (error) throw error;
}
