import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { listen } from './platform/http/listen.ts';
import { createPlatform } from './platform.ts';

/**
 * PGlite's data directory must have exactly one owner process: a second writer silently loses rows.
 * Take a lock file holding our pid; refuse to start while another live process holds it.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  try {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid) {
      process.kill(pid, 0);
      console.error(`Another server (pid ${pid}) is using ${dataDir}. Stop it first, or set DATA_DIR.`);
      process.exit(1);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPERM') {
      console.error(`Another server is using ${dataDir}.`);
      process.exit(1);
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

// The page renderer (dist-server/ssr/, loaded later) takes React from node_modules, and React picks its
// build by NODE_ENV: unset, that is the development build, several times slower to render and full of
// checks that only matter while developing.
process.env.NODE_ENV ??= 'production';

const config = loadConfig();
const unlock = lockDataDir(config.dataDir);
const platform = await createPlatform(config);
if (platform.seeded) {
  const { adminEmail, adminPassword, credentialsFile, staff, staffFile } = platform.seeded;
  console.log(
    `\nDemo company seeded. Admin sign-in (shown once, also saved in ${credentialsFile}):\n  email:    ${adminEmail}\n  password: ${adminPassword}\n`,
  );
  console.log(`Staff sign-ins (shown once, also saved in ${staffFile}):`);
  for (const member of staff) console.log(`  ${member.role.padEnd(7)} ${member.email.padEnd(30)} ${member.password}`);
  console.log('');
}

const { server, port } = await listen(platform.app.fetch, config.port, config.host);
console.log(`Serving on http://localhost:${port} (database: ${platform.ctx.db.kind})`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.close();
  await platform.close();
  unlock();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
