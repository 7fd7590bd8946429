import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribe } from '../../src/features/newsletter/writes.ts';
import { analyticsEvent } from '../../src/lib/analytics.ts';
import { LocalDb } from '../../src/lib/local-db.ts';
import { messagesSend } from '../../src/lib/messages/writes.ts';
import { OutboxEngine } from '../../src/lib/outbox/engine.ts';
import { classifyFailure } from '../../src/lib/outbox/errors.ts';
import { preferencesUpdate, type PreferencesPatch } from '../../src/lib/outbox/preferences.ts';
import { profileUpdate } from '../../src/lib/outbox/profile.ts';
import type { QueuedWrite, WriteDefinition } from '../../src/lib/outbox/registry.ts';
import { wishlistAdd, wishlistRemove } from '../../src/lib/outbox/wishlist.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The outbox against the real server through supabase-js: each kind of write, sent twice with the
// same entry (a retry after a lost answer, or two tabs), changes the database once.

let server: TestServer;
let tourIds: string[];
const databases: LocalDb[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const { data } = await server.client().from('tours').select('id').eq('status', 'active').order('slug').limit(2);
  tourIds = (data as { id: string }[]).map((tour) => tour.id);
});

afterEach(() => {
  for (const db of databases.splice(0)) db.close();
});

afterAll(async () => {
  await server?.close();
});

/** An outbox entry as the device records it: the id is the idempotency key. */
function entry<P>(kind: WriteDefinition<P>, payload: P, userId: string | null): QueuedWrite<P> {
  return { id: randomUUID(), kind: kind.kind, payload, userId, status: 'sending', attempts: 1, nextAttemptAt: 0, createdAt: Date.now() };
}

/** Sends the same entry twice, as a retry after a lost answer does; both must succeed. */
async function sendTwice<P>(kind: WriteDefinition<P>, client: SupabaseClient, write: QueuedWrite<P>): Promise<void> {
  await kind.send(client, write);
  await kind.send(client, write);
}

function device(client: SupabaseClient, online = true) {
  const db = new LocalDb(`outbox-platform-${randomUUID()}`);
  databases.push(db);
  const network = { online };
  return { db, network, engine: new OutboxEngine({ db, client: () => client, isOnline: () => network.online }) };
}

describe('the same write sent twice changes the database once', () => {
  it('wishlist: adding twice keeps one row; removing twice is no error', async () => {
    const me = await server.traveler();
    const add = entry(wishlistAdd, { tourId: tourIds[0] }, me.userId);
    await sendTwice(wishlistAdd, me.client, add);
    const rows = await me.client.from('wishlist').select('tour_id').eq('user_id', me.userId);
    expect(rows.data).toEqual([{ tour_id: tourIds[0] }]);
    await sendTwice(wishlistRemove, me.client, entry(wishlistRemove, { tourId: tourIds[0] }, me.userId));
    expect((await me.client.from('wishlist').select('tour_id').eq('user_id', me.userId)).data).toEqual([]);
  });

  it('newsletter: the same sign-up twice, or the address again in other letters, is one subscriber and no error', async () => {
    const anon = server.client();
    const email = `bush-${randomUUID().slice(0, 8)}@example.com`;
    await sendTwice(newsletterSubscribe, anon, entry(newsletterSubscribe, { email, name: 'Neema', source: 'footer' }, null));
    await newsletterSubscribe.send(anon, entry(newsletterSubscribe, { email: email.toUpperCase(), name: null, source: 'footer' }, null));
    const rows = await server.service().from('newsletter_subscribers').select('email, name').ilike('email', email);
    expect(rows.data).toEqual([{ email, name: 'Neema' }]);
  });

  it('analytics: one event per entry, stamped with the role or guest, readable by admins only', async () => {
    const me = await server.traveler();
    const anon = server.client();
    const name = 'page_view';
    const path = `/tours/${randomUUID()}`;
    const payload = { name, properties: { path }, url: `https://kilele.example${path}`, occurredAt: new Date().toISOString() } as const;
    await sendTwice(analyticsEvent, me.client, entry(analyticsEvent, payload, me.userId));
    await sendTwice(analyticsEvent, anon, entry(analyticsEvent, payload, null));
    const admin = await server.adminClient();
    const rows = await admin.from('analytics_events').select('user_id, user_type, name, properties').eq('properties->>path', path).order('user_type');
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([
      { user_id: null, user_type: 'guest', name, properties: { path } },
      { user_id: me.userId, user_type: 'traveler', name, properties: { path } },
    ]);
    expect((await me.client.from('analytics_events').select('id').eq('properties->>path', path)).data).toEqual([]);
    expect((await anon.from('analytics_events').select('id')).error).not.toBeNull();
    // Events are recorded as the caller (the server takes no user id), and never a purchase (the database records those).
    expect((await anon.from('analytics_events').insert({ client_id: randomUUID(), user_id: me.userId, name: 'page_view' })).error?.code).toBe('42501');
    const purchase = await anon.rpc('record_analytics_event', { p_client_id: randomUUID(), p_name: 'purchase', p_properties: { value: 99999 } });
    expect(purchase.error).toMatchObject({ code: '22023', message: 'Unknown analytics event: purchase' });
  });

  it('analytics: a resend of an event the server holds answers success, not a conflict', async () => {
    const anon = server.client();
    const args = { p_client_id: randomUUID(), p_name: 'page_view', p_properties: { path: '/resent' } };
    const first = await anon.rpc('record_analytics_event', args);
    const again = await anon.rpc('record_analytics_event', args);
    expect([first.error, first.status, again.error, again.status]).toEqual([null, 204, null, 204]);
    const { rows } = await server.db.query(`select 1 from public.analytics_events where client_id = $1`, [args.p_client_id]);
    expect(rows).toHaveLength(1);
  });

  it('preferences: the same patch twice gives the same preferences', async () => {
    const me = await server.traveler();
    const patch: PreferencesPatch = { display: { theme: 'dark' } };
    await sendTwice(preferencesUpdate, me.client, entry(preferencesUpdate, patch, me.userId));
    const { data } = await me.client.from('users').select('preferences').eq('id', me.userId).single();
    expect(data!.preferences.display).toMatchObject({ theme: 'dark', language: 'en', currency: 'USD' });
  });

  it('appends (messages) carry client_id: a resend adds nothing', async () => {
    const me = await server.traveler();
    const threadId = randomUUID();
    await sendTwice(messagesSend, me.client, entry(messagesSend, { threadId, subject: 'Lions at dawn', body: 'Can we leave at 6?' }, me.userId));
    const rows = await me.client.from('messages').select('subject, body').eq('thread_id', threadId);
    expect(rows.data).toEqual([{ subject: 'Lions at dawn', body: 'Can we leave at 6?' }]);
  });

  it('activity log: log_user_activity with the same client id logs once and answers the same id', async () => {
    const me = await server.traveler();
    const args = { p_action: 'viewed_tour', p_resource_type: 'tour', p_resource_id: tourIds[0], p_details: {}, p_client_id: randomUUID() };
    const first = await me.client.rpc('log_user_activity', args);
    const second = await me.client.rpc('log_user_activity', args);
    expect(first.error).toBeNull();
    expect(second.data).toBe(first.data);
    expect((await me.client.from('user_activity_logs').select('id').eq('user_id', me.userId)).data).toEqual([{ id: first.data }]);
  });
});

describe('merge_user_preferences', () => {
  it("keeps both devices' changes when they changed different fields", async () => {
    const me = await server.traveler();
    const phone = me.client;
    const tablet = server.client();
    await tablet.auth.signInWithPassword({ email: me.email, password: me.password });
    const fromPhone = await phone.rpc('merge_user_preferences', { p_patch: { display: { theme: 'dark' } } });
    const fromTablet = await tablet.rpc('merge_user_preferences', { p_patch: { notifications: { marketing: false }, display: { currency: 'EUR' } } });
    expect(fromPhone.error).toBeNull();
    expect(fromTablet.data).toEqual({
      notifications: { email: true, booking_updates: true, marketing: false, newsletter: true },
      display: { theme: 'dark', language: 'en', timezone: 'Africa/Dar_es_Salaam', date_format: 'MM/DD/YYYY', currency: 'EUR' },
      privacy: { show_profile: true, activity_visible: true },
    });
  });

  it('refuses without a session, with the exact message', async () => {
    const { data, error } = await server.client().rpc('merge_user_preferences', { p_patch: { display: { theme: 'dark' } } });
    expect(data).toBeNull();
    expect(error?.message).toBe('User not authenticated or unauthorized');
  });

  it('refuses what is not an object of fields', async () => {
    const me = await server.traveler();
    const { error } = await me.client.rpc('merge_user_preferences', { p_patch: ['dark'] });
    expect(error?.message).toBe('Preferences must be an object of fields to change');
  });
});

describe('a field keeps the change made last on its device, whatever order changes arrive in', () => {
  /** Two devices of one traveler, each with its own outbox. */
  async function twoDevices() {
    const me = await server.traveler();
    const tablet = server.client();
    await tablet.auth.signInWithPassword({ email: me.email, password: me.password });
    return { me, phone: device(me.client, false), tablet: device(tablet, true) };
  }

  it('profile: an edit made offline earlier, sent after a newer one, changes nothing; other fields still go through', async () => {
    const { me, phone, tablet } = await twoDevices();
    await phone.engine.queue(profileUpdate, { phone: '+255 700 000 001', country: 'Kenya' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await tablet.engine.queue(profileUpdate, { phone: '+255 700 000 002' });
    expect(await tablet.engine.waitFor(newer, 10_000)).toEqual({ status: 'sent' });
    phone.network.online = true;
    await phone.engine.flush();
    expect(await phone.db.outbox.count()).toBe(0);
    const { data } = await me.client.from('users').select('phone, country, fields_changed_at').eq('id', me.userId).single();
    expect(data).toMatchObject({ phone: '+255 700 000 002', country: 'Kenya' });
    expect(Object.keys((data as { fields_changed_at: object }).fields_changed_at).sort()).toEqual(['country', 'phone']);
  });

  it('preferences: the same, field by field', async () => {
    const { me, phone, tablet } = await twoDevices();
    await phone.engine.queue(preferencesUpdate, { notifications: { newsletter: false, marketing: false } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await tablet.engine.queue(preferencesUpdate, { notifications: { newsletter: true } });
    expect(await tablet.engine.waitFor(newer, 10_000)).toEqual({ status: 'sent' });
    phone.network.online = true;
    await phone.engine.flush();
    const { data } = await me.client.from('users').select('preferences').eq('id', me.userId).single();
    expect((data as { preferences: { notifications: object } }).preferences.notifications).toMatchObject({ newsletter: true, marketing: false });
  });

  it('a change time from the future counts as now, so it cannot lock a field', async () => {
    const me = await server.traveler();
    const future = await me.client.rpc('merge_user_profile', { p_patch: { phone: '+1 555 0100' }, p_changed_at: '2099-01-01T00:00:00Z' });
    expect(future.error).toBeNull();
    const now = await me.client.rpc('merge_user_profile', { p_patch: { phone: '+1 555 0199' } });
    expect(now.data).toEqual({ phone: '+1 555 0199' });
    const older = await me.client.rpc('merge_user_profile', { p_patch: { phone: '+1 555 0000' }, p_changed_at: '2020-01-01T00:00:00Z' });
    expect(older.data).toEqual({});
    const { data } = await me.client.from('users').select('phone').eq('id', me.userId).single();
    expect(data).toEqual({ phone: '+1 555 0199' });
  });

  it("refuses fields that are not the profile's, the role among them, and bad values, changing nothing", async () => {
    const me = await server.traveler();
    const role = await me.client.rpc('merge_user_profile', { p_patch: { role: 'admin' } });
    expect(role.error?.message).toBe('A profile has no field role that can be changed so');
    const nested = await me.client.rpc('merge_user_profile', { p_patch: { full_name: { first: 'A' } } });
    expect(nested.error?.code).toBe('22023');
    const badPassport = await me.client.rpc('merge_user_profile', { p_patch: { passport_number: 'no!', country: 'Uganda' } });
    expect(badPassport.error?.code).toBe('23514');
    const anonymous = await server.client().rpc('merge_user_profile', { p_patch: { country: 'Uganda' } });
    expect(anonymous.error?.message).toBe('User not authenticated or unauthorized');
    const { data } = await me.client.from('users').select('role, country, passport_number').eq('id', me.userId).single();
    expect(data).toEqual({ role: 'traveler', country: null, passport_number: null });
  });
});

describe('the engine against the server', () => {
  it('sends writes made offline once the connection returns, in order, and keeps the device in step', async () => {
    const me = await server.traveler();
    const { db, network, engine } = device(me.client, false);
    await engine.queue(wishlistAdd, { tourId: tourIds[0] });
    await engine.queue(wishlistAdd, { tourId: tourIds[1] });
    await engine.queue(wishlistRemove, { tourId: tourIds[0] });
    await engine.queue(preferencesUpdate, { privacy: { show_profile: false } });
    await engine.queue(profileUpdate, { full_name: 'Amani Mushi', country: 'Tanzania' });
    expect((await db.wishlist.toArray()).map((row) => row.row.tour_id)).toEqual([tourIds[1]]);
    expect(await me.client.from('wishlist').select('tour_id').eq('user_id', me.userId)).toMatchObject({ data: [] });

    network.online = true;
    await engine.reconnected();
    await engine.flush();
    expect(await db.outbox.count()).toBe(0);
    expect((await me.client.from('wishlist').select('tour_id').eq('user_id', me.userId)).data).toEqual([{ tour_id: tourIds[1] }]);
    const profile = await me.client.from('users').select('full_name, country, preferences').eq('id', me.userId).single();
    expect(profile.data).toMatchObject({ full_name: 'Amani Mushi', country: 'Tanzania', preferences: { privacy: { show_profile: false, activity_visible: true } } });
    // The public face follows the privacy choice (shown to others once the traveler has a published review).
    const shown = await server.db.query('select full_name from public.public_profiles where id = $1', [me.userId]);
    expect(shown.rows).toEqual([{ full_name: 'Kilele traveler' }]);
  });

  it("marks a write the server refuses as failed with the server's message", async () => {
    const me = await server.traveler();
    const { db, engine } = device(me.client);
    const id = await engine.queue(wishlistAdd, { tourId: randomUUID() });
    expect(await engine.waitFor(id, 10_000)).toMatchObject({ status: 'failed' });
    const failed = await db.outbox.get(id);
    expect(failed?.status).toBe('failed');
    expect(failed?.lastError).toMatch(/foreign key/);
    await engine.discard(id);
    expect(await db.wishlist.count()).toBe(0);
  });

  it("treats the server's answer to an expired token as a reason to refresh the session, not a failure", async () => {
    const me = await server.traveler();
    const expired = await server.platform.ctx.keys.sign({ sub: me.userId, role: 'authenticated', aud: 'authenticated' }, -60);
    const stale = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${expired}` } },
    });
    const error = await wishlistAdd.send(stale, entry(wishlistAdd, { tourId: tourIds[0] }, me.userId)).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, code: 'PGRST301', message: 'JWT expired' });
    expect(classifyFailure(error)).toBe('refresh');
  });

  it('waits on a network failure instead of failing', async () => {
    const nowhere = createClient('http://127.0.0.1:9', server.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const error = await newsletterSubscribe.send(nowhere, entry(newsletterSubscribe, { email: 'x@example.com', name: null, source: 'footer' }, null)).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0 });
    expect(classifyFailure(error)).toBe('retry');
  });
});
