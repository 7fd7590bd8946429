// The offline app in Chromium against the built server (run `node scripts/build.mjs` first):
// what the service worker precaches, how long the home page takes to show from the caches with
// the network off (navigation start to the first tour card, median of BENCH_RUNS, default 5), and
// how long a first visit over a line with a phone's round trip (BENCH_RTT_MS, default 80) takes
// until the service worker controls the page, that is until the app works offline.
// Prints one JSON document.   node --import tsx bench/web.ts
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { repoRoot, startBuiltServer } from '../tests/e2e/built-server.ts';
import { benchSetting, lineTo, report } from './support.ts';

const runs = benchSetting('BENCH_RUNS', 5, 1);
const rttMs = benchSetting('BENCH_RTT_MS', 80, 10);

/** Milliseconds from a first visit's navigation until the service worker controls the page. */
async function timeToOfflineReady(page: Page, url: string): Promise<number> {
  await page.goto(url);
  return page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
    return Math.round(performance.now());
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Entries and stored bytes of each of the service worker's caches. */
function cacheFigures(page: Page) {
  return page.evaluate(async () => {
    const figures: Record<string, { entries: number; bytes: number }> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      let bytes = 0;
      const requests = await cache.keys();
      for (const request of requests) bytes += (await (await cache.match(request))!.arrayBuffer()).byteLength;
      figures[name] = { entries: requests.length, bytes };
    }
    return figures;
  });
}

/** Milliseconds from the navigation's start until a tour card is in the page. */
async function timeToHome(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => (document.querySelector('[data-testid="tour-card"]') ? performance.now() : 0), undefined, {
    polling: 'raf',
    timeout: 30_000,
  });
  return Math.round((await handle.jsonValue()) as number);
}

if (!existsSync(path.join(repoRoot, 'dist/sw.js')) || !existsSync(path.join(repoRoot, 'dist-server/server.mjs'))) {
  console.error('Build first: node scripts/build.mjs');
  process.exit(1);
}

const server = await startBuiltServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const firstVisitStart = Date.now();
  await page.goto(server.url);
  await page.getByTestId('tour-card').first().waitFor();
  const firstVisitMs = Date.now() - firstVisitStart;
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  // The first visit's reads reach the runtime cache shortly after the worker takes control.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && !(await cacheFigures(page))['public-data']) await page.waitForTimeout(100);

  const caches = await cacheFigures(page);
  const precache = Object.entries(caches).find(([name]) => name.startsWith('workbox-precache'))?.[1];

  await context.setOffline(true);
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) samples.push(await timeToHome(page));

  // A fresh visitor over a slower line: the service worker's install is a round trip per request.
  const line = await lineTo(Number(new URL(server.url).port), { roundTripMs: rttMs });
  const distant = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const offlineReadyMs = await timeToOfflineReady(await distant.newPage(), line.url);
  await distant.close();
  await line.close();

  report(
    {
      precache_bytes: precache?.bytes ?? 0,
      precache_entries: precache?.entries ?? 0,
      runtime_caches: Object.fromEntries(Object.entries(caches).filter(([name]) => !name.startsWith('workbox-precache'))),
      first_visit_home_ms: firstVisitMs,
      offline_home_from_cache_ms: { median: median(samples), samples },
      offline_ready_ms: { round_trip_ms: rttMs, from_navigation: offlineReadyMs },
      chromium: browser.version(),
    },
    precache ? [] : ['the service worker precached nothing'],
  );
} finally {
  await browser.close();
  await server.stop();
}
