import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, type Api, openSignedIn, PASSWORD, rest, signUp, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * The bookings screens of the back office: find a booking, record money received, see the balance
 * and the dashboard follow; the list's search and filters on a tablet; and the roles kept out.
 */

interface ListRow {
  id: string;
  booking_reference: string;
  client_name: string;
  total_amount: number;
  amount_paid: number;
  created_at: string;
  start_date: string;
}

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Bookings through search_bookings, as the admin. */
async function seededBookings(a: Api, args: Record<string, unknown>): Promise<ListRow[]> {
  const page = await rest<{ rows: ListRow[] }>(a, await adminToken(a), 'POST', 'rpc/search_bookings', args);
  return page.rows;
}

const money = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const figure = async (page: Page, label: string) => Number(((await page.getByLabel(label, { exact: true }).locator('p').nth(1).textContent()) ?? '').replace(/[^0-9]/g, ''));

test('an admin finds a booking from the palette, records a bank transfer, and sees the balance and the dashboard change', async ({ page, request }) => {
  const a = await api(request);
  // A confirmed booking travelling within 60 days with its balance unpaid: its balance is overdue.
  const [booking] = await seededBookings(a, { p_statuses: ['confirmed'], p_payment_state: 'part_paid', p_travel_until: isoDay(59), p_sort: 'start_date', p_descending: false, p_limit: 1 });
  expect(booking, 'a seeded booking with its balance overdue').toBeDefined();
  const balance = Math.round((booking.total_amount - booking.amount_paid) * 100) / 100;

  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin');
  await expect(page.getByTestId('figure')).toHaveCount(9, { timeout: 15_000 });
  const overdueBefore = await figure(page, 'Balances overdue');
  expect(overdueBefore).toBeGreaterThan(0);

  await page.keyboard.press('Control+k');
  await page.getByRole('textbox', { name: 'Go to a screen' }).fill(booking.booking_reference);
  const found = page.getByRole('button', { name: new RegExp(booking.booking_reference) });
  await expect(found).toBeVisible({ timeout: 10_000 });
  await found.click();
  await expect(page).toHaveURL(new RegExp(`/admin/bookings/${booking.id}$`));
  await expect(page.getByRole('heading', { name: `Booking ${booking.booking_reference}` })).toBeVisible();
  await expect(page.getByTestId('booking-balance')).toHaveText(money(balance));

  // More than is owed: a field message, and nothing written.
  await page.getByRole('button', { name: 'Record a payment' }).click();
  const form = page.getByRole('form', { name: 'Record a payment' });
  // The deposit is in: what it offers is the whole balance, to the cent.
  const typed = money(balance).slice(1);
  await expect(form.getByRole('textbox', { name: /Amount received/ })).toHaveValue(typed);
  await expect(form.getByText('The whole balance')).toBeVisible();
  await form.getByRole('textbox', { name: /Amount received/ }).fill(String(balance + 100));
  await form.getByRole('combobox', { name: 'How it was paid' }).click();
  await page.getByRole('option', { name: 'Bank transfer' }).click();
  await form.getByRole('textbox', { name: 'Reference' }).fill('TT-E2E-4471');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(form.getByText(`A payment can be at most the ${money(balance)} still due`)).toBeVisible();
  const payments = async () => (await rest<unknown[]>(a, await adminToken(a), 'GET', `payments?select=id&booking_id=eq.${booking.id}`)).length;
  const paymentsBefore = await payments();

  // The balance, received by bank transfer, typed as the office writes it (1,256.40).
  await form.getByRole('textbox', { name: /Amount received/ }).fill(typed);
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByTestId('booking-balance')).toHaveText('$0.00');
  await expect(page.getByTestId('payments')).toContainText('TT-E2E-4471');
  await expect(page.getByTestId('history')).toContainText(`Payment of USD ${typed} recorded (Bank transfer)`);
  expect(await payments()).toBe(paymentsBefore + 1);
  await saveScreenshot(page, 'admin-booking');

  await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('figure')).toHaveCount(9, { timeout: 15_000 });
  await expect.poll(() => figure(page, 'Balances overdue')).toBe(overdueBefore - 1);
});

test('an admin moves a booking to another departure and cancels another under the policy', async ({ page, request }) => {
  const a = await api(request);
  const token = await adminToken(a);
  interface Departure {
    id: string;
    seats_booked: number;
    capacity: number;
  }
  const departures = async (tourId: string) => rest<Departure[]>(a, token, 'GET', `tour_departures?select=id,seats_booked,capacity&tour_id=eq.${tourId}&is_private=eq.false&start_date=gt.${isoDay(0)}&status=neq.cancelled`);
  // A confirmed booking whose tour has another departure with room for its party.
  const candidates = await seededBookings(a, { p_statuses: ['confirmed'], p_travel_from: isoDay(20), p_sort: 'start_date', p_descending: false, p_limit: 50 });
  let chosen: { booking: ListRow; tourId: string; departureId: string; party: number } | undefined;
  for (const candidate of candidates) {
    const [detail] = await rest<{ tour_id: string; departure_id: string; adults: number; children: number }[]>(a, token, 'GET', `bookings?select=tour_id,departure_id,adults,children&id=eq.${candidate.id}`);
    const party = detail.adults + detail.children;
    if ((await departures(detail.tour_id)).some((d) => d.id !== detail.departure_id && d.capacity - d.seats_booked >= party)) {
      chosen = { booking: candidate, tourId: detail.tour_id, departureId: detail.departure_id, party };
      break;
    }
  }
  expect(chosen, 'a seeded booking that can move').toBeDefined();
  const { booking, tourId, departureId, party } = chosen!;
  const seatsBefore = new Map((await departures(tourId)).map((d) => [d.id, d.seats_booked]));

  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, `/admin/bookings/${booking.id}`);
  await expect(page.getByRole('heading', { name: `Booking ${booking.booking_reference}` })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('button', { name: 'Change departure' }).click();
  const move = page.getByRole('form', { name: 'Move the booking' });
  // No departure and no reason: field messages, nothing sent.
  await move.getByRole('button', { name: 'Move booking' }).click();
  await expect(move.getByText('Please choose the departure to move to')).toBeVisible();
  await expect(move.getByText('Please give the reason for the move')).toBeVisible();
  await move.getByRole('combobox', { name: 'New departure' }).click();
  await page.getByRole('listbox', { name: 'New departure' }).locator('[role=option]:not([data-combobox-disabled])').first().click();
  await expect(move.getByTestId('move-quote')).toContainText('New total');
  await move.getByRole('textbox', { name: 'Reason' }).fill('The client’s flights moved');
  await move.getByRole('button', { name: 'Move booking' }).click();
  await expect(page.getByText(/^Booking moved/)).toBeVisible();
  const [moved] = await rest<{ departure_id: string }[]>(a, token, 'GET', `bookings?select=departure_id&id=eq.${booking.id}`);
  expect(moved.departure_id).not.toBe(departureId);
  const seatsAfter = new Map((await departures(tourId)).map((d) => [d.id, d.seats_booked]));
  expect(seatsAfter.get(departureId)).toBe(seatsBefore.get(departureId)! - party);
  expect(seatsAfter.get(moved.departure_id)).toBe(seatsBefore.get(moved.departure_id)! + party);
  await expect(page.getByTestId('history')).toContainText('The client’s flights moved');
  // The move in words: the departures by their tour and dates, not their ids.
  await expect(page.getByTestId('history')).toContainText(/Departure: .+, \d{1,2} [A-Z][a-z]{2} \d{4} – .+ → .+, \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(page.getByTestId('history')).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-/);

  // Cancel another booking under the policy: the fee shown, the reason kept.
  const [other] = await seededBookings(a, { p_statuses: ['confirmed'], p_payment_state: 'part_paid', p_travel_from: isoDay(70), p_sort: 'start_date', p_descending: false, p_limit: 1 });
  await page.goto(`/admin/bookings/${other.id}`);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const cancel = page.getByRole('form', { name: 'Cancel the booking' });
  await expect(cancel.getByText(/the policy’s fee is 30% of the total/)).toBeVisible();
  const fee = Math.round(other.total_amount * 30) / 100;
  await expect(cancel.getByTestId('cancellation-terms')).toContainText(money(Math.min(fee, other.amount_paid)));
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(cancel.getByText('Please give the reason for the cancellation')).toBeVisible();
  await cancel.getByRole('textbox', { name: 'Reason' }).fill('Client’s visa refused');
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  // The toast, not the cancellation email's subject, which the booking's email list may show by now.
  await expect(page.getByText(/^Booking cancelled(: .+ is owed back)?$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  const [cancelled] = await rest<{ status: string; amount_paid: number }[]>(a, token, 'GET', `bookings?select=status,amount_paid&id=eq.${other.id}`);
  expect({ status: cancelled.status, amount_paid: Number(cancelled.amount_paid) }).toEqual({ status: 'cancelled', amount_paid: Math.min(fee, other.amount_paid) });
  await saveScreenshot(page, 'admin-booking-cancelled');
});

test('an agent enters a phone booking at a price set by hand; missing fields get messages and write nothing', async ({ page, request }) => {
  const a = await api(request);
  const agent = (await staffCredentials()).find((member) => member.role === 'agent')!;
  const email = `phone-${Date.now()}@example.com`;
  const made = async () => (await seededBookings(a, { p_query: email })).length;
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, agent.email, agent.password, '/admin/bookings');
  await page.getByRole('link', { name: 'New booking' }).click();
  const form = page.getByRole('form', { name: 'New booking' });
  await form.getByRole('button', { name: 'Make booking' }).click();
  for (const message of ['Please choose the tour', 'Please choose the departure', 'Please give the lead traveler’s name', 'Please give the lead traveler’s email']) {
    await expect(form.getByText(message)).toBeVisible();
  }

  await form.getByRole('combobox', { name: 'Tour' }).click();
  await page.getByRole('listbox', { name: 'Tour' }).getByRole('option').first().click();
  await form.getByRole('combobox', { name: 'Departure' }).click();
  await page.getByRole('listbox', { name: 'Departure' }).locator('[role=option]:not([data-combobox-disabled])').first().click();
  await form.getByRole('textbox', { name: 'Adults' }).fill('2');
  await expect(form.getByTestId('list-price')).toContainText('List price');
  await form.getByRole('textbox', { name: 'Full name' }).fill('Baraka Phone-Client');
  // Leaving a filled form asks first; staying keeps every field.
  await page.getByRole('link', { name: 'All bookings' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay and save' }).click();
  await expect(form.getByRole('textbox', { name: 'Full name' })).toHaveValue('Baraka Phone-Client');
  await form.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await form.getByRole('checkbox', { name: 'Set the price by hand' }).check();
  await form.getByRole('textbox', { name: 'Total' }).fill('1234.5');
  await form.getByRole('button', { name: 'Make booking' }).click();
  await expect(form.getByText('Please give a valid email address')).toBeVisible();
  await expect(form.getByText('Please give the reason for the new price')).toBeVisible();
  expect(await made()).toBe(0);

  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Reason for the price' }).fill('Agent rate for a returning client');
  await form.getByRole('button', { name: 'Make booking' }).click();
  await expect(page.getByRole('heading', { name: /^Booking KS-/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('booking-total')).toHaveText('$1,234.50');
  await expect(page.getByTestId('history')).toContainText('Price set by hand: Agent rate for a returning client');
  expect(await made()).toBe(1);
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('an agent finds a client’s booking by name with the filters in the address, and keeps a note on it', async ({ page, request }) => {
    const a = await api(request);
    const [booking] = await seededBookings(a, { p_statuses: ['confirmed'], p_sort: 'start_date', p_descending: false, p_limit: 1 });
    const agent = (await staffCredentials()).find((member) => member.role === 'agent')!;
    await openSignedIn(page, agent.email, agent.password, '/admin');
    await expect(page.getByTestId('figure').first()).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Bookings' }).tap();
    await expect(page.getByRole('heading', { name: 'Bookings', level: 1 })).toBeVisible();

    await page.getByRole('textbox', { name: 'Search bookings' }).fill(booking.client_name);
    await expect(page).toHaveURL(/[?&]q=/);
    await page.getByRole('combobox', { name: 'Status' }).tap();
    await page.getByRole('option', { name: 'Confirmed' }).tap();
    await page.keyboard.press('Escape');
    const link = page.getByRole('link', { name: booking.booking_reference });
    await expect(link).toBeVisible({ timeout: 10_000 });
    await saveScreenshot(page, 'admin-bookings');
    // The filters live in the address: a reload keeps them.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Search bookings' })).toHaveValue(booking.client_name);
    await expect(page.getByRole('link', { name: booking.booking_reference })).toBeVisible({ timeout: 10_000 });

    await page.getByRole('link', { name: booking.booking_reference }).tap();
    await expect(page.getByRole('heading', { name: `Booking ${booking.booking_reference}` })).toBeVisible();
    const note = `Transfer from JRO at 14:00 (${Date.now()})`;
    await page.getByRole('textbox', { name: 'Internal notes' }).fill(note);
    await page.getByRole('button', { name: 'Save notes' }).tap();
    await expect(page.getByText('Notes saved')).toBeVisible();
    const [saved] = await rest<{ notes: string }[]>(a, await adminToken(a), 'GET', `bookings?select=notes&id=eq.${booking.id}`);
    expect(saved.notes).toBe(note);
  });
});

test('the list shows dates in the staff member’s own time zone and date format', async ({ page, request }) => {
  const a = await api(request);
  const [booking] = await seededBookings(a, { p_statuses: ['confirmed'], p_limit: 1 });
  const agent = await signUp(a, 'Dates Agent');
  await rest(a, await adminToken(a), 'PATCH', `users?id=eq.${agent.userId}`, { role: 'agent' });
  await rest(a, agent.token, 'POST', 'rpc/merge_user_preferences', { p_patch: { display: { timezone: 'Pacific/Kiritimati', date_format: 'YYYY-MM-DD' } } });
  // The day the booking was made where the agent is (UTC+14), written year first.
  const booked = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(booking.created_at));

  await openSignedIn(page, agent.email, PASSWORD, '/admin');
  await page.goto(`/admin/bookings?q=${booking.booking_reference}`);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: booking.booking_reference }) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByRole('cell', { name: booked, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: booking.start_date, exact: true })).toBeVisible();
});

test('an editor and a traveler cannot open the bookings, on the screen or through the API', async ({ page, request }) => {
  const a = await api(request);
  const editor = await signUp(a, 'Ed Bookings');
  await rest(a, await adminToken(a), 'PATCH', `users?id=eq.${editor.userId}`, { role: 'editor' });
  await openSignedIn(page, editor.email, PASSWORD, '/admin');
  await expect(page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Bookings' })).toHaveCount(0);
  await page.goto('/admin/bookings');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible({ timeout: 15_000 });
  const refused = await request.post('/rest/v1/rpc/search_bookings', { headers: { apikey: a.anonKey, authorization: `Bearer ${editor.token}`, 'content-type': 'application/json' }, data: '{}' });
  expect(refused.status()).toBe(403);
  const rows = await request.get('/rest/v1/bookings?select=id', { headers: { apikey: a.anonKey, authorization: `Bearer ${editor.token}` } });
  expect(await rows.json()).toEqual([]);
});
