import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Staff notifications (staff_notifications, written by triggers) and the email log (email_log,
 * email_content, retry_email): who is told of what, own rows only, kinds turned off, and the log's
 * bodies kept from those who could use a sign-in link.
 */
let server: TestServer;
interface Person {
  client: SupabaseClient;
  userId: string;
}
let admin: Person;
let agent: Person;
let quietAgent: Person;
let editor: Person;
let guide: Person;
let traveler: Person;
let departureId: string;

const q = async <T>(sql: string, params: unknown[] = []) => (await server.db.query<T>(sql, params)).rows;


/**
 * Who ought to hear of a kind: the active staff of the roles named (as role_permissions grants the
 * permission), except those who turned it off. Written from the roles, not from the function.
 */
async function entitled(roles: string[], kind: string): Promise<string[]> {
  const rows = await q<{ id: string }>(
    `select u.id from public.users u
      where u.role = any($1) and u.deactivated_at is null
        and not exists (select 1 from public.staff_notification_opt_outs o where o.user_id = u.id and o.kind = $2)
      order by u.id`,
    [roles, kind],
  );
  return rows.map((row) => row.id);
}

/** Recipients of the notifications about a record, one entry per row (so a duplicate shows). */
async function recipients(kind: string, recordId: string): Promise<string[]> {
  const rows = await q<{ recipient_id: string }>(
    `select recipient_id from public.staff_notifications where kind = $1 and record_id = $2 order by recipient_id`,
    [kind, recordId],
  );
  return rows.map((row) => row.recipient_id);
}

async function aBooking(): Promise<{ id: string; booking_reference: string }> {
  const { data, error } = await traveler.client.rpc('create_booking', { p_departure_id: departureId, p_adults: 1 });
  expect(error).toBeNull();
  return data as { id: string; booking_reference: string };
}

beforeAll(async () => {
  server = await startTestServer();
  const adminClient = await server.adminClient();
  admin = { client: adminClient, userId: (await adminClient.auth.getUser()).data.user!.id };
  agent = await server.staff('agent');
  quietAgent = await server.staff('agent');
  editor = await server.staff('editor');
  guide = await server.staff('guide');
  traveler = await server.traveler({ fullName: 'Notified Traveler' });
  departureId = (
    await q<{ id: string }>(
      `insert into public.tour_departures (tour_id, start_date, end_date, capacity)
       select id, public.company_today() + 200, public.company_today() + 206, 40 from public.tours where status = 'active' and not is_private order by slug limit 1 returning id`,
    )
  )[0].id;
  // The quiet agent turns bookings and messages off, through the API as the screen does.
  for (const kind of ['booking_made', 'traveler_message']) {
    const { error } = await quietAgent.client.from('staff_notification_opt_outs').insert({ user_id: quietAgent.userId, kind });
    expect(error).toBeNull();
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe('each event notifies each entitled staff member once', () => {
  it('a booking made: booking staff, not the one who turned bookings off, nor editors and guides', async () => {
    const booking = await aBooking();
    const told = await recipients('booking_made', booking.id);
    expect(told).toEqual(await entitled(['admin', 'agent'], 'booking_made'));
    expect(told).toContain(agent.userId);
    expect(told).toContain(admin.userId);
    expect(told).not.toContain(quietAgent.userId);
    expect(told).not.toContain(editor.userId);
    expect(told).not.toContain(guide.userId);
    const [row] = await q<{ title: string; link: string; read_at: string | null }>(
      `select title, link, read_at from public.staff_notifications where kind = 'booking_made' and record_id = $1 and recipient_id = $2`,
      [booking.id, agent.userId],
    );
    expect(row).toEqual({ title: `New booking ${booking.booking_reference}`, link: `/admin/bookings/${booking.id}`, read_at: null });
  });

  it('a payment received and a refund owed: booking staff, the quiet agent included, but not who recorded it', async () => {
    const booking = await aBooking();
    const paid = await agent.client.rpc('record_payment', { p_booking_id: booking.id, p_amount: 10, p_method: 'cash' });
    expect(paid.error).toBeNull();
    const paymentId = (paid.data as { id: string }).id;
    expect(await recipients('payment_received', paymentId)).toEqual((await entitled(['admin', 'agent'], 'payment_received')).filter((id) => id !== agent.userId));
    expect(await recipients('payment_received', paymentId)).toContain(quietAgent.userId);

    const [refund] = await q<{ id: string }>(
      `insert into public.payments (booking_id, amount, currency, method, status, provider, provider_reference, paid_at)
       values ($1, 25, 'USD', 'card', 'refund_due', 'stripe', $2, now()) returning id`,
      [booking.id, `cs_${randomUUID()}`],
    );
    expect(await recipients('refund_due', refund.id)).toEqual(await entitled(['admin', 'agent'], 'refund_due'));
    expect(await recipients('payment_received', refund.id)).toEqual([]);
  });

  it('a traveler’s message: those who answer the inbox; a staff reply tells nobody', async () => {
    const threadId = randomUUID();
    const sent = await traveler.client.from('messages').insert({ thread_id: threadId, subject: 'Malaria', body: 'Do we need malaria tablets?' }).select('id').single();
    expect(sent.error).toBeNull();
    const told = await recipients('traveler_message', sent.data!.id);
    expect(told).toEqual(await entitled(['admin', 'agent'], 'traveler_message'));
    expect(told).not.toContain(quietAgent.userId);
    const [row] = await q<{ link: string; title: string }>(`select link, title from public.staff_notifications where record_id = $1 limit 1`, [sent.data!.id]);
    expect(row).toEqual({ link: `/admin/messages?thread=${threadId}`, title: 'Message from Notified Traveler' });

    const reply = await agent.client.from('messages').insert({ thread_id: threadId, user_id: traveler.userId, sender: 'staff', body: 'Yes, ask your doctor.' }).select('id').single();
    expect(reply.error).toBeNull();
    expect(await q(`select 1 from public.staff_notifications where record_id = $1`, [reply.data!.id])).toHaveLength(0);
  });

  it('an enquiry: those who work the enquiries', async () => {
    const [enquiry] = await q<{ id: string }>(`insert into public.enquiries (name, email, message) values ('Ama', 'ama@example.com', 'A family safari in July?') returning id`);
    expect(await recipients('enquiry_received', enquiry.id)).toEqual(await entitled(['admin', 'agent'], 'enquiry_received'));
    expect(await recipients('enquiry_received', enquiry.id)).toContain(quietAgent.userId);
  });

  it('an email that failed for good: admins only, once', async () => {
    const [email] = await q<{ id: string }>(`insert into public.email_queue (to_address, subject, body_text, kind) values ('gone@example.com', 'Your trip', 'x', 'pre_departure') returning id`);
    // As the mail queue marks it, then again (the trigger fires on the change to failed only).
    await q(`update public.email_queue set status = 'failed', attempts = 10, last_error = '550 no such user' where id = $1`, [email.id]);
    await q(`update public.email_queue set last_error = '550 still no such user' where id = $1`, [email.id]);
    const told = await recipients('email_failed', email.id);
    expect(told).toEqual(await entitled(['admin'], 'email_failed'));
    expect(told).toContain(admin.userId);
    expect(told).not.toContain(agent.userId);
  });

  it('an unpaid hold ending within a day: booking staff, once however often the sweeper looks', async () => {
    const booking = await aBooking();
    const later = await aBooking();
    await q(`update public.bookings set hold_expires_at = now() + interval '3 hours' where id = $1`, [booking.id]);
    await q(`update public.bookings set hold_expires_at = now() + interval '30 hours' where id = $1`, [later.id]);
    await q(`select public.notify_staff_of_expiring_holds()`);
    await q(`select public.notify_staff_of_expiring_holds()`);
    expect(await recipients('hold_expiring', booking.id)).toEqual(await entitled(['admin', 'agent'], 'hold_expiring'));
    expect(await recipients('hold_expiring', later.id)).toEqual([]);
  });
});

describe('own rows only', () => {
  it('each staff member reads and marks read their own notifications, never another’s', async () => {
    const mine = await agent.client.from('staff_notifications').select('id, recipient_id, read_at');
    expect(mine.error).toBeNull();
    expect(mine.data!.length).toBeGreaterThan(0);
    expect(mine.data!.every((row) => row.recipient_id === agent.userId)).toBe(true);

    const [adminsOwn] = await q<{ id: string }>(`select id from public.staff_notifications where recipient_id = $1 and read_at is null limit 1`, [admin.userId]);
    const seen = await agent.client.from('staff_notifications').select('id').eq('id', adminsOwn.id);
    expect(seen.data).toEqual([]);
    const changed = await agent.client.from('staff_notifications').update({ read_at: new Date().toISOString() }).eq('id', adminsOwn.id).select('id');
    expect(changed.data ?? []).toEqual([]);
    expect((await q<{ read_at: string | null }>(`select read_at from public.staff_notifications where id = $1`, [adminsOwn.id]))[0].read_at).toBeNull();
    // Only read_at may change, even on one's own.
    const retitled = await agent.client.from('staff_notifications').update({ title: 'Changed' }).eq('id', mine.data![0].id);
    expect(retitled.error?.code).toBe('42501');

    // Mark one read, then all.
    const one = await agent.client.from('staff_notifications').update({ read_at: new Date().toISOString() }).eq('id', mine.data![0].id).select('id');
    expect(one.data).toHaveLength(1);
    const all = await agent.client.from('staff_notifications').update({ read_at: new Date().toISOString() }).is('read_at', null).select('id');
    expect(all.error).toBeNull();
    expect((await q(`select 1 from public.staff_notifications where recipient_id = $1 and read_at is null`, [agent.userId])).length).toBe(0);
    expect((await q(`select 1 from public.staff_notifications where recipient_id = $1 and read_at is null`, [admin.userId])).length).toBeGreaterThan(0);
  });

  it('each turns kinds off for themselves only', async () => {
    const forOther = await agent.client.from('staff_notification_opt_outs').insert({ user_id: admin.userId, kind: 'enquiry_received' });
    expect(forOther.error?.code).toBe('42501');
    const theirs = await agent.client.from('staff_notification_opt_outs').select('user_id, kind');
    expect(theirs.data).toEqual([]);
    const removed = await agent.client.from('staff_notification_opt_outs').delete().eq('user_id', quietAgent.userId).select('kind');
    expect(removed.data ?? []).toEqual([]);
    expect(await q(`select kind from public.staff_notification_opt_outs where user_id = $1 order by kind`, [quietAgent.userId])).toEqual([
      { kind: 'booking_made' },
      { kind: 'traveler_message' },
    ]);
  });

  it('a traveler gets none, reads none and cannot turn kinds off', async () => {
    expect(await q(`select 1 from public.staff_notifications where recipient_id = $1`, [traveler.userId])).toHaveLength(0);
    const read = await traveler.client.from('staff_notifications').select('id');
    expect(read.data).toEqual([]);
    const optOut = await traveler.client.from('staff_notification_opt_outs').insert({ user_id: traveler.userId, kind: 'booking_made' });
    expect(optOut.error?.code).toBe('42501');
  });
});

describe('the email log', () => {
  let failedId: string;
  let recoveryId: string;
  let receivedId: string;
  beforeAll(async () => {
    const email = async (kind: string, body: string, status: string) =>
      (
        await q<{ id: string }>(
          `insert into public.email_queue (to_address, subject, body_text, kind, status, attempts, last_error)
           values ('log-reader@example.com', 'Subject', $2, $1, $3, case when $3 = 'failed' then 10 else 1 end, case when $3 = 'failed' then '550 mailbox full' end) returning id`,
          [kind, body, status],
        )
      )[0].id;
    failedId = await email('balance_reminder', 'Your balance is due in 7 days.', 'failed');
    recoveryId = await email('password_recovery', 'Reset: http://localhost/auth/v1/verify?token=secret-recovery&type=recovery', 'sent');
    receivedId = await email('booking_received', 'Confirm: http://localhost/thank-you?reference=KS-1&confirm=secret-token&x=1', 'sent');
  });

  it('is the admins’: filtered and paged in SQL; agents and travelers are refused', async () => {
    const { data, error } = await admin.client.rpc('email_log', { p_status: 'failed', p_query: 'LOG-reader' });
    expect(error).toBeNull();
    const log = data as { total: number; kinds: string[]; rows: { id: string; status: string; to_address: string; withheld: boolean }[] };
    expect(log.total).toBe(1);
    expect(log.rows.map((row) => row.id)).toEqual([failedId]);
    expect(log.kinds).toContain('password_recovery');
    const page = await admin.client.rpc('email_log', { p_query: 'log-reader', p_limit: 2, p_offset: 2 });
    expect((page.data as { total: number; rows: unknown[] }).total).toBe(3);
    expect((page.data as { rows: unknown[] }).rows).toHaveLength(1);
    expect((await admin.client.rpc('email_log', { p_status: 'lost' })).error?.code).toBe('22023');

    for (const person of [agent, editor, traveler]) {
      expect((await person.client.rpc('email_log', {})).error?.code).toBe('42501');
      expect((await person.client.rpc('email_content', { p_email_id: failedId })).error?.code).toBe('42501');
    }
    expect((await server.client().rpc('email_log', {})).error?.code).toBe('42501');
    // The bodies stay out of reach of every API role, through the table too.
    expect((await admin.client.from('email_queue').select('body_text').eq('id', failedId)).error?.code).toBe('42501');
  });

  it('opens a message’s text, withholding sign-in links', async () => {
    const content = async (id: string) => {
      const { data, error } = await admin.client.rpc('email_content', { p_email_id: id }).single();
      expect(error).toBeNull();
      return data as { body_text: string | null; withheld: boolean };
    };
    expect(await content(failedId)).toMatchObject({ body_text: 'Your balance is due in 7 days.', withheld: false });
    expect(await content(recoveryId)).toMatchObject({ body_text: null, withheld: true });
    const received = await content(receivedId);
    expect(received.body_text).toContain('reference=KS-1&confirm=(withheld)&x=1');
    expect(received.body_text).not.toContain('secret-token');
  });

  it('sends a failed email again: pending, audited, then sent by the queue; others are refused', async () => {
    expect((await agent.client.rpc('retry_email', { p_email_id: failedId })).error?.code).toBe('42501');
    expect((await traveler.client.rpc('retry_email', { p_email_id: failedId })).error?.code).toBe('42501');
    expect((await admin.client.rpc('retry_email', { p_email_id: receivedId })).error?.code).toBe('22023');

    const retried = await admin.client.rpc('retry_email', { p_email_id: failedId });
    expect(retried.error).toBeNull();
    expect((await q(`select status, attempts from public.email_queue where id = $1`, [failedId]))[0]).toEqual({ status: 'pending', attempts: 0 });
    const audit = await q<{ actor_id: string; reason: string; old_values: { status: string }; new_values: { status: string } }>(
      `select actor_id, reason, old_values, new_values from public.audit_log where table_name = 'email_queue' and record_id = $1`,
      [failedId],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: admin.userId, reason: 'Sent again from the email log', old_values: { status: 'failed' }, new_values: { status: 'pending' } });

    await server.platform.ctx.mail.drain();
    expect((await q(`select status from public.email_queue where id = $1`, [failedId]))[0]).toEqual({ status: 'sent' });
    // Sending is the queue's, not an office change: nothing more in the audit log.
    expect(await q(`select 1 from public.audit_log where table_name = 'email_queue' and record_id = $1`, [failedId])).toHaveLength(1);
  });
});
