import type { Queryable } from '../db/types.ts';
import { isPgError } from '../db/types.ts';

/**
 * The server's doors (sign-up, sign-in, reset emails, the contact form, reports, card checkouts,
 * booking lookups) count their hits with the database's limiter, public.hit_rate_limit: the rules
 * and their settings live in public.rate_limits (20261124000200_rate_limits.sql), and the counts hold
 * across server instances. Each door turns a refusal into its own API's 429.
 */
export type RateLimitRule =
  | 'auth.signups'
  | 'auth.signin_failures'
  | 'auth.signin_account_failures'
  | 'auth.recovery_requests'
  | 'auth.confirmation_resends'
  | 'auth.link_failures'
  | 'auth.email_changes'
  | 'api.enquiries'
  | 'api.error_reports'
  | 'api.feedback'
  | 'api.performance_metrics'
  | 'api.card_checkouts'
  | 'booking.lookups'
  | 'catalogue.imports'
  | 'booking.emails'
  | 'storage.uploads';

export class RateLimited extends Error {
  constructor(
    message: string,
    /** Seconds until a new attempt can pass. */
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

/** Retry-After for a refusal from the limiter (its detail says 'Retry after N seconds'). */
export function retryAfterOf(detail: string | null | undefined): number {
  return Number(/(\d+) seconds?/.exec(detail ?? '')?.[1] ?? 60);
}

/** Counts one hit, or throws RateLimited with the limiter's message when the window is full. */
export async function hitRateLimit(db: Queryable, rule: RateLimitRule, subject: string): Promise<void> {
  try {
    await db.query('select public.hit_rate_limit($1, $2)', [rule, subject]);
  } catch (error) {
    if (isPgError(error) && error.code === 'PT429') throw new RateLimited(error.message, retryAfterOf(error.detail));
    throw error;
  }
}

/** Takes back a hit counted ahead of its outcome (a sign-in whose password was right). */
export async function forgiveRateLimitHit(db: Queryable, rule: RateLimitRule, subject: string): Promise<void> {
  await db.query('select public.forgive_rate_limit_hit($1, $2)', [rule, subject]);
}
