import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './hydration.ts';
import { controlledByServiceWorker } from './service-worker.ts';
import { repoRoot, startBuiltServer, type BuiltServer } from './built-server.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const run = promisify(execFile);

/** The check interval the page uses (see src/lib/pwa/update.ts): 2 s instead of 5 minutes. */
const CHECK_MS = 2000;

/**
 * Deploys a new build: the served index.html gets a build marker, scripts/build-sw.mjs writes the
 * service worker of that build, and the server restarts on the same port and data, as a deploy does.
 */
async function deployBuild(server: BuiltServer, buildId: string): Promise<void> {
  const indexFile = path.join(server.distDir, 'index.html');
  const html = (await readFile(indexFile, 'utf8')).replace(/<meta name="app-build"[^>]*>/, '');
  await writeFile(indexFile, html.replace('</head>', `<meta name="app-build" content="${buildId}"></head>`));
  await run(process.execPath, ['scripts/build-sw.mjs', server.distDir], { cwd: repoRoot });
  await server.restart();
}

const buildOfPage = (page: Page) => page.evaluate(() => document.querySelector('meta[name="app-build"]')?.getAttribute('content') ?? null);

/** The build marker inside the shell the active service worker precached. */
const buildOfPrecachedShell = (page: Page) =>
  page.evaluate(async () => {
    const name = (await caches.keys()).find((cacheName) => cacheName.startsWith('workbox-precache'));
    if (!name) return null;
    const cache = await caches.open(name);
    // The shell the worker opens uncached pages in (no page rendered in it): sw.ts's SHELL_URL.
    const shellKey = (await cache.keys()).find((request) => new URL(request.url).pathname === '/app-shell.html');
    const html = shellKey ? await (await cache.match(shellKey))!.text() : '';
    return /<meta name="app-build" content="([^"]+)"/.exec(html)?.[1] ?? null;
  });

test.describe('a new version while the page is open', () => {
  let server: BuiltServer;

  test.beforeAll(async () => {
    // A server of its own migrates and seeds a new database: on a busy two-core machine, over a minute.
    test.setTimeout(180_000);
    server = await startBuiltServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('raises Refresh/Later within the check interval; Later waits for the next version; Refresh loads it', async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((ms) => localStorage.setItem('kilele:pwa:update-check-ms', String(ms)), CHECK_MS);
    await page.goto(server.url);
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
    await controlledByServiceWorker(page);
    const notice = page.getByRole('status', { name: 'Update available' });
    await expect(notice).toHaveCount(0);

    await deployBuild(server, 'second');
    const deployedAt = Date.now();
    await expect(notice).toBeVisible({ timeout: 4 * CHECK_MS + 10_000 });
    // One check interval plus the new worker's install (restart and precaching included).
    expect(Date.now() - deployedAt).toBeLessThan(CHECK_MS + 10_000);
    await expect(notice.getByRole('button', { name: 'Refresh' })).toBeVisible();

    // Later: hidden, and it stays hidden through further checks of the same version.
    await notice.getByRole('button', { name: 'Later' }).click();
    await expect(notice).toHaveCount(0);
    await page.waitForTimeout(3 * CHECK_MS);
    await expect(notice).toHaveCount(0);
    expect(await buildOfPage(page)).toBeNull();

    // The next new version raises it again; Refresh switches to that version and reloads.
    await deployBuild(server, 'third');
    await expect(notice).toBeVisible({ timeout: 4 * CHECK_MS + 10_000 });
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: 'Refresh' }).click();
    await reloaded;
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
    expect(await buildOfPage(page)).toBe('third');
    expect(await buildOfPrecachedShell(page)).toBe('third');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    await expect(notice).toHaveCount(0);
  });
});

test.describe('installing the app', () => {
  /** What Chromium fires when the site may be installed; the page keeps it for later. */
  const offerInstall = (page: Page) =>
    page.evaluate(() => {
      const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          (window as unknown as { installPrompted: boolean }).installPrompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
      });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });

  test('is offered from the second page view, never on arrival, and rests after a no', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
    // The server-rendered page is the app's before the offer and the click (a busy machine hydrates late).
    await hydrated(page);
    // Kept (the browser's own banner suppressed), not shown on the page the visitor arrived on.
    expect(await offerInstall(page)).toBe(true);
    const dialog = page.getByRole('dialog', { name: 'Install the app' });
    await page.waitForTimeout(500);
    await expect(dialog).toHaveCount(0);

    await page.getByRole('banner').getByRole('link', { name: 'Tours', exact: true }).first().click();
    await expect(page).toHaveURL(/\/tours$/);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Install' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { installPrompted?: boolean }).installPrompted)).toBe(true);

    // Declined in the browser's dialog: not offered again on this device for a while.
    await page.goto('/');
    await hydrated(page);
    expect(await offerInstall(page)).toBe(true);
    await page.getByRole('banner').getByRole('link', { name: 'Tours', exact: true }).first().click();
    await expect(page).toHaveURL(/\/tours$/);
    await page.waitForTimeout(500);
    await expect(dialog).toHaveCount(0);
  });
});
