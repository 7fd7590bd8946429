import type { BrowserContext, Page } from '@playwright/test';

/**
 * Lie-fi: from now on every request that leaves the device (the page's and the service worker's)
 * neither answers nor fails. What the service worker answers from its caches never leaves.
 * A page that waits on any request before it shows never shows.
 */
export async function hangTheNetwork(context: BrowserContext): Promise<void> {
  await context.route('**/*', () => undefined);
}

/** The network answers again (requests already hung stay so until their page goes). */
export async function releaseTheNetwork(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
}

/**
 * Makes the session the device holds an hour old, as after a morning with no signal: its access
 * token is past its expiry, so supabase-js refreshes it over the network before it answers.
 */
export async function ageTheSession(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((name) => /^sb-.+-auth-token$/.test(name))) {
      const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
      localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 3600 }));
    }
  });
}
