import path from 'node:path';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { readClientManifest, routeScripts } from '../../server/seo/route-scripts.ts';
import { repoRoot } from './built-server.ts';
import { hydrated } from './hydration.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

interface FeaturedTour {
  title: string;
}

interface TourWithItinerary {
  slug: string;
  title: string;
  tour_itinerary: { day_number: number; title: string }[];
}

/**
 * Cuts the page off from the REST API: every /rest/v1 request fails as if the network dropped it.
 * Returns the URLs that were tried, so a test can tell which reads the page still attempted.
 */
async function blockRestApi(page: Page): Promise<string[]> {
  const attempted: string[] = [];
  await page.route('**/rest/v1/**', (route) => {
    attempted.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return attempted;
}

/** Error screens of the public site and of the app's root. */
async function expectNoErrorScreen(page: Page): Promise<void> {
  for (const title of ['Page Not Found', 'Unable to Load Page', 'Something went wrong']) {
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  }
  await expect(page.getByText('We could not load')).toHaveCount(0);
}

test.describe('first paint from the data inlined in the HTML', () => {
  test('a tour page shows its title and itinerary with the REST API unreachable', async ({ page, request }) => {
    // The database's view, read over plain REST by the test (not by the page).
    const config = (await (await request.get('/api/config')).json()) as { supabaseAnonKey: string };
    const headers = { apikey: config.supabaseAnonKey, authorization: `Bearer ${config.supabaseAnonKey}` };
    const response = await request.get('/rest/v1/tours', {
      headers,
      params: { select: 'slug,title,tour_itinerary(day_number,title)', status: 'eq.active', order: 'title.asc' },
    });
    expect(response.ok()).toBe(true);
    const tour = ((await response.json()) as TourWithItinerary[]).find((row) => row.tour_itinerary.length >= 2);
    expect(tour).toBeDefined();
    const days = [...tour!.tour_itinerary].sort((a, b) => a.day_number - b.day_number);

    const attempted = await blockRestApi(page);
    await page.goto(`/tours/${tour!.slug}`);

    await expect(page.getByRole('heading', { level: 1, name: tour!.title })).toBeVisible();
    await expect(page.getByText(/^Day 1$/).first()).toBeVisible();
    for (const day of days) await expect(page.getByRole('heading', { level: 3, name: day.title }).first()).toBeVisible();
    await expectNoErrorScreen(page);
    // The page did try the API (its background refresh), and every such read failed.
    await expect.poll(() => attempted.length).toBeGreaterThan(0);
  });

  test('the home page shows its featured tours with the REST API unreachable', async ({ page, request }) => {
    const config = (await (await request.get('/api/config')).json()) as { supabaseAnonKey: string };
    const headers = { apikey: config.supabaseAnonKey, authorization: `Bearer ${config.supabaseAnonKey}` };
    const response = await request.get('/rest/v1/tours', { headers, params: { select: 'title', status: 'eq.active', is_featured: 'eq.true' } });
    expect(response.ok()).toBe(true);
    const featuredTitles = new Set(((await response.json()) as FeaturedTour[]).map((row) => row.title));
    expect(featuredTitles.size).toBeGreaterThanOrEqual(3);

    await blockRestApi(page);
    await page.goto('/');

    const cards = page.getByTestId('tour-card');
    await expect(cards.nth(2)).toBeVisible();
    const shown = await cards.getByRole('heading', { level: 3 }).allTextContents();
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(shown.length).toBeLessThanOrEqual(6);
    for (const title of shown) expect(featuredTitles).toContain(title);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    // The hero and the destinations come with the page too.
    const heroes = await request.get('/rest/v1/heroes', { headers, params: { select: 'title', is_active: 'eq.true', order: 'display_order.asc' } });
    const [hero] = (await heroes.json()) as { title: string }[];
    await expect(page.getByRole('heading', { level: 1, name: hero.title })).toBeVisible();
    const destinations = await request.get('/rest/v1/destinations', { headers, params: { select: 'name', is_published: 'eq.true', order: 'display_order.asc,name.asc', limit: '1' } });
    const [first] = (await destinations.json()) as { name: string }[];
    await expect(page.getByText(first.name, { exact: true }).first()).toBeVisible();

    // So do the lower sections: experiences, the newest reviews, the latest posts and the partners.
    const read = async <T>(table: string, params: Record<string, string>) => {
      const rows = await request.get(`/rest/v1/${table}`, { headers, params });
      expect(rows.ok(), table).toBe(true);
      return (await rows.json()) as T[];
    };
    const [experience] = await read<{ title: string }>('experiences', { select: 'title', is_published: 'eq.true', order: 'display_order.asc,title.asc', limit: '1' });
    const [review] = await read<{ title: string; tour: { title: string } }>('reviews', {
      select: 'title,tour:tours!inner(title)',
      is_published: 'eq.true',
      'tour.status': 'eq.active',
      order: 'created_at.desc',
      limit: '1',
    });
    const [post] = await read<{ title: string }>('blog_posts', { select: 'title', status: 'eq.published', order: 'published_at.desc,title.asc', limit: '1' });
    const [partner] = await read<{ name: string }>('partner_logos', { select: 'name', is_active: 'eq.true', order: 'display_order.asc,name.asc', limit: '1' });
    await expect(page.getByRole('region', { name: 'Experiences' }).getByRole('heading', { level: 3, name: experience.title })).toBeVisible();
    const reviews = page.getByRole('region', { name: 'What travelers say' });
    await expect(reviews.getByRole('heading', { level: 3, name: review.title })).toBeVisible();
    await expect(reviews.getByRole('link', { name: review.tour.title }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Latest stories' }).getByRole('heading', { level: 3, name: post.title })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Licensed, trusted and connected' }).getByRole('img', { name: partner.name, exact: true })).toBeVisible();
    await expectNoErrorScreen(page);
  });

  test('a blog post and a content page show their text with the REST API unreachable', async ({ page, request }) => {
    const config = (await (await request.get('/api/config')).json()) as { supabaseAnonKey: string };
    const headers = { apikey: config.supabaseAnonKey, authorization: `Bearer ${config.supabaseAnonKey}` };
    const posts = await request.get('/rest/v1/blog_posts', { headers, params: { select: 'slug,title', order: 'published_at.desc', limit: '1' } });
    const [post] = (await posts.json()) as { slug: string; title: string }[];
    const pages = await request.get('/rest/v1/content_pages', { headers, params: { select: 'title', slug: 'eq.privacy-policy' } });
    const [privacy] = (await pages.json()) as { title: string }[];

    await blockRestApi(page);
    await page.goto(`/blog/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
    await expectNoErrorScreen(page);
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: privacy.title })).toBeVisible();
    await expectNoErrorScreen(page);
  });
});

async function firstTour(request: APIRequestContext): Promise<{ slug: string; title: string }> {
  const config = (await (await request.get('/api/config')).json()) as { supabaseAnonKey: string };
  const headers = { apikey: config.supabaseAnonKey, authorization: `Bearer ${config.supabaseAnonKey}` };
  const response = await request.get('/rest/v1/tours', { headers, params: { select: 'slug,title', status: 'eq.active', order: 'title.asc', limit: '1' } });
  expect(response.ok()).toBe(true);
  const [tour] = (await response.json()) as { slug: string; title: string }[];
  return tour;
}

/** supabase-js and Dexie, as the build names their chunks (vite.config.ts). */
const afterPaintLibraries = /\/assets\/(supabase-js|dexie)-[\w-]+\.js$/;

/**
 * Holds back every request for supabase-js and Dexie until `release` is called, so a test can show
 * what the page paints without them. Returns the URLs held.
 */
async function holdAfterPaintLibraries(page: Page): Promise<{ held: string[]; release(): Promise<void> }> {
  const waiting: Route[] = [];
  const held: string[] = [];
  await page.route(afterPaintLibraries, (route) => {
    held.push(route.request().url());
    waiting.push(route);
  });
  return {
    held,
    async release() {
      await page.unroute(afterPaintLibraries);
      // A request of a page already left cannot go on; only the current page's matter.
      for (const route of waiting.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}

test.describe('first paint without supabase-js and the device database', () => {
  // The service worker would answer the page's requests itself, out of page.route's sight.
  test.use({ serviceWorkers: 'block' });

  test('public pages preload neither library', async ({ request }) => {
    const tour = await firstTour(request);
    for (const path of ['/', '/tours', `/tours/${tour.slug}`]) {
      const markup = await (await request.get(path)).text();
      const scripts = [...markup.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(scripts.filter((script) => afterPaintLibraries.test(script)), path).toEqual([]);
    }
  });

  test('the home page and a tour page paint while both libraries are held back, then load them', async ({ page, request }) => {
    const tour = await firstTour(request);

    const libraries = await holdAfterPaintLibraries(page);
    await page.goto('/');
    await expect(page.getByTestId('tour-card').nth(2)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoErrorScreen(page);
    await page.goto(`/tours/${tour.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save to wishlist' })).toBeVisible();
    await expectNoErrorScreen(page);

    // Right after the paint (the background refresh, the outbox) the page asks for both, and gets them.
    await expect.poll(() => libraries.held.map((url) => afterPaintLibraries.exec(url)?.[1]).sort()).toEqual(expect.arrayContaining(['dexie', 'supabase-js']));
    const loaded = page.waitForResponse((response) => /\/assets\/supabase-js-/.test(response.url()) && response.ok());
    await libraries.release();
    await loaded;
    await expect(page.getByRole('heading', { level: 1, name: tour.title })).toBeVisible();
    await expectNoErrorScreen(page);
  });

  test('a visitor\'s home page asks for neither library until its content has rendered', async ({ page }) => {
    // The page's own clock: when the first tour card is in the DOM, against when each script was requested.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="tour-card"]')) return;
        (window as unknown as { contentRenderedAt: number }).contentRenderedAt = performance.now();
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
    const timings = () =>
      page.evaluate(() => ({
        contentRenderedAt: (window as unknown as { contentRenderedAt: number }).contentRenderedAt,
        requested: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/(supabase-js|dexie)-/.test(entry.name))
          .map((entry) => ({ name: /\/assets\/(supabase-js|dexie)-/.exec(entry.name)![1], startTime: entry.startTime })),
      }));
    // Afterwards (device sync, background refresh) the page does load them.
    await expect.poll(async () => new Set((await timings()).requested.map((library) => library.name))).toEqual(new Set(['supabase-js', 'dexie']));
    const { contentRenderedAt, requested } = await timings();
    for (const library of requested) expect(library.startTime, library.name).toBeGreaterThan(contentRenderedAt);
  });

  test('a server-rendered page paints before it asks for any of the app\'s scripts', async ({ page, request }) => {
    const tour = await firstTour(request);
    for (const path of ['/', `/tours/${tour.slug}`]) {
      const markup = await (await request.get(path)).text();
      const template = /<template id="scripts-after-first-paint">([\s\S]*?)<\/template>/.exec(markup)?.[1] ?? '';
      expect(template, path).toMatch(/<script type="module"[^>]*src="\/assets\/index-[\w-]+\.js"/);
      // Outside the template the page names no script to download.
      expect(markup.replace(template, ''), path).not.toMatch(/<(?:script|link)[^>]+(?:src|href)="\/assets\/[^"]+\.js"/);
      await page.goto(path);
      await hydrated(page);
      const { paintedAt, scripts } = await page.evaluate(() => ({
        paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
      expect(paintedAt, path).toBeGreaterThan(0);
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(Math.min(...scripts), path).toBeGreaterThanOrEqual(paintedAt);
    }
  });
  test("a server-rendered page names its routes' scripts with the entry, so hydration waits for no second round of downloads", async ({ page, request }) => {
    const tour = await firstTour(request);
    const manifest = readClientManifest(path.join(repoRoot, 'dist'));
    expect(manifest, 'the build has its manifest').not.toBeNull();
    // When the app marks the page hydrated, on the page's own clock.
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (!document.documentElement.hasAttribute('data-hydrated')) return;
        performance.mark('hydrated');
        observer.disconnect();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    const pages = [
      { path: '/', routeIds: ['__root__', '/_public', '/_public/'] },
      { path: `/tours/${tour.slug}`, routeIds: ['__root__', '/_public', '/_public/tours/$slug/'] },
      { path: '/blog', routeIds: ['__root__', '/_public', '/_public/blog/'] },
    ];
    for (const { path: pagePath, routeIds } of pages) {
      const routeChunks = routeScripts(manifest!, routeIds);
      expect(routeChunks.length, pagePath).toBeGreaterThan(1);
      const markup = await (await request.get(pagePath)).text();
      const template = /<template id="scripts-after-first-paint">([\s\S]*?)<\/template>/.exec(markup)?.[1] ?? '';
      const named = [...template.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
      expect(named, pagePath).toEqual(expect.arrayContaining(routeChunks));
      await page.goto(pagePath);
      await hydrated(page);
      const beforeHydration = await page.evaluate(() => {
        const hydratedAt = performance.getEntriesByName('hydrated')[0].startTime;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name) && entry.startTime < hydratedAt)
          .map((entry) => new URL(entry.name).pathname);
      });
      expect(beforeHydration, pagePath).toEqual(expect.arrayContaining(routeChunks));
    }
  });
});

test('scripts and styles go out brotli-compressed and cached for good; the page itself gzipped', async ({ request }) => {
  const html = await request.get('/tours', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(html.headers()['content-encoding']).toBe('gzip');
  const markup = await html.text();
  const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(markup)?.[1];
  const stylesheet = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(markup)?.[1];
  for (const asset of [entry, stylesheet]) {
    expect(asset).toMatch(/^\/assets\//);
    const response = await request.get(asset!, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(response.headers()['content-encoding']).toBe('br');
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await response.body()).length).toBeGreaterThan(100);
  }
  // The first screen's fonts are preloaded, so text does not jump when they arrive.
  const fonts = [...markup.matchAll(/<link rel="preload" as="font" type="font\/woff2" href="([^"]+)" crossorigin/g)].map((match) => match[1]);
  expect(fonts.map((font) => /\/assets\/([a-z-]+-\d+)-normal/.exec(font)?.[1]).sort()).toEqual(['dm-sans-latin-400', 'dm-sans-latin-500', 'dm-sans-latin-700', 'domine-latin-700', 'great-vibes-latin-400']);
  for (const font of fonts) expect((await request.get(font)).status()).toBe(200);
  // A font that misses the first paint is not swapped in later (that re-flowed the home hero).
  const css = await (await request.get(stylesheet!)).text();
  const displays = [...css.matchAll(/@font-face\{[^}]*?font-display:\s*([a-z]+)/g)].map((match) => match[1]);
  expect(displays.length).toBeGreaterThanOrEqual(fonts.length);
  expect(new Set(displays)).toEqual(new Set(['optional']));
  // The build's manifest is the server's (route-scripts.ts), not served as a page's file.
  expect((await request.get('/.vite/manifest.json')).status()).toBe(404);
  const plain = await request.get(entry!, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows in the light scheme: one logo, and the hero buttons in their colors', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    const logos = page.locator('header img');
    await expect(logos).toHaveCount(2);
    // The dark scheme's logo is there for switching, hidden in the light scheme.
    expect(await logos.evaluateAll((images) => images.filter((image) => getComputedStyle(image).display !== 'none').length)).toBe(1);
    const explore = page.getByRole('link', { name: 'Explore safaris' });
    await expect(explore).toBeVisible();
    // The brand's amber (#e39f48), as with JavaScript, not an unstyled dark-on-dark button.
    expect(await explore.evaluate((link) => getComputedStyle(link).backgroundColor)).toBe('rgb(227, 159, 72)');
  });
});
