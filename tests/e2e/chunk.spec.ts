import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './hydration.ts';

// Request interception does not see requests a service worker answers; this is about the page alone.
test.use({ serviceWorkers: 'block' });

/** A code-split route chunk of the built app: one the entry script imports dynamically. */
async function aRouteChunk(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/')).text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  const code = await (await request.get(entry!)).text();
  // Route chunks only, named after their route file (_public.tsx is the public layout's): the chat
  // widget, the toaster and the outbox indicator are lazy chunks too, but load after the page.
  const chunk = [...code.matchAll(/import\(`\.\/([^`]+\.js)`\)/g)].map((match) => match[1]).find((name) => name.startsWith('_public-'));
  expect(chunk).toBeTruthy();
  // The page names it beside the entry (failChunk takes that out).
  expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${chunk}">`);
  return `/assets/${chunk}`;
}

interface Watch {
  /** When each attempt to fetch the chunk started, in ms after the first. */
  attempts: () => number[];
  documentLoads: () => number;
}

/**
 * Makes the chunk fail during its first `failures` attempts (an attempt is a burst of requests: Vite
 * may fetch a chunk twice at once, through its modulepreload link and the import itself; a page
 * load starts a new one), and records the attempts and the page loads. The server names the page's
 * route chunks in the HTML, to download beside the entry (route-scripts.ts): that link is taken out
 * here, so the attempts counted are the app's own imports, which the retries are about.
 */
async function failChunk(page: Page, chunk: string, failures: number): Promise<Watch> {
  const starts: number[] = [];
  let last = 0;
  let documents = 0;
  let documentOfLast = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
  });
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(`<link rel="modulepreload" crossorigin href="${chunk}">`, '');
      await route.fulfill({ response, body: html });
    },
  );
  await page.route(`**${chunk}`, async (route) => {
    const now = Date.now();
    if (starts.length === 0 || now - last > 400 || documents !== documentOfLast) starts.push(now);
    last = now;
    documentOfLast = documents;
    if (starts.length <= failures) await route.abort('failed');
    else await route.continue();
  });
  return {
    attempts: () => starts.map((start) => start - starts[0]),
    documentLoads: () => documents,
  };
}

function expectNear(actual: number, expected: number, tolerance = 600) {
  expect(actual).toBeGreaterThanOrEqual(expected - 150);
  expect(actual).toBeLessThanOrEqual(expected + tolerance);
}

test('a route chunk that fails twice is fetched again after 1 s and 2 s, and the page shows without a reload', async ({ page, request }) => {
  const chunk = await aRouteChunk(request);
  const watch = await failChunk(page, chunk, 2);
  await page.goto('/');
  // The server-rendered page shows at once; the app hydrates it once the third attempt loads the chunk.
  await expect(page.getByTestId('tour-card').first()).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => watch.attempts().length, { timeout: 15_000 }).toBe(3);
  const [first, second, third] = watch.attempts();
  expect(first).toBe(0);
  expectNear(second, 1000);
  expectNear(third, 3000);
  await hydrated(page);
  expect(watch.documentLoads()).toBe(1);
});

test('the third failure reloads the page once; failing again after the reload shows the error screen, not a reload loop', async ({ page, request }) => {
  const chunk = await aRouteChunk(request);
  const watch = await failChunk(page, chunk, Number.POSITIVE_INFINITY);
  const started = Date.now();
  await page.goto('/');
  await expect.poll(() => watch.documentLoads(), { timeout: 10_000 }).toBe(2);
  const reloadedAfter = Date.now() - started;
  const [first, second, third] = watch.attempts();
  expect(first).toBe(0);
  expectNear(second, 1000);
  expectNear(third, 3000);
  expect(reloadedAfter).toBeGreaterThanOrEqual(2800);

  // Still failing after the reload: three more attempts, then the error screen instead of a reload loop.
  await expect.poll(() => watch.attempts().length, { timeout: 10_000 }).toBe(6);
  await page.waitForTimeout(1500);
  expect(watch.documentLoads()).toBe(2);
  await expect(page.getByRole('alert').getByRole('heading', { level: 1 })).toBeVisible();
});

test('after a reload for a failed chunk, a successful load clears the reload guard', async ({ page, request }) => {
  const chunk = await aRouteChunk(request);
  const watch = await failChunk(page, chunk, Number.POSITIVE_INFINITY);
  await page.goto('/');
  await expect.poll(() => watch.documentLoads(), { timeout: 10_000 }).toBe(2);
  // The deployment is healthy again before the reloaded page's first attempt fails for good.
  await page.unroute(`**${chunk}`);
  await expect(page.getByTestId('tour-card').first()).toBeVisible({ timeout: 15_000 });
  await hydrated(page);
  const guards = await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('kilele:chunk-reload:')));
  expect(guards).toEqual([]);
});
