import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, until, type SmtpSink } from '../helpers/smtp.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The team: admins invite people with a role (the email's one-time link lets the invitee set a
 * password and take the role), change roles, deactivate and reactivate accounts; the database refuses
 * everyone else, an admin's own demotion and the loss of the last administrator.
 */
let smtp: SmtpSink;
let t: TestServer;
let admin: SupabaseClient;
let adminId: string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestServer({ smtpUrl: smtp.url });
  admin = await t.adminClient();
  adminId = (await admin.auth.getUser()).data.user!.id;
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const tokenOf = async (client: SupabaseClient) => (await client.auth.getSession()).data.session!.access_token;

async function invite(client: SupabaseClient, body: Record<string, unknown>) {
  const response = await fetch(`${t.url}/api/team/invitations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await tokenOf(client)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { id?: string; error?: { message: string; fields?: Record<string, string> } } };
}

/** The link of the newest invitation email to this address, once the queue has sent it. */
async function invitationLink(email: string, after = 0): Promise<URL> {
  await t.platform.ctx.mail.drain();
  const messages = () => smtp.received.filter((m) => m.to.includes(email));
  const message = await until(() => (messages().length > after ? messages().at(-1) : undefined));
  expect(message.subject).toBe('You are invited to join the Kilele Safaris team');
  return new URL(/Join the team: (\S+)/.exec(message.text)![1]);
}

/** Follows the emailed link as a browser would: the session arrives in the redirect's fragment. */
async function follow(link: URL) {
  const response = await fetch(`${t.url}${link.pathname}${link.search}`, { redirect: 'manual' });
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location')!);
  return { location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

const permissionsOfRole = async (role: string) =>
  (await t.db.query<{ permission: string }>(`select permission from public.role_permissions where role = $1 order by permission`, [role])).rows.map((row) => row.permission);

const invitationCount = async () => (await t.db.query<{ n: number }>(`select count(*)::int as n from public.staff_invitations`)).rows[0].n;

describe('the team', () => {
  it('an invited agent follows the emailed link, sets a password and has the agent’s permissions', async () => {
    const email = `new-agent-${Date.now()}@example.com`;
    const invited = await invite(admin, { email: ` ${email.toUpperCase()} `, role: 'agent' });
    expect(invited.status).toBe(201);

    const link = await invitationLink(email);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.siteUrl}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('invite');
    const { location, fragment } = await follow(link);
    expect(location.pathname).toBe('/auth/join-team');

    const invitee = t.client();
    expect((await invitee.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! })).error).toBeNull();
    // Signed in by the link, not yet on the team.
    expect((await invitee.rpc('my_permissions')).data).toEqual([{ role: 'traveler', permissions: [] }]);
    expect((await invitee.auth.updateUser({ password: 'Ngorongoro-Rim-2026' })).error).toBeNull();
    expect((await invitee.rpc('accept_staff_invitation')).data).toBe('agent');

    const signedIn = t.client();
    expect((await signedIn.auth.signInWithPassword({ email, password: 'Ngorongoro-Rim-2026' })).error).toBeNull();
    expect((await signedIn.rpc('my_permissions')).data).toEqual([{ role: 'agent', permissions: await permissionsOfRole('agent') }]);

    // The link works once; the list shows the new member active, signed in.
    expect((await follow(link)).fragment.get('error_code')).toBe('otp_expired');
    const { data: team } = await admin.rpc('staff_accounts');
    expect(team.find((row: { email: string }) => row.email === email)).toMatchObject({ kind: 'member', role: 'agent', status: 'active', last_sign_in_at: expect.any(String) });

    // Who invited whom is in the audit log.
    const { rows } = await t.db.query(`select actor_id, new_values ->> 'role' as role from public.audit_log where table_name = 'staff_invitations' and record_id = $1 and action = 'insert'`, [invited.body.id]);
    expect(rows).toEqual([{ actor_id: adminId, role: 'agent' }]);
  });

  it('refuses an agent’s and a traveler’s invitations and role changes', async () => {
    const agent = t.client();
    const { rows } = await t.db.query<{ id: string }>(`select id from public.users where email = 'neema@kilelesafaris.co.tz'`);
    await t.service().auth.admin.updateUserById(rows[0].id, { password: 'Agent-Password-1' });
    expect((await agent.auth.signInWithPassword({ email: 'neema@kilelesafaris.co.tz', password: 'Agent-Password-1' })).error).toBeNull();
    const traveler = (await t.traveler()).client;
    const before = await invitationCount();
    for (const client of [agent, traveler]) {
      const refused = await invite(client, { email: `someone-${Date.now()}@example.com`, role: 'admin' });
      expect(refused.status).toBe(403);
      expect(refused.body.error?.message).toBe('Only administrators can invite people to the team');
      expect((await client.rpc('set_staff_role', { p_user_id: rows[0].id, p_role: 'admin' })).error?.code).toBe('42501');
      expect((await client.rpc('set_staff_active', { p_user_id: adminId, p_active: false })).error?.code).toBe('42501');
      expect((await client.rpc('staff_accounts')).error?.code).toBe('42501');
    }
    // Nor through the REST API, where agents may change a client's profile but not a role.
    const raised = await agent.from('users').update({ role: 'admin' }).eq('id', rows[0].id).select('role');
    expect(raised.error?.message).toBe('Only administrators can change roles');
    const anonymous = await fetch(`${t.url}/api/team/invitations`, { method: 'POST', headers: { apikey: t.anonKey, 'content-type': 'application/json' }, body: '{"email":"x@example.com","role":"agent"}' });
    expect(anonymous.status).toBe(403);
    expect(await invitationCount()).toBe(before);
  });

  it('says what is wrong with the address or the role, and writes nothing', async () => {
    const before = await invitationCount();
    const queued = async () => (await t.db.query<{ n: number }>(`select count(*)::int as n from public.email_queue where kind = 'staff_invitation'`)).rows[0].n;
    const emailsBefore = await queued();
    expect((await invite(admin, { email: '', role: 'agent' })).body).toMatchObject({ error: { message: 'Enter the email address to invite', fields: { email: 'Enter the email address to invite' } } });
    expect((await invite(admin, { email: 'not-an-email', role: 'agent' })).body).toMatchObject({ error: { message: 'Enter a valid email address, like name@example.com', fields: { email: 'Enter a valid email address, like name@example.com' } } });
    expect((await invite(admin, { email: 'Neema@kilelesafaris.co.tz', role: 'guide' })).body).toMatchObject({ error: { message: 'This person is already on the team', fields: { email: 'This person is already on the team' } } });
    expect((await invite(admin, { email: 'no-role@example.com' })).body).toMatchObject({ error: { message: 'Choose a role', fields: { role: 'Choose a role' } } });
    expect((await invite(admin, { email: 'no-role@example.com', role: 'traveler' })).body).toMatchObject({ error: { message: 'Choose a role', fields: { role: 'Choose a role' } } });
    expect(await invitationCount()).toBe(before);
    expect(await queued()).toBe(emailsBefore);
  });

  it('keeps the last administrator, and an admin cannot demote or deactivate themselves', async () => {
    expect((await admin.rpc('set_staff_active', { p_user_id: adminId, p_active: false })).error?.message).toBe('You cannot deactivate your own account.');
    expect((await admin.rpc('set_staff_role', { p_user_id: adminId, p_role: 'agent' })).error?.message).toBe(
      'You cannot change your own administrator role. Ask another administrator to do it.',
    );
    // Even the platform, which may do everything else, cannot leave the company without an admin.
    expect((await t.service().rpc('set_staff_active', { p_user_id: adminId, p_active: false })).error?.message).toBe(
      'This is the last active administrator. Make someone else an administrator first.',
    );
    await expect(t.db.query(`update public.users set role = 'agent' where id = $1`, [adminId])).rejects.toThrow(/last active administrator/);
    const { rows } = await t.db.query(`select role, deactivated_at from public.users where id = $1`, [adminId]);
    expect(rows).toEqual([{ role: 'admin', deactivated_at: null }]);
  });

  it('a deactivated member’s sessions end and they cannot sign in until reactivated', async () => {
    const email = `guide-${Date.now()}@example.com`;
    expect((await invite(admin, { email, role: 'guide' })).status).toBe(201);
    const { fragment } = await follow(await invitationLink(email));
    const guide = t.client();
    await guide.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    await guide.auth.updateUser({ password: 'Serengeti-Guide-9' });
    expect((await guide.rpc('accept_staff_invitation')).data).toBe('guide');
    const guideId = (await guide.auth.getUser()).data.user!.id;

    // Made an editor, with a confirm on the screen; the audit log has it.
    expect((await admin.rpc('set_staff_role', { p_user_id: guideId, p_role: 'editor' })).error).toBeNull();
    expect((await guide.rpc('my_permissions')).data[0].role).toBe('editor');

    expect((await admin.rpc('set_staff_active', { p_user_id: guideId, p_active: false })).error).toBeNull();
    // Even a token the API still took (a hosted project's, until it expires) holds no permission.
    const { rows: held } = await t.db.query(
      `select set_config('request.jwt.claims', $1, true), public.has_permission('catalogue.write') as may, (select permissions from public.my_permissions()) as permissions`,
      [JSON.stringify({ sub: guideId, role: 'authenticated' })],
    );
    expect(held[0]).toMatchObject({ may: false, permissions: [] });
    const refused = await guide.from('users').select('id').eq('id', guideId);
    expect(refused.error?.code).toBe('PGRST301');
    const signIn = await t.client().auth.signInWithPassword({ email, password: 'Serengeti-Guide-9' });
    expect(signIn.error?.code).toBe('user_banned');
    const { data: team } = await admin.rpc('staff_accounts');
    expect(team.find((row: { email: string }) => row.email === email)).toMatchObject({ status: 'deactivated', role: 'editor' });

    expect((await admin.rpc('set_staff_active', { p_user_id: guideId, p_active: true })).error).toBeNull();
    expect((await t.client().auth.signInWithPassword({ email, password: 'Serengeti-Guide-9' })).error).toBeNull();

    const { rows } = await t.db.query<{ actor_id: string; changed: string }>(
      `select actor_id, (select string_agg(key, ',' order by key) from jsonb_object_keys(new_values) key) as changed
         from public.audit_log where table_name = 'users' and record_id = $1 and action = 'update' order by id`,
      [guideId],
    );
    expect(rows).toEqual([
      { actor_id: guideId, changed: 'role' },
      { actor_id: adminId, changed: 'role' },
      { actor_id: adminId, changed: 'deactivated_at' },
      { actor_id: adminId, changed: 'deactivated_at' },
    ]);
  });

  it('a revoked invitation’s link no longer works; a resent one replaces the old link', async () => {
    const email = `revoked-${Date.now()}@example.com`;
    const invited = await invite(admin, { email, role: 'editor' });
    const first = await invitationLink(email);
    const resent = await fetch(`${t.url}/api/team/invitations/${invited.body.id}/resend`, { method: 'POST', headers: { authorization: `Bearer ${await tokenOf(admin)}` } });
    expect(resent.status).toBe(200);
    const second = await invitationLink(email, 1);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    expect((await follow(first)).fragment.get('error_code')).toBe('otp_expired');

    expect((await admin.rpc('revoke_staff_invitation', { p_id: invited.body.id })).error).toBeNull();
    expect((await follow(second)).fragment.get('error_code')).toBe('otp_expired');
    const { data: team } = await admin.rpc('staff_accounts');
    expect(team.some((row: { email: string }) => row.email === email)).toBe(false);
    // The resend and the revocation are in the audit log, by the admin.
    const { rows } = await t.db.query<{ actor_id: string; changed: string }>(
      `select actor_id, (select string_agg(key, ',' order by key) from jsonb_object_keys(new_values) key) as changed
         from public.audit_log where table_name = 'staff_invitations' and record_id = $1 and action = 'update' order by id`,
      [invited.body.id],
    );
    expect(rows).toEqual([
      { actor_id: adminId, changed: 'user_id' },
      { actor_id: adminId, changed: 'expires_at' },
      { actor_id: adminId, changed: 'revoked_at,revoked_by' },
    ]);
  });

  it('a traveler with an account is invited too, and keeps their account as they join', async () => {
    const traveler = await t.traveler();
    expect((await invite(admin, { email: traveler.email, role: 'editor' })).status).toBe(201);
    const { fragment } = await follow(await invitationLink(traveler.email));
    const joining = t.client();
    await joining.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect((await joining.auth.getUser()).data.user!.id).toBe(traveler.userId);
    expect((await joining.auth.updateUser({ password: 'Editor-Of-Tours-5' })).error).toBeNull();
    expect((await joining.rpc('accept_staff_invitation')).data).toBe('editor');
    // Once: a second acceptance finds no invitation and changes nothing.
    expect((await joining.rpc('accept_staff_invitation')).data).toBeNull();
    expect((await joining.rpc('my_permissions')).data[0].role).toBe('editor');
  });

  it('an outsider who registered the invited address cannot take the role; the mailbox’s owner, through the link, can', async () => {
    // Signing up asks no proof of the address: anyone may register one an admin is about to invite.
    const outsider = await t.traveler({ fullName: 'Not Invited' });
    expect((await invite(admin, { email: outsider.email, role: 'admin' })).status).toBe(201);
    const refused = await outsider.client.rpc('accept_staff_invitation');
    expect(refused.error).toMatchObject({ code: '42501', message: 'To join the team, open the link in your invitation email' });
    // A fresh password sign-in is no proof either.
    const signedIn = t.client();
    await signedIn.auth.signInWithPassword({ email: outsider.email, password: outsider.password });
    expect((await signedIn.rpc('accept_staff_invitation')).error?.code).toBe('42501');
    expect((await t.db.query(`select role from public.users where id = $1`, [outsider.userId])).rows).toEqual([{ role: 'traveler' }]);

    // Whoever holds the mailbox follows the emailed link and joins; every other session of the account ends.
    const { fragment } = await follow(await invitationLink(outsider.email));
    const owner = t.client();
    await owner.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect((await owner.rpc('accept_staff_invitation')).data).toBe('admin');
    expect((await outsider.client.from('users').select('id').eq('id', outsider.userId)).error?.code).toBe('PGRST301');
    expect((await signedIn.from('users').select('id').eq('id', outsider.userId)).error?.code).toBe('PGRST301');
    expect((await owner.rpc('my_permissions')).data[0].role).toBe('admin');
  });

  it('a staff member’s email changes only once both addresses confirm, and the admins are told', async () => {
    const editor = await t.staff('editor', { fullName: 'Editor Who Moves' });
    const notices = async () =>
      (await t.db.query<{ title: string; body: string }>(`select title, body from public.staff_notifications where kind = 'team_account_changed' and record_id = $1 and recipient_id = $2`, [editor.userId, adminId])).rows;
    const next = `moved-${Date.now()}@example.com`;
    expect((await editor.client.auth.updateUser({ email: next })).data.user!.email).toBe(editor.email);
    await t.platform.ctx.mail.drain();
    const links = async (to: string) => {
      const message = await until(() => smtp.received.find((m) => m.to.includes(to) && /email address/.test(m.subject)));
      return new URL(/(http\S+\/auth\/v1\/verify\?\S+)/.exec(message.text)![1]);
    };
    await follow(await links(next));
    expect(await notices()).toEqual([]);
    expect((await t.db.query(`select email from public.users where id = $1`, [editor.userId])).rows).toEqual([{ email: editor.email }]);
    await follow(await links(editor.email));
    expect(await notices()).toEqual([{ title: 'Sign-in email changed: Editor Who Moves', body: `${editor.email} → ${next}` }]);
    // A traveler's change is their own business.
    const traveler = await t.traveler();
    await t.db.query(`update auth.users set email = $2 where id = $1`, [traveler.userId, `elsewhere-${Date.now()}@example.com`]);
    expect((await t.db.query(`select count(*)::int as n from public.staff_notifications where record_id = $1`, [traveler.userId])).rows).toEqual([{ n: 0 }]);
  });

  it('an invitation expires after 7 days', async () => {
    const email = `late-${Date.now()}@example.com`;
    const invited = await invite(admin, { email, role: 'agent' });
    const link = await invitationLink(email);
    await t.db.query(`update auth.users set invited_at = invited_at - interval '7 days 1 minute' where lower(email) = $1`, [email]);
    await t.db.query(`update public.staff_invitations set expires_at = expires_at - interval '7 days 1 minute' where id = $1`, [invited.body.id]);
    expect((await follow(link)).fragment.get('error_code')).toBe('otp_expired');
    const { data: team } = await admin.rpc('staff_accounts');
    expect(team.find((row: { email: string }) => row.email === email)).toMatchObject({ kind: 'invitation', status: 'expired' });
  });
});
