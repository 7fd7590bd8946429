import type { Database } from '../platform/db/types.ts';

/** How often unpaid holds are looked at; a hold lasts 48 hours, so a few minutes late is nothing. */
const sweepEveryMs = 5 * 60_000;

export interface HoldSweeper {
  start(): void;
  stop(): Promise<void>;
}

/**
 * Gives back the seats of pending bookings whose hold ran out unpaid, by calling
 * public.expire_unpaid_bookings() (the rules live there) every few minutes, tells the office of holds
 * about to end (public.notify_staff_of_expiring_holds()), and drops the rate
 * limiter's spent windows. Any server instance may run it: both are idempotent.
 */
export function createHoldSweeper(db: Database, log: (message: string, fields?: Record<string, unknown>) => void): HoldSweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function sweep(): Promise<void> {
    const { rows } = await db.query<{ expired: number }>('select public.expire_unpaid_bookings() as expired');
    if (rows[0].expired > 0) log('unpaid booking holds expired', { bookings: rows[0].expired });
    // Holds ending within a day are raised to booking staff, once per booking.
    await db.query('select public.notify_staff_of_expiring_holds()');
    // The rate limiter's old windows go with the same round.
    await db.query('select public.prune_rate_limit_hits()');
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = sweep()
          .catch((error: unknown) => log('booking hold sweep failed', { error: String(error) }))
          .finally(() => (running = undefined));
      }, sweepEveryMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
