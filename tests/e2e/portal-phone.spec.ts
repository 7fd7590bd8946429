import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { controlledByServiceWorker } from './service-worker.ts';
import { api, openSignedIn, PASSWORD, rest, signUp } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * The portal's Profile on a phone: a change made with no signal is named on the page until the
 * server has it; toasts open below the header, never over its controls; and the chat button never
 * covers the form's Save button once the page is scrolled to its end.
 */

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'on screen').not.toBeNull();
  return found!;
}

function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The element a tap at the centre of `locator` reaches belongs to it. */
async function tappable(page: Page, locator: Locator): Promise<boolean> {
  const { x, y, width, height } = await box(locator);
  const handle = await locator.elementHandle();
  return page.evaluate(([point, element]) => element!.contains(document.elementFromPoint(point.x, point.y)), [{ x: x + width / 2, y: y + height / 2 }, handle] as const);
}

for (const width of [390, 360]) {
  test(`at ${width} px: waiting changes are named, toasts leave the header free, and the chat button leaves Save profile free`, async ({ page, context, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 780 });
    const a = await api(request);
    const traveler = await signUp(a, 'Neema Phone');
    await openSignedIn(page, traveler.email, PASSWORD, '/traveler/profile');
    const save = page.getByRole('button', { name: 'Save profile' });
    const phone = page.getByLabel('Phone', { exact: true }).first();
    await expect(phone).toBeVisible();
    await expect(page.getByRole('button', { name: 'Chat with us' })).toBeVisible();

    // The traveler has been here before: the service worker holds the app's code.
    await controlledByServiceWorker(page);

    // Saved with no signal: the page names what is not on the account yet.
    await context.setOffline(true);
    await phone.fill('+255 754 000 111');
    await save.click();
    const waiting = page.getByTestId('waiting-changes');
    await expect(waiting).toHaveText('Saved on this device, not yet on your account: Phone. It will be sent when you are back online.');

    // The toast it raised sits below the header; the menu button can still be tapped.
    const toast = page.locator('.mantine-Notification-root').first();
    await expect(toast).toContainText('Saved on this device');
    const header = await box(page.locator('header').first());
    expect((await box(toast)).y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(await tappable(page, page.getByRole('button', { name: 'Open menu' }))).toBe(true);
    await saveScreenshot(page, 'portal-profile-waiting', { wholePage: false });

    await context.setOffline(false);
    await expect(waiting).toHaveCount(0, { timeout: 15_000 });
    const [stored] = await rest<{ phone: string }[]>(a, traveler.token, 'GET', `users?select=phone&id=eq.${traveler.userId}`);
    expect(stored.phone).toBe('+255 754 000 111');

    // Scrolled to its end, the form's Save button is clear of the chat button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const launcher = page.getByRole('button', { name: 'Chat with us' });
    expect(overlap(await box(save), await box(launcher))).toBe(false);
    expect(await tappable(page, save)).toBe(true);
    await saveScreenshot(page, 'portal-profile-end', { wholePage: false });
  });
}
