import { bookingEmail, companyEmailKinds, confirmEmailLink, type BookingEmailData, type BookingEmailKind, type EmailSite } from '../bookings/emails.ts';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../platform/db/types.ts';
import type { DocumentAttachment } from '../documents/index.ts';
import { activeCompany, addressOf } from '../mail/company.ts';
import type { MailQueue } from '../mail/queue.ts';

/**
 * Writes the emails bookings are owed (to the traveler; refund notices to the company) (public.booking_notifications, recorded by triggers and by
 * run_booking_schedule) into the email queue. Each notification is taken under a row lock that other
 * server instances skip, and its email is queued and the notification marked in one transaction, so
 * an email is queued exactly once; the mail queue then delivers it, retrying while SMTP is down.
 */

/** A notification whose email cannot be written (a bug, a missing row) is retried, then given up. */
const maxAttempts = 5;

export interface BookingEmailWriter {
  start(): void;
  stop(): Promise<void>;
  /** Writes every notification due now; returns how many emails were queued. */
  drain(): Promise<number>;
}

/** Emails that follow something the company did, not something a visitor typed. */
const staffActionKinds: ReadonlySet<BookingEmailKind> = new Set(['payment_received', 'refund_sent', 'booking_moved', 'booking_changed', 'trip_moved', 'invoice', 'receipt', 'refund_note']);

/** The PDFs an email carries: a payment's receipt with its receipt email, a refund's note with its refund email, the invoice with the invoice's. */
function attachmentsOf(kind: BookingEmailKind, bookingId: string, paymentId: string | null): DocumentAttachment[] {
  if ((kind === 'payment_received' || kind === 'receipt') && paymentId) return [{ document: 'receipt', booking_id: bookingId, payment_id: paymentId }];
  if ((kind === 'refund_sent' || kind === 'refund_note') && paymentId) return [{ document: 'refund_note', booking_id: bookingId, payment_id: paymentId }];
  if (kind === 'invoice') return [{ document: 'invoice', booking_id: bookingId }];
  return [];
}

interface Due {
  id: string;
  kind: BookingEmailKind;
}

/** Everything an email says, read in one statement as JSON (the same types from PGlite and node-postgres). */
const loadData = `
  select jsonb_build_object(
    'booking', jsonb_build_object(
      'reference', b.booking_reference, 'status', b.status, 'currency', b.currency, 'total', b.total_amount,
      'adults', b.adults, 'children', b.children, 'contact', b.contact, 'lines', b.price_breakdown,
      'owned', b.user_id is not null, 'payment_method', b.payment_method,
      'cancelled_at', b.cancelled_at, 'cancellation_reason', b.cancellation_reason, 'amount_paid', b.amount_paid,
      'refund_owed', (select coalesce(sum(r.amount), 0) from public.payments r where r.booking_id = b.id and r.status = 'refund_due'),
      'refund_owed_method', (select r.method from public.payments r where r.booking_id = b.id and r.status = 'refund_due' order by r.created_at desc limit 1),
      'refund_sent', (select coalesce(sum(r.amount), 0) from public.payments r where r.booking_id = b.id and r.status = 'refunded'),
      'hold_secured', b.contact_verified_at is not null or b.hold_approved_at is not null),
    'booking_id', b.id,
    'payment_id', n.payment_id,
    'invoice_number', (select i.number from public.booking_invoices i where i.booking_id = b.id),
    'details', n.details,
    'recipient', coalesce(nullif(b.contact ->> 'email', ''), u.email),
    'has_account', exists (select 1 from public.users x where lower(x.email) = lower(b.contact ->> 'email')),
    'tour', jsonb_build_object('title', t.title, 'slug', t.slug, 'start_location', t.start_location, 'included', to_jsonb(t.included)),
    'departure', case when d.id is not null then jsonb_build_object('start_date', d.start_date, 'end_date', d.end_date,
                                                                     'departure_cancelled', d.status = 'cancelled' and not d.is_private) end,
    'first_day', (select jsonb_build_object('title', i.title) from public.tour_itinerary i where i.tour_id = t.id order by i.day_number limit 1),
    'schedule', public.payment_schedule_of(b),
    'payment', (select jsonb_build_object('amount', p.amount, 'currency', p.currency, 'method', p.method, 'reference', p.provider_reference,
                                          'paid_at', coalesce(p.paid_at, p.created_at), 'provider', p.provider,
                                          'refund_method', p.refund_method, 'refunded_at', p.refunded_at, 'refund_reference', p.refund_reference,
                                          -- A receipt counts the payments up to its own, whenever it is written.
                                          'paid_to_date', (select sum(q.amount) from public.payments q
                                                            where q.booking_id = b.id and q.status = 'succeeded' and q.currency = b.currency
                                                              and (q.created_at, q.id) <= (p.created_at, p.id)))
                  from public.payments p where p.id = n.payment_id),
    'instructions', (select jsonb_build_object('bank_name', pi.bank_name, 'account_name', pi.account_name, 'account_number', pi.account_number,
                                               'swift_code', pi.swift_code, 'branch', pi.branch, 'pay_on_arrival', pi.pay_on_arrival)
                       from public.payment_instructions pi where pi.is_active limit 1)
  ) as data
    from public.booking_notifications n
    join public.bookings b on b.id = n.booking_id
    join public.tours t on t.id = b.tour_id
    left join public.tour_departures d on d.id = b.departure_id
    left join public.users u on u.id = b.user_id
   where n.id = $1`;

export function createBookingEmailWriter(
  config: Config,
  db: Database,
  mail: MailQueue,
  site: EmailSite,
  log: (message: string, fields?: Record<string, unknown>) => void,
): BookingEmailWriter {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** Queues the email of one due notification; false when none was due. */
  async function writeNext(): Promise<{ queued: boolean } | undefined> {
    let taken: Due | undefined;
    try {
      return await db.transaction(async (tx) => {
        const { rows } = await tx.query<Due>(
          `select id, kind from public.booking_notifications
            where status = 'pending' and next_attempt_at <= now()
            order by created_at
            limit 1
            for update skip locked`,
        );
        taken = rows[0];
        if (!taken) return undefined;
        return { queued: await write(tx, taken) };
      });
    } catch (error) {
      if (!taken) throw error;
      const message = error instanceof Error ? error.message : String(error);
      const { rows } = await db.query<{ status: string }>(
        `update public.booking_notifications
            set attempts = attempts + 1, last_error = $2,
                status = case when attempts + 1 >= $3 then 'failed' else 'pending' end,
                next_attempt_at = now() + make_interval(mins => 5 * (attempts + 1))
          where id = $1
          returning status`,
        [taken.id, message.slice(0, 1000), maxAttempts],
      );
      log('booking email not written', { notification: taken.id, kind: taken.kind, status: rows[0]?.status, error: message });
      return { queued: false };
    }
  }

  async function skip(tx: Queryable, due: Due, reason: string): Promise<false> {
    await tx.query(`update public.booking_notifications set status = 'skipped', skip_reason = $2 where id = $1`, [due.id, reason]);
    return false;
  }

  async function write(tx: Queryable, due: Due): Promise<boolean> {
    const { rows } = await tx.query<{ data: BookingEmailData & { recipient: string | null; booking_id: string; payment_id: string | null } }>(loadData, [due.id]);
    const data = rows[0]?.data;
    const company = await activeCompany(tx, addressOf(config.mailFrom));
    const toCompany = companyEmailKinds.has(due.kind);
    const recipient = toCompany ? company.email : data?.recipient;
    if (!data || !recipient) return skip(tx, due, 'no email address');
    // Whoever types an address into a booking form makes us write to it: a few booking emails an hour
    // per address (rule booking.emails). Emails that follow the team's own acts (a payment, a refund,
    // a change made by the office) are never held back.
    if (!toCompany && !staffActionKinds.has(due.kind)) {
      const { rows: waited } = await tx.query<{ wait: number }>('select public.rate_limit_wait($1, $2) as wait', ['booking.emails', recipient.toLowerCase()]);
      if (waited[0].wait > 0) return skip(tx, due, 'too many booking emails to this address within the hour');
    }
    if (due.kind === 'booking_received' && data.booking.status === 'pending' && !data.booking.hold_secured) {
      const { rows: issued } = await tx.query<{ token: string }>('select public.issue_booking_contact_token($1) as token', [data.booking_id]);
      data.confirm_link = confirmEmailLink(site, data.booking.reference, recipient, issued[0].token);
    }
    const email = bookingEmail(due.kind, company, site, data);
    const attachments = toCompany ? [] : attachmentsOf(due.kind, data.booking_id, data.payment_id);
    const emailId = await mail.enqueue({ to: recipient, kind: due.kind, ...email, attachments }, tx);
    await tx.query(`update public.booking_notifications set status = 'queued', queued_at = now(), email_id = $2, last_error = null where id = $1`, [
      due.id,
      emailId,
    ]);
    return true;
  }

  async function writeDue(): Promise<number> {
    let queued = 0;
    for (let next = await writeNext(); next; next = await writeNext()) if (next.queued) queued++;
    return queued;
  }

  /** One pass at a time: a tick while a pass is running is skipped, drain() waits for it. */
  function pass(): Promise<number> {
    running ??= writeDue().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        pass()
          .then(async (queued) => {
            // Written emails go out now rather than on the mail queue's next tick.
            if (queued > 0) await mail.drain();
          })
          .catch((error: unknown) => log('booking email pass failed', { error: String(error) }));
      }, config.emailTickMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    async drain() {
      await running?.catch(() => undefined);
      return pass();
    },
  };
}
