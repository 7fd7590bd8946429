import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { hydrated } from './hydration.ts';

/** The anonymous visitor's read of one public table, as the test's own REST call (not the page's). */
async function anonRead<T>(request: APIRequestContext, table: string, params: Record<string, string>): Promise<T[]> {
  const config = (await (await request.get('/api/config')).json()) as { supabaseAnonKey: string };
  const response = await request.get(`/rest/v1/${table}`, {
    headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${config.supabaseAnonKey}` },
    params,
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as T[];
}

/** The public pages to check, with the main heading each shows. */
async function publicPages(request: APIRequestContext): Promise<{ path: string; heading: string | RegExp }[]> {
  const [tour] = await anonRead<{ slug: string; title: string }>(request, 'tours', { select: 'slug,title', status: 'eq.active', order: 'title.asc', limit: '1' });
  const [post] = await anonRead<{ slug: string; title: string }>(request, 'blog_posts', { select: 'slug,title', order: 'published_at.desc', limit: '1' });
  const [policy] = await anonRead<{ title: string }>(request, 'content_pages', { select: 'title', slug: 'eq.privacy-policy' });
  const [hero] = await anonRead<{ title: string }>(request, 'heroes', { select: 'title', is_active: 'eq.true', order: 'display_order.asc', limit: '1' });
  return [
    { path: '/', heading: hero.title },
    { path: '/tours', heading: /tours/i },
    { path: `/tours/${tour.slug}`, heading: tour.title },
    { path: `/blog/${post.slug}`, heading: post.title },
    { path: '/privacy-policy', heading: policy.title },
  ];
}

const decodeEntities = (html: string) =>
  html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** Console errors (React reports a hydration mismatch there) and uncaught exceptions of the page. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('public pages rendered on the server', () => {
  test('the HTML itself carries each page and its main heading, before any script runs', async ({ request }) => {
    for (const { path, heading } of await publicPages(request)) {
      const html = await (await request.get(path)).text();
      const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1];
      expect(h1, `${path} has an h1 in its HTML`).toBeDefined();
      expect(decodeEntities(h1!).trim(), path).toMatch(typeof heading === 'string' ? new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : heading);
      expect(root, `${path} rendered without falling back to the browser`).not.toContain('Switched to client rendering');
    }
  });

  test('portal, sign-in and booking pages keep the plain shell', async ({ request }) => {
    for (const path of ['/traveler/bookings', '/auth/login']) {
      expect(await (await request.get(path)).text(), path).toContain('<div id="root"></div>');
    }
    // The service worker's offline shell is no page at all.
    expect(await (await request.get('/app-shell.html')).text()).toContain('<div id="root"></div>');
  });

  test('the browser hydrates the server-rendered page in place, without a mismatch or console error', async ({ page, request }) => {
    const pages = await publicPages(request);
    const errors = collectConsoleErrors(page);
    for (const { path, heading } of pages) {
      // The app's script waits until the server's heading is marked: the mark tells whether React kept that node.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'commit' });
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      await expect(h1).toBeVisible();
      await h1.evaluate((element) => Object.assign(element, { fromServer: true }));
      release();
      await hydrated(page);
      expect(await h1.evaluate((element) => 'fromServer' in element), `${path} kept the server's heading`).toBe(true);
      await page.waitForLoadState('networkidle');
      await page.unrouteAll();
      expect(errors, path).toEqual([]);
    }
  });
});
