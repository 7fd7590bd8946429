// The e2e suite's mail server: a real SMTP server on a local port that writes every message it
// receives as a .eml file into MAIL_DIR, where tests/e2e/mail.ts reads them. Started by
// playwright.config.ts beside the app server, whose SMTP_URL points here, so the app's emails go out
// over SMTP as in production.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.SMTP_SINK_PORT);
const mailDir = process.env.MAIL_DIR;
if (!port || !mailDir) throw new Error('SMTP_SINK_PORT and MAIL_DIR are required');

const server = new SMTPServer({
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      // The app server empties its data directory as it starts: the folder is made again as needed.
      mkdir(mailDir, { recursive: true })
        .then(() => writeFile(path.join(mailDir, name), Buffer.concat(chunks)))
        .then(() => callback(), callback);
    });
  },
});
server.listen(port, '127.0.0.1');
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
