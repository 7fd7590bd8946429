import type { Database } from '../platform/db/types.ts';

/**
 * The daily round of the booking engine: public.run_booking_schedule() completes trips that have
 * ended and finds the balance reminders, pre-departure emails and review requests now due (the rules
 * live there). It is safe to repeat, so it runs shortly after start and then every hour: a server that
 * was down catches up, and dates are looked at on the day they arrive. Any instance may run it.
 */

const firstRunAfterMs = 60_000;
const everyMs = 60 * 60_000;

export interface BookingScheduleResult {
  completed: number;
  balance_reminders: number;
  pre_departure: number;
  review_requests: number;
}

export interface BookingSchedule {
  start(): void;
  stop(): Promise<void>;
  /** Runs the round now (waiting for one already running); returns what it found. */
  run(): Promise<BookingScheduleResult>;
}

export function createBookingSchedule(db: Database, log: (message: string, fields?: Record<string, unknown>) => void): BookingSchedule {
  let timers: NodeJS.Timeout[] = [];
  let running: Promise<BookingScheduleResult> | undefined;

  async function round(): Promise<BookingScheduleResult> {
    const { rows } = await db.query<{ result: BookingScheduleResult }>('select public.run_booking_schedule() as result');
    const result = rows[0].result;
    if (Object.values(result).some((count) => count > 0)) log('booking schedule', { ...result });
    return result;
  }

  async function run(): Promise<BookingScheduleResult> {
    await running?.catch(() => undefined);
    running ??= round().finally(() => (running = undefined));
    return running;
  }

  const tick = () => {
    if (running) return;
    run().catch((error: unknown) => log('booking schedule failed', { error: String(error) }));
  };

  return {
    start() {
      if (timers.length) return;
      timers = [setTimeout(tick, firstRunAfterMs), setInterval(tick, everyMs)];
      for (const timer of timers) timer.unref();
    },
    async stop() {
      for (const timer of timers) clearTimeout(timer);
      timers = [];
      await running?.catch(() => undefined);
    },
    run,
  };
}
