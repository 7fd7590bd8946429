import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// Staff are adversaries too: each role tried beyond what it is for. An editor edits what the public
// sees, never where the company's mail goes; nobody writes a review or a message in a traveler's name;
// agents change travelers' profiles, not staff members'. What staff may do is in the audit log.

let t: TestServer;
let admin: SupabaseClient;
let adminId: string;
let editor: Awaited<ReturnType<TestServer['staff']>>;
let agent: Awaited<ReturnType<TestServer['staff']>>;
let traveler: Awaited<ReturnType<TestServer['traveler']>>;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.adminClient();
  adminId = (await admin.auth.getUser()).data.user!.id;
  editor = await t.staff('editor', { fullName: 'Editor Eve' });
  agent = await t.staff('agent', { fullName: 'Agent Abe' });
  traveler = await t.traveler({ fullName: 'Traveler Tumaini' });
});

afterAll(async () => {
  await t?.close();
});

const branding = async () =>
  (await t.db.query<{ email: string | null; emails: string[]; tagline: string | null }>(`select email, public.branch_office_emails(branch_offices) as emails, tagline from public.branding_settings where is_active`)).rows[0];

const auditRows = async (table: string, recordId: string, actorId: string) =>
  (await t.db.query<{ action: string; changed: string[] }>(
    `select action, coalesce((select array_agg(key order by key) from jsonb_object_keys(new_values) key), '{}') as changed
       from public.audit_log where table_name = $1 and record_id = $2 and actor_id = $3 order by id`,
    [table, recordId, actorId],
  )).rows;

describe('the company’s own addresses', () => {
  it('an editor cannot redirect the company’s email, by the function or the table; an admin can', async () => {
    const before = await branding();
    const refused = await editor.client.rpc('update_branding_settings_rpc', { p_email: 'bookings@evil.example' });
    expect(refused.error).toMatchObject({ code: '42501', message: 'Only administrators can change the company’s email addresses' });
    // Nothing else of that call was kept either.
    const mixed = await editor.client.rpc('update_branding_settings_rpc', { p_tagline: 'Changed with it', p_email: 'bookings@evil.example' });
    expect(mixed.error?.code).toBe('42501');
    expect(await branding()).toEqual(before);

    const activeId = (await t.db.query<{ id: string }>(`select id from public.branding_settings where is_active`)).rows[0].id;
    const direct = await editor.client.from('branding_settings').update({ email: 'bookings@evil.example' }).eq('id', activeId).select('id');
    expect(direct.error?.code).toBe('42501');
    const switched = await editor.client.from('branding_settings').update({ is_active: false }).eq('id', activeId).select('id');
    expect(switched.error?.code).toBe('42501');
    const added = await editor.client.from('branding_settings').insert({ is_active: false, company_name: 'Evil', email: 'x@evil.example' }).select('id');
    expect(added.error?.code).toBe('42501');
    expect(await branding()).toEqual(before);

    // What the public sees stays the editor's to change.
    expect((await editor.client.rpc('update_branding_settings_rpc', { p_tagline: 'Wild places, quietly' })).error).toBeNull();
    expect((await branding()).tagline).toBe('Wild places, quietly');

    const byAdmin = await admin.rpc('update_branding_settings_rpc', { p_email: 'office@kilelesafaris.co.tz' });
    expect(byAdmin.error).toBeNull();
    expect((await branding()).email).toBe('office@kilelesafaris.co.tz');
  });

  it('an editor changes a branch office’s hours, not its email', async () => {
    const { rows } = await t.db.query<{ offices: Record<string, unknown>[] }>(`select branch_offices as offices from public.branding_settings where is_active`);
    const offices = rows[0].offices;
    expect(offices.length).toBeGreaterThan(0);
    const withEmail = offices.map((office, index) => (index === 0 ? { ...office, email: 'arusha@evil.example' } : office));
    expect((await editor.client.rpc('update_branding_settings_rpc', { p_branch_offices: withEmail })).error?.code).toBe('42501');
    const withoutOffice = offices.slice(1);
    const removed = await editor.client.rpc('update_branding_settings_rpc', { p_branch_offices: withoutOffice });
    expect(removed.error?.code).toBe(offices[0].email ? '42501' : undefined);
    const withHours = offices.map((office, index) => (index === 0 ? { ...office, hours: 'Mon–Sat 8:00–18:00' } : office));
    expect((await editor.client.rpc('update_branding_settings_rpc', { p_branch_offices: withHours })).error).toBeNull();
    const admins = offices.map((office, index) => (index === 0 ? { ...office, email: 'arusha@kilelesafaris.co.tz' } : office));
    expect((await admin.rpc('update_branding_settings_rpc', { p_branch_offices: admins })).error).toBeNull();
    expect((await branding()).emails).toContain('arusha@kilelesafaris.co.tz');
  });
});

describe('reviews', () => {
  let reviewId: string;
  beforeAll(async () => {
    const tourId = (await t.db.query<{ id: string }>(`select id from public.tours where status = 'active' order by slug limit 1`)).rows[0].id;
    await t.db.query(`insert into public.bookings (tour_id, user_id, status, adults, total_amount) values ($1, $2, 'completed', 1, 1)`, [tourId, traveler.userId]);
    const written = await traveler.client.from('reviews').insert({ tour_id: tourId, rating: 5, title: 'The migration!', body: 'Unforgettable.' }).select('id').single();
    expect(written.error).toBeNull();
    reviewId = written.data!.id;
  });

  it('staff cannot change a traveler’s words or rating, nor write a review in their name', async () => {
    const rated = await editor.client.from('reviews').update({ rating: 1 }).eq('id', reviewId).select('id');
    expect(rated.error).toMatchObject({ code: '42501', message: 'Staff can publish, hide or remove a traveler’s review, but not change what they wrote' });
    expect((await admin.from('reviews').update({ body: 'Terrible.' }).eq('id', reviewId).select('id')).error?.code).toBe('42501');
    const otherTour = (await t.db.query<{ id: string }>(`select id from public.tours where status = 'active' order by slug offset 1 limit 1`)).rows[0].id;
    const forged = await editor.client.from('reviews').insert({ tour_id: otherTour, user_id: traveler.userId, rating: 1, title: 'Awful' });
    expect(forged.error?.code).toBe('42501');
    const { rows } = await t.db.query(`select rating, title, body from public.reviews where user_id = $1`, [traveler.userId]);
    expect(rows).toEqual([{ rating: 5, title: 'The migration!', body: 'Unforgettable.' }]);
  });

  it('the content team hides and publishes a review, and the audit log says who', async () => {
    expect((await editor.client.from('reviews').update({ is_published: false }).eq('id', reviewId).select('id')).data).toHaveLength(1);
    expect((await editor.client.from('reviews').update({ is_published: true }).eq('id', reviewId).select('id')).data).toHaveLength(1);
    expect(await auditRows('reviews', reviewId, editor.userId)).toEqual([
      { action: 'update', changed: ['is_published'] },
      { action: 'update', changed: ['is_published'] },
    ]);
    // The traveler edits their own words, and that is theirs: not in the office's log.
    expect((await traveler.client.from('reviews').update({ body: 'Unforgettable, truly.' }).eq('id', reviewId).select('id')).data).toHaveLength(1);
    expect(await auditRows('reviews', reviewId, traveler.userId)).toEqual([]);
    // Nor may the traveler publish or hide it.
    expect((await traveler.client.from('reviews').update({ is_published: false }).eq('id', reviewId).select('id')).error?.code).toBe('42501');
  });
});

describe('messages', () => {
  it('staff write in a traveler’s conversation as the team, never as the traveler', async () => {
    const thread = crypto.randomUUID();
    const asked = await traveler.client.from('messages').insert({ user_id: traveler.userId, thread_id: thread, subject: 'Visa', body: 'Do I need a visa?' });
    expect(asked.error).toBeNull();
    const forged = await agent.client.from('messages').insert({ user_id: traveler.userId, thread_id: thread, body: 'Please cancel my booking', sender: 'traveler' });
    expect(forged.error).toMatchObject({ code: '42501', message: 'Staff write to a traveler as the team, never in the traveler’s name' });
    const reply = await agent.client.from('messages').insert({ user_id: traveler.userId, thread_id: thread, body: 'Yes: an e-visa, before you fly.', sender: 'staff' }).select('id, author_id').single();
    expect(reply.error).toBeNull();
    expect(reply.data!.author_id).toBe(agent.userId);
    expect(await auditRows('messages', reply.data!.id, agent.userId)).toEqual([{ action: 'insert', changed: expect.arrayContaining(['body', 'sender', 'user_id']) }]);
    const { rows } = await t.db.query(`select sender, body from public.messages where thread_id = $1 order by created_at`, [thread]);
    expect(rows).toEqual([
      { sender: 'traveler', body: 'Do I need a visa?' },
      { sender: 'staff', body: 'Yes: an e-visa, before you fly.' },
    ]);
  });
});

describe('profiles', () => {
  it('an agent changes a traveler’s profile, not a staff member’s; the change is audited', async () => {
    const ofAdmin = await agent.client.from('users').update({ full_name: 'Hacked Admin', phone: '+1 555 0100' }).eq('id', adminId).select('id');
    expect(ofAdmin.error === null ? ofAdmin.data : ofAdmin.error.code).toEqual([]);
    const ofEditor = await agent.client.from('users').update({ phone: '+1 555 0101' }).eq('id', editor.userId).select('id');
    expect(ofEditor.data).toEqual([]);
    const { rows } = await t.db.query(`select full_name from public.users where id = $1`, [adminId]);
    expect(rows[0].full_name).not.toBe('Hacked Admin');

    const ofTraveler = await agent.client.from('users').update({ phone: '+255 754 000 111' }).eq('id', traveler.userId).select('id');
    expect(ofTraveler.data).toEqual([{ id: traveler.userId }]);
    expect(await auditRows('users', traveler.userId, agent.userId)).toEqual([{ action: 'update', changed: ['phone'] }]);
    // An editor holds no client permission at all; an admin changes a staff member's profile.
    expect((await editor.client.from('users').update({ phone: '+1' }).eq('id', traveler.userId).select('id')).data).toEqual([]);
    expect((await admin.from('users').update({ phone: '+255 754 000 222' }).eq('id', agent.userId).select('id')).data).toEqual([{ id: agent.userId }]);
    expect(await auditRows('users', agent.userId, adminId)).toEqual([{ action: 'update', changed: ['phone'] }]);
  });
});
