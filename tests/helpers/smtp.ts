import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, with its subject and parts decoded for reading. */
export interface ReceivedEmail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The text/plain part (or the whole body of a single-part message), decoded. */
  text: string;
  /** The text/html part, decoded; '' when there is none. */
  html: string;
}

export interface SmtpSink {
  port: number;
  url: string;
  received: ReceivedEmail[];
  close(): Promise<void>;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, charset: string, encoding: string, data: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
      return bytes.toString(charset.toLowerCase() === 'utf-8' ? 'utf8' : 'latin1');
    });
}

function headersOf(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitHead(source: string): [Map<string, string>, string] {
  const match = /\r?\n\r?\n/.exec(source);
  if (!match) return [headersOf(source), ''];
  return [headersOf(source.slice(0, match.index)), source.slice(match.index + match[0].length)];
}

function decodeBody(body: string, encoding = ''): string {
  if (/quoted-printable/i.test(encoding)) {
    const binary = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(binary, 'latin1').toString('utf8');
  }
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The plain-text and HTML parts of a body, looking inside nested multiparts (text and HTML beside attachments). */
function textParts(headers: Map<string, string>, body: string): { text: string; html: string } {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) {
    const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
    if (/text\/html/i.test(type)) return { text: '', html: decoded };
    return { text: /^text\/plain/i.test(type) ? decoded : '', html: '' };
  }
  let text = '';
  let html = '';
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const [partHeaders, partBody] = splitHead(part.replace(/^\r?\n/, ''));
    const found = textParts(partHeaders, partBody.replace(/\r?\n$/, ''));
    text ||= found.text;
    html ||= found.html;
  }
  return { text, html };
}

/** Reads a raw message: the subject, and the plain-text and HTML parts of a (multipart) body. */
export function readEmail(raw: string): { subject: string; text: string; html: string } {
  const [headers, body] = splitHead(raw);
  const subject = decodeWords(headers.get('subject') ?? '');
  // A single-part message is read whole, whatever its type.
  if (!/boundary=/i.test(headers.get('content-type') ?? '')) return { subject, text: decodeBody(body, headers.get('content-transfer-encoding')), html: '' };
  const { text, html } = textParts(headers, body);
  return { subject, text: text.replace(/\r\n/g, '\n'), html };
}

/** A real SMTP server on a local port that keeps what it receives. */
export async function startSmtp(port = 0): Promise<SmtpSink> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...readEmail(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const address = server.server.address() as { port: number };
  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until read() returns something (an email arriving), or fails after the timeout. */
export async function until<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
