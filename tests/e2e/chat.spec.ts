import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminToken, api, openSignedIn, rest, signUp } from './rest-api.ts';

/**
 * The chat widget in Chromium against the built server: fetched only after the page has loaded, a
 * visitor's message stored as a 'chat' enquiry with the company's email queued, and a signed-in
 * traveler's messages in their 'Chat with us' thread, where a staff reply shows with an unread badge.
 */

async function openChat(page: Page) {
  const launcher = page.getByTestId('chat-launcher');
  await expect(launcher).toBeVisible({ timeout: 15_000 });
  await launcher.click();
  const panel = page.getByRole('dialog', { name: /^Chat with / });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('chat widget', () => {
  test('loads after the page, and a visitor leaves a message with their email', async ({ page, request }) => {
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/tours');
    await expect(page.getByTestId('chat-launcher')).toBeVisible({ timeout: 15_000 });

    // The widget's code arrives after the load event, never with the page.
    const timing = await page.evaluate(() => {
      const load = (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd;
      const chunk = performance.getEntriesByType('resource').find((entry) => /\/ChatWidget-[^/]+\.js$/.test(entry.name));
      return { load, chunkStart: chunk?.startTime ?? null };
    });
    expect(timing.chunkStart, 'the chat widget is its own chunk').not.toBeNull();
    expect(timing.chunkStart!).toBeGreaterThanOrEqual(timing.load);

    const panel = await openChat(page);
    await expect(panel.getByLabel('Your name')).toBeFocused();
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByText('Please tell us your name')).toBeVisible();
    await expect(panel.getByText('Please enter your email address')).toBeVisible();
    await expect(panel.getByText('Please write your message')).toBeVisible();

    const email = `chat-${randomUUID().slice(0, 8)}@example.com`;
    await panel.getByLabel('Your name').fill('Ana Visitor');
    await panel.getByLabel('Your email').fill('not-an-email');
    await panel.getByRole('textbox', { name: 'Message', exact: true }).fill('Is the Ngorongoro crater open in April?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByText('Please enter a valid email address, like name@example.com')).toBeVisible();
    await panel.getByLabel('Your email').fill(email);
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByText(`Thank you, Ana Visitor. We will reply to ${email}`)).toBeVisible();
    await expect(panel.getByTestId('chat-messages').getByText('Is the Ngorongoro crater open in April?')).toBeVisible();

    const a = await api(request);
    const admin = await adminToken(a);
    const enquiries = await rest<{ kind: string; name: string; message: string; details: { page: string } }[]>(
      a,
      admin,
      'GET',
      `enquiries?select=kind,name,message,details&email=eq.${encodeURIComponent(email)}`,
    );
    expect(enquiries).toEqual([{ kind: 'chat', name: 'Ana Visitor', message: 'Is the Ngorongoro crater open in April?', details: { page: '/tours' } }]);

    // Another page: the conversation and the visitor's details are remembered on the device.
    await page.goto('/contact');
    const again = await openChat(page);
    await expect(again.getByText('Is the Ngorongoro crater open in April?')).toBeVisible();
    await expect(again.getByText(`Replies go to ${email}.`)).toBeVisible();
    await expect(again.getByLabel('Your name')).toHaveCount(0);
    await again.getByRole('textbox', { name: 'Message', exact: true }).fill('And is a balloon safari possible there?');
    await again.getByRole('button', { name: 'Send' }).click();
    await expect(again.getByTestId('chat-messages').getByText('And is a balloon safari possible there?')).toBeVisible();
    await expect
      .poll(async () => (await rest<unknown[]>(a, admin, 'GET', `enquiries?select=id&email=eq.${encodeURIComponent(email)}`)).length)
      .toBe(2);

    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
    await expect(page.getByTestId('chat-launcher')).toBeFocused();
    expect(errors).toEqual([]);
  });

  test("a traveler's chat is a thread in their messages, and staff replies show with a badge", async ({ page, request }) => {
    const a = await api(request);
    const admin = await adminToken(a);
    const traveler = await signUp(a, 'Baraka Mollel');
    await openSignedIn(page, traveler.email, 'Kilimanjaro-2026!', '/tours');

    const panel = await openChat(page);
    await expect(panel.getByText('Jambo Baraka!')).toBeVisible();
    await panel.getByLabel('Your message').fill('Can we add a night in Arusha before the safari?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect(panel.getByTestId('chat-messages').getByText('Can we add a night in Arusha before the safari?')).toBeVisible();

    type Row = { thread_id: string; subject: string | null; sender: string; body: string; read_at: string | null };
    const stored = async () => rest<Row[]>(a, admin, 'GET', `messages?select=thread_id,subject,sender,body,read_at&user_id=eq.${traveler.userId}&order=created_at`);
    await expect.poll(async () => (await stored()).length).toBe(1);
    const [first] = await stored();
    expect(first).toMatchObject({ subject: 'Chat with us', sender: 'traveler', body: 'Can we add a night in Arusha before the safari?' });

    // Staff answer in the same thread (the back office writes as an admin).
    await rest(a, admin, 'POST', 'messages', { user_id: traveler.userId, thread_id: first.thread_id, sender: 'staff', body: 'Karibu! Yes, we can book the Arusha Coffee Lodge.' });
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Chat with us, 1 new reply' })).toBeVisible({ timeout: 15_000 });
    const reopened = await openChat(page);
    await expect(reopened.getByText('Karibu! Yes, we can book the Arusha Coffee Lodge.')).toBeVisible();
    await expect.poll(async () => (await stored()).find((m) => m.sender === 'staff')?.read_at ?? null).not.toBeNull();

    // The same conversation in the portal, and further chat messages stay in it.
    await reopened.getByLabel('Your message').fill('Wonderful, thank you.');
    await reopened.getByRole('button', { name: 'Send' }).click();
    await expect.poll(async () => (await stored()).filter((m) => m.thread_id === first.thread_id).length).toBe(3);
    await reopened.getByRole('link', { name: 'Open your messages' }).click();
    await expect(page).toHaveURL(new RegExp(`/traveler/messages\\?thread=${first.thread_id}`));
    await expect(page.getByTestId('thread').getByText('Karibu! Yes, we can book the Arusha Coffee Lodge.')).toBeVisible();
  });
});
