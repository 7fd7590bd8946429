import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, openSignedIn, rest, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/** The settings the booking engine reads: admins change them with field messages; agents are kept out. */

test('an admin changes the cancellation policy, a bad tier gets its message and writes nothing', async ({ page, request }) => {
  const a = await api(request);
  const tiers = async () => rest<{ min_days_before: number; fee_percent: number }[]>(a, await adminToken(a), 'GET', 'cancellation_policy_tiers?select=min_days_before,fee_percent&order=min_days_before');
  const before = await tiers();
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin/settings');
  const policy = page.getByRole('form', { name: 'Cancellation policy' });
  await expect(policy.getByRole('textbox', { name: 'Fee percent, tier 1' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('form', { name: 'Booking terms' }).getByRole('textbox', { name: 'Deposit, % of the total' })).toHaveValue('30%');

  await policy.getByRole('button', { name: 'Add a tier' }).click();
  const added = before.length + 1;
  await policy.getByRole('textbox', { name: `Days before departure, tier ${added}` }).fill('0');
  // The fee left empty.
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(policy.getByText('Another tier starts on this day')).toBeVisible();
  await expect(policy.getByText('A percentage from 0 to 100')).toBeVisible();
  expect(await tiers()).toEqual(before);

  await policy.getByRole('textbox', { name: `Days before departure, tier ${added}` }).fill('90');
  await policy.getByRole('textbox', { name: `Fee percent, tier ${added}` }).fill('20');
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Cancellation policy saved')).toBeVisible();
  expect(await tiers()).toEqual(expect.arrayContaining([{ min_days_before: 90, fee_percent: 20 }]));

  // Put the policy back for the other tests.
  await policy.getByRole('button', { name: `Remove tier ${added}` }).click();
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect.poll(tiers).toEqual(before);
});

test('an admin changes the deposit, a bad value gets its message and writes nothing; payments and email are described', async ({ page, request }) => {
  const a = await api(request);
  const token = await adminToken(a);
  const deposit = async () => (await rest<{ deposit_percent: number }[]>(a, token, 'GET', 'booking_settings?select=deposit_percent'))[0].deposit_percent;
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin/settings');
  const terms = page.getByRole('form', { name: 'Booking terms' });
  const field = terms.getByRole('textbox', { name: 'Deposit, % of the total' });
  await expect(field).toHaveValue('30%', { timeout: 15_000 });

  await field.fill('150');
  await terms.getByRole('button', { name: 'Save booking terms' }).click();
  await expect(terms.getByText('The deposit is a percentage from 1 to 100')).toBeVisible();
  expect(await deposit()).toBe(30);
  // The whole screen, with the field's message, on a desktop and on a tablet.
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'admin-settings');
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, 'admin-settings');

  await field.fill('35');
  await terms.getByRole('button', { name: 'Save booking terms' }).click();
  await expect(page.getByText('Booking terms saved')).toBeVisible();
  await expect.poll(deposit).toBe(35);
  // What a traveler is told at checkout follows.
  const answer = await request.post('/rest/v1/rpc/payment_terms', { headers: { apikey: a.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' }, data: '{}' });
  expect([await answer.json()].flat()[0]).toMatchObject({ deposit_percent: 35 });

  // How payments and email are set up: the e2e server has no Stripe key and sends through its SMTP sink.
  const integrations = page.getByTestId('integrations');
  await expect(integrations).toContainText('Card payments (Stripe)');
  await expect(integrations).toContainText('Not set up: travelers are not offered card payments.');
  await expect(integrations).toContainText('Offered, to CRDB Bank PLC.');
  await expect(integrations).toContainText('From Kilele Safaris <hello@kilelesafaris.co.tz>, sent through 127.0.0.1:');

  // Put the deposit back for the other tests.
  await field.fill('30');
  await terms.getByRole('button', { name: 'Save booking terms' }).click();
  await expect.poll(deposit).toBe(30);
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('an admin corrects the bank details: a bad SWIFT code gets its message and writes nothing', async ({ page, request }) => {
    const a = await api(request);
    // What travelers read (the public policy: the active row).
    const shown = async () =>
      (await (await request.get('/rest/v1/payment_instructions?select=swift_code,branch', { headers: { apikey: a.anonKey } })).json()) as { swift_code: string; branch: string }[];
    const before = (await shown())[0];
    const admin = await adminCredentials();
    await openSignedIn(page, admin.email, admin.password, '/admin/settings');
    const bank = page.getByRole('form', { name: 'Bank details' });
    const swift = bank.getByRole('textbox', { name: 'SWIFT code' });
    await expect(swift).toHaveValue(before.swift_code, { timeout: 15_000 });

    await swift.fill('CORU TZ');
    await bank.getByRole('button', { name: 'Save bank details' }).tap();
    await expect(bank.getByText('A SWIFT code is 8 or 11 letters and digits, such as CORUTZTZ')).toBeVisible();
    expect((await shown())[0]).toEqual(before);

    await swift.fill('corutztzxxx');
    await bank.getByRole('textbox', { name: 'Branch' }).fill('Arusha Branch, Sokoine Road');
    await bank.getByRole('button', { name: 'Save bank details' }).tap();
    await expect(page.getByText('Bank details saved')).toBeVisible();
    await expect.poll(async () => (await shown())[0]).toEqual({ swift_code: 'CORUTZTZXXX', branch: 'Arusha Branch, Sokoine Road' });
    // The form shows them as kept: the SWIFT code in capitals.
    await expect(swift).toHaveValue('CORUTZTZXXX');
    await bank.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'admin-settings-bank');

    // Put them back for the other tests.
    await swift.fill(before.swift_code);
    await bank.getByRole('textbox', { name: 'Branch' }).fill(before.branch);
    await bank.getByRole('button', { name: 'Save bank details' }).tap();
    await expect.poll(async () => (await shown())[0]).toEqual(before);
  });
});

test('an agent cannot open the settings, and the database refuses the agent’s changes', async ({ page, request }) => {
  const a = await api(request);
  const staff = await staffCredentials();
  const agent = staff.find((member) => member.role === 'agent')!;
  await openSignedIn(page, agent.email, agent.password, '/admin');
  await expect(page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible({ timeout: 15_000 });
  const token = (await (await request.post('/auth/v1/token?grant_type=password', { headers: { apikey: a.anonKey }, data: { email: agent.email, password: agent.password } })).json()) as { access_token: string };
  const changed = await request.patch('/rest/v1/cancellation_policy_tiers?min_days_before=eq.0', {
    headers: { apikey: a.anonKey, authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json', prefer: 'return=representation' },
    data: JSON.stringify({ fee_percent: 0 }),
  });
  expect(await changed.json()).toEqual([]);
});
