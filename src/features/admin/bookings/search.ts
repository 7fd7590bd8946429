import { type AddressSearch, flag, isoDay, listOf, oneOf, searchParams, text, uuid, wholeNumber } from '@/lib/search-params.ts';

/** The bookings list's state, kept in the address so a view can be bookmarked, shared and saved. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'expired'] as const;
export const PAYMENT_STATES = ['unpaid', 'part_paid', 'paid', 'refund_due'] as const;
export const BOOKING_SORTS = ['created_at', 'start_date', 'booking_reference', 'name', 'total_amount', 'status'] as const;
export const PAGE_SIZES = [25, 50, 100] as const;
/** The lists a dashboard figure opens, counted by the same rule as the figure. */
export const ATTENTION_LISTS = ['balance_overdue', 'balance_due', 'hold_expiring'] as const;

const bookingsSearch = {
  q: text({ max: 200 }),
  status: listOf(oneOf(BOOKING_STATUSES), BOOKING_STATUSES.length),
  payment: oneOf(PAYMENT_STATES),
  tour: uuid,
  departure: uuid,
  travelFrom: isoDay,
  travelUntil: isoDay,
  bookedFrom: isoDay,
  bookedUntil: isoDay,
  attention: oneOf(ATTENTION_LISTS),
  sort: oneOf(BOOKING_SORTS),
  asc: flag,
  page: wholeNumber(1, 100_000),
  size: oneOf(PAGE_SIZES),
};

export type BookingsSearch = AddressSearch<typeof bookingsSearch>;

export const validateBookingsSearch = searchParams(bookingsSearch);
