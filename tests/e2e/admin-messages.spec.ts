import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { adminCredentials, api, openSignedIn, PASSWORD, rest, signUp } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/** The staff inbox: a traveler's question waits for the team, the reply reaches the traveler's portal. */

test('an admin replies to a traveler’s message and the traveler sees it in their portal', async ({ page, browser, request }) => {
  const a = await api(request);
  const traveler = await signUp(a, 'Neema Traveler');
  const threadId = randomUUID();
  const subject = `Binoculars ${threadId.slice(0, 6)}`;
  await rest(a, traveler.token, 'POST', 'messages', { thread_id: threadId, subject, body: 'Should we bring binoculars?' });

  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin/messages');
  await page.getByText('Waiting for us', { exact: true }).click();
  await expect(page).toHaveURL(/waiting=1/);
  const row = page.getByRole('button', { name: new RegExp(`Conversation with Neema Traveler: ${subject}`) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByLabel('1 unread')).toBeVisible();
  await row.click();
  await expect(page.getByTestId('conversation')).toContainText('Should we bring binoculars?');
  // An empty reply is not sent.
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Please write your reply')).toBeVisible();
  await page.getByRole('textbox', { name: 'Your reply' }).fill('Every vehicle carries two pairs: no need to bring yours.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply sent')).toBeVisible();
  await expect(page.getByTestId('conversation')).toContainText('Every vehicle carries two pairs');
  // Answered: no longer waiting.
  await expect(page.getByRole('button', { name: new RegExp(`Conversation with Neema Traveler: ${subject}`) })).toHaveCount(0);
  await saveScreenshot(page, 'admin-messages');

  const portal = await browser.newContext();
  const travelerPage = await portal.newPage();
  await openSignedIn(travelerPage, traveler.email, PASSWORD, '/traveler/messages');
  await travelerPage.getByTestId('thread-list').getByRole('button', { name: new RegExp(subject) }).click();
  await expect(travelerPage.getByTestId('thread')).toContainText('Every vehicle carries two pairs');
  await portal.close();
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('an agent opens a conversation by touch and goes back to the list', async ({ page, request }) => {
    const a = await api(request);
    const traveler = await signUp(a, 'Tablet Traveler');
    const subject = `Transfers ${randomUUID().slice(0, 6)}`;
    await rest(a, traveler.token, 'POST', 'messages', { thread_id: randomUUID(), subject, body: 'Is the airport transfer included?' });
    const admin = await adminCredentials();
    await openSignedIn(page, admin.email, admin.password, '/admin/messages');
    await page.getByRole('button', { name: new RegExp(subject) }).tap();
    await expect(page.getByTestId('conversation')).toContainText('Is the airport transfer included?');
    await expect(page.getByTestId('threads')).toBeHidden();
    await page.getByRole('button', { name: 'All conversations' }).tap();
    await expect(page.getByTestId('threads')).toBeVisible();
  });
});
