// The outbox chaos run (tests/e2e/outbox-chaos.ts) at length: BENCH_SEEDS seeds (default 10) of
// BENCH_ACTIONS actions each (default 100), each in a fresh browser context against the built server
// (run `node scripts/build.mjs` first). Prints one JSON document: actions run, how many were made
// offline, seconds from back online to all on the server, and the seeds that lost, doubled or
// showed an older value (a failed run names its seed; replay it with CHAOS_SEED in the e2e spec).
//   node --experimental-websocket --import tsx bench/outbox-chaos.ts
import { chromium, request as apiRequest } from 'playwright-core';
import { startBuiltServer } from '../tests/e2e/built-server.ts';
import { runChaos } from '../tests/e2e/outbox-chaos.ts';
import { benchSetting, report } from './support.ts';

const seeds = benchSetting('BENCH_SEEDS', 10, 1);
const actions = benchSetting('BENCH_ACTIONS', 100, 4);

const server = await startBuiltServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const figures = { seeds, actions_per_seed: actions, actions: 0, offline_actions: 0, failed_seeds: [] as { seed: number; problem: string }[], seconds_to_sync: [] as number[] };
try {
  for (let index = 0; index < seeds; index += 1) {
    const seed = 1000 + index * 7919;
    const context = await browser.newContext({ baseURL: server.url });
    const request = await apiRequest.newContext({ baseURL: server.url });
    try {
      const outcome = await runChaos(context, request, { seed, actions });
      figures.actions += outcome.actions;
      figures.offline_actions += outcome.offlineActions;
      figures.seconds_to_sync.push(outcome.secondsToSync);
    } catch (error) {
      figures.failed_seeds.push({ seed, problem: String(error instanceof Error ? error.message : error).split('\n').slice(0, 12).join('\n') });
    } finally {
      await context.close();
      await request.dispose();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
report(
  { ...figures, lost_doubled_or_wrong: figures.failed_seeds.length },
  figures.failed_seeds.map(({ seed, problem }) => `seed ${seed}: ${problem}`),
);
