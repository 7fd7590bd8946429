import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Changes a traveler makes in the portal with no connection (every write goes through
 * the outbox): a wishlist removal on the wishlist page, a wishlist addition from a tour page opened in
 * another tab before the connection dropped, and a preference. The header shows them waiting; back
 * online each reaches the database exactly once and the indicator clears.
 */

const PASSWORD = 'Tarangire-2026!';

interface Traveler {
  email: string;
  userId: string;
  token: string;
}

async function anonKey(request: APIRequestContext): Promise<string> {
  return ((await (await request.get('/api/config')).json()) as { supabaseAnonKey: string }).supabaseAnonKey;
}

async function signUp(request: APIRequestContext, apikey: string): Promise<Traveler> {
  const email = `offline-writes-${randomUUID().slice(0, 8)}@example.com`;
  const signup = await request.post('/auth/v1/signup', { headers: { apikey }, data: { email, password: PASSWORD, data: { full_name: 'Zawadi Offline' } } });
  expect(signup.ok(), await signup.text()).toBe(true);
  const session = await request.post('/auth/v1/token?grant_type=password', { headers: { apikey }, data: { email, password: PASSWORD } });
  const { access_token: token, user } = (await session.json()) as { access_token: string; user: { id: string } };
  return { email, userId: user.id, token };
}

async function read<T>(request: APIRequestContext, apikey: string, token: string, pathAndQuery: string): Promise<T> {
  const response = await request.get(`/rest/v1/${pathAndQuery}`, { headers: { apikey, authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${pathAndQuery}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('wishlist and preference changes made offline reach the database once when back online', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const apikey = await anonKey(request);
  const traveler = await signUp(request, apikey);
  const [first, second] = await read<{ id: string; slug: string; title: string }[]>(request, apikey, apikey, 'tours?select=id,slug,title&order=slug&limit=2');
  const wishlist = async () =>
    (await read<{ tour_id: string }[]>(request, apikey, traveler.token, `wishlist?select=tour_id&user_id=eq.${traveler.userId}`)).map((row) => row.tour_id).sort();
  const preferences = async () =>
    (await read<{ preferences: { notifications: { newsletter: boolean } } }[]>(request, apikey, traveler.token, 'users?select=preferences'))[0].preferences;

  await page.goto('/auth/login?redirect=%2Ftraveler');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(traveler.email);
  await form.locator('input[type=password]').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/traveler');

  // Online: the first tour goes on the wishlist from its page's heart.
  await page.goto(`/tours/${first.slug}`);
  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  await expect(page.getByRole('button', { name: 'Saved to wishlist' })).toBeVisible();
  await expect.poll(wishlist).toEqual([first.id]);

  // A second tab keeps the other tour's page open; the first shows the portal's settings and wishlist.
  const tourTab = await context.newPage();
  await tourTab.goto(`/tours/${second.slug}`);
  await expect(tourTab.getByRole('button', { name: 'Save to wishlist' })).toBeVisible();
  await page.goto('/traveler/settings');
  await expect(page.getByRole('switch', { name: 'Newsletter' })).toBeChecked();
  await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page.getByTestId('wishlist-item')).toHaveCount(1);
  await expect(page.getByTestId('wishlist')).toContainText(first.title);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Remove from wishlist' }).click();
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  await tourTab.getByRole('button', { name: 'Save to wishlist' }).click();
  await expect(tourTab.getByRole('button', { name: 'Saved to wishlist' })).toBeVisible();
  await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('switch', { name: 'Newsletter' }).click();
  await expect(page.getByRole('switch', { name: 'Newsletter' })).not.toBeChecked();

  // Both tabs' headers say the changes wait on the device; the server has none of them yet.
  for (const tab of [page, tourTab]) {
    const pending = tab.getByRole('banner').getByRole('button', { name: 'Offline — changes will sync when you reconnect' });
    await expect(pending).toBeVisible();
    await expect.poll(async () => Number(await pending.textContent().then((text) => text?.replace(/\D/g, '')))).toBeGreaterThanOrEqual(3);
  }
  expect(await wishlist()).toEqual([first.id]);
  expect((await preferences()).notifications.newsletter).toBe(true);

  await context.setOffline(false);
  await expect.poll(wishlist, { timeout: 30_000 }).toEqual([second.id]);
  await expect.poll(async () => (await preferences()).notifications.newsletter, { timeout: 30_000 }).toBe(false);
  for (const tab of [page, tourTab]) {
    await expect(tab.getByRole('banner').getByRole('button', { name: /^(Offline —|\d+ changes? (waiting to sync|could not be saved))/ })).toHaveCount(0, { timeout: 30_000 });
  }
  // Nothing is undone or sent again later by either tab.
  await page.waitForTimeout(2_000);
  expect(await wishlist()).toEqual([second.id]);
  expect((await preferences()).notifications.newsletter).toBe(false);
  await expect(page.getByRole('switch', { name: 'Newsletter' })).not.toBeChecked();
  await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page.getByTestId('wishlist-item')).toHaveCount(1);
  await expect(page.getByTestId('wishlist')).toContainText(second.title);
});
