import { expect, test, type APIRequestContext } from '@playwright/test';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** Node 20 has no WebSocket; the test never opens a realtime channel, so this is never constructed. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in this test');
  }
}

/** A supabase-js client configured the way the app configures itself: from the server's runtime config. */
async function anonClient(request: APIRequestContext, baseURL: string): Promise<SupabaseClient> {
  const config = (await (await request.get('/api/config')).json()) as { supabaseUrl: string | null; supabaseAnonKey: string };
  return createClient(config.supabaseUrl ?? baseURL, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: (globalThis.WebSocket ?? NoWebSocket) as unknown as typeof WebSocket },
  });
}

test('the home page shows the company and featured tours from the database', async ({ page, request, baseURL }) => {
  const db = await anonClient(request, baseURL!);
  const branding = await db.from('branding_settings').select('company_name').eq('is_active', true).single();
  expect(branding.error).toBeNull();
  const featured = await db.from('tours').select('title').eq('status', 'active').eq('is_featured', true);
  expect(featured.error).toBeNull();
  const featuredTitles = new Set((featured.data ?? []).map((tour) => tour.title as string));
  expect(featuredTitles.size).toBeGreaterThanOrEqual(3);

  await page.goto('/');

  // The name shows as the wordmark's text, or as the uploaded logo's alternative text.
  const companyName = branding.data!.company_name as string;
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: companyName }).or(header.getByText(companyName, { exact: true })).filter({ visible: true })).toBeVisible();
  const cards = page.getByTestId('tour-card');
  await expect(cards.nth(2)).toBeVisible();
  const shownTitles = await cards.getByRole('heading', { level: 3 }).allTextContents();
  expect(shownTitles.length).toBeGreaterThanOrEqual(3);
  expect(shownTitles.length).toBeLessThanOrEqual(6);
  for (const title of shownTitles) expect(featuredTitles).toContain(title);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the burger opens the menu', async ({ page }) => {
    await page.goto('/');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await expect(mainNav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    for (const label of ['Tours', 'Destinations', 'Experiences', 'Blog', 'About', 'Contact']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Plan my trip' })).toBeVisible();
  });
});
