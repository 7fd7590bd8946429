// `npm test`: install what is missing (Chromium through apt-get), build, then run every suite:
// typecheck, lint, unit, platform (PGlite; PostgreSQL too when TEST_DATABASE_URL is set), platform-core
// (the platform alone, without the product's migrations), end-to-end.
import { existsSync } from 'node:fs';
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
const failed = [];
for (const [name, args] of suites) {
  console.log(`\n=== ${name} ===`);
  if (run('npx', args) !== 0) failed.push(name);
}
if (failed.length) {
  console.error(`\nFailed suites: ${failed.join(', ')}`);
  process.exit(1);
}
console.log('\nAll suites passed.');
