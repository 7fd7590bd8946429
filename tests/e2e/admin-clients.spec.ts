import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, type Api, openSignedIn, PASSWORD, rest, signUp, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * The clients screens of the back office: find a client and open them, merge the demo's duplicate
 * (an account holder's booking made as a guest under another address) and see the bookings
 * together; on a tablet, search and keep a note; editors kept out.
 */

interface ClientRow {
  client_key: string;
  kind: string;
  name: string;
  email: string;
  bookings: number;
}


async function clients(a: Api, args: Record<string, unknown>): Promise<ClientRow[]> {
  return (await rest<{ rows: ClientRow[] }>(a, await adminToken(a), 'POST', 'rpc/search_clients', args)).rows;
}

test('an admin finds a client, opens them, and merges their guest booking under another address into their account', async ({ page, request }) => {
  const a = await api(request);
  // The demo's duplicate: the note on the account names the other address (server/seed/office.ts).
  const [note] = await rest<{ client_key: string; body: string }[]>(a, await adminToken(a), 'GET', `client_notes?select=client_key,body&body=like.${encodeURIComponent('Also booked as*')}`);
  const otherAddress = note.body.match(/Also booked as (\S+):/)![1];
  const [account] = (await clients(a, { p_kind: 'account', p_limit: 500 })).filter((row) => row.client_key === note.client_key);
  const [guest] = await clients(a, { p_query: otherAddress });
  expect(guest).toMatchObject({ kind: 'guest', bookings: 1 });

  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin/clients');
  await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('textbox', { name: 'Search clients' }).fill(account.name);
  await expect(page).toHaveURL(/[?&]q=/);
  // The account and the guest, both named alike.
  const rows = page.getByRole('table', { name: 'Clients' }).locator('tbody tr');
  await expect(rows.filter({ hasText: account.email })).toHaveCount(1, { timeout: 10_000 });
  await expect(rows.filter({ hasText: otherAddress })).toHaveCount(1);
  await saveScreenshot(page, 'admin-clients', { wholePage: false });

  await rows.filter({ hasText: account.email }).click();
  await expect(page.getByRole('heading', { name: account.name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('client-bookings')).toHaveText(String(account.bookings));

  await page.getByRole('button', { name: 'Merge…' }).click();
  const merge = page.getByRole('form', { name: 'Merge clients' });
  // Nothing chosen and no reason: field messages, nothing merged.
  await merge.getByRole('button', { name: 'Merge clients' }).click();
  await expect(merge.getByText('Choose the client who is the same person')).toBeVisible();
  await expect(merge.getByText('Say why they are one person: it is kept in the history')).toBeVisible();
  await merge.getByRole('textbox', { name: 'The same person' }).fill(otherAddress);
  await merge.getByRole('radio', { name: new RegExp(otherAddress.replace(/[.]/g, '\\.')) }).click();
  await expect(merge.getByText('This cannot be undone')).toBeVisible();
  await merge.getByRole('textbox', { name: 'Why they are one person' }).fill('Same passport number on both bookings');
  await merge.getByRole('button', { name: 'Merge clients' }).click();
  await expect(page.getByText(/^Merged: 1 booking moved to/)).toBeVisible();
  await expect(page.getByTestId('client-bookings')).toHaveText(String(account.bookings + 1));
  await expect(page.getByRole('table', { name: 'Bookings' })).toContainText(`Booked as ${otherAddress}`);
  await saveScreenshot(page, 'admin-client');
  expect(await clients(a, { p_query: otherAddress })).toEqual([]);
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('an agent searches the clients and keeps a note on one', async ({ page, request }) => {
    const a = await api(request);
    const [client] = await clients(a, { p_kind: 'guest', p_upcoming: true, p_limit: 1 });
    const agent = (await staffCredentials()).find((member) => member.role === 'agent')!;
    await openSignedIn(page, agent.email, agent.password, '/admin');
    await expect(page.getByTestId('figure').first()).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Clients' }).tap();
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();

    await page.getByRole('textbox', { name: 'Search clients' }).fill(client.email);
    await page.getByRole('combobox', { name: 'Trips' }).tap();
    await page.getByRole('option', { name: 'Has an upcoming trip' }).tap();
    await expect(page).toHaveURL(/[?&]upcoming=1/);
    const row = page.getByRole('table', { name: 'Clients' }).locator('tbody tr').filter({ hasText: client.email });
    await expect(row).toHaveCount(1, { timeout: 10_000 });
    await saveScreenshot(page, 'admin-clients');
    await row.tap();
    await expect(page.getByRole('heading', { name: client.name, level: 1 })).toBeVisible();

    const form = page.getByRole('form', { name: 'Add a note' });
    await form.getByRole('button', { name: 'Add note' }).tap();
    await expect(form.getByText('Write the note first')).toBeVisible();
    const note = `Prefers calls after 18:00 Arusha time (${Date.now()})`;
    await form.getByRole('textbox', { name: 'New note' }).fill(note);
    await form.getByRole('button', { name: 'Add note' }).tap();
    await expect(page.getByText('Note added')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: note })).toBeVisible();
    await saveScreenshot(page, 'admin-client');
    const saved = await rest<{ author_id: string }[]>(a, await adminToken(a), 'GET', `client_notes?select=author_id&client_key=eq.${encodeURIComponent(client.client_key)}&body=eq.${encodeURIComponent(note)}`);
    expect(saved).toHaveLength(1);
  });
});

test('an editor cannot open the clients, on the screen or through the API', async ({ page, request }) => {
  const a = await api(request);
  const editor = await signUp(a, 'Ed Clients');
  await rest(a, await adminToken(a), 'PATCH', `users?id=eq.${editor.userId}`, { role: 'editor' });
  await openSignedIn(page, editor.email, PASSWORD, '/admin');
  await expect(page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Clients' })).toHaveCount(0);
  await page.goto('/admin/clients');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible({ timeout: 15_000 });
  const refused = await request.post('/rest/v1/rpc/search_clients', { headers: { apikey: a.anonKey, authorization: `Bearer ${editor.token}`, 'content-type': 'application/json' }, data: '{}' });
  expect(refused.status()).toBe(403);
});
