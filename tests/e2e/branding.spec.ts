import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { adminCredentials } from './rest-api.ts';

/** Node 20 has no WebSocket; the test never opens a realtime channel, so this is never constructed. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in this test');
  }
}

/** The demo admin, signed in through supabase-js as the back office would be. */
async function adminClient(request: APIRequestContext, baseURL: string): Promise<SupabaseClient> {
  const config = (await (await request.get('/api/config')).json()) as { supabaseUrl: string | null; supabaseAnonKey: string };
  const db = createClient(config.supabaseUrl ?? baseURL, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: (globalThis.WebSocket ?? NoWebSocket) as unknown as typeof WebSocket },
  });
  // The server writes the demo admin's credentials at its first start, into its data directory.
  const credentials = await adminCredentials();
  const { error } = await db.auth.signInWithPassword({ email: credentials.email, password: credentials.password });
  expect(error).toBeNull();
  return db;
}

const PAGES = ['/', '/tours', '/about', '/contact'];
/** The server keeps each page's head and inlined data for 60 s (server/seo SEO_CACHE_TTL_MS). */
const SEO_CACHE_WAIT_MS = 75_000;

/**
 * Waits until the server's HTML for every page names `companyName` in its <title>: a page cached
 * before the change is served until its 60 s are up, then built afresh.
 */
async function waitForServedTitles(request: APIRequestContext, companyName: string): Promise<void> {
  for (const pagePath of PAGES) {
    await expect
      .poll(async () => /<title>([^<]*)<\/title>/.exec(await (await request.get(pagePath)).text())?.[1] ?? '', {
        timeout: SEO_CACHE_WAIT_MS,
        intervals: [2_000],
      })
      .toContain(companyName);
  }
}

/**
 * Every page, opened by a visitor with nothing in localStorage (a new browser context), shows
 * companyName in its <title>, the header's home link and the footer's copyright line.
 */
async function expectBrandingOnEveryPage(browser: Browser, companyName: string, primaryColor: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    for (const pagePath of PAGES) {
      await page.goto(pagePath);
      await expect(page).toHaveTitle(new RegExp(companyName));
      await expect(page.getByRole('banner').getByRole('link', { name: `${companyName} home` }).filter({ visible: true })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByText(`© ${new Date().getFullYear()} ${companyName}.`)).toBeVisible();
      // The brand palette is built around the branding colour, unchanged at shade 5 (src/lib/palette.ts).
      const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-brand-5').trim());
      expect(primary.toLowerCase()).toBe(primaryColor.toLowerCase());
    }
  } finally {
    await context.close();
  }
}

interface BrandingRow {
  id: string;
  company_name: string;
  primary_color: string;
}

test('Branding changed in the database shows on every page after the cache expires or is cleared; with no branding row the defaults apply', async ({
  browser,
  request,
  baseURL,
}) => {
  // Two waits for the server's page cache to expire, at most 60 s each.
  test.setTimeout(4 * 60_000);
  const db = await adminClient(request, baseURL!);
  const original = await db.from('branding_settings').select('id, company_name, primary_color').eq('is_active', true).single<BrandingRow>();
  expect(original.error).toBeNull();
  const row = original.data!;

  try {
    const changed = await db.rpc('update_branding_settings_rpc', { p_company_name: 'Ngorongoro Trails', p_primary_color: '#2f6f4e' });
    expect(changed.error).toBeNull();
    await waitForServedTitles(request, 'Ngorongoro Trails');
    await expectBrandingOnEveryPage(browser, 'Ngorongoro Trails', '#2f6f4e');

    // No active row (the read answers PGRST116): the spec's defaults, Kilele Safaris in #e39f48.
    const deactivated = await db.from('branding_settings').update({ is_active: false }).eq('id', row.id);
    expect(deactivated.error).toBeNull();
    const anonRead = await request.get('/rest/v1/branding_settings?select=id&is_active=eq.true', {
      headers: { apikey: (await (await request.get('/api/config')).json()).supabaseAnonKey, accept: 'application/vnd.pgrst.object+json' },
    });
    expect(anonRead.status()).toBe(406);
    await waitForServedTitles(request, 'Kilele Safaris');
    await expectBrandingOnEveryPage(browser, 'Kilele Safaris', '#e39f48');
  } finally {
    // Leave the data as it was found: the same row active with its own name and colour.
    const restored = await db.from('branding_settings').update({ is_active: true, company_name: row.company_name, primary_color: row.primary_color }).eq('id', row.id);
    expect(restored.error).toBeNull();
  }
});
