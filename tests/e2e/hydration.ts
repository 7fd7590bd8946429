import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has hydrated a server-rendered public page (src/lib/hydration.ts marks it):
 * its content shows from the HTML before that, but a click on its buttons and menus is lost.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 15_000 });
}
