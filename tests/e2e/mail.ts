import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from './fixtures.ts';

/** Where the e2e suite's SMTP server (smtp-sink.ts) writes the emails the app sends: one .eml each, under its DATA_DIR. */
export const mailDir = path.resolve(process.env.E2E_DATA_DIR ?? '.data-e2e', 'mail');

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
