import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { adminToken, api, openSignedIn, rest, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * The catalogue studio's other screens on a 768 px touch tablet, each doing its main job by touch:
 * the media library (a picture added and described), the itinerary checks (a problem opens its
 * field), the destinations (moved with the arrows, one edited), import (a file previewed and
 * imported) and a tour's departures (a series added). None is wider than the screen.
 */

test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

/** The page scrolls down only: nothing sticks out sideways (a wide table scrolls in its own box). */
async function expectFitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
/** A date `days` out, on the company's calendar (Arusha, UTC+3). */
const companyDay = (days: number) => iso(new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000));

async function signInAsEditor(page: Page, address: string) {
  const editor = (await staffCredentials()).find((person) => person.role === 'editor')!;
  await openSignedIn(page, editor.email, editor.password, address);
}

test('media: a picture is added and described by touch', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const name = `tablet-${stamp}.jpg`;
  const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 120, g: 150, b: 90 } } }).jpeg().toBuffer();
  await signInAsEditor(page, '/admin/media');
  await expect(page.getByRole('heading', { name: 'Media', level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/jpeg', buffer: picture });
  const card = page.getByRole('article', { name });
  // Sizes up to the picture's own width; the original is kept too.
  await expect(card).toContainText('1200 × 800', { timeout: 30_000 });
  await expect(card).toContainText('sizes 480, 960');
  const alt = card.getByRole('form', { name: `Alt text of ${name}` });
  await alt.getByRole('textbox', { name: 'Alt text' }).tap();
  await alt.getByRole('textbox', { name: 'Alt text' }).fill(`Green hills near Iringa ${stamp}`);
  await alt.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByText('Alt text saved')).toBeVisible();
  await expect(card.getByText('Needs alt text before use')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Search pictures' }).fill(stamp);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expectFitsTheScreen(page);
  await saveScreenshot(page, 'admin-media-tablet');
});

test('checks: a tour’s problem opens the field that fixes it', async ({ page, request }) => {
  const a = await api(request);
  const admin = await adminToken(a);
  const stamp = Date.now().toString(36);
  const title = `Tablet Checks Safari ${stamp}`;
  const [tour] = await rest<{ id: string }[]>(a, admin, 'POST', 'tours', { slug: `tablet-checks-${stamp}`, title, status: 'active', base_price: 500, duration_days: 2, duration_nights: 1 });
  await rest(a, admin, 'POST', 'tour_itinerary', [
    { tour_id: tour.id, day_number: 1, title: 'Arrive', meals: ['Dinner'] },
    { tour_id: tour.id, day_number: 2, title: 'Leave', meals: ['Breakfast'] },
  ]);
  await signInAsEditor(page, '/admin/check-itinerary');
  const card = page.getByRole('region', { name: title });
  await expect(card.getByRole('link', { name: 'Day 1 has no accommodation' })).toBeVisible({ timeout: 15_000 });
  await expectFitsTheScreen(page);
  await saveScreenshot(page, 'admin-itinerary-checks-tablet');
  await card.getByRole('link', { name: 'Day 1 has no accommodation' }).tap();
  await expect(page.locator('#day-1-accommodation')).toBeFocused();
  await expectFitsTheScreen(page);
  await rest(a, admin, 'PATCH', `tours?id=eq.${tour.id}`, { status: 'archived' });
});

test('destinations: moved with the arrows and edited by touch', async ({ page, request }) => {
  const a = await api(request);
  const destinations = await rest<{ name: string }[]>(a, a.anonKey, 'GET', 'destinations?select=name&order=display_order,name');
  const [first, second] = destinations;
  await signInAsEditor(page, '/admin/destinations');
  const list = page.getByRole('list', { name: 'Destinations' });
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-label', first.name, { timeout: 15_000 });
  await expectFitsTheScreen(page);
  await saveScreenshot(page, 'admin-destinations-tablet');
  await page.getByRole('button', { name: `Move ${first.name} down` }).tap();
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-label', second.name);
  await page.getByRole('button', { name: `Move ${first.name} up` }).tap();
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-label', first.name);

  await list.getByRole('link', { name: first.name }).tap();
  const form = page.getByRole('form', { name: 'Destination details' });
  await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue(first.name);
  await expectFitsTheScreen(page);
  await saveScreenshot(page, 'admin-destination-tablet');
  await form.getByRole('textbox', { name: 'Name' }).fill(`${first.name} `);
  await form.getByRole('button', { name: 'Save' }).tap();
  await expect(page.getByText(`${first.name} saved`)).toBeVisible();
});

test('import: a file is previewed and imported by touch', async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  await signInAsEditor(page, '/admin/tours/import');
  await page.locator('input[type=file]').setInputFiles({
    name: 'tablet-tours.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'record,tour,title,status,base_price,duration_days,duration_nights,day_number,day_title,meals',
        `tour,tablet-import-${stamp},Tablet Import ${stamp},draft,300,1,0,,,`,
        `day,tablet-import-${stamp},,,,,,1,Day trip,Lunch`,
      ].join('\n'),
    ),
  });
  await expect(page.getByTestId('import-ready')).toContainText('the import adds 1 tour', { timeout: 15_000 });
  await expectFitsTheScreen(page);
  await saveScreenshot(page, 'admin-tours-import-tablet');
  await page.getByRole('button', { name: 'Import 1 tour' }).tap();
  await expect(page.getByText('1 tour imported')).toBeVisible();
  const a = await api(request);
  const admin = await adminToken(a);
  const [imported] = await rest<{ title: string; tour_itinerary: { title: string }[] }[]>(a, admin, 'GET', `tours?select=title,tour_itinerary(title)&slug=eq.tablet-import-${stamp}`);
  expect(imported).toEqual({ title: `Tablet Import ${stamp}`, tour_itinerary: [{ title: 'Day trip' }] });
  await rest(a, admin, 'PATCH', `tours?slug=eq.tablet-import-${stamp}`, { status: 'archived' });
});

test('departures: a series is added by touch', async ({ page, request }) => {
  const a = await api(request);
  const admin = await adminToken(a);
  const stamp = Date.now().toString(36);
  const [tour] = await rest<{ id: string }[]>(a, admin, 'POST', 'tours', { slug: `tablet-departures-${stamp}`, title: `Tablet Departures ${stamp}`, base_price: 700, duration_days: 3, duration_nights: 2 });
  await signInAsEditor(page, '/admin/tours');
  await page.goto(`/admin/tours/${tour.id}?tab=departures`);
  const add = page.getByRole('form', { name: 'Add departures' });
  await expect(add).toBeVisible({ timeout: 15_000 });
  await add.getByText('A series').tap();
  await add.getByLabel(/^From\b/).fill(companyDay(200));
  await add.getByLabel(/^To\b/).fill(companyDay(220));
  await add.locator('label', { hasText: /^Friday$/ }).tap();
  await expect(add.getByRole('checkbox', { name: 'Friday' })).toBeChecked();
  await add.getByRole('textbox', { name: 'Seats' }).fill('6');
  await expect(add.getByTestId('series-dates')).toContainText(/^3 departures: /);
  await add.getByRole('button', { name: 'Add 3 departures' }).tap();
  await expect(page.getByText('3 departures added')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Departures to come' }).getByRole('row')).toHaveCount(4);
  await expectFitsTheScreen(page);
  await saveScreenshot(page, 'admin-tour-departures-tablet');
  const departures = await rest<{ start_date: string }[]>(a, admin, 'GET', `tour_departures?select=start_date&tour_id=eq.${tour.id}`);
  expect(departures.map((departure) => new Date(`${departure.start_date}T12:00:00Z`).getUTCDay())).toEqual([5, 5, 5]);
  await rest(a, admin, 'PATCH', `tours?id=eq.${tour.id}`, { status: 'archived' });
});
