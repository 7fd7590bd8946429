import type { Queryable } from '../db/types.ts';
import { isPgError } from '../db/types.ts';

/**
 * The platform's doors (sign-up, sign-in, reset emails, confirmation resends, emailed links, email
 * changes, uploads) count their hits with the database's limiter, public.hit_rate_limit(rule, subject),
 * and take a hit back with public.forgive_rate_limit_hit: the project's schema defines both, with the
 * rules and their settings (here supabase/migrations/20261124000200_rate_limits.sql, public.rate_limits),
 * so the counts hold across server instances. The product's doors count rules of their own the same
 * way. Each door turns a refusal into its own API's 429.
 */
export type RateLimitRule =
  | 'auth.signups'
  | 'auth.signin_failures'
  | 'auth.signin_account_failures'
  | 'auth.recovery_requests'
  | 'auth.confirmation_resends'
  | 'auth.link_failures'
  | 'auth.email_changes'
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
export async function hitRateLimit(db: Queryable, rule: string, subject: string): Promise<void> {
  try {
    await db.query('select public.hit_rate_limit($1, $2)', [rule, subject]);
  } catch (error) {
    if (isPgError(error) && error.code === 'PT429') throw new RateLimited(error.message, retryAfterOf(error.detail));
    throw error;
  }
}

/** Takes back a hit counted ahead of its outcome (a sign-in whose password was right). */
export async function forgiveRateLimitHit(db: Queryable, rule: string, subject: string): Promise<void> {
  await db.query('select public.forgive_rate_limit_hit($1, $2)', [rule, subject]);
}
