import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { startBuiltServer, type BuiltServer } from './built-server.ts';
import { followRequests } from './network.ts';

// Sessions with short token lifetimes configured on a second built server:
// - tokens of 4 seconds, on a device whose clock runs an hour behind the server's: the app believes
//   its token has an hour left, so nothing renews it before the server answers 'JWT expired'. Then
//   the request is refreshed and sent once more; and when the refresh is refused (the session was
//   ended by signing out everywhere from elsewhere), a portal page goes to the sign-in page with
//   'Session expired. Please log in again.' and a public page signs the traveler out where they are;
// - tokens of 250 seconds (under the monitor's 5 minutes, over auth-js's own 90 s margin), with the
//   page's clock moved a minute on: the session monitor renews the token before it runs out; and
//   when the server refuses that refresh, the portal page goes to the sign-in page just the same.

const password = 'Tarangire-2026!';
const HOUR = 3_600_000;
/** A built server of its own, and its anon key. */
type Site = { server: BuiltServer; anonKey: string };

const refreshGrant = (request: Request) => request.method() === 'POST' && request.url().includes('/auth/v1/token?grant_type=refresh_token');

async function startServerWithTokensOf(seconds: number): Promise<Site> {
  process.env.JWT_EXPIRY = String(seconds);
  let server: BuiltServer;
  try {
    server = await startBuiltServer();
  } finally {
    delete process.env.JWT_EXPIRY;
  }
  const config = (await (await fetch(`${server.url}/api/config`)).json()) as { supabaseAnonKey: string };
  return { server, anonKey: config.supabaseAnonKey };
}

async function signUpAndSignIn(page: Page, site: Site, returnTo: string): Promise<string> {
  const email = `expiry-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await fetch(`${site.server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: site.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, data: { full_name: 'Baraka Lyimo' } }),
  });
  expect(signUp.status).toBe(200);
  await page.goto(`${site.server.url}/auth/login?redirect=${encodeURIComponent(returnTo)}`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/\//g, '\\/')}$`));
  return email;
}

/** Signing out everywhere from another device ends the browser's session: its refresh token is refused. */
async function signOutEverywhere(site: Site, email: string): Promise<void> {
  const token = await fetch(`${site.server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: site.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const logout = await fetch(`${site.server.url}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { apikey: site.anonKey, authorization: `Bearer ${access_token}` },
  });
  expect(logout.status).toBe(204);
}

const api = /\/(auth|rest|storage)\/v1\//;

/**
 * Waits until the page has sent nothing to the server for 5 seconds: then its access token, issued
 * at the last sign-in or refresh, has run out on the server, and nothing is left under way.
 */
async function untilTokenHasRunOut(page: Page): Promise<void> {
  const requests = followRequests(page, { only: api });
  try {
    await requests.quiet(5_000, 30_000);
  } finally {
    requests.stop();
  }
}

/** The refresh grants the page sends, with the status of each answer, in order. */
function watchRefreshes(page: Page): number[] {
  const answers: number[] = [];
  page.on('response', (response) => {
    if (refreshGrant(response.request())) answers.push(response.status());
  });
  return answers;
}

test.describe('tokens of 4 seconds, on a device whose clock runs an hour behind', () => {
  let site: Site;

  test.beforeAll(async () => {
    // A server of its own migrates and seeds a new database: on a busy two-core machine, over a minute.
    test.setTimeout(180_000);
    site = await startServerWithTokensOf(4);
  });
  test.afterAll(() => site?.server.stop());

  test.beforeEach(async ({ page }) => {
    await page.clock.install({ time: Date.now() - HOUR });
  });

  test('a request with an expired token is refreshed and sent once more', async ({ page }) => {
    await signUpAndSignIn(page, site, '/traveler');
    await untilTokenHasRunOut(page);
    const refreshes = watchRefreshes(page);
    // Every answer to a REST request, by request, in order.
    const answers = new Map<string, number[]>();
    page.on('response', (response) => {
      const request = response.request();
      if (!request.url().includes('/rest/v1/')) return;
      const key = `${request.method()} ${request.url()}`;
      answers.set(key, [...(answers.get(key) ?? []), response.status()]);
    });

    // The page view it records and the page's own reads go out with the expired token.
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Payments' }).click();

    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    await expect.poll(() => [...answers.values()].some((statuses) => statuses[0] === 401)).toBe(true);
    await expect.poll(() => [...answers.values()].every((statuses) => statuses[0] !== 401 || statuses.length === 2)).toBe(true);
    for (const [request, statuses] of answers) {
      if (statuses[0] !== 401) continue;
      // Refused once as expired, then sent once more with the refreshed token and accepted.
      expect(statuses, request).toHaveLength(2);
      expect(statuses[1], request).toBeLessThan(300);
    }
    expect(refreshes).toEqual([200]);
    await expect(page).toHaveURL(/\/traveler\/payments$/);
    await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu for / })).toBeVisible();
  });

  test('a failed refresh on a portal page goes to the sign-in page and says the session expired', async ({ page }) => {
    const email = await signUpAndSignIn(page, site, '/traveler');
    await untilTokenHasRunOut(page);
    const refreshes = watchRefreshes(page);
    await signOutEverywhere(site, email);

    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Payments' }).click();

    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/traveler/payments');
    await expect(page.getByText('Session expired. Please log in again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    // Every request of the page met the same refusal; it is said once, and the refresh was asked once.
    await expect(page.getByText('Session expired. Please log in again.')).toHaveCount(1);
    expect(refreshes).toEqual([400]);
  });

  test('a failed refresh on a public page signs the traveler out where they are', async ({ page }) => {
    const email = await signUpAndSignIn(page, site, '/tours');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: /^Account menu for / })).toBeVisible();
    await untilTokenHasRunOut(page);
    await signOutEverywhere(site, email);

    await page.reload();

    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/tours$/);
    await expect(page.getByText('Session expired. Please log in again.')).toHaveCount(0);
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
  });
});

test.describe('tokens of 250 seconds', () => {
  let site: Site;

  test.beforeAll(async () => {
    // A server of its own migrates and seeds a new database: on a busy two-core machine, over a minute.
    test.setTimeout(180_000);
    site = await startServerWithTokensOf(250);
  });
  test.afterAll(() => site?.server.stop());

  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('the session monitor renews the token a minute later, before it runs out', async ({ page }) => {
    await signUpAndSignIn(page, site, '/traveler');
    const refreshes = watchRefreshes(page);
    const stored = () =>
      page.evaluate(() => {
        const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'))!;
        return JSON.parse(localStorage.getItem(key)!) as { access_token: string; refresh_token: string; expires_at: number };
      });
    const before = await stored();
    expect(before.expires_at * 1000 - (await page.evaluate(() => Date.now()))).toBeLessThan(5 * 60_000);
    expect(refreshes).toEqual([]);
    // Only the page's clock moves on. Tokens carry whole seconds: one renewed within the second it was
    // issued in would be the same token, so the server's clock is let into the next second first.
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    // The monitor looks every 60 s and renews under 5 minutes left; auth-js itself would wait until 90 s.
    await page.clock.fastForward(60_000);

    await expect.poll(() => refreshes).toEqual([200]);
    await expect.poll(async () => (await stored()).access_token).not.toBe(before.access_token);
    expect((await stored()).refresh_token).not.toBe(before.refresh_token);
    expect((await stored()).expires_at).toBeGreaterThan(before.expires_at);
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Payments' }).click();
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible();
    expect(refreshes).toEqual([200]);
  });

  test('a refresh the monitor finds refused, on a portal page, goes to the sign-in page and says the session expired', async ({ page }) => {
    const email = await signUpAndSignIn(page, site, '/traveler');
    await expect(page.getByRole('navigation', { name: 'My trips' })).toBeVisible();
    const refreshes = watchRefreshes(page);
    await signOutEverywhere(site, email);

    // No request meets it: the monitor's own refresh is refused.
    await page.clock.fastForward(60_000);

    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/traveler');
    await expect(page.getByText('Session expired. Please log in again.')).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    expect(refreshes).toEqual([400]);
  });
});
