import { z } from '@shared/zod.ts';
import { isoDay, optionalInAddress as optional } from '@/lib/search-params.ts';

/** The bookings list's state, kept in the address so a view can be bookmarked, shared and saved. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'expired'] as const;
export const PAYMENT_STATES = ['unpaid', 'part_paid', 'paid', 'refund_due'] as const;
export const BOOKING_SORTS = ['created_at', 'start_date', 'booking_reference', 'name', 'total_amount', 'status'] as const;
export const PAGE_SIZES = [25, 50, 100] as const;
/** The lists a dashboard figure opens, counted by the same rule as the figure. */
export const ATTENTION_LISTS = ['balance_overdue', 'balance_due', 'hold_expiring'] as const;
export const ATTENTION_LABELS: Record<(typeof ATTENTION_LISTS)[number], string> = {
  balance_overdue: 'Balances overdue',
  balance_due: 'Balances due within 14 days',
  hold_expiring: 'Holds expiring within 24 hours',
};

export const PAYMENT_STATE_LABELS: Record<(typeof PAYMENT_STATES)[number], string> = {
  unpaid: 'Unpaid',
  part_paid: 'Part paid',
  paid: 'Paid in full',
  refund_due: 'Refund owed',
};

function isPaymentState(state: string): state is (typeof PAYMENT_STATES)[number] {
  return (PAYMENT_STATES as readonly string[]).includes(state);
}

/** A payment state's label (search_bookings gives the state as text); a state not known here as it is. */
export function paymentStateLabel(state: string): string {
  return isPaymentState(state) ? PAYMENT_STATE_LABELS[state] : state;
}

export const bookingsSearchSchema = z.object({
  q: optional(z.string().check(z.maxLength(200))),
  status: optional(z.array(z.enum(BOOKING_STATUSES)).check(z.maxLength(BOOKING_STATUSES.length))),
  payment: optional(z.enum(PAYMENT_STATES)),
  tour: optional(z.uuid()),
  departure: optional(z.uuid()),
  travelFrom: optional(isoDay()),
  travelUntil: optional(isoDay()),
  bookedFrom: optional(isoDay()),
  bookedUntil: optional(isoDay()),
  attention: optional(z.enum(ATTENTION_LISTS)),
  sort: optional(z.enum(BOOKING_SORTS)),
  asc: optional(z.literal(1)),
  page: optional(z.int().check(z.minimum(1), z.maximum(100_000))),
  size: optional(z.union([z.literal(25), z.literal(50), z.literal(100)])),
});

export type BookingsSearch = z.infer<typeof bookingsSearchSchema>;

export function validateBookingsSearch(search: Record<string, unknown>): BookingsSearch {
  const parsed = bookingsSearchSchema.parse(search);
  // Keep the address short: no keys for values left at their defaults.
  return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0))) as BookingsSearch;
}

/** The arguments of search_bookings for a page of the list (or, with a page and size given, of the export). */
export function searchArguments(search: BookingsSearch, page = search.page ?? 1, size: number = search.size ?? 25) {
  return {
    p_query: search.q?.trim() || null,
    p_statuses: search.status ?? null,
    p_payment_state: search.payment ?? null,
    p_tour_id: search.tour ?? null,
    p_departure_id: search.departure ?? null,
    p_travel_from: search.travelFrom ?? null,
    p_travel_until: search.travelUntil ?? null,
    p_booked_from: search.bookedFrom ?? null,
    p_booked_until: search.bookedUntil ?? null,
    p_sort: search.sort ?? 'created_at',
    p_descending: search.asc !== 1,
    p_limit: size,
    p_offset: (page - 1) * size,
    p_attention: search.attention ?? null,
  };
}

/** Whether any filter narrows the list (the search box included): the empty state says so. */
export function isFiltered(search: BookingsSearch): boolean {
  const { sort: _sort, asc: _asc, page: _page, size: _size, ...filters } = search;
  return Object.keys(filters).length > 0;
}

/** A filter's dates that contradict each other, as the field message to show. */
export function dateRangeProblems(search: BookingsSearch): Partial<Record<'travelUntil' | 'bookedUntil', string>> {
  const problems: Partial<Record<'travelUntil' | 'bookedUntil', string>> = {};
  if (search.travelFrom && search.travelUntil && search.travelUntil < search.travelFrom) problems.travelUntil = 'The end of the travel dates is before their start';
  if (search.bookedFrom && search.bookedUntil && search.bookedUntil < search.bookedFrom) problems.bookedUntil = 'The end of the booking dates is before their start';
  return problems;
}
