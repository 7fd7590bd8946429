import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { controlledByServiceWorker } from './service-worker.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** The URLs held in one of the service worker's caches. */
function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    return (await (await caches.open(name)).keys()).map((request) => request.url);
  }, cacheName);
}

/**
 * One visit to the home page, until the service worker it installed controls the page and holds the
 * catalogue reads that visit made before the worker existed.
 */
async function visitHomeOnce(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.getByTestId('tour-card').nth(2)).toBeVisible();
  await controlledByServiceWorker(page);
  await expect.poll(async () => (await cachedUrls(page, 'public-data')).some((url) => url.includes('/rest/v1/tours?'))).toBe(true);
}

test.describe('offline', () => {
  test('after one visit, the home page reloads offline from the caches', async ({ page, context }) => {
    await visitHomeOnce(page);
    const header = page.getByRole('banner');
    const heading = page.getByRole('heading', { level: 1 });
    const cards = page.getByTestId('tour-card');
    const onlineHeading = await heading.textContent();
    const onlineTitles = await cards.getByRole('heading', { level: 3 }).allTextContents();
    const precached = await page.evaluate(async () => {
      const names = await caches.keys();
      const precache = names.find((name) => name.startsWith('workbox-precache'));
      return precache ? (await (await caches.open(precache)).keys()).map((request) => new URL(request.url).pathname) : [];
    });
    expect(precached).toContain('/app-shell.html');
    expect(precached).toContain('/offline.html');
    expect(precached.some((path) => /^\/assets\/.+\.js$/.test(path))).toBe(true);

    await context.setOffline(true);
    await page.reload();

    // The shell (with its runtime config), the home page's sections and their data, all from caches.
    await expect(header).toBeVisible();
    await expect(heading).toHaveText(onlineHeading!);
    await expect(cards.nth(2)).toBeVisible();
    expect(await cards.getByRole('heading', { level: 3 }).allTextContents()).toEqual(onlineTitles);
    await expect(page.getByText('We could not load')).toHaveCount(0);
    // Pictures from public storage too.
    const picture = cards.first().locator('img');
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test('a tour page visited once reloads offline with its itinerary', async ({ page, context }) => {
    await visitHomeOnce(page);
    const firstCard = page.getByTestId('tour-card').first();
    const title = (await firstCard.getByRole('heading', { level: 3 }).textContent())!.trim();
    await firstCard.getByRole('heading', { level: 3 }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const tourUrl = page.url();
    await expect(page.getByText(/^Day 1$/).first()).toBeVisible();
    await expect.poll(async () => (await cachedUrls(page, 'public-data')).some((url) => url.includes('slug=eq.'))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    expect(page.url()).toBe(tourUrl);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/^Day 1$/).first()).toBeVisible();
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
  });

  test('offline, an app route never visited opens in the shell; what was never cached gets the offline page', async ({ page, context }) => {
    await visitHomeOnce(page);
    await context.setOffline(true);

    // Never opened: the precached shell and route chunks render it (here the app's own not-found page).
    await page.goto('/never/opened-page');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

    // Not an app page and never cached: the offline page.
    for (const url of ['/api/health', '/brochures/serengeti-2027.pdf']) {
      await page.goto(url);
      await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open the home page' })).toBeVisible();
    }

    // From the offline page, the home page is one tap away and still works.
    await page.getByRole('link', { name: 'Open the home page' }).click();
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
  });

  test('signed-in and write traffic is never cached; the manifest describes the installable app', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
    await controlledByServiceWorker(page);
    const cacheNames = await page.evaluate(() => caches.keys());
    for (const name of cacheNames) {
      for (const url of await cachedUrls(page, name)) {
        expect(url).not.toContain('/auth/v1/');
        expect(url).not.toMatch(/\/rest\/v1\/(bookings|wishlist|users|payments)/);
      }
    }

    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as { name: string; display: string; start_url: string; icons: { src: string; purpose: string }[]; shortcuts: { name: string; url: string }[] };
    // Named from the active branding row, as the header shows it.
    const header = page.getByRole('banner');
    await expect(header.getByRole('img', { name: body.name }).or(header.getByText(body.name, { exact: true })).filter({ visible: true })).toBeVisible();
    expect(body.display).toBe('standalone');
    expect(body.start_url).toBe('/');
    expect(body.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ['My trips', '/traveler/bookings'],
      ['Tours', '/tours'],
    ]);
    for (const icon of body.icons) expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
    expect(body.icons.map((icon) => icon.purpose)).toContain('maskable');
    const sw = await request.get('/sw.js');
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['service-worker-allowed']).toBe('/');
  });
});
