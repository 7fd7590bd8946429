// Public pages as the built server answers them once kept (run `node scripts/build.mjs` first): the
// time from request to the whole HTML of home, the tour list and a tour page, one visitor after
// another and twenty at once, so the work every page request does before its kept page shows.
// Prints one JSON document.   node --import tsx bench/pages.ts   (BENCH_REQUESTS, default 300)
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startBuiltServer } from '../tests/e2e/built-server.ts';
import { benchSetting, report, smallMode } from './support.ts';

const requests = benchSetting('BENCH_REQUESTS', 300, 20);
const concurrency = smallMode ? 4 : 20;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 100) / 100;
}

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

if (!existsSync(path.join(repoRoot, 'dist', 'index.html'))) throw new Error('Build first: node scripts/build.mjs');
const server = await startBuiltServer();
try {
  const [tour] = (await (await fetch(`${server.url}/rest/v1/tours?select=slug&status=eq.active&order=slug&limit=1`, { headers: { apikey: (await (await fetch(`${server.url}/api/config`)).json()).supabaseAnonKey } })).json()) as { slug: string }[];
  const pages = { home: '/', tours: '/tours', tour: `/tours/${tour.slug}` };
  const figures: Record<string, unknown> = {};
  for (const [name, pathname] of Object.entries(pages)) {
    const url = `${server.url}${pathname}`;
    for (let i = 0; i < 10; i++) await timed(url);
    const oneByOne: number[] = [];
    for (let i = 0; i < requests; i++) oneByOne.push(await timed(url));
    const atOnce: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let i = 0; i < requests / concurrency; i++) atOnce.push(await timed(url));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    figures[name] = {
      one_by_one_ms: { p50: percentile(oneByOne, 50), p95: percentile(oneByOne, 95) },
      [`${concurrency}_at_once_ms`]: { p50: percentile(atOnce, 50), p95: percentile(atOnce, 95) },
      [`${concurrency}_at_once_per_second`]: Math.round(atOnce.length / seconds),
    };
  }
  report({ requests, pages: figures });
} finally {
  await server.stop();
}
