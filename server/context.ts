import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './platform/db/types.ts';
import type { JwtKeys } from './platform/jwt.ts';
import type { MailQueue } from './mail/queue.ts';

/** What every part of the server is handed: settings, the database, the JWT keys, the mail queue and the logger. */
export interface PlatformContext {
  config: Config;
  db: Database;
  keys: JwtKeys;
  apiKeys: { anonKey: string; serviceRoleKey: string };
  mail: MailQueue;
  logger: Logger;
  /** A line at info level through the logger; a request's own lines go through c.get('log'). */
  log: (message: string, fields?: Record<string, unknown>) => void;
}
