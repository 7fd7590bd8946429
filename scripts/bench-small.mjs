// `npm run bench:small`: every bench of package.json (bench:*) in its small mode (BENCH_SMALL=1, see
// bench/support.ts), so that CI notices a bench that no longer runs. A bench passes when it exits 0
// and prints one JSON document of its figures. Needs a build (npm test makes one).
// Two run at a time: a small bench mostly waits (a server starting, a browser loading), and its
// figures mean nothing, so sharing the two cores costs it nothing that matters (159 s one by one).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib.mjs';

const AT_ONCE = 2;
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
// The slowest first (small mode, measured: offline 56 s, lighthouse 42, admin 40, booking 34, outbox 30,
// web 27, platform 24, pages 16), so that the last one left never runs alone for long.
const slowestFirst = ['bench:offline', 'bench:lighthouse', 'bench:admin', 'bench:booking', 'bench:outbox', 'bench:web', 'bench:platform'];
const rank = (name) => (slowestFirst.includes(name) ? slowestFirst.indexOf(name) : slowestFirst.length);
const benches = Object.keys(scripts)
  .filter((name) => name.startsWith('bench:') && name !== 'bench:small')
  .sort((a, b) => rank(a) - rank(b));

// The seeded templates the benches copy, made before two benches could each start making them.
const prepared = spawnSync(process.execPath, ['--import', 'tsx', 'bench/prepare-templates.ts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (prepared.status !== 0) {
  console.error('Preparing the benches\' templates failed');
  process.exit(1);
}
const templateHash = prepared.stdout.trim().split('\n').at(-1);

/** Runs one bench; resolves with its exit status, its output and its error output. */
function runBench(name) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { cwd: root, env: { ...process.env, BENCH_SMALL: '1', TEST_TEMPLATE_HASH: templateHash }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

function figuresOf(stdout) {
  try {
    return JSON.parse(stdout.slice(stdout.indexOf('{')));
  } catch {
    return undefined;
  }
}

const failed = [];
const waiting = [...benches];
async function worker() {
  for (let name = waiting.shift(); name; name = waiting.shift()) {
    const started = Date.now();
    const { status, stdout, stderr } = await runBench(name);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const figures = figuresOf(stdout);
    if (status === 0 && figures && typeof figures === 'object') {
      console.log(`ok   ${name} (${seconds} s): ${JSON.stringify(figures).slice(0, 160)}...`);
      if (stderr.trim()) console.log(stderr.trimEnd());
    } else {
      failed.push(name);
      console.error(`FAIL ${name} (${seconds} s, exit ${status}):\n${stdout}\n${stderr}`);
    }
  }
}
await Promise.all(Array.from({ length: AT_ONCE }, worker));
if (failed.length) {
  console.error(`\nBenches that no longer run: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`\nAll ${benches.length} benches ran in their small mode.`);
