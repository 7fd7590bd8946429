import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminCredentials, api, openSignedIn, rest, signUp } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * The notifications screen: a traveler's message raises the bell's count, opening its notification
 * lands on the conversation and marks it read, a kind is turned off; the dashboard's failed emails
 * open the email log, where a message is read and sent again. On a tablet, everything marked read.
 */

const bell = (page: Page) => page.getByTestId('notifications-bell').getByRole('link');
/** The bell's unread count, read from its label ('Notifications, 12 unread'). */
const unreadOnBell = async (page: Page) => Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);

/** A new traveler writes to the office: every admin gets an unread notification, whatever earlier tests read. */
async function messageFromTraveler(request: APIRequestContext, name: string, subject: string, body: string) {
  const a = await api(request);
  const traveler = await signUp(a, name);
  const threadId = randomUUID();
  await rest(a, traveler.token, 'POST', 'messages', { thread_id: threadId, subject, body });
  return threadId;
}

test('an admin is told of a traveler’s message, opens it, turns a kind off and sends a failed email again', async ({ page, request }) => {
  // The bell is polled once a minute: the page's clock is moved on a minute rather than waited for.
  await page.clock.install();
  const admin = await adminCredentials();
  // One unread before signing in, so the bell's first count is a number to compare with.
  await messageFromTraveler(request, 'Baraka Early', 'Binoculars', 'Do you lend binoculars?');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin');
  await expect(bell(page)).toHaveAttribute('aria-label', /\d+ unread/, { timeout: 15_000 });
  const before = await unreadOnBell(page);

  // A name of this run's own: the spec may run again on the same server.
  const traveler = `Zawadi ${randomUUID().replace(/[^a-f]/g, '').slice(0, 6)}`;
  const threadId = await messageFromTraveler(request, traveler, 'Park fees', 'Are the park fees included in the price?');
  await page.clock.fastForward(60_000);
  // Other notifications may arrive meanwhile (the server's jobs run for every test): at least this one.
  await expect.poll(() => unreadOnBell(page), { timeout: 15_000 }).toBeGreaterThan(before);

  await bell(page).click();
  await expect(page).toHaveURL(/\/admin\/notifications$/);
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Notifications' });
  const row = table.getByRole('row').filter({ hasText: `Message from ${traveler}` });
  await expect(row).toContainText('Are the park fees included in the price?');
  await expect(row.getByRole('button', { name: `Mark read: Message from ${traveler}` })).toBeVisible();
  await saveScreenshot(page, 'admin-notifications', { wholePage: false });

  // Opening it lands on the conversation, and it is read.
  await row.getByText(`Message from ${traveler}`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/messages\\?thread=${threadId}`));
  await expect(page.getByTestId('conversation')).toContainText('Are the park fees included in the price?');
  await bell(page).click();
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: /^Mark read/ })).toHaveCount(0);

  // Enquiries turned off, and still off when the screen opens again.
  await page.getByRole('button', { name: 'Choose what you hear about' }).click();
  const drawer = page.getByRole('dialog', { name: 'What you hear about' });
  const enquiries = drawer.getByRole('switch', { name: 'Enquiries' });
  await expect(enquiries).toBeChecked();
  // Turned by the keyboard: a click on the hidden input could land while the drawer still slides in, outside the viewport.
  await enquiries.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Enquiries: off')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Choose what you hear about' }).click();
  await expect(drawer.getByRole('switch', { name: 'Enquiries' })).not.toBeChecked();
  await expect(drawer.getByRole('switch', { name: 'Messages' })).toBeChecked();
  // And on again, as the demo company had it.
  await drawer.getByRole('switch', { name: 'Enquiries' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Enquiries: on')).toBeVisible();
  await page.keyboard.press('Escape');

  // The dashboard's failed emails open the email log, filtered to them.
  await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByLabel('Failed emails', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/notifications\?.*status=failed/);
  await expect(page.getByRole('tab', { name: 'Email log' })).toHaveAttribute('aria-selected', 'true');
  const log = page.getByRole('table', { name: 'Email log' });
  await expect(log.getByRole('row').filter({ hasText: 'Failed' }).first()).toBeVisible();

  // A sign-in email's text is withheld; another's opens.
  await log.getByRole('row').filter({ hasText: 'ana.silva@example.com' }).click();
  await expect(page.getByText('Content withheld')).toBeVisible();
  const failed = log.getByRole('row').filter({ hasText: 'jonas.berg@example.com' });
  await failed.click();
  const opened = page.getByLabel('Email to jonas.berg@example.com');
  await expect(opened).toContainText('Your guide will meet you at Kilimanjaro airport.');
  await expect(opened).toContainText('connection timed out');
  await saveScreenshot(page, 'admin-email-log', { wholePage: false });
  await opened.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('The email to jonas.berg@example.com will be sent again in a moment')).toBeVisible();

  // No longer failed: the whole log shows it going out.
  await page.getByText('All', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Search by address' }).fill('jonas.berg');
  const retried = log.getByRole('row').filter({ hasText: 'jonas.berg@example.com' }).first();
  await expect(retried).toContainText(/Waiting to send|Sent/);
  await expect(retried).toContainText('Sent', { timeout: 40_000 });
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('an admin marks every notification read by touch', async ({ page, request }) => {
    const admin = await adminCredentials();
    await messageFromTraveler(request, 'Neema Touch', 'Car seats', 'Do you have a child seat in the vehicle?');
    await openSignedIn(page, admin.email, admin.password, '/admin/notifications');
    await expect(page.getByRole('table', { name: 'Notifications' }).getByRole('button', { name: /^Mark read/ }).first()).toBeVisible({ timeout: 15_000 });
    await saveScreenshot(page, 'admin-notifications', { wholePage: false });
    await page.getByRole('button', { name: 'Mark all read' }).tap();
    await expect(page.getByText('All notifications marked read')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Notifications' }).getByRole('button', { name: /^Mark read/ })).toHaveCount(0);
    await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications');
    await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    // Nothing unread: the list says so and offers the rest. The server's jobs (failed emails, holds
    // about to end) may notify again at any moment after earlier tests: those are read one by one.
    await page.getByText(/^Unread( \(\d+\))?$/).tap();
    const table = page.getByRole('table', { name: 'Notifications' });
    await expect(async () => {
      const late = table.getByRole('button', { name: /^Mark read/ });
      if ((await late.count()) > 0) await late.first().tap();
      await expect(page.getByText('All caught up')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await saveScreenshot(page, 'admin-notifications-empty', { wholePage: false });
    await page.getByRole('button', { name: 'Show all notifications' }).tap();
    await expect(page.getByRole('table', { name: 'Notifications' })).toBeVisible();

    // The email log by touch: an email opens below its row.
    // By the address, as staff find one email among hundreds: earlier tests' emails fill the first page.
    await page.getByRole('tab', { name: 'Email log' }).tap();
    await page.getByRole('textbox', { name: 'Search by address' }).fill('m.dubois@exmaple.com');
    const row = page.getByRole('table', { name: 'Email log' }).getByRole('row').filter({ hasText: 'Your balance is due soon' });
    await row.tap();
    await expect(page.getByLabel('Email to m.dubois@exmaple.com')).toContainText('The balance of your safari is due in 7 days.');
    await saveScreenshot(page, 'admin-email-log', { wholePage: false });
  });
});
