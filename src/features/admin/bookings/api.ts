import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { searchArguments, type BookingsSearch, type PAYMENT_STATES } from './search.ts';

/** A row of the bookings list, as search_bookings returns it (20261125000700_search_bookings.sql). */
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
  payment_state: (typeof PAYMENT_STATES)[number];
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
  // A jsonb answer: its shape is search_bookings', described by BookingsPage.
  return data as unknown as BookingsPage;
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
  tour_departures: Pick<Row<'tour_departures'>, 'id' | 'start_date' | 'end_date' | 'capacity' | 'seats_booked' | 'status'> | null;
  payments: Row<'payments'>[];
};

export type AuditEntry = Row<'audit_log'>;

/** An email the booking gave rise to, and what became of it. */
export type BookingEmail = Pick<Row<'booking_notifications'>, 'id' | 'kind' | 'status' | 'created_at' | 'last_error' | 'skip_reason'> & {
  email_queue: Pick<Row<'email_queue'>, 'id' | 'to_address' | 'subject' | 'status' | 'sent_at'> | null;
};

export const bookingDetailQuery = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: async (): Promise<{ booking: BookingDetail; history: AuditEntry[]; emails: BookingEmail[] }> => {
      const supabase = await getSupabase();
      const { data: booking, error } = await supabase
        .from('bookings')
        .select('*, tours(id, title, slug), tour_departures(id, start_date, end_date, capacity, seats_booked, status), payments(*)')
        .eq('id', id)
        .maybeSingle();
      if (error) throw error;
      if (!booking) throw Object.assign(new Error('This booking could not be found'), { status: 404 });
      const paymentIds = (booking.payments as Row<'payments'>[]).map((payment) => payment.id);
      // The History: the booking's own changes and its payments'. Only auditors read it; others see none.
      const [history, emails] = await Promise.all([
        supabase
          .from('audit_log')
          .select('*')
          .or(`and(table_name.eq.bookings,record_id.eq.${id})${paymentIds.length ? `,and(table_name.eq.payments,record_id.in.(${paymentIds.join(',')}))` : ''}`)
          .order('occurred_at', { ascending: false })
          .limit(200),
        supabase
          .from('booking_notifications')
          .select('id, kind, status, created_at, last_error, skip_reason, email_queue(id, to_address, subject, status, sent_at)')
          .eq('booking_id', id)
          .order('created_at', { ascending: false }),
      ]);
      return {
        booking: booking as unknown as BookingDetail,
        history: history.data ?? [],
        emails: (emails.data ?? []) as unknown as BookingEmail[],
      };
    },
  });

/** Records money received by bank transfer, mobile money or cash (record_payment); a refusal throws its message. */
export async function recordPayment(input: { bookingId: string; amount: number; method: string; reference: string; paidAt: string | null }) {
  const { data, error } = await (await getSupabase()).rpc('record_payment', {
    p_booking_id: input.bookingId,
    p_amount: input.amount,
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
