import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { hydrated } from './hydration.ts';
import { adminCredentials, api, openSignedIn, PASSWORD, signUp } from './rest-api.ts';

/**
 * The error screens that routes can show today (not found, a route that throws) in the real
 * browser, and error reports surviving a server that cannot be reached. The portal's and the back
 * office's screens have no routes yet; tests/unit/errors-screens.test.tsx renders them.
 */

// Page routes must see every request; a service worker would answer some of them itself.
test.use({ serviceWorkers: 'block' });

/** Node 20 has no WebSocket; the test never opens a realtime channel, so this is never constructed. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in this test');
  }
}

/** supabase-js signed in as the demo admin the server seeded (its password is in the data directory). */
async function adminClient(request: APIRequestContext, baseURL: string): Promise<SupabaseClient> {
  const config = (await (await request.get('/api/config')).json()) as { supabaseUrl: string | null; supabaseAnonKey: string };
  const client = createClient(config.supabaseUrl ?? baseURL, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: (globalThis.WebSocket ?? NoWebSocket) as unknown as typeof WebSocket },
  });
  const admin = await adminCredentials();
  const { error } = await client.auth.signInWithPassword(admin);
  expect(error).toBeNull();
  return client;
}

/**
 * The error reports waiting in the device database (IndexedDB 'kilele', table errorReports); null
 * until the app has made that database (it opens it once the first page has rendered), since opening
 * it here first would make an empty one and hold up the app's own upgrade.
 */
function keptErrorMessages(page: Page): Promise<string[] | null> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'kilele')) return null;
    return new Promise<string[] | null>((resolve, reject) => {
      const open = indexedDB.open('kilele');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('errorReports')) {
          db.close();
          resolve(null);
          return;
        }
        const read = db.transaction('errorReports').objectStore('errorReports').getAll();
        read.onsuccess = () => {
          db.close();
          // Oldest first, as the app keeps and sends them: by when each report was made.
          const rows = (read.result as { createdAt: number; report: { kind: string; body: { message: string } } }[]).sort((x, y) => x.createdAt - y.createdAt);
          resolve(rows.filter((row) => row.report.kind === 'errors').map((row) => row.report.body.message));
        };
        read.onerror = () => {
          db.close();
          reject(read.error);
        };
      };
    });
  });
}

test('an unknown address shows Page Not Found with Home and Browse Tours', async ({ page }) => {
  await page.goto('/no-such-safari/anywhere');
  const main = page.getByRole('alert');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'Browse Tours' })).toHaveAttribute('href', '/tours');
  // The site's own header stays, so the visitor is not lost.
  await expect(page.getByRole('banner')).toBeVisible();
});

test('a malformed id or token in an address shows that screen\'s not-found state, and no query carries it', async ({ page }) => {
  const malformed = 'not-an-id(1)';
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/(rest|api|storage)\//.test(request.url()) && decodeURIComponent(request.url()).includes(malformed)) asked.push(request.url());
  });
  const admin = await adminCredentials();
  await openSignedIn(page, admin.email, admin.password, '/admin');
  const screens: [string, string][] = [
    ['bookings', 'booking'], ['bookings/enquiries', 'enquiry'], ['bookings/quotes', 'quote'], ['clients', 'client'], ['tours', 'tour'],
    ['destinations', 'destination'], ['experiences', 'experience'], ['activities', 'activity'], ['guides', 'guide'], ['vehicles', 'vehicle'],
    ['manifests', 'trip'], ['field', 'trip'],
  ];
  for (const [list, what] of screens) {
    await page.goto(`/admin/${list}/${encodeURIComponent(malformed)}`);
    // Inside the back office's frame, with the way back to the list.
    await expect(page.getByRole('alert').filter({ hasText: `This ${what} could not be found` })).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeVisible();
  }
  await page.goto(`/quote/${encodeURIComponent(malformed)}`);
  await expect(page.getByRole('alert').filter({ hasText: 'This quote could not be found' })).toBeVisible();

  const traveler = await signUp(await api(page.request), 'Wrong Link Traveler');
  await openSignedIn(page, traveler.email, PASSWORD, '/traveler');
  await page.goto(`/traveler/bookings/${encodeURIComponent(malformed)}`);
  await expect(page.getByRole('alert').filter({ hasText: `We could not find booking ${malformed}` })).toBeVisible();
  expect(asked).toEqual([]);
});

test('the error pages load after the page is idle, and one that cannot be downloaded still leaves a way out', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/ErrorPages-[\w-]+\.js$/.test(request.url())) fetched.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByTestId('tour-card').first()).toBeVisible();
  await expect.poll(() => fetched.length, { timeout: 8_000 }).toBeGreaterThan(0);

  // A fresh page that cannot download them: after the retries, a plain message and Reload.
  await page.route(/\/assets\/ErrorPages-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.goto('/no-such-safari/anywhere');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible({ timeout: 10_000 });
  await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
});

test('a route that throws shows Something went wrong with Go Home and Go Back, and is reported', async ({ page, request, baseURL }) => {
  // The home page's code chunk is swapped for one whose component throws while rendering.
  await page.route(/\/assets\/_public-[\w-]+\.js$/, async (route) => {
    const original = await route.fetch();
    const source = await original.text();
    if (!source.includes('companyName:')) return route.fulfill({ response: original });
    return route.fulfill({
      response: original,
      body: "export const component = () => { throw new TypeError('Forced failure of the home page for the error screen test'); };",
    });
  });

  await page.goto('/no-such-safari');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  const reported = page.waitForResponse(
    (response) => response.url().endsWith('/api/errors') && (response.request().postData() ?? '').includes('Forced failure of the home page'),
  );
  await page.getByRole('alert').getByRole('link', { name: 'Home' }).click();

  const screen = page.getByRole('alert');
  await expect(screen.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
  await expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await expect(screen.getByRole('button', { name: 'Go Back' })).toBeVisible();

  const response = await reported;
  expect(response.status()).toBe(202);
  const { id } = (await response.json()) as { id: string };
  const admin = await adminClient(request, baseURL!);
  const { data, error } = await admin.from('error_reports').select('message, error_type, error_source, url, stack').eq('id', id).single();
  expect(error).toBeNull();
  expect(data).toMatchObject({
    message: 'Forced failure of the home page for the error screen test',
    error_type: 'Runtime',
    error_source: 'route',
    url: `${baseURL}/`,
  });
  expect(data!.stack).toContain('TypeError');

  await screen.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/no-such-safari$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
});

test('reports made while the server cannot be reached are kept, at most 10, and delivered when it is back', async ({ page, context, request, baseURL }) => {
  await page.route('**/api/errors', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  // The page shows from its HTML before the app (and its error reporter) has started.
  await hydrated(page);
  // The page's idle work has loaded its code (the chat widget comes last), so the connection dropped
  // below cuts none of its downloads: reports of those would push the ones under test out.
  await expect(page.getByTestId('chat-launcher')).toBeVisible({ timeout: 15_000 });

  const messages = Array.from({ length: 12 }, (_, i) => `Itinerary sync ${i + 1} failed ${Date.now()}`);
  // Uncaught errors, as the app would raise them: the window listener reports each.
  await page.evaluate((texts) => {
    texts.forEach((text, index) =>
      setTimeout(() => {
        throw new Error(text);
      }, index * 20),
    );
  }, messages);
  await expect.poll(() => keptErrorMessages(page), { timeout: 15_000 }).toEqual(messages.slice(2));

  // The server is reachable again; the browser's 'online' event sends what was kept.
  await page.unroute('**/api/errors');
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(() => keptErrorMessages(page), { timeout: 15_000 }).toEqual([]);

  const admin = await adminClient(request, baseURL!);
  const { data, error } = await admin.from('error_reports').select('message, error_source').in('message', messages);
  expect(error).toBeNull();
  expect(data!.map((row) => row.message).sort()).toEqual(messages.slice(2).sort());
  expect(new Set(data!.map((row) => row.error_source))).toEqual(new Set(['window.error']));
});
