import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, openSignedIn, rest, signIn, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';
import { ageTheSession, hangTheNetwork, releaseTheNetwork } from './no-signal.ts';
import { controlledByServiceWorker } from './service-worker.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Field mode on a tablet with no signal: the trip opens after a reload offline, travelers are
 * checked in, cash and a note are recorded, the page is closed and opened again still offline, and
 * back online the server holds exactly those records once. A check-in for a booking the office
 * cancelled meanwhile comes back as a conflict the staff member sees. With a network that hangs
 * (lie-fi) the trip opens just the same, at once: nothing on the way waits for an answer; what the
 * server says once it answers (a role taken away) still decides.
 */

test.use({ viewport: { width: 1024, height: 768 }, hasTouch: true });

/** Today in Arusha, the company's time zone, as yyyy-mm-dd, plus some days. */
const inDays = (days: number) => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Dar_es_Salaam' });
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};

/**
 * A departure of the first public tour leaving today, with a booking for each group of travelers:
 * booked while still to come (the booking engine takes no trip leaving today), then moved to today.
 */
async function tripToday(request: APIRequestContext, groups: string[][]) {
  const a = await api(request);
  const token = await adminToken(a);
  const [tour] = await rest<{ id: string; title: string }[]>(a, token, 'GET', 'tours?select=id,title&status=eq.active&is_private=eq.false&order=slug&limit=1');
  const [departure] = await rest<{ id: string }[]>(a, token, 'POST', 'tour_departures?select=id', { tour_id: tour.id, start_date: inDays(2), end_date: inDays(4), capacity: 10 });
  const bookings: { id: string; booking_reference: string }[] = [];
  for (const names of groups) {
    const response = await request.post('/rest/v1/rpc/create_booking', {
      headers: { apikey: a.anonKey, 'content-type': 'application/json' },
      data: {
        p_departure_id: departure.id,
        p_adults: names.length,
        p_travelers: names.map((full_name) => ({ full_name, traveler_type: 'adult', nationality: 'Norway' })),
        p_contact: { full_name: names[0], email: `field-${randomUUID().slice(0, 8)}@example.com`, phone: '+47 400 00 000' },
      },
    });
    expect(response.ok(), await response.text()).toBe(true);
    bookings.push((await response.json()) as { id: string; booking_reference: string });
  }
  await rest(a, token, 'PATCH', `tour_departures?id=eq.${departure.id}`, { start_date: inDays(0), end_date: inDays(2) });
  return { a, token, tour, departure, bookings };
}

test('offline at the gate: check-ins, cash and a note reach the server once; a cancelled booking’s check-in comes back as a conflict', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const suffix = randomUUID().slice(0, 4);
  const {
    a,
    token,
    tour,
    departure,
    bookings: [pair, single],
  } = await tripToday(request, [[`Ingrid Field ${suffix}`, `Lars Field ${suffix}`], [`Solveig Field ${suffix}`]]);

  const admin = await adminCredentials();
  await openSignedIn(page, admin.email, admin.password, '/admin/field');
  await expect(page.getByTestId('field-saved-at')).toContainText('Saved on this device', { timeout: 15_000 });
  await controlledByServiceWorker(page);
  await page.goto(`/admin/field/${departure.id}`);
  await expect(page.getByRole('button', { name: `Check in Ingrid Field ${suffix}` })).toBeVisible({ timeout: 15_000 });
  // The other tabs' code, loaded once while there is a connection.
  for (const tab of ['Payments', 'Notes', 'Itinerary', 'Check-in']) await page.getByRole('tab', { name: tab }).click();

  // No signal from here; the page is reloaded as a tablet would be.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: tour.title, level: 1 })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: `Check in Ingrid Field ${suffix}` }).tap();
  await page.getByRole('button', { name: `Check in Lars Field ${suffix}` }).tap();
  // Meanwhile the office cancels the other booking.
  await rest(a, token, 'POST', 'rpc/cancel_booking', { p_booking_id: single.id, p_reason: 'Flight cancelled' });
  await page.getByRole('button', { name: `Check in Solveig Field ${suffix}` }).tap();
  await expect(page.getByTestId('check-in-line').filter({ hasText: `Ingrid Field ${suffix}` })).toContainText('not sent yet');

  await page.getByRole('tab', { name: 'Payments' }).tap();
  const payment = page.getByRole('form', { name: 'Record a payment' });
  await payment.getByRole('combobox', { name: 'Booking' }).tap();
  await page.getByRole('option', { name: new RegExp(pair.booking_reference) }).tap();
  await payment.getByRole('textbox', { name: /Amount/ }).fill('-50');
  await payment.getByRole('button', { name: 'Record payment' }).tap();
  await expect(payment.getByText('A payment is an amount above zero')).toBeVisible();
  await payment.getByRole('textbox', { name: /Amount/ }).fill('150');
  await payment.getByRole('textbox', { name: 'Receipt or transaction number' }).fill('R-0042');
  await payment.getByRole('button', { name: 'Record payment' }).tap();
  await expect(page.getByText(`Cash of`)).toBeVisible();

  await page.getByRole('tab', { name: 'Notes' }).tap();
  const note = page.getByRole('form', { name: 'Add a note' });
  await note.getByRole('textbox', { name: 'What happened' }).fill(`Puncture at Makuyuni ${suffix}, 40 minutes late`);
  await note.getByRole('button', { name: 'Add note' }).tap();
  await expect(page.getByTestId('incidents')).toContainText(`Puncture at Makuyuni ${suffix}`);
  await expect(page.getByTestId('field-pending')).toContainText('5 on this device');
  await saveScreenshot(page, 'admin-field-offline', { wholePage: false });

  // The tablet is closed and opened again, still with no signal: nothing is lost.
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto(`/admin/field/${departure.id}`);
  await expect(reopened.getByTestId('field-pending')).toContainText('5 on this device', { timeout: 15_000 });
  await expect(reopened.getByTestId('check-in-line').filter({ hasText: `Lars Field ${suffix}` })).toContainText('Checked in');

  // Back online: everything goes; the cancelled booking's check-in comes back for the staff member to resolve.
  await context.setOffline(false);
  const conflicts = reopened.getByTestId('field-conflicts');
  await expect(conflicts).toContainText(`Booking ${single.booking_reference} was cancelled meanwhile: the check-in was not recorded`, { timeout: 30_000 });
  await expect(reopened.getByTestId('field-pending')).toHaveCount(0, { timeout: 30_000 });
  await saveScreenshot(reopened, 'admin-field-conflict', { wholePage: false });

  const checkIns = await rest<{ booking_id: string; traveler_index: number }[]>(a, token, 'GET', `trip_check_ins?select=booking_id,traveler_index&departure_id=eq.${departure.id}&order=traveler_index`);
  expect(checkIns).toEqual([
    { booking_id: pair.id, traveler_index: 0 },
    { booking_id: pair.id, traveler_index: 1 },
  ]);
  const payments = await rest<{ amount: number; method: string; provider_reference: string }[]>(a, token, 'GET', `payments?select=amount,method,provider_reference&booking_id=eq.${pair.id}&client_id=not.is.null`);
  expect(payments).toEqual([{ amount: 150, method: 'cash', provider_reference: 'R-0042' }]);
  const incidents = await rest<{ note: string }[]>(a, token, 'GET', `trip_incidents?select=note&departure_id=eq.${departure.id}`);
  expect(incidents).toEqual([{ note: `Puncture at Makuyuni ${suffix}, 40 minutes late` }]);

  // Resolved by discarding it: the traveler is not on the trip any more.
  await conflicts.getByRole('button', { name: 'Discard' }).tap();
  await expect(conflicts).toHaveCount(0);
  await expect(reopened.getByTestId('check-in-line').filter({ hasText: `Solveig Field ${suffix}` })).toHaveCount(0, { timeout: 15_000 });
});

test('with a network that hangs and an hour-old session, the trip reloads at once from the device, and a check-in waits on it', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 4);
  const travelers = [`Asha Gate ${suffix}`, `Baraka Gate ${suffix}`];
  const { a, token, tour, departure } = await tripToday(request, [travelers]);
  const admin = await adminCredentials();
  await openSignedIn(page, admin.email, admin.password, '/admin/field');
  await expect(page.getByTestId('field-saved-at')).toContainText('Saved on this device', { timeout: 15_000 });
  await controlledByServiceWorker(page);
  await page.goto(`/admin/field/${departure.id}`);
  await expect(page.getByRole('button', { name: `Check in ${travelers[0]}` })).toBeVisible({ timeout: 15_000 });
  // Waiting on any request that hangs, the page would never show: the time allowed is for a busy machine.
  const tripShown = async () => {
    await expect(page.getByRole('heading', { name: tour.title, level: 1 })).toBeVisible({ timeout: 15_000 });
    for (const name of travelers) await expect(page.getByTestId('check-in-line').filter({ hasText: name })).toBeVisible();
  };

  // Every request that leaves the tablet hangs, and its token expired meanwhile: the session's
  // refresh, the permissions and the trips' refresh all wait for ever, and the trip shows without them.
  await hangTheNetwork(context);
  await ageTheSession(page);
  await page.reload({ waitUntil: 'commit' });
  await tripShown();
  await page.getByRole('button', { name: `Check in ${travelers[0]}` }).tap();
  await expect(page.getByTestId('check-in-line').filter({ hasText: travelers[0] })).toContainText('not sent yet', { timeout: 15_000 });

  // No signal at all: the same.
  await context.setOffline(true);
  await page.reload({ waitUntil: 'commit' });
  await tripShown();
  await expect(page.getByTestId('check-in-line').filter({ hasText: travelers[0] })).toContainText('not sent yet');

  // The network answers again: the session is refreshed and the check-in reaches the server once.
  await releaseTheNetwork(context);
  await context.setOffline(false);
  await expect(page.getByTestId('field-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('check-in-line').filter({ hasText: travelers[0] })).toContainText(/Checked in \d/);
  const checkIns = await rest<{ traveler_index: number }[]>(a, token, 'GET', `trip_check_ins?select=traveler_index&departure_id=eq.${departure.id}`);
  expect(checkIns).toEqual([{ traveler_index: 0 }]);
});

test('a guide made an editor meanwhile is refused field mode once the server answers, though the tablet kept their access', async ({ page, request }) => {
  const a = await api(request);
  const token = await adminToken(a);
  const guide = (await staffCredentials()).filter((member) => member.role === 'guide').at(-1)!;
  const [{ id: guideId }] = await rest<{ id: string }[]>(a, token, 'GET', `users?select=id&email=eq.${encodeURIComponent(guide.email)}`);
  await openSignedIn(page, guide.email, guide.password, '/admin/field');
  await expect(page.getByTestId('field-saved-at')).toContainText('Saved on this device', { timeout: 15_000 });

  const setRole = async (role: string) => {
    const response = await request.post('/rest/v1/rpc/set_staff_role', { headers: { apikey: a.anonKey, authorization: `Bearer ${token}` }, data: { p_user_id: guideId, p_role: role } });
    expect(response.ok(), await response.text()).toBe(true);
  };
  await setRole('editor');
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('field-saved-at')).toHaveCount(0);
  } finally {
    // Back, so the demo keeps its two guides.
    await setRole('guide');
  }
});

test('a guide signs in and sees only the trips they lead; their token cannot read another trip’s manifest', async ({ page, request }) => {
  const a = await api(request);
  const token = await adminToken(a);
  const joseph = (await staffCredentials()).find((member) => member.name === 'Joseph Laizer')!;
  // His trips under way today or leaving within seven days, as the office's own records say.
  const [guide] = await rest<{ id: string; departure_guides: { tour_departures: { id: string; start_date: string; end_date: string; status: string } }[] }[]>(
    a,
    token,
    'GET',
    `guides?select=id,departure_guides(tour_departures(id,start_date,end_date,status))&email=eq.${encodeURIComponent(joseph.email)}`,
  );
  const his = guide.departure_guides
    .map((row) => row.tour_departures)
    .filter((trip) => trip.status !== 'cancelled' && trip.end_date >= inDays(0) && trip.start_date <= inDays(7))
    .map((trip) => trip.id);
  expect(his.length).toBeGreaterThan(0);

  await openSignedIn(page, joseph.email, joseph.password, '/admin/field');
  await expect(page.getByTestId('field-saved-at')).toContainText('Saved on this device', { timeout: 15_000 });
  await expect(page.getByTestId('field-trip')).toHaveCount(his.length);
  const shown = await page.getByTestId('field-trip').getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')!.split('/').pop()));
  expect(shown.sort()).toEqual([...his].sort());
  await expect(page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link')).toHaveText(['Dashboard', 'Notifications', 'Field mode', 'Sign-in details']);
  await saveScreenshot(page, 'admin-field-guide');

  // On a tablet held upright: the same trips, one opened, nothing wider than the screen.
  await page.setViewportSize({ width: 768, height: 1024 });
  await expect(page.getByTestId('field-trip')).toHaveCount(his.length);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await page.getByTestId('field-trip').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/field\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
  await saveScreenshot(page, 'admin-field-trip-portrait');

  // Another trip's manifest: refused by the database, whatever the page asks.
  const guideToken = (await signIn(a, joseph.email, joseph.password))!;
  const [other] = await rest<{ id: string }[]>(a, token, 'GET', `tour_departures?select=id&status=neq.cancelled&id=not.in.(${his.join(',')})&limit=1`);
  const refused = await request.post('/rest/v1/rpc/trip_manifest', { headers: { apikey: a.anonKey, authorization: `Bearer ${guideToken}`, 'content-type': 'application/json' }, data: { p_departure_id: other.id } });
  expect(refused.status()).toBe(403);
});
