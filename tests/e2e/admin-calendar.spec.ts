import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import Papa from 'papaparse';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { emailTo } from './mail.ts';
import { adminCredentials, adminToken, api, type Api, openSignedIn, rest, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * The calendar: an admin gives a trip a guide and two vehicles, is refused an overlapping guide and
 * an overloaded vehicle with the reasons, drags the trip to another day and sees it there and in
 * the traveler's email; on a tablet, the list view and the panel's Move, which checks first.
 */

/** yyyy-mm-dd this many days from today in Arusha, the office's time zone. */
const inDays = (days: number) => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Dar_es_Salaam' });
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
/** The first day of the month some months ahead, plus `day - 1` days. */
const dayOfMonthAhead = (months: number, day: number) => {
  const first = new Date(`${inDays(0).slice(0, 7)}-01T00:00:00Z`);
  first.setUTCMonth(first.getUTCMonth() + months);
  first.setUTCDate(day);
  return first.toISOString().slice(0, 10);
};
const officeDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const longDay = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const plusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const travelerNames = ['Ingrid Moved', 'Lars Moved', 'Elsa Moved', 'Nils Moved', 'Astrid Moved', 'Olof Moved', 'Greta Moved', 'Sven Moved'];

interface Setup {
  title: string;
  departure: string;
  start: string;
  email: string;
  busyGuide: string;
  freeGuide: string;
  freeGuideId: string;
  vehicles: [string, string];
}

/**
 * A trip of 3 days with 8 travelers booked, a guide already on an overlapping trip, a free guide and two 6-seat vehicles.
 * Its tour has no other trip in the fortnight from `start`: the seed's trips follow today's date, and one of the
 * same tour on those days would show a row and a bar like this trip's.
 */
async function setUp(a: Api, request: APIRequestContext, start: string): Promise<Setup> {
  const token = await adminToken(a);
  const suffix = randomUUID().slice(0, 6).toUpperCase();
  const tours = await rest<{ id: string; title: string }[]>(a, token, 'GET', 'tours?select=id,title&status=eq.active&is_private=eq.false&order=slug');
  const near = await rest<{ tour_id: string }[]>(a, token, 'GET', `tour_departures?select=tour_id&end_date=gte.${plusDays(start, -3)}&start_date=lte.${plusDays(start, 14)}`);
  const tour = tours.find((candidate) => !near.some((trip) => trip.tour_id === candidate.id))!;
  const [departure, overlapping] = await rest<{ id: string }[]>(a, token, 'POST', 'tour_departures?select=id', [
    { tour_id: tour.id, start_date: start, end_date: plusDays(start, 2), capacity: 12 },
    { tour_id: tour.id, start_date: plusDays(start, 1), end_date: plusDays(start, 3), capacity: 12 },
  ]);
  const email = `moved-${suffix.toLowerCase()}@example.com`;
  const booked = await request.post('/rest/v1/rpc/create_booking', {
    headers: { apikey: a.anonKey, 'content-type': 'application/json' },
    data: {
      p_departure_id: departure.id,
      p_adults: 8,
      p_travelers: travelerNames.map((full_name, index) => ({
        full_name,
        traveler_type: 'adult',
        nationality: 'Sweden',
        passport_number: `SE${1000000 + index}`,
        room_preference: 'twin',
        // Notes that a spreadsheet would run as formulas, were they not written as text.
        dietary_needs: ['Vegetarian', '=1+1', '-2+3', '@SUM(1,1)', '\t=1+1', '\r=1+1'][index],
      })),
      p_contact: { full_name: 'Ingrid Moved', email, phone: '+46 70 123 4567' },
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const [busy, free] = await rest<{ id: string; full_name: string }[]>(a, token, 'POST', 'guides?select=id,full_name', [
    { full_name: `Busy Guide ${suffix}`, languages: ['English'] },
    { full_name: `Free Guide ${suffix}`, languages: ['English', 'Swedish'] },
  ]);
  await rest(a, token, 'POST', 'departure_guides', { departure_id: overlapping.id, guide_id: busy.id });
  const vehicles = await rest<{ name: string }[]>(a, token, 'POST', 'vehicles?select=name', [
    { name: `Cruiser A ${suffix}`, registration: `T 1${suffix.slice(0, 2)} A${suffix.slice(2, 4)}`, seats: 6 },
    { name: `Cruiser B ${suffix}`, registration: `T 2${suffix.slice(0, 2)} B${suffix.slice(2, 4)}`, seats: 6 },
  ]);
  return { title: tour.title, departure: departure.id, start, email, busyGuide: busy.full_name, freeGuide: free.full_name, freeGuideId: free.id, vehicles: [vehicles[0].name, vehicles[1].name] };
}

const bar = (page: import('@playwright/test').Page, title: string, start: string) =>
  page.getByRole('button', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, ${officeDate(start).replace(/\//g, '\\/')} –`) }).first();

test('an admin staffs a trip, sees who is busy before choosing, is refused an overloaded vehicle, and drags the trip to another day', async ({ page, request }) => {
  const a = await api(request);
  const start = dayOfMonthAhead(8, 3);
  const trip = await setUp(a, request, start);
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin/calendar');
  await page.goto(`/admin/calendar?date=${start}`);
  await expect(page.getByTestId('calendar-month')).toBeVisible({ timeout: 15_000 });
  await bar(page, trip.title, start).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByText('No guide yet.')).toBeVisible();

  // The picker says who is free before choosing: the guide already on an overlapping trip is offered
  // greyed, under "Not free", with the trip named; the free one under "Free on these dates".
  const guideForm = panel.getByRole('form', { name: 'Assign a guide' });
  await guideForm.getByRole('combobox', { name: 'Guide' }).click();
  const busy = page.getByRole('option', { name: new RegExp(trip.busyGuide) });
  await expect(busy).toContainText(`${trip.busyGuide} already guides ${trip.title}`);
  await expect(busy).toContainText('a guide is on one trip at a time');
  await expect(busy).toHaveAttribute('data-combobox-disabled', 'true');
  await expect(page.getByRole('listbox').getByText('Not free', { exact: true })).toBeVisible();
  await expect(page.getByRole('listbox').getByText('Free on these dates', { exact: true })).toBeVisible();
  await page.getByRole('option', { name: new RegExp(trip.freeGuide) }).click();
  // Picked and not assigned: closing the panel asks first; keeping on finds the pick.
  await panel.getByRole('button', { name: 'Close' }).first().click();
  const discard = panel.getByRole('alertdialog', { name: 'Discard the changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(guideForm.getByRole('combobox', { name: 'Guide' })).toHaveValue(new RegExp(trip.freeGuide));
  await guideForm.getByRole('button', { name: 'Assign' }).click();
  await expect(panel.getByText(trip.freeGuide, { exact: true })).toBeVisible();

  // Eight travelers do not fit six seats; six and two do, in two vehicles.
  const vehicleForm = panel.getByRole('form', { name: 'Assign a vehicle' });
  const assign = async (name: string, travelers: number) => {
    await vehicleForm.getByRole('combobox', { name: 'Vehicle' }).click();
    await page.getByRole('option', { name: new RegExp(name) }).click();
    await vehicleForm.getByRole('textbox', { name: 'Travelers' }).fill(String(travelers));
    await vehicleForm.getByRole('button', { name: 'Assign' }).click();
  };
  await assign(trip.vehicles[0], 8);
  await expect(vehicleForm.getByRole('alert')).toContainText(`${trip.vehicles[0]} (`);
  await expect(vehicleForm.getByRole('alert')).toContainText('has 6 seats: it cannot carry 8 travelers');
  await assign(trip.vehicles[0], 6);
  await expect(panel.getByText('6 of 8 travelers seated')).toBeVisible();
  await assign(trip.vehicles[1], 2);
  await expect(panel.getByText('8 of 8 travelers seated')).toBeVisible();
  await saveScreenshot(page, 'admin-calendar-trip', { wholePage: false });

  // The manifest, vehicle by vehicle: printed a page per vehicle, and downloaded as CSV.
  await panel.getByRole('link', { name: 'Manifest' }).click();
  await expect(page.getByRole('heading', { name: trip.title, level: 1 })).toBeVisible();
  const sheets = page.getByRole('region');
  await expect(page.getByRole('region', { name: new RegExp(trip.vehicles[0]) }).getByRole('row')).toHaveCount(7);
  await expect(page.getByRole('region', { name: new RegExp(trip.vehicles[1]) }).getByRole('row')).toHaveCount(3);
  await expect(page.getByText('Vegetarian')).toBeVisible();
  await saveScreenshot(page, 'admin-manifest');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const csv = (await readFile(await (await download).path())).toString('utf8').replace(/^\ufeff/, '');
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  expect(rows.map((row) => row.Traveler).sort()).toEqual([...travelerNames].sort());
  expect(rows.filter((row) => row.Vehicle.startsWith(trip.vehicles[0]))).toHaveLength(6);
  expect(rows.find((row) => row.Traveler === 'Ingrid Moved')).toMatchObject({ 'Passport number': 'SE1000000', 'Dietary needs': 'Vegetarian', Room: 'Twin', 'Contact phone': "'+46 70 123 4567" });
  expect(travelerNames.slice(1, 6).map((name) => rows.find((row) => row.Traveler === name)!['Dietary needs'])).toEqual(["'=1+1", "'-2+3", "'@SUM(1,1)", "'\t=1+1", "'\r=1+1"]);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Back office screens' })).toBeHidden();
  expect(await sheets.first().evaluate((element) => getComputedStyle(element).breakAfter)).toBe('page');
  await page.emulateMedia({ media: 'screen' });
  await page.getByRole('link', { name: 'Calendar' }).last().click();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');

  // Dragged a week later: the move is checked, then made; the traveler is told the new dates.
  const newStart = plusDays(start, 7);
  await bar(page, trip.title, start).dragTo(page.locator(`[data-day="${newStart}"]`));
  const move = panel.getByTestId('move-trip');
  await expect(move.getByText(`Nothing stops the move to ${officeDate(newStart)}.`)).toBeVisible();
  await move.getByRole('button', { name: 'Move trip' }).click();
  await expect(page.getByText(`Trip moved to ${officeDate(newStart)}: its traveler is emailed the new dates`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bar(page, trip.title, newStart)).toBeVisible();
  await expect(bar(page, trip.title, start)).toHaveCount(0);
  await expect(bar(page, trip.title, newStart)).toHaveAccessibleName(new RegExp(`guide ${trip.freeGuide}`));
  await saveScreenshot(page, 'admin-calendar');
  const mail = await emailTo(trip.email, 'New dates for');
  expect(mail).toContain(`${longDay(newStart)} to ${longDay(plusDays(newStart, 2))}`);
  expect(mail).toContain(`it was ${longDay(start)} to ${longDay(plusDays(start, 2))}`);

  // The guide's calendar feed, read back with ical.js: it holds the trip, at its new dates.
  await page.goto(`/admin/guides/${trip.freeGuideId}`);
  await page.getByRole('button', { name: 'Make a calendar address' }).click();
  const address = await page.getByRole('textbox', { name: 'Calendar address' }).inputValue();
  expect(address).toMatch(/\/api\/calendar\/[0-9a-f]{64}\.ics$/);
  const feed = await request.get(address);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  expect(events.map((event) => [event.uid.split('@')[0], event.summary, event.startDate.toString(), event.endDate.toString()])).toEqual([
    [trip.departure, trip.title, newStart, plusDays(newStart, 3)],
  ]);
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('the list view opens a trip by touch; a move into its guide’s leave is refused before anything moves', async ({ page, request }) => {
    const a = await api(request);
    const start = dayOfMonthAhead(9, 10);
    const trip = await setUp(a, request, start);
    const token = await adminToken(a);
    // Its guide is on leave the week after: a move into it is refused.
    const [free] = await rest<{ id: string }[]>(a, token, 'GET', `guides?select=id&full_name=eq.${encodeURIComponent(trip.freeGuide)}`);
    await rest(a, token, 'POST', 'departure_guides', { departure_id: trip.departure, guide_id: free.id });
    await rest(a, token, 'POST', 'guide_leave', { guide_id: free.id, starts_on: plusDays(start, 6), ends_on: plusDays(start, 7) });
    const admin = await adminCredentials();
    await openSignedIn(page, admin.email, admin.password, '/admin/calendar');
    await page.goto(`/admin/calendar?view=list&date=${start}`);
    const row = page.getByRole('table', { name: 'Trips' }).getByRole('row').filter({ hasText: new RegExp(`^${officeDate(start)} –`) }).filter({ hasText: trip.title });
    await expect(row.first()).toBeVisible({ timeout: 15_000 });
    await saveScreenshot(page, 'admin-calendar-list');
    await row.first().tap();
    const move = page.getByRole('dialog').getByTestId('move-trip');
    await move.getByLabel('New first day').fill(plusDays(start, 5));
    await move.getByRole('button', { name: 'Check' }).tap();
    await expect(move.getByRole('alert')).toContainText('The trip cannot move there');
    await expect(move.getByRole('alert')).toContainText(`${trip.freeGuide} is on leave from`);
    await expect(move.getByRole('button', { name: 'Move trip' })).toHaveCount(0);
    await saveScreenshot(page, 'admin-calendar-move', { wholePage: false });
    const [still] = await rest<{ start_date: string }[]>(a, token, 'GET', `tour_departures?select=start_date&id=eq.${trip.departure}`);
    expect(still.start_date).toBe(start);

    // Its manifest, read on the tablet: the date typed and not moved to is let go on the way.
    await page.getByRole('dialog').getByRole('link', { name: 'Manifest' }).tap();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave and lose the changes' }).tap();
    await expect(page.getByRole('heading', { name: trip.title, level: 1 })).toBeVisible();
    await expect(page.getByText('Ingrid Moved', { exact: true })).toBeVisible();
    // Every column on the screen, the last one too.
    const lastColumn = page.getByRole('columnheader', { name: 'Checked in' }).first();
    const box = await lastColumn.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(768);
    // Its words fit their column too.
    expect(await lastColumn.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await saveScreenshot(page, 'admin-manifest-tablet');

    // The week view, for the guide's trips only: theirs shows, and none for a guide on no trip.
    await page.goto(`/admin/calendar?view=week&date=${start}&guide=${free.id}`);
    await expect(bar(page, trip.title, start)).toBeVisible({ timeout: 15_000 });
    const [idle] = await rest<{ id: string }[]>(a, token, 'POST', 'guides?select=id', { full_name: `Idle Guide ${Date.now().toString(36)}`, languages: ['English'] });
    await page.goto(`/admin/calendar?view=week&date=${start}&guide=${idle.id}`);
    await expect(page.getByTestId('calendar-period')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('combobox', { name: 'Guide' })).toHaveValue(/^Idle Guide/);
    await expect(bar(page, trip.title, start)).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await saveScreenshot(page, 'admin-calendar-week-tablet');
  });
});

test('a guide opens and prints the manifest of a trip they lead; another trip’s is refused', async ({ page, request }) => {
  const a = await api(request);
  const token = await adminToken(a);
  const joseph = (await staffCredentials()).find((member) => member.name === 'Joseph Laizer')!;
  const [guide] = await rest<{ departure_guides: { tour_departures: { id: string; status: string; tours: { title: string } } }[] }[]>(
    a,
    token,
    'GET',
    `guides?select=departure_guides(tour_departures(id,status,tours(title)))&email=eq.${encodeURIComponent(joseph.email)}`,
  );
  const his = guide.departure_guides.map((row) => row.tour_departures).find((trip) => trip.status !== 'cancelled')!;
  const [other] = await rest<{ id: string }[]>(a, token, 'GET', `tour_departures?select=id&status=neq.cancelled&id=not.in.(${guide.departure_guides.map((row) => row.tour_departures.id).join(',')})&limit=1`);

  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, joseph.email, joseph.password, '/admin');
  await page.goto(`/admin/manifests/${his.id}`);
  await expect(page.getByRole('heading', { name: his.tours.title, level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Field mode' }).first()).toBeVisible();
  await page.goto(`/admin/manifests/${other.id}`);
  await expect(page.getByText('The manifest could not be opened')).toBeVisible({ timeout: 15_000 });
});
