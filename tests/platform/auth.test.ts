import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient, isAuthApiError, type AuthError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/** Node 20 has no WebSocket; these tests never open a realtime channel, so the constructor is never called. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in these tests');
  }
}
const noPersist = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: (globalThis.WebSocket ?? NoWebSocket) as unknown as typeof WebSocket },
};
let serial = 0;
const newEmail = (label: string) => `${label}-${Date.now().toString(36)}-${serial++}@example.com`;

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
}

function expectAuthError(error: AuthError | null, status: number, code: string, message?: string) {
  expect(error, `expected ${code}`).not.toBeNull();
  expect(isAuthApiError(error)).toBe(true);
  expect(error!.status).toBe(status);
  expect(error!.code).toBe(code);
  if (message) expect(error!.message).toBe(message);
}

/** A supabase-js client whose requests carry the given user token (as a signed-in app would send). */
function withToken(t: TestServer, accessToken: string): SupabaseClient {
  return createClient(t.url, t.anonKey, { ...noPersist, accessToken: async () => accessToken });
}

/** The link of the newest email with this subject to this address (emails are kept as files without SMTP). */
async function emailedLink(t: TestServer, to: string, subject: string): Promise<URL> {
  await t.platform.ctx.mail.drain();
  const dir = path.join(t.config.dataDir, 'mail');
  for (const file of (await readdir(dir)).sort().reverse()) {
    const eml = (await readFile(path.join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    if (!eml.includes(`To: ${to}`) || !eml.includes(`Subject: ${subject}`)) continue;
    return new URL(/(https?:\/\/\S+\/auth\/v1\/verify\?\S+?)(?=\s|$)/m.exec(eml.split('Content-Type: text/html')[0])![1]);
  }
  throw new Error(`no email "${subject}" to ${to}`);
}

/** Follows an emailed link as a browser does: what it says arrives in the redirect's fragment. */
async function followLink(t: TestServer, link: URL): Promise<URLSearchParams> {
  const response = await fetch(`${t.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URLSearchParams(new URL(response.headers.get('location')!).hash.slice(1));
}

describe('auth (default settings)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs up with a session at once, Supabase-shaped claims and a profile row', async () => {
    const email = newEmail('Signup');
    const { data, error } = await t.client().auth.signUp({
      email: `  ${email.toUpperCase()} `,
      password: 'Serengeti-2026',
      options: { data: { full_name: 'Amani Mushi' } },
    });
    expect(error).toBeNull();
    expect(data.session).not.toBeNull();
    const { session, user } = data;
    expect(user!.email).toBe(email.toLowerCase());
    expect(user!.user_metadata).toEqual({ full_name: 'Amani Mushi' });
    expect(user!.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user!.email_confirmed_at).toBeTruthy();
    expect(user!.identities).toHaveLength(1);
    expect(user!.identities![0]).toMatchObject({ provider: 'email', user_id: user!.id, id: user!.id });
    expect(session!.token_type).toBe('bearer');
    expect(session!.expires_in).toBe(3600);
    expect(session!.expires_at! - Math.floor(Date.now() / 1000)).toBeGreaterThan(3590);

    const claims = claimsOf(session!.access_token);
    expect(claims).toMatchObject({
      sub: user!.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: email.toLowerCase(),
      iss: `${t.config.siteUrl}/auth/v1`,
      user_metadata: { full_name: 'Amani Mushi' },
      app_metadata: { provider: 'email', providers: ['email'] },
      aal: 'aal1',
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);

    const stored = await t.db.query<{ encrypted_password: string; full_name: string; role: string }>(
      `select u.encrypted_password, p.full_name, p.role from auth.users u join public.users p on p.id = u.id where u.id = $1`,
      [user!.id],
    );
    expect(stored.rows[0].encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    expect(stored.rows[0]).toMatchObject({ full_name: 'Amani Mushi', role: 'traveler' });
  });

  it('refuses duplicate, weak and malformed sign-ups with GoTrue codes', async () => {
    const email = newEmail('dup');
    await t.client().auth.signUp({ email, password: 'Tarangire-1' });
    const dup = await t.client().auth.signUp({ email: email.toUpperCase(), password: 'Tarangire-1' });
    expectAuthError(dup.error, 422, 'user_already_exists', 'User already registered');
    expect(dup.data.user).toBeNull();

    const weak = await t.client().auth.signUp({ email: newEmail('weak'), password: '12345' });
    expect(weak.error?.name).toBe('AuthWeakPasswordError');
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');

    const badEmail = await t.client().auth.signUp({ email: 'not-an-email', password: 'Tarangire-1' });
    expectAuthError(badEmail.error, 400, 'validation_failed');

    const badData = await t.client().auth.signUp({
      email: newEmail('data'),
      password: 'Tarangire-1',
      options: { data: 'a string' as unknown as object },
    });
    expectAuthError(badData.error, 400, 'validation_failed');
    const { rows } = await t.db.query(`select 1 from auth.users where email like 'data-%'`);
    expect(rows).toHaveLength(0);
  });

  it('signs in, and refuses wrong passwords and unknown emails alike', async () => {
    const { email, password, userId } = await t.traveler();
    const ok = await t.client().auth.signInWithPassword({ email: email.toUpperCase(), password });
    expect(ok.error).toBeNull();
    expect(ok.data.user!.id).toBe(userId);
    expect(ok.data.user!.last_sign_in_at).toBeTruthy();

    const wrong = await t.client().auth.signInWithPassword({ email, password: 'wrong-password' });
    expectAuthError(wrong.error, 400, 'invalid_credentials', 'Invalid login credentials');
    const unknown = await t.client().auth.signInWithPassword({ email: newEmail('nobody'), password });
    expectAuthError(unknown.error, 400, 'invalid_credentials', 'Invalid login credentials');
  });

  it('returns the signed-in user from getUser', async () => {
    const { client, userId, email } = await t.traveler({ fullName: 'Neema Kileo' });
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: userId,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      user_metadata: { full_name: 'Neema Kileo' },
      is_anonymous: false,
    });
    expect(data.user!.confirmed_at).toBeTruthy();
    expect(data.user!.created_at).toBeTruthy();
  });

  it('rotates refresh tokens; a token refreshed twice at once is served, and one reused later ends the whole session', async () => {
    const { client } = await t.traveler();
    const first = (await client.auth.getSession()).data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(second.access_token).session_id).toBe(claimsOf(first.access_token).session_id);

    // Within seconds of its rotation it is the same device refreshing twice at once: a session of its own.
    const twice = await t.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(twice.error).toBeNull();
    expect(claimsOf(twice.data.session!.access_token).session_id).toBe(claimsOf(first.access_token).session_id);
    // Later, the old token presented again is theft.
    await t.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where revoked`);
    const reuse = await t.client().auth.refreshSession({ refresh_token: first.refresh_token });
    expectAuthError(reuse.error, 400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');

    // The reuse looked like theft: the newest token and the session's access token are dead too.
    const newest = await t.client().auth.refreshSession({ refresh_token: second.refresh_token });
    expectAuthError(newest.error, 400, 'refresh_token_not_found');
    const user = await t.client().auth.getUser(second.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');

    const unknown = await t.client().auth.refreshSession({ refresh_token: 'not-a-token' });
    expectAuthError(unknown.error, 400, 'refresh_token_not_found');
  });

  it('updates metadata (synced to the profile), password and email', async () => {
    const { client, userId, email, password } = await t.traveler({ fullName: 'Old Name' });
    const other = t.client();
    await other.auth.signInWithPassword({ email, password });

    const data = await client.auth.updateUser({ data: { full_name: 'Baraka Mollel', newsletter: true } });
    expect(data.error).toBeNull();
    expect(data.data.user!.user_metadata).toEqual({ full_name: 'Baraka Mollel', newsletter: true });
    const removed = await client.auth.updateUser({ data: { newsletter: null } });
    expect(removed.data.user!.user_metadata).toEqual({ full_name: 'Baraka Mollel' });
    const profile = await t.db.query<{ full_name: string }>(`select full_name from public.users where id = $1`, [userId]);
    expect(profile.rows[0].full_name).toBe('Baraka Mollel');

    const same = await client.auth.updateUser({ password });
    expectAuthError(same.error, 422, 'same_password');
    const weak = await client.auth.updateUser({ password: 'abc' });
    expect(weak.error?.code).toBe('weak_password');

    const changed = await client.auth.updateUser({ password: 'Ngorongoro-Crater-9' });
    expect(changed.error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    expect((await t.client().auth.signInWithPassword({ email, password: 'Ngorongoro-Crater-9' })).error).toBeNull();
    // A password change ends the user's other sessions, not the one that made the change.
    expect((await other.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await client.auth.getUser()).error).toBeNull();

    // An email change waits for both addresses, even with sign-ups taken without confirmation.
    const newAddress = newEmail('moved');
    const moved = await client.auth.updateUser({ email: newAddress });
    expect(moved.error).toBeNull();
    expect(moved.data.user!.email).toBe(email);
    expect(moved.data.user!.new_email).toBe(newAddress);
    expect((await t.client().auth.signInWithPassword({ email: newAddress, password: 'Ngorongoro-Crater-9' })).error?.code).toBe('invalid_credentials');
    const toNew = await emailedLink(t, newAddress, 'Confirm your new Kilele Safaris email address');
    const toCurrent = await emailedLink(t, email, 'Confirm the change of your Kilele Safaris email address');
    expect(Object.fromEntries(await followLink(t, toNew))).toEqual({ message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' });
    expect((await t.db.query<{ email: string }>(`select email from auth.users where id = $1`, [userId])).rows[0].email).toBe(email);
    expect((await followLink(t, toCurrent)).get('access_token')).toBeTruthy();
    expect((await t.client().auth.signInWithPassword({ email: newAddress, password: 'Ngorongoro-Crater-9' })).error).toBeNull();
    const synced = await t.db.query<{ email: string }>(`select email from public.users where id = $1`, [userId]);
    expect(synced.rows[0].email).toBe(newAddress);

    const taken = await client.auth.updateUser({ email: t.admin.email });
    expectAuthError(taken.error, 422, 'email_exists');
  });

  it('tells whether an address is taken a few times an hour per account, no more', async () => {
    await t.setRateLimit('auth.email_changes', 2);
    try {
      const { client } = await t.traveler();
      expectAuthError((await client.auth.updateUser({ email: t.admin.email })).error, 422, 'email_exists');
      expect((await client.auth.updateUser({ email: newEmail('free') })).error).toBeNull();
      expectAuthError((await client.auth.updateUser({ email: t.admin.email })).error, 429, 'over_request_rate_limit');
      // Other changes to the account go on.
      expect((await client.auth.updateUser({ data: { full_name: 'Still Here' } })).error).toBeNull();
    } finally {
      await t.setRateLimit('auth.email_changes', 5000);
    }
  });

  it('signs out one session, the others, or all of them', async () => {
    const { email, password } = await t.traveler();
    const sessions = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const c = t.client();
        await c.auth.signInWithPassword({ email, password });
        return { client: c, session: (await c.auth.getSession()).data.session! };
      }),
    );
    const [a, b, c, d] = sessions;
    const alive = async (s: (typeof sessions)[number]) => (await t.client().auth.getUser(s.session.access_token)).error === null;

    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await a.client.auth.getSession()).data.session).toBeNull();
    expect(await alive(a)).toBe(false);
    const dead = await t.client().auth.refreshSession({ refresh_token: a.session.refresh_token });
    expectAuthError(dead.error, 400, 'refresh_token_not_found');
    expect([await alive(b), await alive(c), await alive(d)]).toEqual([true, true, true]);

    expect((await b.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect([await alive(b), await alive(c), await alive(d)]).toEqual([true, false, false]);

    const e = t.client();
    await e.auth.signInWithPassword({ email, password });
    expect((await b.client.auth.signOut()).error).toBeNull();
    expect((await e.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect(await alive(b)).toBe(false);
  });

  it('lets the service role list, get, create, update and delete users', async () => {
    const admin = t.service().auth.admin;
    for (let i = 0; i < 3; i++) await t.traveler();
    const page1 = await admin.listUsers({ page: 1, perPage: 2 });
    if (page1.error) throw page1.error;
    expect(page1.data.users).toHaveLength(2);
    expect(page1.data.aud).toBe('authenticated');
    const { rows: counted } = await t.db.query<{ n: number }>(`select count(*)::int as n from auth.users`);
    expect(page1.data.total).toBe(counted[0].n);
    expect(page1.data.nextPage).toBe(2);
    const page2 = await admin.listUsers({ page: 2, perPage: 2 });
    expect(page2.data.users.map((u) => u.id)).not.toContain(page1.data.users[0].id);

    const email = newEmail('guide');
    const created = await admin.createUser({
      email,
      password: 'Kilimanjaro-5895',
      email_confirm: true,
      user_metadata: { full_name: 'Juma Guide' },
      app_metadata: { team: 'guides' },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user!.app_metadata).toEqual({ provider: 'email', providers: ['email'], team: 'guides' });
    expect((await t.client().auth.signInWithPassword({ email, password: 'Kilimanjaro-5895' })).error).toBeNull();

    const again = await admin.createUser({ email, password: 'Kilimanjaro-5895' });
    expectAuthError(again.error, 422, 'email_exists');

    const fetched = await admin.getUserById(id);
    expect(fetched.data.user).toMatchObject({ id, email, user_metadata: { full_name: 'Juma Guide' } });

    const updated = await admin.updateUserById(id, { password: 'Lake-Manyara-22', user_metadata: { phone_hint: 'x' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user!.user_metadata).toEqual({ full_name: 'Juma Guide', phone_hint: 'x' });
    expect((await t.client().auth.signInWithPassword({ email, password: 'Lake-Manyara-22' })).error).toBeNull();

    const banned = await admin.updateUserById(id, { ban_duration: '24h' });
    expect(banned.data.user!.banned_until).toBeTruthy();
    const refused = await t.client().auth.signInWithPassword({ email, password: 'Lake-Manyara-22' });
    expectAuthError(refused.error, 400, 'user_banned');
    await admin.updateUserById(id, { ban_duration: 'none' });
    expect((await t.client().auth.signInWithPassword({ email, password: 'Lake-Manyara-22' })).error).toBeNull();
    const badBan = await admin.updateUserById(id, { ban_duration: 'forever' });
    expectAuthError(badBan.error, 400, 'validation_failed');

    const unconfirmed = await admin.createUser({ email: newEmail('pending'), password: 'Zanzibar-Spice' });
    const signIn = await t.client().auth.signInWithPassword({ email: unconfirmed.data.user!.email!, password: 'Zanzibar-Spice' });
    expectAuthError(signIn.error, 400, 'email_not_confirmed', 'Email not confirmed');

    const deleted = await admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    const profile = await t.db.query(`select 1 from public.users where id = $1`, [id]);
    expect(profile.rows).toHaveLength(0);
    expectAuthError((await admin.getUserById(id)).error, 404, 'user_not_found');
    expectAuthError((await admin.deleteUser(id)).error, 404, 'user_not_found');
  });

  it('refuses the admin endpoints to anyone but the service role', async () => {
    const anon = await t.client().auth.admin.listUsers();
    expectAuthError(anon.error, 403, 'not_admin', 'User not allowed');

    // Even the company's admin user: the admin API is for the server key, not for people.
    const adminUser = await t.adminClient();
    const token = (await adminUser.auth.getSession()).data.session!.access_token;
    const asAdminUser = createClient(t.url, t.anonKey, { ...noPersist, global: { headers: { Authorization: `Bearer ${token}` } } });
    expectAuthError((await asAdminUser.auth.admin.deleteUser(crypto.randomUUID())).error, 403, 'not_admin');
    const { rows } = await t.db.query(`select 1 from auth.users where email = $1`, [t.admin.email]);
    expect(rows).toHaveLength(1);
  });

  it('refuses tokens of deleted users', async () => {
    const { client, userId } = await t.traveler();
    const token = (await client.auth.getSession()).data.session!.access_token;
    await t.service().auth.admin.deleteUser(userId);
    const { error } = await t.client().auth.getUser(token);
    expectAuthError(error, 403, 'user_not_found');
  });

  it('verifies a one-time token with verifyOtp only once', async () => {
    const { email } = await t.traveler();
    await t.client().auth.resetPasswordForEmail(email);
    await t.platform.ctx.mail.drain();
    const files = await readdir(path.join(t.config.dataDir, 'mail'));
    const bodies = await Promise.all(files.map((f) => readFile(path.join(t.config.dataDir, 'mail', f), 'utf8')));
    const message = bodies.find((body) => body.includes(`To: ${email}`))!;
    const token = /token=([A-Za-z0-9_-]+)/.exec(message.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1];

    const verified = await t.client().auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session!.user.email).toBe(email);
    expect(claimsOf(verified.data.session!.access_token).amr).toEqual([{ method: 'recovery', timestamp: expect.any(Number) }]);
    // A refreshed token still says how its session started.
    const refreshed = await t.client().auth.refreshSession({ refresh_token: verified.data.session!.refresh_token });
    expect(claimsOf(refreshed.data.session!.access_token).amr).toEqual(claimsOf(verified.data.session!.access_token).amr);

    const twice = await t.client().auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expectAuthError(twice.error, 403, 'otp_expired', 'Token has expired or is invalid');
    const wrong = await t.client().auth.verifyOtp({ email, token: 'guess', type: 'email' });
    expectAuthError(wrong.error, 403, 'otp_expired');
  });

  it('answers malformed JSON with bad_json and publishes its settings', async () => {
    // supabase-js never sends broken JSON; a broken client might, and must get a 400, not a 500.
    const res = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: t.anonKey, 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'bad_json', msg: 'Could not parse request body as JSON' });

    const settings = await fetch(`${t.url}/auth/v1/settings`, { headers: { apikey: t.anonKey } });
    expect(await settings.json()).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, external: { email: true } });
  });
});

describe('auth with one-second tokens', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ jwtExpiry: 1 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses expired access tokens on REST and auth, and a refresh still works', async () => {
    const { client } = await t.traveler();
    const session = (await client.auth.getSession()).data.session!;
    expect(session.expires_in).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2100));

    const rest = await withToken(t, session.access_token).from('tours').select('id').limit(1);
    expect(rest.status).toBe(401);
    expect(rest.error).toMatchObject({ code: 'PGRST301', message: 'JWT expired' });

    const user = await t.client().auth.getUser(session.access_token);
    expectAuthError(user.error, 403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired');

    // At the start of a second: a one-second token's expiry is its issue second plus one, so one
    // issued late in a second has only milliseconds to live, and the check below would race it.
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 20));
    const refreshed = await t.client().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error).toBeNull();
    expect((await t.client().auth.getUser(refreshed.data.session!.access_token)).error).toBeNull();
  });
});

describe('sign-in rate limit', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
    await t.setRateLimit('auth.signin_account_failures', 3, 60);
    await t.setRateLimit('auth.signin_failures', 5, 60);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 after too many failures for an account, then for the address, without counting correct sign-ins', async () => {
    const { email, password } = await t.traveler();
    for (let i = 0; i < 5; i++) {
      expect((await t.client().auth.signInWithPassword({ email, password })).error).toBeNull();
    }
    for (let i = 0; i < 3; i++) {
      const wrong = await t.client().auth.signInWithPassword({ email, password: `wrong-${i}` });
      expectAuthError(wrong.error, 400, 'invalid_credentials');
    }
    const limited = await t.client().auth.signInWithPassword({ email, password });
    expectAuthError(limited.error, 429, 'over_request_rate_limit');
    expect(limited.error?.message).toMatch(/^Too many failed sign-ins to this account from this address\. Please try again in \d+ seconds\.$/);
    // Another account from the same address still signs in, until the address's own limit is reached.
    const other = await t.traveler();
    expect((await t.client().auth.signInWithPassword({ email: other.email, password: other.password })).error).toBeNull();
    for (let i = 0; i < 2; i++) {
      expectAuthError((await t.client().auth.signInWithPassword({ email: other.email, password: 'wrong' })).error, 400, 'invalid_credentials');
    }
    const fromSameIp = await t.client().auth.signInWithPassword({ email: other.email, password: other.password });
    expectAuthError(fromSameIp.error, 429, 'over_request_rate_limit');
    expect(fromSameIp.error?.message).toMatch(/^Too many failed sign-ins from this address/);
  });

  it('forgives a correct sign-in in the window that counted it, also when its check ended in the next one', async () => {
    // One-second windows, so a window's end comes in the middle of this sign-in at will.
    await t.setRateLimit('auth.signin_account_failures', 3, 1);
    const subject = '203.0.113.9 boundary@example.com';
    const db = t.platform.ctx.db;
    await db.query(`select public.hit_rate_limit('auth.signin_account_failures', $1)`, [subject]);
    // The password is checked... just past the end of the window that counted the attempt.
    await new Promise((resolve) => setTimeout(resolve, 1_050 - (Date.now() % 1_000)));
    await db.query(`select public.forgive_rate_limit_hit('auth.signin_account_failures', $1)`, [subject]);
    const { rows } = await db.query<{ hits: number }>(`select coalesce(sum(hits), 0)::int as hits from public.rate_limit_hits where rule = 'auth.signin_account_failures' and subject = $1`, [subject]);
    expect(rows[0].hits).toBe(0);
    // Nothing is taken back twice: a second forgiving finds no hit left, and no count goes below zero.
    await db.query(`select public.forgive_rate_limit_hit('auth.signin_account_failures', $1)`, [subject]);
    const after = await db.query<{ lowest: number }>(`select coalesce(min(hits), 0)::int as lowest from public.rate_limit_hits where rule = 'auth.signin_account_failures' and subject = $1`, [subject]);
    expect(after.rows[0].lowest).toBe(0);
  });
});

describe('auth with email confirmation required', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ emailConfirmRequired: true, smtpUrl: undefined });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function confirmationLink(email: string): Promise<URL> {
    await t.platform.ctx.mail.drain();
    const dir = path.join(t.config.dataDir, 'mail');
    for (const file of await readdir(dir)) {
      const eml = (await readFile(path.join(dir, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!eml.includes(`To: ${email}`)) continue;
      const link = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+?)(?=\s|$)/m.exec(eml.split('Content-Type: text/html')[0])![1];
      return new URL(link);
    }
    throw new Error(`no email to ${email}`);
  }

  it('returns the user without a session, emails a link, and signs in only after it is followed', async () => {
    const email = newEmail('confirm');
    const signUp = await t.client().auth.signUp({
      email,
      password: 'Mikumi-Park-7',
      options: { emailRedirectTo: `${t.config.siteUrl}/traveler` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user!.email).toBe(email);
    expect(signUp.data.user!.email_confirmed_at).toBeUndefined();

    const early = await t.client().auth.signInWithPassword({ email, password: 'Mikumi-Park-7' });
    expectAuthError(early.error, 400, 'email_not_confirmed');

    const link = await confirmationLink(email);
    expect(link.origin + link.pathname).toBe(`${t.config.siteUrl}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    const res = await fetch(`${t.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${t.config.siteUrl}/traveler`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(claimsOf(fragment.get('access_token')!).email).toBe(email);

    expect((await t.client().auth.signInWithPassword({ email, password: 'Mikumi-Park-7' })).error).toBeNull();

    const again = await fetch(`${t.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    const failed = new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1));
    expect(failed.get('error_code')).toBe('otp_expired');
  });

  it('confirms through verifyOtp with the token hash too; a repeat sign-up of a confirmed user answers like a new one and changes nothing', async () => {
    const email = newEmail('otp');
    const first = await t.client().auth.signUp({ email, password: 'Ruaha-River-3' });
    const token = (await confirmationLink(email)).searchParams.get('token')!;
    const verified = await t.client().auth.verifyOtp({ token_hash: token, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user!.email_confirmed_at).toBeTruthy();

    const again = await t.client().auth.signUp({ email, password: 'Another-Password-9' });
    const unknown = await t.client().auth.signUp({ email: newEmail('never-seen'), password: 'Another-Password-9' });
    expect(again.error).toBeNull();
    // The same shape as a sign-up for an address nobody has: nothing tells the two apart.
    const shape = (user: typeof again.data.user) => ({
      keys: Object.keys(user!).sort(),
      confirmed: user!.email_confirmed_at ?? null,
      identities: user!.identities!.map((identity) => Object.keys(identity).sort()),
      session: again.data.session,
    });
    expect(shape(again.data.user)).toEqual(shape(unknown.data.user));
    expect(again.data.user!.id).not.toBe(first.data.user!.id);
    // The account itself is untouched: the old password still signs in, the new one does not.
    expect((await t.client().auth.signInWithPassword({ email, password: 'Ruaha-River-3' })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password: 'Another-Password-9' })).error).not.toBeNull();
  });

  it('changes the email only after both the new and the current address confirm it', async () => {
    const email = newEmail('before');
    await t.client().auth.signUp({ email, password: 'Selous-Game-1' });
    const token = (await confirmationLink(email)).searchParams.get('token')!;
    const client = t.client();
    await client.auth.verifyOtp({ token_hash: token, type: 'signup' });

    const next = newEmail('after');
    const asked = await client.auth.updateUser({ email: next });
    expect(asked.error).toBeNull();
    expect(asked.data.user!.email).toBe(email);
    expect(asked.data.user!.new_email).toBe(next);
    const link = await confirmationLink(next);
    expect(link.searchParams.get('type')).toBe('email_change');
    const toCurrent = await emailedLink(t, email, 'Confirm the change of your Kilele Safaris email address');
    expect(toCurrent.searchParams.get('type')).toBe('email_change');
    // The current address first this time; either order works, and each link once.
    expect((await followLink(t, toCurrent)).get('message')).toBe('Confirmation link accepted. Please proceed to confirm link sent to the other email');
    expect((await followLink(t, toCurrent)).get('error_code')).toBe('otp_expired');
    expect((await t.client().auth.signInWithPassword({ email: next, password: 'Selous-Game-1' })).error?.code).toBe('invalid_credentials');
    const session = await followLink(t, link);
    expect(claimsOf(session.get('access_token')!).amr).toEqual([{ method: 'email_change', timestamp: expect.any(Number) }]);
    expect((await t.client().auth.signInWithPassword({ email: next, password: 'Selous-Game-1' })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password: 'Selous-Game-1' })).error?.code).toBe('invalid_credentials');
  });
});
