import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, openSignedIn, rest } from './rest-api.ts';

/**
 * Unsaved changes: every back-office form asks before its edits are lost (one prompt per page,
 * however many forms are edited), a saved form leaves freely, and the quote builder keeps a draft
 * on the device that a reload offers back.
 */

const sidebarLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name, exact: true });
const leavePrompt = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

test('at 1280 px, a settings form and a tour’s details ask before a sidebar link takes their edits away; once saved, they leave freely', async ({ page, request }) => {
  const a = await api(request);
  const token = await adminToken(a);
  const stamp = Date.now().toString(36);
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin/settings');

  const bank = page.getByRole('form', { name: 'Bank details' });
  const branch = bank.getByRole('textbox', { name: 'Branch' });
  await expect(branch).toBeVisible({ timeout: 15_000 });
  const branchBefore = await branch.inputValue();
  const terms = page.getByRole('form', { name: 'Booking terms' });
  const version = terms.getByRole('textbox', { name: 'Booking terms version' });
  const versionBefore = await version.inputValue();

  // Two forms edited: one prompt. Staying keeps both edits.
  await branch.fill(`Branch ${stamp}`);
  await version.fill(`edited-${stamp}`);
  await sidebarLink(page, 'Dashboard').click();
  await expect(leavePrompt(page)).toBeVisible();
  await expect(leavePrompt(page)).toHaveCount(1);
  await leavePrompt(page).getByRole('button', { name: 'Stay and save' }).click();
  await expect(leavePrompt(page)).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(branch).toHaveValue(`Branch ${stamp}`);
  await expect(version).toHaveValue(`edited-${stamp}`);

  // Leaving loses them: the settings open again as they were.
  await sidebarLink(page, 'Dashboard').click();
  await leavePrompt(page).getByRole('button', { name: 'Leave and lose the changes' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await sidebarLink(page, 'Settings').click();
  await expect(branch).toHaveValue(branchBefore, { timeout: 15_000 });
  await expect(version).toHaveValue(versionBefore);

  // Saved, the form is clean: the link leaves at once.
  await branch.fill(`Branch ${stamp}`);
  await bank.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('Bank details saved')).toBeVisible();
  await sidebarLink(page, 'Dashboard').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(leavePrompt(page)).toHaveCount(0);
  const [active] = await rest<{ branch: string }[]>(a, token, 'GET', 'payment_instructions?select=branch&is_active=eq.true');
  expect(active.branch).toBe(`Branch ${stamp}`);

  // A tour's details, the same way.
  const [tour] = await rest<{ id: string; title: string }[]>(a, token, 'GET', 'tours?select=id,title&status=eq.active&is_private=eq.false&order=slug&limit=1');
  await sidebarLink(page, 'Tours').click();
  // On the tours list, not the dashboard still on screen, whose cards name tours too.
  await expect(page.getByRole('heading', { name: 'Tours', level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.getByText(tour.title, { exact: true }).first().click();
  const details = page.getByRole('form', { name: 'Tour details' });
  const season = details.getByRole('textbox', { name: 'Best season' });
  await expect(season).toBeVisible({ timeout: 15_000 });
  const seasonBefore = await season.inputValue();
  await season.fill(`June to October (${stamp})`);
  await sidebarLink(page, 'Tours').click();
  await expect(leavePrompt(page)).toBeVisible();
  await leavePrompt(page).getByRole('button', { name: 'Stay and save' }).click();
  await expect(season).toHaveValue(`June to October (${stamp})`);
  await expect(page).toHaveURL(new RegExp(`/admin/tours/${tour.id}`));

  await sidebarLink(page, 'Tours').click();
  await leavePrompt(page).getByRole('button', { name: 'Leave and lose the changes' }).click();
  await expect(page).toHaveURL(/\/admin\/tours$/);
  await expect(page.getByRole('heading', { name: 'Tours', level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.getByText(tour.title, { exact: true }).first().click();
  await expect(season).toHaveValue(seasonBefore, { timeout: 15_000 });

  await season.fill(`June to October (${stamp})`);
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(`${tour.title} saved`)).toBeVisible();
  await sidebarLink(page, 'Tours').click();
  await expect(page).toHaveURL(/\/admin\/tours$/);
  await expect(leavePrompt(page)).toHaveCount(0);
  const [saved] = await rest<{ best_season: string }[]>(a, token, 'GET', `tours?select=best_season&id=eq.${tour.id}`);
  expect(saved.best_season).toBe(`June to October (${stamp})`);
});

test('at 1280 px, a modal form asks before closing takes its edits; the page asks while it is open', async ({ page }) => {
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin');
  // In from the dashboard, so the back button has a back-office page to go back to.
  await sidebarLink(page, 'Team').click();
  await page.getByRole('button', { name: 'Invite someone' }).click();
  const modal = page.getByRole('dialog', { name: 'Invite to the team' });
  const email = modal.getByRole('textbox', { name: 'Email' });
  await email.fill('new.guide@example.com');

  await page.keyboard.press('Escape');
  const discard = modal.getByRole('alertdialog', { name: 'Discard the changes?' });
  await expect(discard).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(email).toHaveValue('new.guide@example.com');

  await page.evaluate(() => history.back());
  await expect(leavePrompt(page)).toBeVisible();
  await leavePrompt(page).getByRole('button', { name: 'Stay and save' }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);

  await page.keyboard.press('Escape');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(modal).toBeHidden();
  // Nothing left to lose: the sidebar leaves at once.
  await sidebarLink(page, 'Dashboard').click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(leavePrompt(page)).toHaveCount(0);

  // A catalogue file read for import and not imported: the sidebar asks first.
  await page.goto('/admin/tours/import');
  await page.locator('input[type="file"]').setInputFiles({ name: 'tours.csv', mimeType: 'text/csv', buffer: Buffer.from('record,tour,title\ntour,unsaved-walk,Unsaved walk\n') });
  await expect(page.getByRole('table', { name: 'Tours in the file' })).toContainText('Unsaved walk', { timeout: 15_000 });
  await sidebarLink(page, 'Dashboard').click();
  await leavePrompt(page).getByRole('button', { name: 'Leave and lose the changes' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test('at 1280 px, a tour’s itinerary edited and reloaded offers its draft back until it is discarded', async ({ page, request }) => {
  const a = await api(request);
  const token = await adminToken(a);
  const stamp = Date.now().toString(36);
  const [tour] = await rest<{ id: string }[]>(a, token, 'GET', 'tours?select=id&status=eq.active&is_private=eq.false&order=slug&limit=1');
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, `/admin/tours/${tour.id}`);
  await page.getByRole('tab', { name: 'Itinerary' }).click();
  const title = page.getByTestId('itinerary-day').first().getByRole('textbox', { name: 'Title' });
  await expect(title).toBeVisible({ timeout: 15_000 });
  const before = await title.inputValue();
  await title.click();
  await title.fill(`Arrival, edited (${stamp})`);
  await expect(page.getByTestId('draft-kept')).toBeVisible();

  const reload = async () => {
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
  };
  await reload();
  const offer = page.getByTestId('draft-offer');
  await expect(offer).toContainText('Restore your unsaved draft from', { timeout: 15_000 });
  await offer.getByRole('button', { name: 'Restore' }).click();
  await expect(title).toHaveValue(`Arrival, edited (${stamp})`);
  await expect(page.getByText('not saved yet')).toBeVisible();

  // Restored and still not saved, it is kept: offered again until discarded.
  await expect(page.getByTestId('draft-kept')).toBeVisible();
  await reload();
  await offer.getByRole('button', { name: 'Discard' }).click({ timeout: 15_000 });
  await expect(title).toHaveValue(before);
  await page.reload();
  await expect(title).toHaveValue(before, { timeout: 15_000 });
  await expect(offer).toHaveCount(0);
});

test.describe('on a 768 px tablet with touch', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('a quote edited and reloaded offers its draft back; restored and saved, the draft is gone', async ({ page, request }) => {
    const a = await api(request);
    const token = await adminToken(a);
    const stamp = Date.now().toString(36);
    const asked = await a.request.post('/api/enquiries', {
      data: { kind: 'contact', name: 'Neema Draft', email: `draft-${stamp}@example.com`, preferredContact: 'email', subject: 'Ngorongoro in March', message: 'Three days, two of us' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const enquiry = (await asked.json()) as { id: string };
    const [tour] = await rest<{ id: string }[]>(a, token, 'GET', 'tours?select=id&status=eq.active&is_private=eq.false&order=slug&limit=1');
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const [quote] = await rest<{ id: string }[]>(a, token, 'POST', 'quotes', {
      enquiry_id: enquiry.id,
      tour_id: tour.id,
      title: 'Ngorongoro in March',
      start_date: day(120),
      valid_until: day(20),
      adults: 2,
      days: [{ title: 'Arrival in Arusha' }, { title: 'Ngorongoro Crater' }],
      lines: [{ label: 'Safari, per adult', quantity: 2, unit_price: 1450 }],
    });

    const admin = await adminCredentials();
    await openSignedIn(page, admin.email, admin.password, `/admin/bookings/quotes/${quote.id}`);
    const title = page.getByRole('textbox', { name: 'Title the client sees' });
    await expect(title).toHaveValue('Ngorongoro in March', { timeout: 15_000 });
    await title.tap();
    await title.fill(`Ngorongoro and Tarangire (${stamp})`);
    await expect(page.getByTestId('draft-kept')).toBeVisible();

    // The browser warns before the reload takes the edits; the draft is on the device anyway.
    const warned = page.waitForEvent('dialog').then(async (dialog) => {
      const type = dialog.type();
      await dialog.accept();
      return type;
    });
    await page.reload();
    expect(await warned).toBe('beforeunload');
    const offer = page.getByTestId('draft-offer');
    await expect(offer).toContainText('Restore your unsaved draft from', { timeout: 15_000 });
    await expect(title).toHaveValue('Ngorongoro in March');
    // A finger's target on the tablet.
    expect((await offer.getByRole('button', { name: 'Restore' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await offer.getByRole('button', { name: 'Restore' }).tap();
    await expect(offer).toHaveCount(0);
    await expect(title).toHaveValue(`Ngorongoro and Tarangire (${stamp})`);

    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await expect(page.getByText('Quote saved')).toBeVisible();
    const [stored] = await rest<{ title: string }[]>(a, token, 'GET', `quotes?select=title&id=eq.${quote.id}`);
    expect(stored.title).toBe(`Ngorongoro and Tarangire (${stamp})`);
    await expect(page.getByTestId('draft-kept')).toHaveCount(0);

    // Saved: nothing to warn about, nothing offered after a reload.
    await page.reload();
    await expect(title).toHaveValue(`Ngorongoro and Tarangire (${stamp})`, { timeout: 15_000 });
    await expect(page.getByTestId('draft-offer')).toHaveCount(0);

    // A draft discarded is gone too.
    await title.tap();
    await title.fill(`Discarded (${stamp})`);
    await expect(page.getByTestId('draft-kept')).toBeVisible();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.getByTestId('draft-offer').getByRole('button', { name: 'Discard' }).tap({ timeout: 15_000 });
    await expect(title).toHaveValue(`Ngorongoro and Tarangire (${stamp})`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect(title).toHaveValue(`Ngorongoro and Tarangire (${stamp})`, { timeout: 15_000 });
    await expect(page.getByTestId('draft-offer')).toHaveCount(0);
  });
});
