import path from 'node:path';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../platform/db/types.ts';
import type { BookingDocuments, DocumentAttachment } from '../documents/index.ts';
import { fileTransport, smtpTransport, type MailTransport } from './transport.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the email is for (password_recovery, signup_confirmation, booking_confirmed, ...). */
  kind: string;
  /** Documents to attach, named here and drawn when the email is sent. */
  attachments?: DocumentAttachment[];
}

export interface MailQueue {
  /** Stores the email in the queue (inside tx when given, so it commits with the caller's write). */
  enqueue(email: OutgoingEmail, tx?: Queryable): Promise<string>;
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now; returns how many were sent. */
  drain(): Promise<number>;
}

/** After this many failed attempts an email is marked failed and no longer retried. */
export const maxSendAttempts = 10;
const batchSize = 20;
/**
 * A picked row is leased for this long: another server instance skips it meanwhile, and if this
 * process dies mid-send the row becomes due again instead of being lost.
 */
const leaseSeconds = 600;

/** Seconds to wait before the next try after `attempts` failures: 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

interface QueuedRow {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  kind: string;
  attempts: number;
  attachments: DocumentAttachment[];
}

export function createMailQueue(
  config: Config,
  db: Database,
  log: (m: string, f?: Record<string, unknown>) => void,
  documents?: BookingDocuments,
): MailQueue {
  const transport: MailTransport = config.smtpUrl
    ? smtpTransport(config.smtpUrl)
    : fileTransport(path.join(config.dataDir, 'mail'));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function claimDue(): Promise<QueuedRow[]> {
    const { rows } = await db.query<QueuedRow>(
      `update public.email_queue
          set next_attempt_at = now() + make_interval(secs => $2)
        where id in (
          select id from public.email_queue
           where status = 'pending' and next_attempt_at <= now()
           order by next_attempt_at, created_at
           limit $1
           for update skip locked)
        returning id, to_address, subject, body_text, body_html, kind, attempts, attachments`,
      [batchSize, leaseSeconds],
    );
    return rows;
  }

  /** The email's documents, drawn now (as the server: the email was queued by whoever may send it). */
  async function attachmentsOf(row: QueuedRow) {
    if (row.attachments.length === 0) return undefined;
    if (!documents) throw new Error('This server cannot draw attachments');
    const drawn = [];
    for (const attachment of row.attachments) drawn.push(await documents.attachment(db, attachment));
    return drawn;
  }

  async function deliver(row: QueuedRow): Promise<boolean> {
    try {
      const attachments = await attachmentsOf(row);
      await transport.send({
        id: row.id,
        from: config.mailFrom,
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html,
        attachments,
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      const gaveUp = attempts >= maxSendAttempts;
      await db.query(
        `update public.email_queue
            set attempts = $2, last_error = $3, status = $4,
                next_attempt_at = now() + make_interval(secs => $5)
          where id = $1`,
        [row.id, attempts, message.slice(0, 1000), gaveUp ? 'failed' : 'pending', retryDelaySeconds(attempts)],
      );
      log(gaveUp ? 'email failed for good' : 'email not sent, will retry', { id: row.id, kind: row.kind, attempts, error: message });
      return false;
    }
    await db.query(
      `update public.email_queue set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id = $1`,
      [row.id],
    );
    log('email sent', { id: row.id, kind: row.kind, via: transport.name });
    return true;
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (let batch = await claimDue(); batch.length > 0; batch = await claimDue()) {
      for (const row of batch) if (await deliver(row)) sent++;
    }
    return sent;
  }

  /** One pass at a time: a tick while a pass is running is skipped, drain() waits for it. */
  function pass(): Promise<number> {
    running ??= sendDue().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    async enqueue(email, tx) {
      const to = email.to.trim();
      if (!to) throw new Error('An email needs a recipient');
      const { rows } = await (tx ?? db).query<{ id: string }>(
        `insert into public.email_queue (to_address, subject, body_text, body_html, kind, attachments)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [to, email.subject, email.text, email.html ?? null, email.kind, JSON.stringify(email.attachments ?? [])],
      );
      return rows[0].id;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => {
        pass().catch((error: unknown) => log('email sender pass failed', { error: String(error) }));
      }, config.emailTickMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      transport.close();
    },
    async drain() {
      await running?.catch(() => undefined);
      return pass();
    },
  };
}
