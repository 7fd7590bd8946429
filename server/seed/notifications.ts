import type { Queryable } from '../platform/db/types.ts';
import { insertRows } from './insert.ts';

/**
 * The staff's notifications and the email log as an office would find them. The triggers wrote a
 * notification for each booking, payment, enquiry and message the seed made, all stamped with the
 * seed's instant: each is dated as its record, the last three weeks are kept, and those older than
 * two days were read. The email log gains a few emails sent and three that failed for good (one a
 * password reset, whose body the log withholds), notified to the admins by the same trigger as in
 * production. Runs after seedOfficeYear.
 */
export async function seedStaffNotifications(tx: Queryable, today: Date): Promise<void> {
  await tx.query(
    `update public.staff_notifications n
        set created_at = coalesce(
          (select b.created_at from public.bookings b where n.kind in ('booking_made', 'hold_expiring') and b.id::text = n.record_id),
          (select coalesce(p.paid_at, p.created_at) from public.payments p where n.kind in ('payment_received', 'refund_due') and p.id::text = n.record_id),
          (select m.created_at from public.messages m where n.kind = 'traveler_message' and m.id::text = n.record_id),
          (select e.created_at from public.enquiries e where n.kind = 'enquiry_received' and e.id::text = n.record_id),
          n.created_at)`,
  );
  await tx.query(`delete from public.staff_notifications where created_at < $1::timestamptz - interval '21 days'`, [today.toISOString()]);
  await tx.query(`update public.staff_notifications set read_at = created_at + interval '3 hours' where created_at < $1::timestamptz - interval '2 days'`, [
    today.toISOString(),
  ]);

  const at = (daysAgo: number) => new Date(today.getTime() - daysAgo * 86_400_000).toISOString();
  const email = (to: string, subject: string, kind: string, body: string, daysAgo: number) => ({
    to_address: to,
    subject,
    kind,
    body_text: body,
    status: 'pending',
    attempts: 0,
    created_at: at(daysAgo),
    next_attempt_at: at(daysAgo),
  });
  const sent = [
    email('sofia.rossi@example.com', 'Your booking is confirmed', 'booking_confirmed', 'Jambo Sofia,\n\nYour safari is confirmed. We look forward to welcoming you in Arusha.\n\nKilele Safaris', 9),
    email('hello@kilelesafaris.co.tz', 'New enquiry: honeymoon in Zanzibar', 'enquiry_received', 'A new enquiry arrived through the website. Open the back office to answer it.', 6),
    email('liam.obrien@example.com', 'Payment received', 'payment_received', 'Hello Liam,\n\nWe received your deposit. Thank you!\n\nKilele Safaris', 4),
  ];
  const failed: [row: ReturnType<typeof email>, error: string][] = [
    [
      email('m.dubois@exmaple.com', 'Your balance is due soon', 'balance_reminder', 'Bonjour Marie,\n\nThe balance of your safari is due in 7 days. You can pay it from your booking page.\n\nKilele Safaris', 3),
      '550 5.1.1 <m.dubois@exmaple.com>: Recipient address rejected: domain does not exist',
    ],
    [
      email('jonas.berg@example.com', 'Your trip starts next week', 'pre_departure', 'Hello Jonas,\n\nYour trip starts next week. Your guide will meet you at Kilimanjaro airport.\n\nKilele Safaris', 1),
      '421 4.4.2 mail.example.com: connection timed out',
    ],
    [
      email('ana.silva@example.com', 'Reset your Kilele Safaris password', 'password_recovery', 'Hello,\n\nChoose a new password with the link we sent.', 2),
      '552 5.2.2 Mailbox full',
    ],
  ];
  await insertRows(tx, 'public.email_queue', [...sent, ...failed.map(([row]) => row)]);
  await tx.query(
    `update public.email_queue set status = 'sent', attempts = 1, sent_at = created_at + interval '1 minute'
      where status = 'pending' and to_address = any($1)`,
    [sent.map((row) => row.to_address)],
  );
  // They fail through the queue's own update, which notifies the admins.
  for (const [row, error] of failed) {
    await tx.query(
      `update public.email_queue set status = 'failed', attempts = 10, last_error = $2
        where status = 'pending' and to_address = $1`,
      [row.to_address, error],
    );
  }
  // The failure notifications are dated when the queue gave up, a few hours after the email was queued.
  await tx.query(
    `update public.staff_notifications n set created_at = q.created_at + interval '5 hours',
            read_at = case when q.created_at < $1::timestamptz - interval '2 days' then q.created_at + interval '7 hours' end
       from public.email_queue q
      where n.kind = 'email_failed' and n.record_id = q.id::text`,
    [today.toISOString()],
  );
  // Holds ending within a day, as the sweeper raises them after the server starts.
  await tx.query('select public.notify_staff_of_expiring_holds()');
}
