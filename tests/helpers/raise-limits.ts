import type { Queryable } from '../../server/platform/db/types.ts';

/**
 * Raises every rate limit a thousandfold, and the caps on unpaid seat holds, through the settings an
 * admin changes (public.rate_limits, public.booking_hold_rules): for test servers and benchmarks that
 * sign up and book far more from 127.0.0.1 than one visitor may. Never by turning a limit off.
 */
export async function raiseLimits(db: Queryable): Promise<void> {
  await db.query('update public.rate_limits set max_hits = least(max_hits * 1000, 1000000)');
  await db.query('update public.booking_hold_rules set unpaid_holds_per_address = 1000, unverified_seats_per_address = 10000, unpaid_holds_per_email = 1000');
}
