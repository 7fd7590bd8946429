import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
}

/** A file sent with a message (a booking's invoice or receipt). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** Where queued emails finally go: an SMTP server, or files on disk when none is configured. */
export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

function envelope(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? undefined,
    attachments: message.attachments?.map((file) => ({ filename: file.filename, contentType: file.contentType, content: Buffer.from(file.content) })),
    messageId: `<${message.id}@kilele-safaris.local>`,
  };
}

/** SMTP through nodemailer. Short timeouts so a hung server fails the attempt and the queue retries later. */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail(envelope(message));
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP each message is written as a standard .eml file that any mail client opens. */
export function fileTransport(dir: string): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'file',
    async send(message) {
      const info = await composer.sendMail(envelope(message));
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      await writeFile(path.join(dir, `${stamp}-${message.id}.eml`), info.message as Buffer);
    },
    close: () => composer.close(),
  };
}
