// Shared steps of `npm start` and `npm test`. Plain Node with no dependencies: it runs before
// node_modules exists.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function must(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${status})`);
    process.exit(status);
  }
}

/** Installs node_modules from the lockfile when missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies (npm ci)...');
  must('npm', ['ci', '--no-audit', '--no-fund']);
}

function filesUnder(dir) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [dir];
  return readdirSync(full).flatMap((name) => filesUnder(path.join(dir, name)));
}

/** A fingerprint of everything that goes into the build. */
function sourceHash() {
  const hash = createHash('sha256');
  const inputs = ['src', 'shared', 'server', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs', 'scripts/build-sw.mjs'];
  for (const file of inputs.flatMap(filesUnder).sort()) {
    hash.update(file).update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex');
}

/** Builds the app and the server bundle unless the last build came from the same sources. */
export function ensureBuild() {
  const stamp = path.join(root, 'dist-server', '.source-hash');
  const hash = sourceHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash && existsSync(path.join(root, 'dist', 'index.html'))) {
    return;
  }
  must('node', ['scripts/build.mjs', 'scripts/build-sw.mjs']);
  writeFileSync(stamp, hash);
}
