import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { bookingForm, chooseDeparture, clickBook, fillTraveler, money } from './booking-page.ts';
import { expect, test } from './fixtures.ts';
import { adminToken, api, openSignedIn, rest, signIn, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * The catalogue studio: an editor builds a tour day by day with a season price and a series of
 * departures, previews it, publishes it, and a visitor at once finds it in the list, on its
 * server-rendered page with its JSON-LD, in the sitemap, and books it at the editor's price. Days
 * reordered with the keyboard reorder the public page. Bad input gets a field message and writes
 * nothing; agents cannot open the studio.
 */

const iso = (date: Date) => date.toISOString().slice(0, 10);
/** A date `days` out, on the company's calendar (Arusha, UTC+3). */
const companyDay = (days: number) => iso(new Date(Date.now() + 3 * 3_600_000 + days * 86_400_000));

async function editorCredentials() {
  const staff = await staffCredentials();
  const editor = staff.find((person) => person.role === 'editor');
  if (!editor) throw new Error('The demo company has no editor');
  return editor;
}

async function fillDay(day: Locator, details: { title: string; accommodation?: string; meals: string[] }) {
  await day.getByRole('textbox', { name: 'Title' }).fill(details.title);
  if (details.accommodation !== undefined) await day.getByRole('textbox', { name: 'Accommodation' }).fill(details.accommodation);
  for (const meal of details.meals) await checkChip(day, meal);
}

/** A Mantine chip: its input is hidden, its label takes the click. */
async function checkChip(scope: Locator, name: string) {
  if (!(await scope.getByRole('checkbox', { name }).isChecked())) await scope.locator('label', { hasText: new RegExp(`^${name}$`) }).click();
  await expect(scope.getByRole('checkbox', { name })).toBeChecked();
}

/** A date as the back office writes it: 7 Jun 2027. */
const departureDay = (isoDate: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));

/**
 * dnd-kit starts listening for the arrow keys in a timer after the Space that picks an item up, so
 * an arrow pressed the instant the pick-up is announced can be lost; a person is never that fast.
 */
const afterPickUp = (page: Page) => page.waitForTimeout(150);

const dayHeadings = (page: Page) => page.getByRole('region', { name: 'Day by day' }).getByRole('heading', { level: 3 });

test('an editor builds, previews and publishes a tour; a visitor finds it and books it at its price; days reordered by keyboard reorder the page', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const editor = await editorCredentials();
  const stamp = Date.now().toString(36);
  const title = `Ruaha Walking Safari ${stamp}`;
  const slug = `ruaha-walking-safari-${stamp}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, editor.email, editor.password, '/admin/tours');
  await expect(page.getByRole('table', { name: 'Tours' })).toContainText('Published', { timeout: 15_000 });
  await saveScreenshot(page, 'admin-tours');

  // A new tour: its address follows the title; an address another tour has is refused at the field.
  await page.getByRole('link', { name: 'New tour' }).click();
  const details = page.getByRole('form', { name: 'Tour details' });
  await details.getByRole('button', { name: 'Add the tour' }).click();
  await expect(details.getByText('Give the tour a title, up to 120 characters')).toBeVisible();
  await details.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await expect(details.getByRole('textbox', { name: 'Address' })).toHaveValue(slug);
  await details.getByRole('textbox', { name: 'Address' }).fill('7-day-great-migration-safari');
  await details.getByRole('button', { name: 'Add the tour' }).click();
  await expect(details.getByText('Another tour has the address 7-day-great-migration-safari')).toBeVisible();
  await details.getByRole('textbox', { name: 'Address' }).fill(slug);
  await details.getByRole('textbox', { name: 'Summary' }).fill('Three days on foot and by road in Ruaha, Tanzania’s great wild park.');
  // Ruaha's park permits ask for passports.
  await details.getByRole('switch', { name: 'Travelers need a passport' }).check();
  await details.getByRole('button', { name: 'Add the tour' }).click();
  await expect(page).toHaveURL(/\/admin\/tours\/[0-9a-f-]{36}\?tab=itinerary$/);
  const tourId = /tours\/([0-9a-f-]{36})/.exec(page.url())![1];

  // Three days; a new day starts at the lodge of the night before.
  const days = page.getByTestId('itinerary-day');
  const addDay = page.getByRole('button', { name: 'Add a day' });
  await addDay.click();
  await fillDay(days.nth(0), { title: 'Arrive in Iringa', accommodation: 'Ruaha River Lodge', meals: ['Dinner'] });
  await addDay.click();
  await expect(days.nth(1).getByRole('textbox', { name: 'Accommodation' })).toHaveValue('Ruaha River Lodge');
  await fillDay(days.nth(1), { title: 'Walking with the rangers', meals: ['Breakfast', 'Lunch'] });
  await addDay.click();
  await fillDay(days.nth(2), { title: 'Fly home', accommodation: '', meals: ['Breakfast'] });
  await page.getByRole('button', { name: 'Save itinerary' }).click();
  await expect(page.getByText('Itinerary saved: 3 days')).toBeVisible();
  await saveScreenshot(page, 'admin-tour-itinerary');

  // Prices: below zero is refused at the field and writes nothing; a dry-season price for the departures in it.
  await page.getByRole('tab', { name: 'Pricing' }).click();
  const prices = page.getByRole('form', { name: 'Prices' });
  await prices.getByRole('textbox', { name: 'Price per adult' }).fill('-5');
  await prices.getByRole('button', { name: 'Save prices' }).click();
  await expect(prices.getByText('A price cannot be below zero')).toBeVisible();
  await prices.getByRole('textbox', { name: 'Price per adult' }).fill('1200');
  await prices.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByText('Prices saved')).toBeVisible();
  const seasonStart = companyDay(60);
  const seasonEnd = companyDay(120);
  const season = page.getByRole('form', { name: 'Add a season' });
  await season.getByRole('textbox', { name: 'Season' }).fill('Dry season');
  await season.getByLabel(/^From\b/).fill(seasonEnd);
  await season.getByLabel(/^To\b/).fill(seasonStart);
  await season.getByRole('textbox', { name: 'Adult price' }).fill('1450');
  await season.getByRole('button', { name: 'Add the season' }).click();
  await expect(season.getByText('The season ends on or after its first day')).toBeVisible();
  await season.getByLabel(/^From\b/).fill(seasonStart);
  await season.getByLabel(/^To\b/).fill(seasonEnd);
  await season.getByRole('button', { name: 'Add the season' }).click();
  await expect(page.getByRole('table', { name: 'Seasons' })).toContainText('Dry season');
  const discount = page.getByRole('form', { name: 'Add a group discount' });
  await discount.getByRole('textbox', { name: 'From travelers' }).fill('1');
  await discount.getByRole('button', { name: 'Add the discount' }).click();
  await expect(discount.getByText('From 2 travelers')).toBeVisible();
  await discount.getByRole('textbox', { name: 'From travelers' }).fill('4');
  await discount.getByRole('textbox', { name: 'Percent off' }).fill('5');
  await discount.getByRole('button', { name: 'Add the discount' }).click();
  await expect(page.getByRole('table', { name: 'Group discounts' })).toContainText('From 4 travelers');
  const extra = page.getByRole('form', { name: 'Add an extra' });
  await extra.getByRole('textbox', { name: 'Extra' }).fill('Night walk with a ranger');
  await extra.getByRole('textbox', { name: 'Price' }).fill('80');
  await extra.getByRole('button', { name: 'Add the extra' }).click();
  await expect(page.getByRole('table', { name: 'Extras' })).toContainText('Night walk with a ranger');

  // A series of departures: every Monday of the season. One ending before it starts is refused first.
  await page.getByRole('tab', { name: 'Departures' }).click();
  const add = page.getByRole('form', { name: 'Add departures' });
  await add.getByText('A series').click();
  await add.getByLabel(/^From\b/).fill(seasonEnd);
  await add.getByLabel(/^To\b/).fill(seasonStart);
  await checkChip(add, 'Monday');
  await add.getByRole('textbox', { name: 'Seats' }).fill('8');
  await add.getByRole('button', { name: /^Add/ }).click();
  await expect(add.getByText('The series ends on or after its first day')).toBeVisible();
  const a = await api(request);
  const admin = await adminToken(a);
  expect(await rest(a, admin, 'GET', `tours?select=passport_required&id=eq.${tourId}`)).toEqual([{ passport_required: true }]);
  const departuresOf = () => rest<{ id: string; start_date: string; end_date: string; price_override: number | null; season: string | null }[]>(a, admin, 'GET', `tour_departures?select=id,start_date,end_date,price_override,season&tour_id=eq.${tourId}&order=start_date`);
  expect(await departuresOf()).toEqual([]);
  await add.getByLabel(/^From\b/).fill(seasonStart);
  await add.getByLabel(/^To\b/).fill(seasonEnd);
  await expect(add.getByTestId('series-dates')).toContainText(/^(8|9) departures: \d+ \w+ \d{4}, /);
  await add.getByRole('button', { name: /^Add \d departures$/ }).click();
  await expect(page.getByText(/^(8|9) departures added$/)).toBeVisible();
  const departures = await departuresOf();
  expect(departures.length).toBeGreaterThanOrEqual(8);
  for (const departure of departures) {
    expect(new Date(`${departure.start_date}T12:00:00Z`).getUTCDay()).toBe(1);
    expect({ price: Number(departure.price_override), season: departure.season }).toEqual({ price: 1450, season: 'Dry season' });
    expect(departure.end_date).toBe(iso(new Date(Date.parse(`${departure.start_date}T00:00:00Z`) + 2 * 86_400_000)));
  }
  await expect(page.getByRole('table', { name: 'Departures to come' }).getByRole('row')).toHaveCount(departures.length + 1);
  // A departure's seats changed afterwards: none below zero, the rest kept.
  await page.getByRole('button', { name: `Change the departure of ${departureDay(departures[1].start_date)}` }).click();
  const change = page.getByRole('form', { name: 'Change the departure' });
  await change.getByRole('textbox', { name: 'Seats' }).fill('0');
  await change.getByRole('button', { name: 'Save the departure' }).click();
  await expect(change.getByText('From 1 to 500 seats')).toBeVisible();
  await change.getByRole('textbox', { name: 'Seats' }).fill('10');
  await change.getByRole('button', { name: 'Save the departure' }).click();
  await expect(page.getByText('Departure saved')).toBeVisible();
  const [changed] = await rest<{ capacity: number; price_override: number }[]>(a, admin, 'GET', `tour_departures?select=capacity,price_override&id=eq.${departures[1].id}`);
  expect({ capacity: changed.capacity, price: Number(changed.price_override) }).toEqual({ capacity: 10, price: 1450 });
  await saveScreenshot(page, 'admin-tour-departures');

  // The preview: the server renders the draft as it will be published (its HTML, before any script
  // runs, has the page); a made-up preview address has ended; visitors still get Page Not Found.
  const previewLink = page.getByRole('link', { name: 'Preview' });
  await expect(previewLink).toHaveAttribute('href', new RegExp(`^/tours/${slug}\\?preview=[\\w.-]+$`));
  const previewPage = await request.get((await previewLink.getAttribute('href'))!);
  expect(previewPage.headers()['x-robots-tag']).toBe('noindex');
  const previewRoot = (await previewPage.text()).split('<div id="root">')[1] ?? '';
  expect(previewRoot).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
  expect(previewRoot).toContain('Walking with the rangers');
  expect(previewRoot).toContain('a draft: visitors do not see it yet');
  const [preview] = await Promise.all([page.context().waitForEvent('page'), previewLink.click()]);
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
  await expect(preview.getByRole('alert').filter({ hasText: 'Preview' })).toContainText('a draft');
  await expect(dayHeadings(preview)).toHaveText([/^Day 1\s*Arrive in Iringa$/, /^Day 2\s*Walking with the rangers$/, /^Day 3\s*Fly home$/]);
  await preview.close();
  const visitor = await browser.newPage();
  await visitor.goto(`/tours/${slug}?preview=1`);
  await expect(visitor.getByRole('alert').filter({ hasText: 'This preview has ended' })).toBeVisible({ timeout: 15_000 });
  await visitor.goto(`/tours/${slug}`);
  await expect(visitor.getByRole('heading', { name: 'Page Not Found' })).toBeVisible({ timeout: 15_000 });
  expect((await request.get(`/tours/${slug}`)).status()).toBe(404);

  // Publish: the checks find nothing to say, and the tour is on the site at once.
  await expect(page.getByTestId('tour-problems')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(`${title} is on the site`)).toBeVisible();
  const html = await (await request.get(`/tours/${slug}`)).text();
  expect(html).toContain(`<h1`);
  expect(html).toContain(title);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]) as { '@type': string; name?: string; offers?: { price?: number | string } });
  expect(jsonLd.find((item) => item['@type'] === 'TouristTrip')).toMatchObject({ name: title });
  expect(await (await request.get('/sitemap.xml')).text()).toContain(`/tours/${slug}</loc>`);
  await visitor.goto(`/tours?q=${stamp}`);
  await visitor.getByRole('link', { name: new RegExp(title) }).first().click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // A visitor books two adults on the first departure at the season's price.
  const first = departures[0];
  await visitor.goto(`/tours/${slug}/book?departure=${first.id}`);
  await chooseDeparture(visitor, first.id);
  await expect(bookingForm(visitor).getByTestId('quote-lines')).not.toHaveAttribute('data-updating');
  await expect(bookingForm(visitor).getByTestId('quote-total')).toHaveText(money(2 * 1450));
  await fillTraveler(visitor, 1, { name: 'Halima Said', born: '1990-05-02', nationality: 'Tanzanian' });
  await fillTraveler(visitor, 2, { name: 'Omar Said', born: '1988-09-17', nationality: 'Tanzanian' });
  await bookingForm(visitor).getByRole('textbox', { name: 'Email', exact: true }).fill(`ruaha-${stamp}@example.com`);
  await bookingForm(visitor).getByLabel('Phone').fill('+255 754 100 200');
  await visitor.getByRole('radio', { name: 'Bank transfer' }).check();
  await visitor.getByRole('checkbox', { name: /I accept the booking terms/ }).check();
  await clickBook(visitor);
  await expect(visitor).toHaveURL(/\/thank-you\?booking=/);
  await expect(visitor.getByTestId('booking-total')).toContainText(money(2 * 1450));

  // The editor moves "Fly home" up with the keyboard (Space, arrow, Space): saved at once, the page follows.
  // The editor's tab in front again: a page behind another gets no animation frames, which dragging needs.
  await page.bringToFront();
  await page.getByRole('tab', { name: 'Itinerary' }).click();
  await page.getByRole('button', { name: 'Drag Fly home' }).focus();
  // Each key once the one before has taken effect, as a screen reader user hears it.
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: 'Fly home would become day 3' })).toHaveCount(1);
  await afterPickUp(page);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('status').filter({ hasText: 'Fly home would become day 2' })).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(page.getByText('Itinerary saved: 3 days')).toBeVisible();
  await expect(days.nth(1).getByRole('textbox', { name: 'Title' })).toHaveValue('Fly home');
  await visitor.goto(`/tours/${slug}`);
  await expect(dayHeadings(visitor)).toHaveText([/^Day 1\s*Arrive in Iringa$/, /^Day 2\s*Fly home$/, /^Day 3\s*Walking with the rangers$/]);
  await visitor.close();

  // A new address: the old one leads to it for good.
  await page.getByRole('tab', { name: 'Details' }).click();
  await details.getByRole('textbox', { name: 'Address' }).fill(`${slug}-on-foot`);
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText(`${title} saved`)).toBeVisible();
  const moved = await request.get(`/tours/${slug}`, { maxRedirects: 0 });
  expect({ status: moved.status(), location: moved.headers().location }).toEqual({ status: 301, location: `/tours/${slug}-on-foot` });
  expect(jsonLd.find((item) => item['@type'] === 'TouristTrip')?.offers?.price).toBeDefined();
});

test('an agent cannot open the catalogue and content screens, and the database and the server refuse their writes', async ({ page, request }) => {
  const agent = (await staffCredentials()).find((person) => person.role === 'agent')!;
  await openSignedIn(page, agent.email, agent.password, '/admin');
  const navigation = page.getByRole('navigation', { name: 'Back office screens' });
  await expect(navigation).toBeVisible({ timeout: 15_000 });
  for (const screen of ['Tours', 'Destinations', 'Experiences', 'Activities', 'Itinerary checks', 'Media']) await expect(navigation.getByRole('link', { name: screen })).toHaveCount(0);
  const a = await api(request);
  const [destination] = await rest<{ id: string }[]>(a, a.anonKey, 'GET', 'destinations?select=id&limit=1');
  for (const address of [
    '/admin/tours',
    '/admin/tours/new',
    '/admin/tours/import',
    '/admin/check-itinerary',
    '/admin/media',
    '/admin/destinations',
    '/admin/destinations/new',
    `/admin/destinations/${destination.id}`,
    '/admin/experiences',
    '/admin/experiences/new',
    '/admin/activities',
    '/admin/activities/new',
  ]) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible({ timeout: 15_000 });
  }
  const token = (await signIn(a, agent.email, agent.password))!;
  const [tour] = await rest<{ id: string }[]>(a, a.anonKey, 'GET', 'tours?select=id&status=eq.active&limit=1');
  const refused = await request.post('/rest/v1/rpc/add_tour_departures', {
    headers: { apikey: a.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    data: { p_tour_id: tour.id, p_start_dates: [companyDay(400)], p_capacity: 8 },
  });
  expect(refused.status()).toBe(403);
  const upload = await request.post('/api/media', { headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png', 'x-file-name': 'agent.png' }, data: Buffer.from('not read') });
  expect({ status: upload.status(), answer: await upload.json() }).toMatchObject({ status: 403, answer: { error: { code: 'forbidden', message: 'Only staff who manage media upload files' } } });
});

test('the itinerary checks list a planted problem of each kind, each linked to the field that fixes it', async ({ page, request }) => {
  const a = await api(request);
  const admin = await adminToken(a);
  const stamp = Date.now().toString(36);
  const title = `Planted Problems Safari ${stamp}`;
  const [tour] = await rest<{ id: string }[]>(a, admin, 'POST', 'tours', { slug: `planted-problems-${stamp}`, title, status: 'active', base_price: 900, duration_days: 5, duration_nights: 4 });
  await rest(a, admin, 'POST', 'tour_itinerary', [
    { tour_id: tour.id, day_number: 1, title: 'Arrive', meals: [] },
    { tour_id: tour.id, day_number: 3, title: 'Leave', accommodation: 'Lodge', meals: ['Breakfast'] },
  ]);
  await rest(a, admin, 'POST', 'tour_departures', { tour_id: tour.id, start_date: companyDay(-10), end_date: companyDay(-6), capacity: 6 });
  await rest(a, admin, 'POST', 'tour_seasons', { tour_id: tour.id, name: 'Green season', starts_on: companyDay(30), ends_on: companyDay(90) });
  // A cover from the media library that nobody has described yet.
  const picture = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 60, g: 120, b: 80 } } }).jpeg().toBuffer();
  const uploaded = await request.post('/api/media', { headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/jpeg', 'x-file-name': `planted-${stamp}.jpg` }, data: picture });
  expect(uploaded.status()).toBe(201);
  await rest(a, admin, 'PATCH', `tours?id=eq.${tour.id}`, { hero_image_url: ((await uploaded.json()) as { url: string }).url });

  const editor = await editorCredentials();
  await openSignedIn(page, editor.email, editor.password, '/admin/itinerary-debug');
  await expect(page).toHaveURL(/\/admin\/check-itinerary$/);
  const card = page.getByRole('region', { name: title });
  await expect(card.getByRole('listitem')).toHaveText([
    'The cover picture has no alt text: describe it in Media',
    'Day 2 is missing: the days go 1, 3',
    'The tour says 5 days and 4 nights, its itinerary has 2 days',
    'Day 1 has no accommodation',
    'Day 1 says no meals',
    'No departure to come: visitors cannot book it',
    `The departure of ${departureDay(companyDay(-10))} left with nobody booked and is still open: cancel it`,
    'The season Green season has no price',
  ], { timeout: 15_000 });
  await saveScreenshot(page, 'admin-itinerary-checks');
  await card.getByRole('link', { name: 'Day 1 has no accommodation' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tours/${tour.id}\\?tab=itinerary&field=day-1-accommodation$`));
  await expect(page.locator('#day-1-accommodation')).toBeFocused();
  await page.goto('/admin/check-itinerary');
  await page.getByRole('region', { name: title }).getByRole('link', { name: 'The season Green season has no price' }).click();
  await expect(page.getByRole('tab', { name: 'Pricing' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Seasons' })).toContainText('No price');
  await page.goto('/admin/check-itinerary');
  await page.getByRole('region', { name: title }).getByRole('link', { name: 'The cover picture has no alt text: describe it in Media' }).click();
  await expect(page.locator('#tour-cover')).toBeFocused();
  await rest(a, admin, 'PATCH', `tours?id=eq.${tour.id}`, { status: 'archived' });
});

test('an editor exports the catalogue, then imports a CSV: a bad row is named and nothing written, the fixed file imports whole', async ({ page, request }) => {
  const editor = await editorCredentials();
  const stamp = Date.now().toString(36);
  await openSignedIn(page, editor.email, editor.password, '/admin/tours');
  await expect(page.getByRole('table', { name: 'Tours' })).toContainText('Published', { timeout: 15_000 });
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /^CSV/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^tours-\d{4}-\d{2}-\d{2}\.csv$/);
  const exported = await (await download.createReadStream()).toArray();
  const csvText = Buffer.concat(exported).toString('utf8');
  expect(csvText.startsWith('\ufeffrecord,tour,title,')).toBe(true);
  expect(csvText).toContain('\ntour,7-day-great-migration-safari,7-Day Great Migration Safari,');

  const file = (price: string) => ({
    name: 'new-tours.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'record,tour,title,status,base_price,duration_days,duration_nights,day_number,day_title,accommodation,meals,start_date,end_date,capacity',
        `tour,selous-boat-${stamp},Selous by Boat ${stamp},active,900,2,1,,,,,,,`,
        `tour,mikumi-day-${stamp},Mikumi Day Trip ${stamp},draft,${price},1,0,,,,,,,`,
        `day,selous-boat-${stamp},,,,,,1,Boat safari,Sand Rivers Camp,"Lunch\nDinner",,,`,
        `day,selous-boat-${stamp},,,,,,2,Fly out,,Breakfast,,,`,
        `departure,selous-boat-${stamp},,,,,,,,,,${companyDay(90)},${companyDay(91)},6`,
      ].join('\n'),
    ),
  });
  const a = await api(request);
  const admin = await adminToken(a);
  const imported = () => rest<{ slug: string; tour_itinerary: unknown[]; tour_departures: unknown[] }[]>(a, admin, 'GET', `tours?select=slug,tour_itinerary(id),tour_departures(id)&slug=in.(selous-boat-${stamp},mikumi-day-${stamp})&order=slug`);

  await page.getByRole('link', { name: 'Import' }).click();
  await page.locator('input[type=file]').setInputFiles(file('-40'));
  await expect(page.getByTestId('import-problems')).toContainText('1 problem: nothing is imported until it is fixed');
  await expect(page.getByTestId('import-problems')).toContainText('Row 3: The price per adult cannot be below zero');
  await expect(page.getByRole('button', { name: 'Import 2 tours' })).toBeDisabled();
  await saveScreenshot(page, 'admin-tours-import');
  expect(await imported()).toEqual([]);

  await page.locator('input[type=file]').setInputFiles(file('120'));
  await expect(page.getByTestId('import-ready')).toContainText('the import adds 2 tours');
  await expect(page.getByRole('table', { name: 'Tours in the file' }).getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Import 2 tours' }).click();
  await expect(page.getByText('2 tours imported')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tours$/);
  expect((await imported()).map((tour) => [tour.slug, tour.tour_itinerary.length, tour.tour_departures.length])).toEqual([
    [`mikumi-day-${stamp}`, 0, 0],
    [`selous-boat-${stamp}`, 2, 1],
  ]);
  await rest(a, admin, 'PATCH', `tours?slug=in.(selous-boat-${stamp},mikumi-day-${stamp})`, { status: 'archived' });
});

test('an editor orders the destinations by keyboard and the site follows; a taken address is refused; a new activity is added', async ({ page, request }) => {
  const editor = await editorCredentials();
  const a = await api(request);
  const destinations = await rest<{ name: string; slug: string }[]>(a, a.anonKey, 'GET', 'destinations?select=name,slug&order=display_order,name');
  const [first, second] = destinations;
  await openSignedIn(page, editor.email, editor.password, '/admin/destinations');
  const list = page.getByRole('list', { name: 'Destinations' });
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-label', first.name, { timeout: 15_000 });
  await saveScreenshot(page, 'admin-destinations');

  await page.getByRole('button', { name: `Drag ${second.name}` }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('status').filter({ hasText: `${second.name} would become number 2` })).toHaveCount(1);
  await afterPickUp(page);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('status').filter({ hasText: `${second.name} would become number 1` })).toHaveCount(1);
  await page.keyboard.press('Space');
  await expect(page.getByText('Order saved: the site lists the destinations so')).toBeVisible();
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-label', second.name);
  const html = await (await request.get('/destinations')).text();
  expect(html.indexOf(`/destinations/${second.slug}"`)).toBeGreaterThan(-1);
  expect(html.indexOf(`/destinations/${second.slug}"`)).toBeLessThan(html.indexOf(`/destinations/${first.slug}"`));
  // Back as it was, with the buttons a touch screen uses.
  await page.getByRole('button', { name: `Move ${second.name} down` }).click();
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-label', first.name);

  // A destination's page lists its tours; another destination's address is refused beside the field.
  await list.getByRole('link', { name: first.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
  await expect(page.getByTestId('entry-tours').getByRole('link').first()).toBeVisible();
  const form = page.getByRole('form', { name: 'Destination details' });
  await form.getByRole('textbox', { name: 'Address' }).fill(second.slug);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(`Another destination has the address ${second.slug}`)).toBeVisible();
  const [unchanged] = await rest<{ slug: string }[]>(a, a.anonKey, 'GET', `destinations?select=slug&name=eq.${encodeURIComponent(first.name)}`);
  expect(unchanged.slug).toBe(first.slug);

  // A new activity: its address follows its name.
  const stamp = Date.now().toString(36);
  await page.goto('/admin/activities');
  await page.getByRole('link', { name: 'New activity' }).click();
  const activity = page.getByRole('form', { name: 'Activity details' });
  await activity.getByRole('textbox', { name: 'Name' }).fill(`Night game drive ${stamp}`);
  await expect(activity.getByRole('textbox', { name: 'Address' })).toHaveValue(`night-game-drive-${stamp}`);
  await activity.getByRole('button', { name: 'Add the activity' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Night game drive ${stamp}` })).toBeVisible();
  await expect(page.getByText('No tour names this activity yet.')).toBeVisible();
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('an editor moves an itinerary day by touch, with the arrows beside it', async ({ page, request }) => {
    const a = await api(request);
    const admin = await adminToken(a);
    const stamp = Date.now().toString(36);
    const [tour] = await rest<{ id: string }[]>(a, admin, 'POST', 'tours', { slug: `tablet-tour-${stamp}`, title: `Tablet Tour ${stamp}`, base_price: 400, duration_days: 2, duration_nights: 1 });
    await rest(a, admin, 'POST', 'tour_itinerary', [
      { tour_id: tour.id, day_number: 1, title: 'Arusha', accommodation: 'Arusha Lodge', meals: ['Dinner'] },
      { tour_id: tour.id, day_number: 2, title: 'Tarangire', meals: ['Breakfast', 'Lunch'] },
    ]);
    const editor = await editorCredentials();
    await openSignedIn(page, editor.email, editor.password, '/admin/tours');
    await page.goto(`/admin/tours/${tour.id}?tab=itinerary`);
    const days = page.getByTestId('itinerary-day');
    await expect(days.first().getByRole('textbox', { name: 'Title' })).toHaveValue('Arusha', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Move Tarangire up' }).tap();
    await expect(page.getByText('Itinerary saved: 2 days')).toBeVisible();
    await expect(days.first().getByRole('textbox', { name: 'Title' })).toHaveValue('Tarangire');
    await saveScreenshot(page, 'admin-tour-itinerary');
    const saved = await rest<{ title: string }[]>(a, admin, 'GET', `tour_itinerary?select=title&tour_id=eq.${tour.id}&order=day_number`);
    expect(saved.map((day) => day.title)).toEqual(['Tarangire', 'Arusha']);
  });
});
