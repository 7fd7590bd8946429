import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from './fixtures.ts';
import { ownServer } from './servers.ts';

/** Where the worker's SMTP server (smtp-sink.ts) writes the emails its app server sends: one .eml each. */
export const mailDir = ownServer.mailDir;

/** The text of the newest .eml written to `to` (that contains `containing`), quoted-printable decoded. */
export async function emailTo(to: string, containing = ''): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const names = await readdir(mailDir).catch(() => [] as string[]);
        for (const name of names.sort().reverse()) {
          const raw = await readFile(path.join(mailDir, name), 'utf8');
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
