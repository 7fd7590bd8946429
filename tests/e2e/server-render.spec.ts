import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './hydration.ts';
import { collectConsoleErrors } from './console-errors.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

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
async function publicPages(request: APIRequestContext): Promise<{ path: string; heading: string | RegExp; shows?: string }[]> {
  const [tour] = await anonRead<{ slug: string; title: string }>(request, 'tours', { select: 'slug,title', status: 'eq.active', order: 'title.asc', limit: '1' });
  const [post] = await anonRead<{ slug: string; title: string; category: { slug: string; name: string } }>(request, 'blog_posts', {
    select: 'slug,title,category:blog_categories(slug,name)',
    order: 'published_at.desc',
    limit: '1',
  });
  const [tag] = await anonRead<{ slug: string; name: string }>(request, 'blog_tags', { select: 'slug,name', slug: 'eq.serengeti' });
  const [policy] = await anonRead<{ title: string }>(request, 'content_pages', { select: 'title', slug: 'eq.privacy-policy' });
  const [hero] = await anonRead<{ title: string }>(request, 'heroes', { select: 'title', is_active: 'eq.true', order: 'display_order.asc', limit: '1' });
  return [
    { path: '/', heading: hero.title },
    { path: '/tours', heading: /tours/i },
    { path: `/tours/${tour.slug}`, heading: tour.title },
    { path: '/blog', heading: 'Safari Journal' },
    { path: `/blog/${post.slug}`, heading: post.title },
    { path: `/blog/category/${post.category.slug}`, heading: post.category.name, shows: post.title },
    { path: `/blog/tag/${tag.slug}`, heading: tag.name },
    { path: '/privacy-policy', heading: policy.title },
  ];
}

const decodeEntities = (html: string) =>
  html.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** Holds the app's entry script until the returned function is called: the page shows from its HTML alone until then. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('public pages rendered on the server', () => {
  test('the HTML itself carries each page and its main heading, before any script runs', async ({ request }) => {
    for (const { path, heading, shows } of await publicPages(request)) {
      const html = await (await request.get(path)).text();
      const root = /<div id="root">([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(root)?.[1];
      expect(h1, `${path} has an h1 in its HTML`).toBeDefined();
      expect(decodeEntities(h1!).trim(), path).toMatch(typeof heading === 'string' ? new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : heading);
      expect(root, `${path} rendered without falling back to the browser`).not.toContain('Switched to client rendering');
      if (shows) expect(decodeEntities(root), path).toContain(shows);
    }
  });

  test('portal, sign-in and booking pages, and addresses the app rewrites, keep the plain shell', async ({ request }) => {
    // A booking email's link (?reference= becomes ?booking= in the browser): nothing to hydrate against.
    for (const path of ['/traveler/bookings', '/auth/login', '/thank-you?reference=KS-2026-AAAAA-BBBBB&email=guest%40example.com']) {
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

  test('the HTML links every stylesheet its page uses, so nothing shifts when the scripts arrive', async ({ page, request }) => {
    // The page shifts while it hydrates: each layout shift the browser reports, summed (CLS without windows).
    await page.addInitScript(() => {
      (window as unknown as { layoutShift: number }).layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) (window as unknown as { layoutShift: number }).layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
      // The stylesheets in the document when hydration ends (widgets that load later bring their own).
      new MutationObserver((_, observer) => {
        if (!document.documentElement.hasAttribute('data-hydrated')) return;
        (window as unknown as { stylesheetsAtHydration: string[] }).stylesheetsAtHydration = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
          (link) => new URL(link.href).pathname,
        );
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    for (const { path } of [...(await publicPages(request)), { path: '/contact' }]) {
      const html = await (await request.get(path)).text();
      const linked = new Set([...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((match) => match[1]));
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await hydrated(page);
      const used = await page.evaluate(() => (window as unknown as { stylesheetsAtHydration: string[] }).stylesheetsAtHydration);
      expect(used.filter((href) => !linked.has(href)), `${path}: stylesheets only the scripts added`).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift), path).toBeLessThan(0.05);
    }
  });

  test('a press, a submit or typing before the page has hydrated is kept for the app, and no form submits by itself', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });

    // The phone menu pressed while the app's code is still on its way opens once it has hydrated.
    let release = await holdAppScript(page);
    await page.goto('/tours', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await hydrated(page);
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.unrouteAll();

    // The contact form: its fields wait for the app, and 'Send message' pressed early checks the form
    // in the app instead of sending the empty fields in the address bar.
    release = await holdAppScript(page);
    await page.goto('/contact', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: 'Send us a message' });
    await expect(form.getByLabel('Your name')).not.toBeEditable();
    await form.getByRole('button', { name: 'Send message' }).click();
    expect(new URL(page.url()).search).toBe('');
    release();
    await hydrated(page);
    await expect(form.getByText('Please tell us your name')).toBeVisible();
    await expect(form.getByLabel('Your name')).toBeEditable();
    await form.getByLabel('Your name').fill('Amani Visitor');
    await expect(form.getByText('Please tell us your name')).toHaveCount(0);
    expect(new URL(page.url()).search).toBe('');
    await page.unrouteAll();

    // Two presses in a row come back in order, the second seeing what the first did.
    release = await holdAppScript(page);
    await page.goto('/start-planning', { waitUntil: 'commit' });
    await page.getByRole('checkbox', { name: /Serengeti National Park/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    release();
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'When would you like to travel?' })).toBeVisible();
    await page.unrouteAll();
    expect(errors).toEqual([]);
  });

  test('a device with a newer copy of the branding hydrates the page as the server rendered it', async ({ page, request }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/about');
    await hydrated(page);
    // The stored copy says something else, and is newer than any page the server sends.
    await page.evaluate(() => {
      const key = 'kilele:branding:v1';
      const stored = JSON.parse(localStorage.getItem(key)!) as { savedAt: number; branding: { companyName: string } };
      stored.savedAt = Date.now() + 60_000;
      stored.branding.companyName = 'Another Name On This Device';
      localStorage.setItem(key, JSON.stringify(stored));
    });
    const tours = await publicPages(request);
    await page.goto(tours[1].path);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Another Name On This Device')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a visitor who scrolls before the page has hydrated stays there; a later page starts at the top', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdAppScript(page);
    await page.goto('/tours', { waitUntil: 'commit' });
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 1500));
    release();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(1500);
    await page.unrouteAll();

    await page.getByTestId('tour-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/tours\/[\w-]+$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
