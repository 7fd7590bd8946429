import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';
import { repoRoot } from './built-server.ts';
import { api, rest } from './rest-api.ts';

/**
 * The initial JavaScript of each public page: the scripts its server-rendered HTML names (the entry,
 * its modulepreloads and the page's route chunks), as gzip bodies (level 9), in KB. Bytes, not
 * timings, so the check is the same on any machine. The aim is 170 KB on every page; until a page
 * is there its budget is what it weighs now, so it can only shrink. Lower a budget when a page gets
 * lighter; never raise one without finding what grew (npm run bench:lighthouse prints the same figure).
 */
const AIM_KB = 170;
const budgetKb: Record<string, number> = {
  home: 172,
  tours: 174,
  tour: 175,
  destinations: 163,
  destination: 167,
  experiences: 163,
  blog: 165,
  post: 170,
  about: 173,
  contact: 179,
  planning: 180,
};

function initialScriptsKb(html: string, pageUrl: string): number {
  const tags = html.matchAll(/<(?:script type="module"[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g);
  const paths = new Set([...tags].map((match) => new URL(match[1], pageUrl).pathname));
  let bytes = 0;
  for (const pathname of paths) bytes += gzipSync(readFileSync(path.join(repoRoot, 'dist', pathname)), { level: 9 }).length;
  return Math.round((bytes / 1024) * 10) / 10;
}

test('every public page loads no more initial JavaScript than its budget', async ({ request, baseURL }) => {
  const a = await api(request);
  const first = async (table: string) => (await rest<{ slug: string }[]>(a, a.anonKey, 'GET', `${table}?select=slug&order=slug&limit=1`))[0].slug;
  const pages: Record<string, string> = {
    home: '/',
    tours: '/tours',
    tour: `/tours/${await first('tours')}`,
    destinations: '/destinations',
    destination: `/destinations/${await first('destinations')}`,
    experiences: '/experiences',
    blog: '/blog',
    post: `/blog/${await first('blog_posts')}`,
    about: '/about',
    contact: '/contact',
    planning: '/start-planning',
  };
  const weights: Record<string, number> = {};
  for (const [name, pathname] of Object.entries(pages)) {
    const response = await request.get(pathname);
    expect(response.status(), pathname).toBe(200);
    weights[name] = initialScriptsKb(await response.text(), `${baseURL}${pathname}`);
  }
  test.info().annotations.push({ type: 'initial JavaScript, KB gzip', description: JSON.stringify(weights) });
  const over = Object.entries(weights).filter(([name, kb]) => kb > budgetKb[name]);
  expect(over, `over budget (aim: ${AIM_KB} KB): ${JSON.stringify(weights)}`).toEqual([]);
});

/** The server bundle's files that load with it: server.mjs and the chunks it imports statically. */
function staticallyLoaded(dir: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(path.join(dir, file), 'utf8');
  for (const match of code.matchAll(/^import\s+(?:[^'"]*?\s+from\s+)?"\.\/([^"]+\.mjs)";?$/gm)) staticallyLoaded(dir, match[1], seen);
  return seen;
}

test('the production server loads the demo seed only when it seeds: the seed is a chunk of its own', () => {
  const dir = path.join(repoRoot, 'dist-server');
  const seedDefinition = 'async function seedDemoCompany(';
  const loaded = [...staticallyLoaded(dir, 'server.mjs')];
  expect(loaded.length).toBeGreaterThan(0);
  for (const file of loaded) expect(readFileSync(path.join(dir, file), 'utf8'), file).not.toContain(seedDefinition);
  const seedChunks = readdirSync(dir).filter((file) => file.endsWith('.mjs') && readFileSync(path.join(dir, file), 'utf8').includes(seedDefinition));
  expect(seedChunks).toHaveLength(1);
  expect(readFileSync(path.join(dir, 'server.mjs'), 'utf8')).toContain(`import("./${seedChunks[0]}")`);
});
