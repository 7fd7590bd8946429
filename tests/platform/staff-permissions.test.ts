import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMembers } from '../../server/seed/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Staff roles in SQL: has_permission() answers for the caller, my_permissions() gives the back office
 * what to show, and nobody gives themselves a staff role.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A signed-in user whose role the platform set, as an admin would. */

const permissionsOf = async (role: 'admin' | 'agent' | 'editor' | 'guide') => {
  const { client } = await server.staff(role);
  const { data, error } = await client.rpc('my_permissions');
  expect(error).toBeNull();
  return data as { role: string; permissions: string[] }[];
};

describe('staff permissions', () => {
  it('each role has its own screens: admin all, agent the bookings side, editor the content side, guide their assignments', async () => {
    const admin = (await permissionsOf('admin'))[0];
    const agent = (await permissionsOf('agent'))[0];
    const editor = (await permissionsOf('editor'))[0];
    const guide = (await permissionsOf('guide'))[0];
    expect(admin.permissions).toEqual(expect.arrayContaining(['bookings.write', 'catalogue.write', 'settings.write', 'team.manage', 'audit.read']));
    expect(agent.permissions).toEqual(expect.arrayContaining(['bookings.read', 'bookings.write', 'clients.read', 'enquiries.write', 'messages.write', 'calendar.read']));
    expect(agent.permissions).not.toEqual(expect.arrayContaining(['settings.write']));
    expect(agent.permissions.filter((p) => ['settings.write', 'team.manage', 'content.write', 'catalogue.write'].includes(p))).toEqual([]);
    expect(editor.permissions).toEqual(expect.arrayContaining(['catalogue.write', 'content.write']));
    expect(editor.permissions.filter((p) => p.startsWith('bookings.') || p.startsWith('clients.'))).toEqual([]);
    // A guide works their own trips in field mode, and reads no operations record of others.
    expect(guide.permissions).toEqual(['assignments.read', 'backoffice.open', 'calendar.read', 'field.work']);
    expect(agent.permissions).not.toContain('field.work');
    // Every staff role opens the back office; admin holds every permission any role has.
    for (const role of [admin, agent, editor, guide]) expect(role.permissions).toContain('backoffice.open');
    for (const role of [agent, editor, guide]) for (const permission of role.permissions) expect(admin.permissions).toContain(permission);
  });

  it('a traveler has no permission and no back office', async () => {
    const traveler = await server.traveler();
    expect((await traveler.client.rpc('my_permissions')).data).toEqual([{ role: 'traveler', permissions: [] }]);
    expect((await traveler.client.rpc('has_permission', { p_permission: 'backoffice.open' })).data).toBe(false);
  });

  it('has_permission answers for the caller', async () => {
    const agent = await server.staff('agent');
    const editor = await server.staff('editor');
    const ask = async (client: typeof agent.client, permission: string) => (await client.rpc('has_permission', { p_permission: permission })).data;
    expect([await ask(agent.client, 'bookings.write'), await ask(agent.client, 'content.write')]).toEqual([true, false]);
    expect([await ask(editor.client, 'bookings.write'), await ask(editor.client, 'content.write')]).toEqual([false, true]);
    // The platform acts for the company: the service role may do everything.
    expect(await ask(server.service(), 'settings.write')).toBe(true);
  });

  it('visitors may not ask, and nobody gives themselves a staff role', async () => {
    expect((await server.client().rpc('my_permissions')).error?.code).toBe('42501');
    const traveler = await server.traveler();
    const raised = await traveler.client.from('users').update({ role: 'agent' }).eq('id', traveler.userId);
    expect(raised.error?.message).toBe('Only administrators can change roles');
    const { rows } = await server.db.query<{ role: string }>(`select role from public.users where id = $1`, [traveler.userId]);
    expect(rows).toEqual([{ role: 'traveler' }]);
  });

  it('the demo office has someone in each staff role', async () => {
    const { rows } = await server.db.query<{ email: string; role: string }>(`select email, role from public.users where role <> 'traveler' and email like '%@kilelesafaris.co.tz' order by email`);
    expect(rows).toEqual(
      [{ email: 'admin@kilelesafaris.co.tz', role: 'admin' }, ...staffMembers.map(({ email, role }) => ({ email, role }))].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it('refuses a role that does not exist', async () => {
    const person = await server.traveler();
    await expect(server.db.query(`update public.users set role = 'staff' where id = $1`, [person.userId])).rejects.toThrow(/users_role_check/);
  });
});
