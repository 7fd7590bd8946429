import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { openPglite } from '../../server/platform/db/pglite.ts';
import type { Database } from '../../server/platform/db/types.ts';
import { createMailQueue, maxSendAttempts, retryDelaySeconds } from '../../server/mail/queue.ts';

const silent = () => undefined;

/** In-memory database with the auth bootstrap and the migrations the queue needs. */
async function queueDatabase(): Promise<Database> {
  const db = await openPglite();
  await db.exec(await readFile('server/platform/db/bootstrap.sql', 'utf8'));
  await db.exec(await readFile('supabase/migrations/20261122000100_users_and_roles.sql', 'utf8'));
  await db.exec(await readFile('supabase/migrations/20261122000500_email_queue.sql', 'utf8'));
  await db.exec(await readFile('supabase/migrations/20261128010200_email_attachments.sql', 'utf8'));
  return db;
}

/** A port with nothing listening on it: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('retry backoff', () => {
  it('doubles from 30 seconds and stops growing at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(8)).toBe(3600);
    expect(retryDelaySeconds(maxSendAttempts)).toBe(3600);
  });
});

describe('mail queue', () => {
  let db: Database;
  let dataDir: string;

  beforeAll(async () => {
    db = await queueDatabase();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mail-queue-'));
    // Starting an embedded Postgres takes seconds on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes due emails as .eml files when no SMTP server is configured', async () => {
    const queue = createMailQueue(loadConfig({}, { dataDir, smtpUrl: undefined }), db, silent);
    const id = await queue.enqueue({
      to: 'Traveler@Example.com ',
      subject: 'Your safari is booked',
      text: 'See you in Arusha.',
      html: '<p>See you in Arusha.</p>',
      kind: 'booking_confirmed',
    });
    expect(await queue.drain()).toBe(1);
    expect(await queue.drain()).toBe(0);
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toContain(id);
    const eml = await readFile(path.join(dataDir, 'mail', files[0]), 'utf8');
    expect(eml).toMatch(/^To: Traveler@example\.com$/im);
    expect(eml).toMatch(/^Subject: Your safari is booked$/m);
    expect(eml).toContain('See you in Arusha.');
    expect(eml).toMatch(/^From: Kilele Safaris <hello@kilelesafaris\.co\.tz>$/m);
    const { rows } = await db.query<{ status: string; attempts: number; sent_at: Date | null }>(
      `select status, attempts, sent_at from public.email_queue where id = $1`,
      [id],
    );
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect(rows[0].sent_at).not.toBeNull();
    await queue.stop();
  });

  it('enqueues inside the caller transaction, so a rolled-back write sends nothing', async () => {
    const queue = createMailQueue(loadConfig({}, { dataDir }), db, silent);
    await expect(
      db.transaction(async (tx) => {
        await queue.enqueue({ to: 'a@example.com', subject: 's', text: 't', kind: 'test' }, tx);
        throw new Error('the booking failed');
      }),
    ).rejects.toThrow('the booking failed');
    const { rows } = await db.query(`select 1 from public.email_queue where to_address = 'a@example.com'`);
    expect(rows).toHaveLength(0);
    await queue.stop();
  });

  it('keeps an email pending with backoff while SMTP is down, and fails it after the last attempt', async () => {
    const port = await closedPort();
    const queue = createMailQueue(loadConfig({}, { dataDir, smtpUrl: `smtp://127.0.0.1:${port}` }), db, silent);
    const id = await queue.enqueue({ to: 'down@example.com', subject: 'Hello', text: 'Hi', kind: 'test' });
    expect(await queue.drain()).toBe(0);
    const after = await db.query<{ status: string; attempts: number; last_error: string; wait: number }>(
      `select status, attempts, last_error, extract(epoch from next_attempt_at - now())::float8 as wait
         from public.email_queue where id = $1`,
      [id],
    );
    expect(after.rows[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(after.rows[0].last_error).toMatch(/ECONNREFUSED/);
    expect(after.rows[0].wait).toBeGreaterThan(25);
    expect(after.rows[0].wait).toBeLessThanOrEqual(30);
    // Not due yet: a second pass does not try again.
    expect(await queue.drain()).toBe(0);
    const unchanged = await db.query<{ attempts: number }>(`select attempts from public.email_queue where id = $1`, [id]);
    expect(unchanged.rows[0].attempts).toBe(1);

    await db.query(`update public.email_queue set attempts = $2, next_attempt_at = now() where id = $1`, [id, maxSendAttempts - 1]);
    await queue.drain();
    const failed = await db.query<{ status: string; attempts: number }>(`select status, attempts from public.email_queue where id = $1`, [id]);
    expect(failed.rows[0]).toEqual({ status: 'failed', attempts: maxSendAttempts });
    await queue.stop();
  });

  it('refuses an email without a recipient', async () => {
    const queue = createMailQueue(loadConfig({}, { dataDir }), db, silent);
    await expect(queue.enqueue({ to: ' ', subject: 's', text: 't', kind: 'test' })).rejects.toThrow('recipient');
    await queue.stop();
  });
});
