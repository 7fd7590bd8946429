// `npm test`: install what is missing (Chromium through apt-get), build, then run every suite:
// typecheck, lint, unit, platform (PGlite; PostgreSQL too when TEST_DATABASE_URL is set), platform-core
// (the platform alone, without the product's migrations), end-to-end.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild, ensureDependencies, must, run } from './lib.mjs';

// The end-to-end suite runs Chromium's headless shell; the benches (Lighthouse among them) run the full browser.
const browsers = { chromium: '/usr/bin/chromium', 'chromium-headless-shell': '/usr/bin/chromium-headless-shell' };

function ensureChromium() {
  const missing = Object.entries(browsers)
    .filter(([, binary]) => !existsSync(binary))
    .map(([name]) => name);
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(' and ')} (apt-get)...`);
  must('apt-get', ['update', '-qq']);
  must('apt-get', ['install', '-y', '-qq', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

ensureDependencies();
ensureChromium();
ensureBuild();

const suites = [
  ['typecheck', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', ['eslint', '.', '--max-warnings=0']],
  ['unit', ['vitest', 'run', '--project', 'unit']],
  ['platform', ['vitest', 'run', '--project', 'platform']],
  ['platform-core', ['vitest', 'run', '--project', 'platform-core']],
  ['e2e', ['playwright', 'test']],
];
// Each Vitest suite also writes its results as JSON, so that the failures of an early suite are named
// again at the very end: CI shows the tail of the output, where the end-to-end suite's list would
// otherwise have pushed them out of sight.
const resultsDir = mkdtempSync(path.join(tmpdir(), 'npm-test-'));
const resultsOf = (name) => path.join(resultsDir, `${name}.json`);
const vitestSuites = suites.filter(([, args]) => args[0] === 'vitest').map(([name]) => name);
const withResults = (name, args) => (vitestSuites.includes(name) ? [...args, '--reporter=default', '--reporter=json', `--outputFile.json=${resultsOf(name)}`] : args);

/** The failed tests of a Vitest suite, each with the first lines of its message. */
function failuresOf(name) {
  if (!existsSync(resultsOf(name))) return ['  (no results were written: the suite stopped before its end)'];
  const { testResults } = JSON.parse(readFileSync(resultsOf(name), 'utf8'));
  return testResults.flatMap((file) => {
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    const lines = tests.map((test) => `  ${path.relative(process.cwd(), file.name)} > ${test.fullName}\n${firstLines(test.failureMessages.join('\n'))}`);
    // A file that failed outside its tests (an import, a hook) says so in its own message.
    if (tests.length === 0 && file.status === 'failed') lines.push(`  ${path.relative(process.cwd(), file.name)}\n${firstLines(file.message ?? '')}`);
    return lines;
  });
}

/** A message's first lines, without the stack frames inside node_modules. */
const firstLines = (text) =>
  text
    .split('\n')
    .filter((line) => !line.includes('node_modules'))
    .slice(0, 12)
    .map((line) => `      ${line}`)
    .join('\n');

const failed = [];
for (const [name, args] of suites) {
  console.log(`\n=== ${name} ===`);
  if (run('npx', withResults(name, args)) !== 0) failed.push(name);
}
for (const name of failed.filter((suite) => vitestSuites.includes(suite))) {
  console.error(`\nFailed in ${name}:\n${failuresOf(name).join('\n')}`);
}
rmSync(resultsDir, { recursive: true, force: true });
if (failed.length) {
  console.error(`\nFailed suites: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll suites passed.');
