import path from 'node:path';
import { readClientManifest } from '../../server/seo/route-scripts.ts';
import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, openSignedIn, PASSWORD, rest, signUp } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * The back office's frame: only staff get in, each role sees its own screens, the command palette
 * jumps anywhere, and the dashboard shows the office's figures, on a desktop and on a 768 px tablet.
 */

test('visitors and travelers get Access Denied on every back-office address', async ({ page, request }) => {
  for (const path of ['/admin', '/admin/auth-debug', '/admin/tours']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible({ timeout: 15_000 });
  }
  const a = await api(request);
  const traveler = await signUp(a, 'Curious Traveler');
  await openSignedIn(page, traveler.email, PASSWORD);
  for (const path of ['/admin', '/admin/auth-debug', '/admin/tours']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('navigation', { name: 'Back office screens' })).toHaveCount(0);
  }
});

test('an admin opens the dashboard and jumps to a screen from the command palette', async ({ page }) => {
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('figure')).toHaveCount(9, { timeout: 15_000 });
  await expect(page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link')).toHaveText(['Dashboard', 'Notifications', 'Analytics', 'Bookings', 'Enquiries', 'Clients', 'Messages', 'Calendar', 'Field mode', 'Guides', 'Vehicles', 'Tours', 'Destinations', 'Experiences', 'Activities', 'Itinerary checks', 'Media', 'Settings', 'Team', 'Audit trail', 'Sign-in details']);
  // What the trips and the fleet need (the demo leaves trips unstaffed and papers falling due).
  // Every booked trip ahead is counted; the card shows the first few, the rest a tap away.
  const toStaff = page.getByTestId('trips-to-staff');
  await expect(toStaff).toContainText('No guide');
  const count = Number((await toStaff.getByRole('heading').textContent())!.match(/\((\d+)\)/)![1]);
  expect(count).toBeGreaterThan(6);
  // The first six, or more when more than six have nobody free to take them (those come first).
  const first = await toStaff.getByRole('link').count();
  expect(first).toBeGreaterThanOrEqual(6);
  expect(first).toBeLessThan(count);
  await toStaff.getByRole('button', { name: `Show all ${count} trips to staff` }).click();
  await expect(toStaff.getByRole('link')).toHaveCount(count);
  await toStaff.getByRole('button', { name: 'Show fewer' }).click();
  await expect(page.getByTestId('papers-due')).toContainText('Emmanuel Mollel');
  await expect(page.getByTestId('papers-due')).toContainText('Land Cruiser 4 (T 766 DRS)');
  await saveScreenshot(page, 'admin-dashboard');

  await page.keyboard.press('Control+k');
  const search = page.getByRole('textbox', { name: 'Go to a screen' });
  await expect(search).toBeVisible();
  await search.fill('token');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/auth-debug$/);
  await expect(page.getByRole('heading', { name: 'Sign-in details' })).toBeVisible();
  await expect(page.getByTestId('permissions')).toContainText('settings.write');
  await expect(page.getByTestId('claims')).toContainText('"role": "authenticated"');
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('the screens open from the menu by touch; Safe Mode turns the palette off until it is left', async ({ page }) => {
    const admin = await adminCredentials();
    await openSignedIn(page, admin.email, admin.password, '/admin');
    await expect(page.getByTestId('figure').first()).toBeVisible({ timeout: 15_000 });
    await saveScreenshot(page, 'admin-dashboard');
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Sign-in details' }).tap();
    await expect(page.getByRole('heading', { name: 'Sign-in details' })).toBeVisible();

    await page.goto('/admin?safe=1');
    await expect(page.getByRole('alert').filter({ hasText: 'Safe Mode' })).toBeVisible({ timeout: 15_000 });
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('textbox', { name: 'Go to a screen' })).toHaveCount(0);
    // Safe Mode lasts while moving between screens, and is left from its banner.
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Sign-in details' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: 'Safe Mode' })).toBeVisible();
    await page.getByRole('link', { name: 'Leave Safe Mode' }).tap();
    await expect(page.getByRole('alert').filter({ hasText: 'Safe Mode' })).toHaveCount(0);
  });
});

test('an editor gets the screens of the role, without the office figures; the database refuses them too', async ({ page, request }) => {
  const a = await api(request);
  const editor = await signUp(a, 'Eda Editor');
  await rest(a, await adminToken(a), 'PATCH', `users?id=eq.${editor.userId}`, { role: 'editor' });
  await openSignedIn(page, editor.email, PASSWORD, '/admin');
  await expect(page.getByRole('heading', { name: 'Welcome, Eda Editor' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('figure')).toHaveCount(0);
  const refused = await request.post('/rest/v1/rpc/admin_dashboard', { headers: { apikey: a.anonKey, authorization: `Bearer ${editor.token}`, 'content-type': 'application/json' }, data: '{}' });
  expect(refused.status()).toBe(403);
});

test("none of the back office's code is in the public pages' scripts", async ({ page, request }) => {
  const manifest = readClientManifest(path.join(process.cwd(), 'dist'));
  expect(manifest, 'the build has its manifest').not.toBeNull();
  const adminChunks = Object.entries(manifest!)
    .filter(([key]) => key.startsWith('src/routes/admin') || key.startsWith('src/features/admin'))
    .map(([, chunk]) => `/${chunk.file}`);
  expect(adminChunks.length, 'the back office is split into its own chunks').toBeGreaterThan(1);
  const tours = await (await request.get('/rest/v1/tours?select=slug&status=eq.active&limit=1', { headers: { apikey: (await api(request)).anonKey } })).json();
  const loaded = new Set<string>();
  for (const address of ['/', '/tours', `/tours/${tours[0].slug}`, '/contact']) {
    await page.goto(address);
    // Wait for what loads once the page is idle (the chat, the error pages).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_500);
    for (const name of await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname))) {
      if (/^\/assets\/.+\.js$/.test(name)) loaded.add(name);
    }
  }
  expect([...loaded].filter((file) => adminChunks.includes(file))).toEqual([]);
  for (const file of loaded) {
    const source = await (await request.get(file)).text();
    for (const marker of ['my_permissions', 'admin_dashboard', 'Go to a screen', 'mantine-Spotlight']) expect(source.includes(marker), `${file} holds ${marker}`).toBe(false);
  }
});
