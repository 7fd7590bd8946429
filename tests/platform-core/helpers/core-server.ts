import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { pino } from 'pino';
import { authRoutes } from '../../../server/platform/auth/routes.ts';
import type { PlatformConfig } from '../../../server/platform/config.ts';
import type { AuthEmail, PlatformContext } from '../../../server/platform/context.ts';
import { applyBootstrap } from '../../../server/platform/db/migrate.ts';
import { openDatabase } from '../../../server/platform/db/open.ts';
import type { Database } from '../../../server/platform/db/types.ts';
import { closeNow, listen } from '../../../server/platform/http/listen.ts';
import { JwtKeys } from '../../../server/platform/jwt.ts';
import { invalidateSchemaCache, restRoutes } from '../../../server/platform/rest/routes.ts';
import { storageRoutes } from '../../../server/platform/storage/routes.ts';

export interface CoreServer {
  url: string;
  db: Database;
  ctx: PlatformContext;
  /** What auth asked the mailer to send, in order. */
  emails: AuthEmail[];
  /** A fresh supabase-js client with the anon key (no session persisted). */
  client(): SupabaseClient;
  /** A supabase-js client with the service-role key. */
  service(): SupabaseClient;
  close(): Promise<void>;
}

/**
 * The platform alone (auth, rest, storage) over a new embedded database holding bootstrap.sql, the
 * core fixture and the REST fixture of the platform suite: none of the product's migrations, mail
 * queue or config. Its AuthMailer only records what it is asked to send.
 */
export async function startCoreServer(overrides: Partial<PlatformConfig> = {}): Promise<CoreServer> {
  const dataDir = path.join(os.tmpdir(), `platform-core-${randomUUID().slice(0, 8)}`);
  await mkdir(dataDir, { recursive: true });
  const config: PlatformConfig = {
    dataDir,
    jwtExpiry: 3600,
    siteUrl: 'http://localhost:3000',
    emailConfirmRequired: false,
    trustedProxyHops: 0,
    corsOrigins: [],
    restMaxCost: { anon: 50_000, authenticated: 250_000 },
    restMaxRows: { anon: 20_000, authenticated: 100_000 },
    embeddedStatementLimitMs: 15_000,
    ...overrides,
  };
  const db = await openDatabase(config);
  try {
    await applyBootstrap(db);
    await db.exec(await readFile(new URL('../fixtures/core-fixture.sql', import.meta.url), 'utf8'));
    await db.exec(await readFile(new URL('../../platform/fixtures/rest-fixture.sql', import.meta.url), 'utf8'));
    invalidateSchemaCache(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const keys = new JwtKeys(randomBytes(48).toString('base64url'));
  const apiKeys = await keys.apiKeys();
  const emails: AuthEmail[] = [];
  const logger = pino({ level: 'silent' });
  const ctx: PlatformContext = {
    config,
    db,
    keys,
    apiKeys,
    mailer: {
      async send(email) {
        emails.push(email);
      },
    },
    name: 'Platform core',
    logger,
    log: (message, fields) => logger.info(fields ?? {}, message),
  };
  const app = new Hono();
  app.route('/auth/v1', authRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx));
  app.route('/storage/v1', storageRoutes(ctx));
  const { server, port } = await listen(app.fetch, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
  return {
    url,
    db,
    ctx,
    emails,
    client: () => createClient(url, apiKeys.anonKey, options),
    service: () => createClient(url, apiKeys.serviceRoleKey, options),
    async close() {
      await closeNow(server);
      await db.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
