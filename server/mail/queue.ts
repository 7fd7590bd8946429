import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/types.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the email is for (password_recovery, signup_confirmation, booking_confirmed, ...). */
  kind: string;
}

export interface MailQueue {
  /** Stores the email in the queue (inside tx when given, so it commits with the caller's write). */
  enqueue(email: OutgoingEmail, tx?: Queryable): Promise<string>;
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now; returns how many were sent. */
  drain(): Promise<number>;
}

export function createMailQueue(_config: Config, _db: Database, _log: (m: string, f?: Record<string, unknown>) => void): MailQueue {
  throw new Error('mail queue: being written');
}
