import { z } from '@shared/zod.ts';
import { isoDay, optionalInAddress as optional } from '@/lib/search-params.ts';

/** The bookings list's state, kept in the address so a view can be bookmarked, shared and saved. */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'completed', 'cancelled', 'expired'] as const;
export const PAYMENT_STATES = ['unpaid', 'part_paid', 'paid', 'refund_due'] as const;
export const BOOKING_SORTS = ['created_at', 'start_date', 'booking_reference', 'name', 'total_amount', 'status'] as const;
export const PAGE_SIZES = [25, 50, 100] as const;
/** The lists a dashboard figure opens, counted by the same rule as the figure. */
export const ATTENTION_LISTS = ['balance_overdue', 'balance_due', 'hold_expiring'] as const;

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
