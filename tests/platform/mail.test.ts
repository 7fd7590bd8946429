import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, until, type SmtpSink } from '../helpers/smtp.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** The first http(s) link in the plain-text part, with quoted-printable soft breaks undone. */
function linkIn(raw: string): URL {
  const text = raw.split(/Content-Type: text\/html/i)[0].replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const body = text.slice(text.search(/\r?\n\r?\n/));
  const match = /https?:\/\/[^\s"<>]+/.exec(body);
  if (!match) throw new Error('no link in the email');
  return new URL(match[0]);
}

describe('password recovery by email over SMTP', () => {
  let smtp: SmtpSink;
  let t: TestServer;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('emails a link that signs the traveler in to set a new password', async () => {
    const { email, password } = await t.traveler();
    const redirectTo = `${t.config.siteUrl}/auth/reset-password`;
    const asked = await t.client().auth.resetPasswordForEmail(email, { redirectTo });
    expect(asked).toEqual({ data: {}, error: null });
    await t.platform.ctx.mail.drain();

    const message = await until(() => smtp.received.find((m) => m.to.includes(email)));
    expect(message.from).toBe('hello@kilelesafaris.co.tz');
    expect(message.raw).toMatch(/^Subject: Reset your Kilele Safaris password/m);
    expect(message.raw).toMatch(/Content-Type: text\/html/i);
    const link = linkIn(message.raw);
    // Links are built from the configured site address, never from a request's Host header.
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.siteUrl}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(redirectTo);

    const res = await fetch(`${t.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectTo);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBe(3600);

    const browser = t.client();
    const set = await browser.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    expect(set.data.user!.email).toBe(email);
    const updated = await browser.auth.updateUser({ password: 'New-Kilimanjaro-Route-7' });
    expect(updated.error).toBeNull();

    expect((await t.client().auth.signInWithPassword({ email, password: 'New-Kilimanjaro-Route-7' })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');

    // The link works once.
    const again = await fetch(`${t.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('otp_expired');
    const { rows } = await t.db.query<{ status: string; kind: string }>(
      `select status, kind from public.email_queue where to_address = $1`,
      [email],
    );
    expect(rows).toEqual([{ status: 'sent', kind: 'password_recovery' }]);
  });

  it('answers the same for unknown addresses and sends nothing', async () => {
    const nobody = `nobody-${Date.now()}@example.com`;
    const asked = await t.client().auth.resetPasswordForEmail(nobody);
    expect(asked).toEqual({ data: {}, error: null });
    const { rows } = await t.db.query(`select 1 from public.email_queue where to_address = $1`, [nobody]);
    expect(rows).toHaveLength(0);
    const invalid = await t.client().auth.resetPasswordForEmail('not an email');
    expect(invalid.error?.code).toBe('validation_failed');
  });

  it('never redirects tokens to another site', async () => {
    const { email } = await t.traveler();
    await t.client().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    await t.platform.ctx.mail.drain();
    const message = await until(() => smtp.received.find((m) => m.to.includes(email)));
    expect(linkIn(message.raw).searchParams.get('redirect_to')).toBe(`${t.config.siteUrl}/auth/reset-password`);
  });
});

describe('email while the SMTP server is down', () => {
  let t: TestServer;
  let port: number;
  beforeAll(async () => {
    const probe = await startSmtp();
    port = probe.port;
    await probe.close();
    t = await startTestServer({ smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the email pending with a later retry, then delivers it once the server is back', async () => {
    const { email } = await t.traveler();
    await t.client().auth.resetPasswordForEmail(email);
    expect(await t.platform.ctx.mail.drain()).toBe(0);
    const queued = await t.db.query<{ id: string; status: string; attempts: number; last_error: string; due_later: boolean }>(
      `select id, status, attempts, last_error, next_attempt_at > now() + interval '20 seconds' as due_later
         from public.email_queue where to_address = $1`,
      [email],
    );
    expect(queued.rows).toHaveLength(1);
    expect(queued.rows[0]).toMatchObject({ status: 'pending', attempts: 1, due_later: true });
    expect(queued.rows[0].last_error).toMatch(/ECONNREFUSED/);

    const smtp = await startSmtp(port);
    try {
      // Time passes: the retry is due.
      await t.db.query(`update public.email_queue set next_attempt_at = now() where id = $1`, [queued.rows[0].id]);
      await t.platform.ctx.mail.drain();
      const message = await until(() => smtp.received.find((m) => m.to.includes(email)));
      expect(linkIn(message.raw).searchParams.get('type')).toBe('recovery');
      const sent = await t.db.query<{ status: string; attempts: number }>(
        `select status, attempts from public.email_queue where id = $1`,
        [queued.rows[0].id],
      );
      expect(sent.rows[0]).toEqual({ status: 'sent', attempts: 2 });
    } finally {
      await smtp.close();
    }
  });
});

describe('email without SMTP configured', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ smtpUrl: undefined });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const { email } = await t.traveler();
    await t.client().auth.resetPasswordForEmail(email);
    await t.platform.ctx.mail.drain();
    const dir = path.join(t.config.dataDir, 'mail');
    const files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
    const messages = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    const message = messages.find((m) => m.includes(`To: ${email}`));
    expect(message).toBeDefined();
    expect(linkIn(message!).searchParams.get('type')).toBe('recovery');
  });

  it('shows admins the delivery columns of the queue but no bodies, and travelers nothing', async () => {
    const admin = await t.adminClient();
    const listed = await admin.from('email_queue').select('to_address, kind, status, attempts');
    expect(listed.error).toBeNull();
    expect(listed.data!.length).toBeGreaterThan(0);
    const bodies = await admin.from('email_queue').select('body_text');
    expect(bodies.error?.code).toBe('42501');

    const { client } = await t.traveler();
    const mine = await client.from('email_queue').select('to_address, kind');
    expect(mine.data ?? []).toEqual([]);
    const write = await client.from('email_queue').insert({ to_address: 'x@example.com', subject: 's', body_text: 't', kind: 'spam' });
    expect(write.error).not.toBeNull();
  });
});
