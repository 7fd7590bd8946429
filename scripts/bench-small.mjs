// `npm run bench:small`: every bench of package.json (bench:*) in its small mode (BENCH_SMALL=1, see
// bench/support.ts), one after another, so that CI notices a bench that no longer runs. A bench
// passes when it exits 0 and prints one JSON document of its figures. Needs a build (npm test makes one).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const benches = Object.keys(scripts).filter((name) => name.startsWith('bench:') && name !== 'bench:small');
const failed = [];
for (const name of benches) {
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', name], {
    cwd: root,
    env: { ...process.env, BENCH_SMALL: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let figures;
  try {
    figures = JSON.parse(result.stdout.slice(result.stdout.indexOf('{')));
  } catch {
    figures = undefined;
  }
  if (result.status === 0 && figures && typeof figures === 'object') {
    console.log(`ok   ${name} (${seconds} s): ${JSON.stringify(figures).slice(0, 160)}...`);
  } else {
    failed.push(name);
    console.error(`FAIL ${name} (${seconds} s, exit ${result.status}):\n${result.stdout}`);
  }
}
if (failed.length) {
  console.error(`\nBenches that no longer run: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nAll ${benches.length} benches ran in their small mode.`);
