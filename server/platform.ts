import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import type { ProductContext } from './context.ts';
import { migrate } from './platform/db/migrate.ts';
import { openDatabase } from './platform/db/open.ts';
import { bookingDocuments } from './documents/index.ts';
import type { Database } from './platform/db/types.ts';
import { createBookingEmailWriter, type BookingEmailWriter } from './jobs/booking-emails.ts';
import { createHoldSweeper } from './jobs/booking-holds.ts';
import { createBookingSchedule, type BookingSchedule } from './jobs/booking-schedule.ts';
import { JwtKeys } from './platform/jwt.ts';
import { createLogger } from './log.ts';
import { createAuthMailer, company } from './mail/auth-emails.ts';
import { createMailQueue } from './mail/queue.ts';
import { paymentProviders } from './payments/providers.ts';
import type { SeedResult } from './seed/index.ts';
import { demoSeeded } from './seed/seeded.ts';
import { createRemovedFileSweeper, type RemovedFileSweeper } from './platform/storage/removed-files.ts';

export interface Platform {
  ctx: ProductContext;
  app: ReturnType<typeof createApp>;
  /** Set on the start that seeded the demo company: the generated admin credentials. */
  seeded?: SeedResult;
  /** Background work that tests (and maintenance) may also run on demand. */
  jobs: { bookingEmails: BookingEmailWriter; bookingSchedule: BookingSchedule; removedFiles: RemovedFileSweeper };
  close(): Promise<void>;
}

/** The JWT secret: JWT_SECRET, or one generated on first start and kept in DATA_DIR. */
async function jwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret + '\n', { mode: 0o600 });
    return secret;
  }
}

/**
 * Opens (or is given) the database, applies migrations, seeds the demo company once, and builds the
 * HTTP app. The caller owns DATA_DIR's lock; see main.ts. Logs go to stdout unless a destination is given.
 */
export async function createPlatform(config: Config, options: { db?: Database; logDestination?: DestinationStream } = {}): Promise<Platform> {
  await mkdir(config.dataDir, { recursive: true });
  const logger = createLogger(config.logLevel, options.logDestination);
  const log: ProductContext['log'] = (message, fields) => logger.info(fields ?? {}, message);
  const db = options.db ?? (await openDatabase(config, (event, reason) => log(event, { reason })));
  try {
    await migrate(db);
    const keys = new JwtKeys(await jwtSecret(config));
    const apiKeys = await keys.apiKeys();
    const mail = createMailQueue(config, db, log, bookingDocuments(config));
    const ctx: ProductContext = { config, db, keys, apiKeys, mail, mailer: createAuthMailer(mail), name: company, logger, log };
    // The seed is loaded only when it is to run: it is a chunk of the server build of its own.
    const seeded = config.seedDemo && !(await demoSeeded(db)) ? await (await import('./seed/index.ts')).seedDemoCompany(ctx) : undefined;
    // Start-up's migrations and seed may take long; from here on no statement may.
    db.watchdog?.(config.embeddedStatementLimitMs);
    const app = createApp(ctx);
    const holds = createHoldSweeper(db, log);
    const bookingEmails = createBookingEmailWriter(config, db, mail, { url: config.siteUrl, cardPayments: Boolean(paymentProviders(config).card) }, log);
    const bookingSchedule = createBookingSchedule(db, log);
    const removedFiles = createRemovedFileSweeper(db, config.dataDir, log);
    mail.start();
    removedFiles.start();
    holds.start();
    bookingEmails.start();
    bookingSchedule.start();
    return {
      ctx,
      app,
      seeded,
      jobs: { bookingEmails, bookingSchedule, removedFiles },
      async close() {
        await bookingSchedule.stop();
        await removedFiles.stop();
        await holds.stop();
        await bookingEmails.stop();
        await mail.stop();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}
