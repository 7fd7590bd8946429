import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { startBuiltServer, type BuiltServer } from './built-server.ts';

// A refresh that fails for real: a server whose access tokens last 4 seconds, a browser that still
// believes its token is fresh, and a refresh token revoked by signing out everywhere from elsewhere.
// SPEC.md section 8: on a portal page the traveler lands on the sign-in page with 'Session expired.
// Please log in again.'; on a public page they are signed out where they are.

const password = 'Tarangire-2026!';
let server: BuiltServer;
let anonKey: string;

test.beforeAll(async () => {
  process.env.JWT_EXPIRY = '4';
  try {
    server = await startBuiltServer();
  } finally {
    delete process.env.JWT_EXPIRY;
  }
  anonKey = ((await (await fetch(`${server.url}/api/config`)).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
});

test.afterAll(() => server?.stop());

async function signUpAndSignIn(page: Page, returnTo: string): Promise<string> {
  const email = `expiry-${randomUUID().slice(0, 8)}@example.com`;
  const signUp = await fetch(`${server.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, data: { full_name: 'Baraka Lyimo' } }),
  });
  expect(signUp.status).toBe(200);
  await page.goto(`${server.url}/auth/login?redirect=${encodeURIComponent(returnTo)}`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/\//g, '\\/')}$`));
  return email;
}

/** The device's clock runs behind: the stored session claims an hour left, so the app sends its token. */
async function believeTokenIsFresh(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (!key.endsWith('-auth-token')) continue;
      const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
      session.expires_at = Math.floor(Date.now() / 1000) + 3600;
      localStorage.setItem(key, JSON.stringify(session));
    }
  });
}

/** Signing out everywhere from another device revokes the browser's refresh token too. */
async function signOutEverywhere(email: string): Promise<void> {
  const token = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { access_token } = (await token.json()) as { access_token: string };
  const logout = await fetch(`${server.url}/auth/v1/logout?scope=global`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${access_token}` },
  });
  expect(logout.status).toBe(204);
}

test('a failed refresh on a portal page goes to the sign-in page and says the session expired', async ({ page }) => {
  const email = await signUpAndSignIn(page, '/traveler');
  await believeTokenIsFresh(page);
  await signOutEverywhere(email);
  // Let the browser's access token really expire on the server.
  await page.waitForTimeout(5_000);

  await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: /Payments/ }).click();

  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toMatch(/^\/traveler/);
  await expect(page.getByText('Session expired. Please log in again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('a failed refresh on a public page signs the traveler out where they are', async ({ page }) => {
  const email = await signUpAndSignIn(page, '/tours');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await believeTokenIsFresh(page);
  await signOutEverywhere(email);
  await page.waitForTimeout(5_000);

  await page.reload();

  await expect(page).toHaveURL(/\/tours$/);
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Session expired. Please log in again.')).toHaveCount(0);
  await expect(page.getByTestId('tour-card').first()).toBeVisible();
});
