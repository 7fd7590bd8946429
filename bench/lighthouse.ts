// Lighthouse (mobile, simulated slow 4G and a 4x slower CPU, its defaults) on the public pages of the
// built app, and the JavaScript each page loads: what arrives before the page is interactive, and
// with the lazy chat widget after it. Build first (`node scripts/build.mjs`). Median of BENCH_RUNS
// (default 3) runs per page; prints one JSON document.   npm run bench:lighthouse
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { repoRoot, startBuiltServer } from '../tests/e2e/built-server.ts';
import { benchSetting, report, smallMode } from './support.ts';

const runs = benchSetting('BENCH_RUNS', 3, 1);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface PageFigures {
  scores: Record<(typeof categories)[number], number>;
  first_contentful_paint_ms: number;
  largest_contentful_paint_ms: number;
  total_blocking_time_ms: number;
  cumulative_layout_shift: number;
  /**
   * Compressed script in KB. entry: the app's entry and its modulepreloads (what the plain shell
   * names), which every visit downloads before the app runs. with_route: that and the page's route
   * chunks, which the server names beside them (server/seo/route-scripts.ts): everything the page
   * needs to hydrate, the initial JavaScript of the aim of 170 KB. loaded: every script fetched while
   * Lighthouse watched, what loads once the page is idle (supabase-js, Dexie) included, the chat
   * widget not; with_chat: that and the chat widget. These four are as sent (Lighthouse's transfer
   * sizes: brotli bodies and response headers). initial_gzip: the scripts with_route counts, as
   * gzip bodies alone (level 9), the measure of the aim.
   */
  js_kb: { entry: number; with_route: number; initial_gzip: number; loaded: number; with_chat: number };
  failing_audits: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The paths of the scripts a page's HTML names: its module entry and the modulepreloads beside it (a server-rendered page's inside its template). */
async function namedScripts(url: string): Promise<Set<string>> {
  const html = await (await fetch(url)).text();
  const tags = html.matchAll(/<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g);
  return new Set([...tags].map((match) => new URL(match[1], url).pathname));
}

/** The gzip size (level 9) of the scripts at these paths in the served build. */
function gzipBytes(distDir: string, pathnames: Iterable<string>): number {
  let bytes = 0;
  for (const pathname of pathnames) bytes += gzipSync(readFileSync(path.join(distDir, pathname)), { level: 9 }).length;
  return bytes;
}

/**
 * Lighthouse's own report of the page's load. Now and then Chromium's trace of a load comes back
 * without its start (NO_NAVSTART: "Please run Lighthouse again"), about once in forty loads here:
 * that load is run again, up to twice, rather than failing the bench.
 */
async function lighthouseReport(url: string, port: number) {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...categories] };
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (lhr.runtimeError.code !== 'NO_NAVSTART' || attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
}

async function auditPage(url: string, port: number, distDir: string): Promise<PageFigures> {
  const lhr = await lighthouseReport(url, port);
  const audit = (id: string) => lhr.audits[id];
  const requests = ((audit('network-requests')?.details as { items?: NetworkRequest[] } | undefined)?.items ?? []).filter(
    (request) => request.resourceType === 'Script',
  );
  const scriptBytes = (list: NetworkRequest[]) => list.reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  const inShell = await namedScripts(new URL('/app-shell.html', url).href);
  const inPage = await namedScripts(url);
  const entry = requests.filter((request) => inShell.has(new URL(request.url).pathname));
  const withRoute = requests.filter((request) => inPage.has(new URL(request.url).pathname));
  const loaded = requests.filter((request) => !/\/ChatWidget-[^/]+\.js/.test(request.url));
  return {
    scores: Object.fromEntries(categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as PageFigures['scores'],
    first_contentful_paint_ms: Math.round(audit('first-contentful-paint')?.numericValue ?? 0),
    largest_contentful_paint_ms: Math.round(audit('largest-contentful-paint')?.numericValue ?? 0),
    total_blocking_time_ms: Math.round(audit('total-blocking-time')?.numericValue ?? 0),
    cumulative_layout_shift: Math.round((audit('cumulative-layout-shift')?.numericValue ?? 0) * 1000) / 1000,
    js_kb: { entry: kb(scriptBytes(entry)), with_route: kb(scriptBytes(withRoute)), initial_gzip: kb(gzipBytes(distDir, inPage)), loaded: kb(scriptBytes(loaded)), with_chat: kb(scriptBytes(requests)) },
    failing_audits: Object.values(lhr.audits)
      .filter((entry) => entry.score !== null && entry.score < 0.9 && entry.scoreDisplayMode !== 'informative' && entry.scoreDisplayMode !== 'manual')
      .map((entry) => entry.id),
  };
}

/** The median run by performance score, so its figures belong together. */
function medianRun(samples: PageFigures[]): PageFigures {
  const target = median(samples.map((sample) => sample.scores.performance));
  return samples.reduce((best, sample) =>
    Math.abs(sample.scores.performance - target) < Math.abs(best.scores.performance - target) ? sample : best,
  );
}

if (!existsSync(path.join(repoRoot, 'dist/index.html')) || !existsSync(path.join(repoRoot, 'dist-server/server.mjs'))) {
  console.error('Build first: node scripts/build.mjs');
  process.exit(1);
}

const server = await startBuiltServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const anonKey = ((await (await fetch(`${server.url}/api/config`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
  // What the public may read is what is published (row security), so the first row is a live page.
  const firstSlug = async (table: string, order: string) =>
    ((await (await fetch(`${server.url}/rest/v1/${table}?select=slug&order=${order}&limit=1`, { headers: { apikey: anonKey } })).json()) as { slug: string }[])[0].slug;
  // The small mode audits the home page alone.
  const pages: Record<string, string> = smallMode
    ? { home: '/' }
    : {
        home: '/',
        tours: '/tours',
        tour_detail: `/tours/${await firstSlug('tours', 'title')}`,
        destinations: '/destinations',
        destination: `/destinations/${await firstSlug('destinations', 'slug')}`,
        experiences: '/experiences',
        about: '/about',
        contact: '/contact',
        blog: '/blog',
        blog_post: `/blog/${await firstSlug('blog_posts', 'slug')}`,
        start_planning: '/start-planning',
      };
  // Each page once before measuring: a fresh server's first answer for a page reads its data and
  // compiles the code on the way (a start-up cost a running site has long paid).
  for (const pathname of Object.values(pages)) await (await fetch(server.url + pathname)).text();
  const figures: Record<string, PageFigures & { performance_samples: number[] }> = {};
  for (const [name, pathname] of Object.entries(pages)) {
    const samples: PageFigures[] = [];
    for (let run = 0; run < runs; run++) samples.push(await auditPage(server.url + pathname, chrome.port, server.distDir));
    figures[name] = { ...medianRun(samples), performance_samples: samples.map((sample) => sample.scores.performance) };
  }
  report({ runs_per_page: runs, pages: figures });
} finally {
  chrome.kill();
  await server.stop();
}
