import { randomUUID } from 'node:crypto';
import { cpSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { loadConfig, logLevelOf, type Config } from '../../server/config.ts';
import type { Database } from '../../server/platform/db/types.ts';
import { closeNow, listen } from '../../server/platform/http/listen.ts';
import { createPlatform, type Platform } from '../../server/platform.ts';
import { raiseLimits } from './raise-limits.ts';
import { adminUrl, ensureTemplate, runRoot } from './template.ts';

export interface TestServer {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  db: Database;
  config: Config;
  platform: Platform;
  /** The demo admin created by the seed. */
  admin: { email: string; password: string };
  /** A fresh supabase-js client with the anon key (no session persisted). */
  client(): SupabaseClient;
  /** A supabase-js client with the service-role key. */
  service(): SupabaseClient;
  /** Signs up a new traveler and returns a client signed in as them. */
  traveler(options?: { email?: string; password?: string; fullName?: string }): Promise<{
    client: SupabaseClient;
    userId: string;
    email: string;
    password: string;
  }>;
  /** Signs up a new person and gives them a staff role, as an admin would on the team screen. */
  staff(role: 'admin' | 'agent' | 'editor' | 'guide', options?: { fullName?: string }): Promise<{ client: SupabaseClient; userId: string; email: string; password: string }>;
  /** A client signed in as the demo admin. */
  adminClient(): Promise<SupabaseClient>;
  /** The server's log lines, parsed, when started with captureLogs; else none. */
  logs: Record<string, unknown>[];
  /** Sets a rule of public.rate_limits, as an admin would on the settings screen. */
  setRateLimit(rule: string, maxHits: number, windowSeconds?: number): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /**
   * 'raised' (the default): every rule of public.rate_limits, and the caps of public.booking_hold_rules
   * on unpaid holds per address and email, allow a thousand times their default, so suites that sign up
   * and book many times from 127.0.0.1 are not refused; 'defaults' keeps the shipped settings, for
   * tests of the limits themselves.
   */
  rateLimits?: 'raised' | 'defaults';
  /** Keep the server's log lines (from level info) in TestServer.logs rather than writing them out. */
  captureLogs?: boolean;
}

/**
 * A real server on a random port over a copy of the seeded template database (PGlite, or PostgreSQL
 * when TEST_DATABASE_URL is set). Tests talk to it through supabase-js, as the app does.
 */
export async function startTestServer(overrides: Partial<Config> = {}, serverOptions: TestServerOptions = {}): Promise<TestServer> {
  const template = await ensureTemplate();
  const id = randomUUID().slice(0, 8);
  const dataDir = path.join(runRoot(), `run-${id}`);
  // cpSync, not fs.promises.cp: a third of the time over the template's 1,700 files.
  cpSync(template.dir, dataDir, { recursive: true });
  let databaseUrl: string | undefined;
  let database: string | undefined;
  if (template.serverUrl && template.database) {
    database = `t_${id}`;
    const client = new pg.Client({ connectionString: template.serverUrl });
    await client.connect();
    await client.query(`create database ${database} template ${template.database}`);
    await client.end();
    databaseUrl = adminUrl(template.serverUrl, database);
  }
  // Quiet unless LOG_LEVEL asks (to watch a test run) or the test reads the lines itself.
  const logLevel = serverOptions.captureLogs ? 'info' : logLevelOf(process.env.LOG_LEVEL, 'silent');
  const config = loadConfig({}, { dataDir, databaseUrl, logLevel, port: 0, ...overrides });
  const logs: Record<string, unknown>[] = [];
  const logDestination = serverOptions.captureLogs ? { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } : undefined;
  const platform = await createPlatform(config, { logDestination });
  // Limits are settings: tests raise them the way an admin would, never by turning them off in code.
  if ((serverOptions.rateLimits ?? 'raised') === 'raised') await raiseLimits(platform.ctx.db);
  const { server, port } = await listen(platform.app.fetch, 0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  const { anonKey, serviceRoleKey } = platform.ctx.apiKeys;
  const admin = JSON.parse(await readFile(path.join(dataDir, 'admin-credentials.json'), 'utf8')) as {
    email: string;
    password: string;
  };
  const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };
  const client = () => createClient(url, anonKey, options);

  const testServer: TestServer = {
    url,
    anonKey,
    serviceRoleKey,
    db: platform.ctx.db,
    config,
    platform,
    admin,
    logs,
    client,
    service: () => createClient(url, serviceRoleKey, options),
    async traveler(opts = {}) {
      const email = opts.email ?? `traveler-${randomUUID().slice(0, 8)}@example.com`;
      const password = opts.password ?? 'Kilimanjaro-2026!';
      const c = client();
      const { data, error } = await c.auth.signUp({
        email,
        password,
        options: { data: { full_name: opts.fullName ?? 'Test Traveler' } },
      });
      if (error || !data.user) throw error ?? new Error('sign-up returned no user');
      if (!data.session) {
        const signIn = await c.auth.signInWithPassword({ email, password });
        if (signIn.error) throw signIn.error;
      }
      return { client: c, userId: data.user.id, email, password };
    },
    async staff(role, opts = {}) {
      const person = await testServer.traveler({ fullName: opts.fullName ?? `Staff ${role}` });
      await platform.ctx.db.query(`update public.users set role = $1 where id = $2`, [role, person.userId]);
      return person;
    },
    async adminClient() {
      const c = client();
      const { error } = await c.auth.signInWithPassword(admin);
      if (error) throw error;
      return c;
    },
    async setRateLimit(rule, maxHits, windowSeconds) {
      const { rowCount } = await platform.ctx.db.query(
        'update public.rate_limits set max_hits = $2, window_seconds = coalesce($3, window_seconds) where rule = $1',
        [rule, maxHits, windowSeconds ?? null],
      );
      if (rowCount !== 1) throw new Error(`no rate limit rule ${rule}`);
    },
    async close() {
      await closeNow(server);
      await platform.close();
      await rm(dataDir, { recursive: true, force: true });
      if (template.serverUrl && database) {
        const c = new pg.Client({ connectionString: template.serverUrl });
        await c.connect();
        // pg's pool.end() resolves once its connections are told to close, before they have: forcing
        // the drop then would end them mid-close, an error no listener hears.
        for (let tries = 0; tries < 50; tries += 1) {
          const { rows } = await c.query(`select count(*)::int as n from pg_stat_activity where datname = $1`, [database]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await c.query(`drop database if exists ${database} with (force)`);
        await c.end();
      }
    },
  };
  return testServer;
}
