import { expect, type Page } from '@playwright/test';

/** Every run's screenshots, to look at after it. Playwright empties test-results when a run starts. */
const screenshotDir = 'test-results/screenshots';

/**
 * Screenshots are for people to look at, not checks: taking them (a whole page in parts, its lazy
 * images loaded first) is a good share of a test's time, so a run takes them only when asked with
 * E2E_SCREENSHOTS=1. The wait for hydration below happens either way, so a test behaves the same.
 */
const takeScreenshots = process.env.E2E_SCREENSHOTS === '1';

/** How long a screenshot waits for the page's images before it is taken anyway. */
const IMAGE_WAIT_MS = 5_000;

/**
 * Saves what the page shows as test-results/screenshots/<name>-<viewport width>[-<part>].png.
 * By default the whole page, in parts of 1600px so a long page stays readable, with the images
 * below the fold loaded first (they are lazy, and a screenshot does not scroll to them);
 * `{ wholePage: false }` takes the viewport as it is. A server-rendered page is hydrated first, so the
 * screenshot shows what the visitor can use and touching its images changes nothing React compares.
 */
export async function saveScreenshot(page: Page, name: string, options: { wholePage?: boolean } = {}): Promise<void> {
  await expect(page.locator('html[data-hydrating]')).toHaveCount(0, { timeout: 15_000 });
  if (!takeScreenshots) return;
  const width = page.viewportSize()!.width;
  if (options.wholePage === false) {
    await page.screenshot({ path: `${screenshotDir}/${name}-${width}.png` });
    return;
  }
  await page.evaluate(async (waitMs) => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    const settled = Promise.all(images.map((image) => image.decode().catch(() => undefined)));
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, waitMs))]);
  }, IMAGE_WAIT_MS);
  // The page's height is read again for each part: a list that re-renders between two parts can
  // make the page shorter, and a clip past its end is refused.
  const heightNow = () => page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, part = 1, height = await heightNow(); y < height; y += 1600, part += 1, height = await heightNow()) {
    const clip = () => ({ x: 0, y, width, height: Math.max(1, Math.min(1600, height - y)) });
    await page.screenshot({ path: `${screenshotDir}/${name}-${width}-${part}.png`, fullPage: true, clip: clip() }).catch(async (error: unknown) => {
      if (!String(error).includes('Clipped area')) throw error;
      height = await heightNow();
      if (y < height) await page.screenshot({ path: `${screenshotDir}/${name}-${width}-${part}.png`, fullPage: true, clip: clip() });
    });
  }
}
