import type { Logger } from 'pino';
import type { PlatformConfig } from './config.ts';
import type { Database, Queryable } from './db/types.ts';
import type { JwtKeys } from './jwt.ts';

/**
 * The emails auth sends, each with the one-time link it carries. What they say and how they travel
 * is the product's: it implements AuthMailer.
 */
export type AuthEmail =
  | { type: 'signup_confirmation'; to: string; link: string }
  | { type: 'password_recovery'; to: string; link: string }
  /** An email change, to the new address. */
  | { type: 'email_change'; to: string; link: string }
  /** An email change, to the current address, which must agree too. */
  | { type: 'email_change_current'; to: string; newAddress: string; link: string };

export interface AuthMailer {
  /** Queues the email inside tx, so that it goes out only if auth's write commits. */
  send(email: AuthEmail, tx: Queryable): Promise<void>;
}

/** What the platform's parts (auth, rest, storage) are handed. */
export interface PlatformContext {
  config: PlatformConfig;
  db: Database;
  keys: JwtKeys;
  apiKeys: { anonKey: string; serviceRoleKey: string };
  /** Auth's emails, written and delivered by the product. */
  mailer: AuthMailer;
  /** Whose server this is, named in /auth/v1/health. */
  name: string;
  logger: Logger;
  /** A line at info level through the logger; a request's own lines go through c.get('log'). */
  log: (message: string, fields?: Record<string, unknown>) => void;
}
