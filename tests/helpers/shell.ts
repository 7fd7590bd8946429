import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The app shell the server fills in for each public page, as the build would write it (no scripts of its own). */
export const shellFixture = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Default shell description." />
    <title>Kilele Safaris</title>
    <script type="module" crossorigin src="/assets/index-test.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** A dist directory holding only the shell, so a test server serves its public pages without a build. */
export async function shellDist(): Promise<string> {
  const distDir = await mkdtemp(path.join(os.tmpdir(), 'shell-dist-'));
  await writeFile(path.join(distDir, 'index.html'), shellFixture);
  return distDir;
}
