import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The audit log: triggers write who changed what, from what to what, and why; staff holding
 * audit.read read it; nobody changes it, through the API or in SQL.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface AuditRow {
  actor_id: string | null;
  actor_kind: string;
  table_name: string;
  record_id: string;
  action: string;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  reason: string | null;
}

const historyOf = async (table: string, recordId: string) =>
  (await server.db.query<AuditRow>(`select * from public.audit_log where table_name = $1 and record_id = $2 order by id`, [table, recordId])).rows;


async function aBooking() {
  const { rows } = await server.db.query<{ id: string }>(
    `select d.id from public.tour_departures d join public.tours t on t.id = d.tour_id
      where t.status = 'active' and not d.is_private and d.start_date > public.company_today() + 30 and d.capacity - d.seats_booked >= 2
      order by d.start_date limit 1`,
  );
  const traveler = await server.traveler();
  const { data, error } = await traveler.client.rpc('create_booking', { p_departure_id: rows[0].id, p_adults: 1 });
  expect(error).toBeNull();
  return { booking: data as { id: string; total_amount: number }, traveler };
}

describe('the audit log', () => {
  it('records a booking made, a payment recorded by an agent and a note, with who and only what changed', async () => {
    const { booking, traveler } = await aBooking();
    const agent = await server.staff('agent');
    const paid = await agent.client.rpc('record_payment', { p_booking_id: booking.id, p_amount: 10, p_method: 'bank_transfer', p_reference: 'TT-1' });
    expect(paid.error).toBeNull();
    const noted = await agent.client.from('bookings').update({ notes: 'Vegetarian meals' }).eq('id', booking.id).select('id');
    expect(noted.error).toBeNull();

    const history = await historyOf('bookings', booking.id);
    expect(history[0]).toMatchObject({ action: 'insert', actor_id: traveler.userId, actor_kind: 'authenticated', old_values: null });
    expect(history[0].new_values).toMatchObject({ id: booking.id, status: 'pending' });
    const note = history.find((row) => row.action === 'update' && row.new_values?.notes !== undefined)!;
    expect(note).toMatchObject({ action: 'update', actor_id: agent.userId, old_values: { notes: null }, new_values: { notes: 'Vegetarian meals' } });
    // Only the changed columns, never the derived ones.
    expect(Object.keys(note.new_values!)).toEqual(['notes']);

    const payments = (await server.db.query<AuditRow>(`select * from public.audit_log where table_name = 'payments' and new_values ->> 'booking_id' = $1`, [booking.id])).rows;
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ action: 'insert', actor_id: agent.userId, new_values: { amount: 10, method: 'bank_transfer', provider_reference: 'TT-1' } });
    // The payment raised what the booking has paid: recorded as the agent's change too.
    expect(history.some((row) => row.actor_id === agent.userId && row.new_values?.amount_paid === 10)).toBe(true);
  });

  it('keeps the reason given in the same transaction', async () => {
    const { booking } = await aBooking();
    await server.db.transaction(async (tx) => {
      await tx.query(`select public.set_audit_reason('Price matched for a returning client')`);
      await tx.query(`update public.bookings set notes = 'Matched' where id = $1`, [booking.id]);
    });
    await server.db.query(`update public.bookings set notes = 'Later' where id = $1`, [booking.id]);
    const history = await historyOf('bookings', booking.id);
    expect(history.at(-2)).toMatchObject({ actor_kind: 'system', actor_id: null, new_values: { notes: 'Matched' }, reason: 'Price matched for a returning client' });
    // The reason was for that transaction only.
    expect(history.at(-1)).toMatchObject({ new_values: { notes: 'Later' }, reason: null });
  });

  it('records a change of role and a settings change', async () => {
    const person = await server.traveler();
    const admin = await server.adminClient();
    const adminId = (await admin.auth.getUser()).data.user!.id;
    expect((await admin.from('users').update({ role: 'editor' }).eq('id', person.userId).select('id')).error).toBeNull();
    expect(await historyOf('users', person.userId)).toEqual([
      expect.objectContaining({ action: 'update', actor_id: adminId, old_values: { role: 'traveler' }, new_values: { role: 'editor' } }),
    ]);
    expect((await admin.from('currency_rates').update({ units_per_usd: 0.91 }).eq('currency', 'EUR').select('currency')).error).toBeNull();
    expect((await historyOf('currency_rates', 'EUR')).at(-1)).toMatchObject({ actor_id: adminId, new_values: { units_per_usd: 0.91 } });
  });

  it('is read whole by those holding audit.read; office staff read the History of the records they handle only', async () => {
    const admin = await server.adminClient();
    const seen = await admin.from('audit_log').select('id', { count: 'exact', head: true });
    expect(seen.error).toBeNull();
    expect(seen.count).toBeGreaterThan(0);
    const { client: agent } = await server.staff('agent');
    const history = await agent.from('audit_log').select('table_name');
    expect(history.data!.length).toBeGreaterThan(0);
    // Bookings and payments (bookings.read), enquiries and quotes (enquiries.read), clients (clients.read).
    const handled = ['bookings', 'payments', 'enquiries', 'quotes', 'clients', 'client_notes', 'client_tags'];
    expect([...new Set(history.data!.map((row) => row.table_name))].filter((table) => !handled.includes(table))).toEqual([]);
    expect((await agent.from('audit_log').select('id', { count: 'exact', head: true }).eq('table_name', 'tours')).count).toBe(0);
    for (const role of ['editor', 'guide', 'traveler'] as const) {
      const { client } = role === 'traveler' ? await server.traveler() : await server.staff(role);
      const none = await client.from('audit_log').select('id', { count: 'exact', head: true });
      expect(none.count ?? 0, role).toBe(0);
    }
    expect((await server.client().from('audit_log').select('id')).error?.code).toBe('42501');
  });

  it('cannot be changed through the API by anyone, admins and the service role included', async () => {
    const [row] = (await server.db.query<{ id: number; reason: string | null }>(`select id, reason from public.audit_log order by id limit 1`)).rows;
    const admin = await server.adminClient();
    for (const client of [admin, server.service(), (await server.staff('agent')).client, server.client()]) {
      const updated = await client.from('audit_log').update({ reason: 'rewritten' }).eq('id', row.id).select('id');
      expect(updated.error?.code).toBe('42501');
      const removed = await client.from('audit_log').delete().eq('id', row.id).select('id');
      expect(removed.error?.code).toBe('42501');
      const forged = await client.from('audit_log').insert({ actor_kind: 'system', table_name: 'bookings', record_id: 'x', action: 'insert' });
      expect(forged.error?.code).toBe('42501');
    }
    expect((await admin.rpc('set_audit_reason', { p_reason: 'x' })).error?.code).toBe('42501');
    expect((await admin.rpc('record_audit')).error).not.toBeNull();
    const after = await server.db.query(`select id, reason from public.audit_log where id = $1`, [row.id]);
    expect(after.rows).toEqual([row]);
  });

  it('cannot be changed in SQL either, even by the owner', async () => {
    await expect(server.db.query(`update public.audit_log set reason = 'rewritten'`)).rejects.toThrow('The audit log cannot be changed');
    await expect(server.db.query(`delete from public.audit_log`)).rejects.toThrow('The audit log cannot be changed');
    await expect(server.db.query(`truncate public.audit_log`)).rejects.toThrow('The audit log cannot be changed');
    expect((await server.db.query<{ n: number }>(`select count(*)::int as n from public.audit_log`)).rows[0].n).toBeGreaterThan(0);
  });

  it('names the records its entries mention for office staff: one row per record found, at most 500 ids a call', async () => {
    const { booking, traveler } = await aBooking();
    const { rows } = await server.db.query<{ tour_id: string; title: string; booking_reference: string }>(
      `select b.tour_id, t.title, b.booking_reference from public.bookings b join public.tours t on t.id = b.tour_id where b.id = $1`,
      [booking.id],
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    const { client: agent } = await server.staff('agent');
    const named = await agent.rpc('audit_names', { p_ids: [booking.id, rows[0].tour_id, traveler.userId, unknown] });
    expect(named.error).toBeNull();
    expect(Object.fromEntries((named.data as { id: string; name: string }[]).map((record) => [record.id, record.name]))).toEqual({
      [booking.id]: rows[0].booking_reference,
      [rows[0].tour_id]: rows[0].title,
      [traveler.userId]: expect.any(String),
    });
    const tooMany = await agent.rpc('audit_names', { p_ids: Array.from({ length: 501 }, () => unknown) });
    expect(tooMany.error).toMatchObject({ code: '22023', message: 'Ask for at most 500 names at a time' });
    const asTraveler = await traveler.client.rpc('audit_names', { p_ids: [booking.id] });
    expect(asTraveler.error?.code).toBe('42501');
  });
});
