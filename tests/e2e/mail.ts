import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from './fixtures.ts';
import { ownServer } from './servers.ts';

/** Where the worker's SMTP server (smtp-sink.ts) writes the emails its app server sends: one .eml each. */
export const mailDir = ownServer.mailDir;

/**
 * The message with its headers unfolded: a long header (a subject naming a long tour title) is cut
 * over several lines, each after the first starting with a space (RFC 5322, 2.2.3). The body is left
 * as it is: its lines may start with a space of their own.
 */
function unfoldHeaders(raw: string): string {
  const end = raw.search(/\r?\n\r?\n/);
  const headers = end === -1 ? raw : raw.slice(0, end);
  return headers.replace(/\r?\n(?=[ \t])/g, '') + (end === -1 ? '' : raw.slice(end));
}

/** The text of the newest .eml written to `to` (that contains `containing`), quoted-printable decoded. */
export async function emailTo(to: string, containing = ''): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const names = await readdir(mailDir).catch(() => [] as string[]);
        for (const name of names.sort().reverse()) {
          const raw = unfoldHeaders(await readFile(path.join(mailDir, name), 'utf8'));
          if (!raw.includes(`To: ${to}`)) continue;
          const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          if (!text.includes(containing)) continue;
          found = text;
          return true;
        }
        return false;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found;
}
