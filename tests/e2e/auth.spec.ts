import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { hydrated } from './hydration.ts';
import { emailTo } from './mail.ts';

// Accounts in a real browser against the built server: register, sign out, sign in (also through
// /login), the wrong-password message, the way back after signing in, and a password reset through
// the email the server writes under its DATA_DIR (tests/e2e/servers.ts).

const password = 'Ngorongoro-2026!';

function newEmail(): string {
  return `e2e-${randomUUID().slice(0, 8)}@example.com`;
}

async function register(page: Page, email: string, fullName = 'Neema Kimaro'): Promise<void> {
  await page.goto('/auth/register');
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(fullName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(password);
  await page.getByRole('checkbox', { name: /I agree/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/traveler$/);
}

async function signIn(page: Page, email: string, pass = password): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(pass);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs out through the sign-in page's own button (shown when someone is signed in already). */
async function signOut(page: Page, email: string): Promise<void> {
  await page.goto('/auth/login');
  await expect(page.getByText(`You are signed in as ${email}`)).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as someone else' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();
}

test('register, sign out, and sign in again through /auth/login and /login', async ({ page }) => {
  const email = newEmail();
  await register(page, email);
  await signOut(page, email);

  await signIn(page, email, 'not-my-password');
  await expect(page.getByTestId('form-error')).toHaveText('Email or password is incorrect');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/traveler$/);

  // Each sign-in is in the activity log (log_user_activity through the outbox), read as the traveler.
  const { supabaseAnonKey: apikey } = (await (await page.request.get('/api/config')).json()) as { supabaseAnonKey: string };
  const token = await page.request.post('/auth/v1/token?grant_type=password', { headers: { apikey }, data: { email, password } });
  const headers = { apikey, authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
  await expect
    .poll(async () => ((await (await page.request.get('/rest/v1/user_activity_logs?select=id&action=eq.sign_in', { headers })).json()) as unknown[]).length)
    .toBe(1);

  await signOut(page, email);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/traveler$/);
});

test('after signing in, the user is back where they were going; outside addresses are ignored', async ({ page }) => {
  const email = newEmail();
  await register(page, email, 'Baraka Lyimo');
  await signOut(page, email);

  await page.goto(`/auth/login?redirect=${encodeURIComponent('/user-role-debug')}`);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/user-role-debug$/);
  const whoAmI = page.getByTestId('who-am-i');
  await expect(whoAmI).toContainText(email);
  await expect(whoAmI).toContainText('Baraka Lyimo');
  await expect(whoAmI).toContainText('Traveler');

  await signOut(page, email);
  await page.goto(`/login?redirect=${encodeURIComponent('https://evil.example/')}`);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/traveler$/);
});

test('forgot password: the emailed link opens the reset page and the new password signs in', async ({ page }) => {
  const email = newEmail();
  await register(page, email);
  await signOut(page, email);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  // The address changes before the new page renders: typing earlier would go into the sign-in form.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const mail = await emailTo(email);
  const link = mail.match(/https?:\/\/\S+\/auth\/v1\/verify\?[^\s"<]+/)?.[0];
  expect(link).toBeTruthy();
  // The link goes to the server's verify endpoint, which sends the browser on to /auth/reset-password.
  await page.goto(link!.replace(/&amp;/g, '&'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const newPassword = 'Tarangire-2027!';
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/traveler$/);

  await signOut(page, email);
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/traveler$/);
});

test('auth-fix repairs the session and comes back after signing in', async ({ page }) => {
  const email = newEmail();
  await register(page, email);
  await page.goto(`/auth-fix?redirect=${encodeURIComponent('/admin-access')}`);
  await expect(page.getByTestId('who-am-i')).toContainText(email);
  await page.getByRole('button', { name: 'Repair my session' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fadmin-access$/);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('sb-')))).toEqual([]);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/admin-access$/);
  await expect(page.getByText('Need more access?')).toBeVisible();
});

test("the portal's routes load on the way there from a public page; back, forward and a reload between them keep each page", async ({ page }) => {
  // A public page starts with the public routes only; the whole route tree is a chunk of its own.
  const routeTreeLoads: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/routeTree\.gen-[\w-]+\.js$/.test(new URL(request.url()).pathname)) routeTreeLoads.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = newEmail();
  await page.goto('/auth/register');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  expect(routeTreeLoads).toEqual([]);
  await register(page, email);
  const portalNavigation = page.getByRole('navigation', { name: 'My trips' });
  await expect(portalNavigation.getByRole('link', { name: 'Payments' })).toBeVisible();
  expect(routeTreeLoads).toHaveLength(1);

  // To the home page in the app, then a reload there: the page starts again with the public routes.
  await page.getByRole('link', { name: /home$/ }).first().click();
  await expect(page).toHaveURL(/\/$/);
  // Back into the portal, pressed while the reloaded page is still hydrating (the home page's code is
  // held back once the router has asked for it): the portal's routes load, and it shows once the page
  // has hydrated, not the home page under the portal's address.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/_public-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const homeCodeAsked = page.waitForRequest(/\/assets\/_public-[\w-]+\.js$/);
  await page.reload({ waitUntil: 'commit' });
  await homeCodeAsked;
  await page.goBack();
  await expect(page).toHaveURL(/\/traveler$/);
  release();
  await hydrated(page);
  // (The portal waits for the session, whose code a public page loads only once it is idle.)
  await expect(portalNavigation.getByRole('link', { name: 'Payments' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);
  expect(routeTreeLoads).toHaveLength(2);
  await page.unrouteAll();
  await page.goForward();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
