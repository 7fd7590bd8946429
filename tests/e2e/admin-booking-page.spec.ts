import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, type Api, openSignedIn, rest } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * A booking's page for the office's everyday changes: confirm a pending booking with a reason,
 * correct the travelers, send an email again, mark money owed back as returned, and see the
 * traveler's conversation. On a tablet with touch.
 */

interface ListRow {
  id: string;
  booking_reference: string;
  travelers: number;
}

async function firstBooking(a: Api, args: Record<string, unknown>): Promise<ListRow> {
  const page = await rest<{ rows: ListRow[] }>(a, await adminToken(a), 'POST', 'rpc/search_bookings', { p_limit: 1, ...args });
  expect(page.rows[0], `a seeded booking for ${JSON.stringify(args)}`).toBeDefined();
  return page.rows[0];
}

test('on a tablet, the office confirms a booking, corrects its travelers, resends an email and marks a refund paid', async ({ browser, request }) => {
  const a = await api(request);
  const pending = await firstBooking(a, { p_statuses: ['pending'], p_sort: 'created_at' });
  const owed = await firstBooking(a, { p_payment_state: 'refund_due' });
  const context = await browser.newContext({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const admin = await adminCredentials();
  await openSignedIn(page, admin.email, admin.password, `/admin/bookings/${pending.id}`);
  await expect(page.getByRole('heading', { name: `Booking ${pending.booking_reference}` })).toBeVisible({ timeout: 15_000 });

  // Confirm, only with a reason.
  await page.getByRole('button', { name: 'Confirm booking' }).tap();
  const confirm = page.getByRole('form', { name: 'Confirm booking' });
  await confirm.getByRole('button', { name: 'Confirm booking' }).tap();
  await expect(confirm.getByText('Please give the reason for the change')).toBeVisible();
  // Marked required, with its example beside it rather than inside the box, where it read as typed.
  await expect(confirm.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('required', '');
  await expect(confirm.getByRole('textbox', { name: 'Reason' })).not.toHaveAttribute('placeholder');
  await expect(confirm.getByText('For example: Deposit received in cash at the office')).toBeVisible();
  await confirm.getByRole('textbox', { name: 'Reason' }).fill('Deposit paid in cash at the Arusha office');
  await confirm.getByRole('button', { name: 'Confirm booking' }).tap();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('history')).toContainText('Deposit paid in cash at the Arusha office');

  // The travelers' names, corrected; a missing name is refused first.
  await page.getByRole('button', { name: 'Edit travelers' }).tap();
  const form = page.getByRole('form', { name: 'Edit travelers' });
  const names = form.getByRole('textbox', { name: /full name/ });
  await expect(names).toHaveCount(pending.travelers);
  await names.first().fill('');
  await form.getByRole('textbox', { name: 'Reason for the change' }).fill('Names as in the passports');
  await form.getByRole('button', { name: 'Save travelers' }).tap();
  await expect(form.getByText('Please give the full name of every traveler')).toBeVisible();
  await names.first().fill('Amina Passport-Name');
  for (let n = 1; n < pending.travelers; n++) if (!(await names.nth(n).inputValue())) await names.nth(n).fill(`Traveler ${n + 1}`);
  await form.getByRole('button', { name: 'Save travelers' }).tap();
  await expect(page.getByTestId('travelers')).toContainText('Amina Passport-Name');

  // An email sent again: it goes back to being written.
  const emails = page.getByTestId('emails');
  await emails.getByRole('button', { name: /^Send .* again$/ }).first().tap();
  await expect(page.getByText('The email will go out again within a minute', { exact: false })).toBeVisible();
  await saveScreenshot(page, 'admin-booking-page');

  // One traveler fewer: priced afresh, a seat given back.
  const upcoming = await rest<{ rows: ListRow[] }>(a, await adminToken(a), 'POST', 'rpc/search_bookings', {
    p_statuses: ['confirmed'],
    p_travel_from: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    p_limit: 50,
  });
  const party = upcoming.rows.find((row) => row.travelers >= 2 && row.id !== pending.id);
  expect(party, 'a confirmed upcoming booking for two or more').toBeDefined();
  const [before] = await rest<{ adults: number; children: number; tour_departures: { id: string; seats_booked: number } }[]>(
    a,
    await adminToken(a),
    'GET',
    `bookings?select=adults,children,tour_departures(id,seats_booked)&id=eq.${party!.id}`,
  );
  await page.goto(`/admin/bookings/${party!.id}`);
  await expect(page.getByRole('heading', { name: `Booking ${party!.booking_reference}` })).toBeVisible();
  await page.getByRole('button', { name: 'Change travelers' }).tap();
  const who = page.getByRole('form', { name: 'Change who travels' });
  await who.getByRole('textbox', { name: 'Adults' }).fill('0');
  await who.getByRole('button', { name: 'Change travelers' }).tap();
  await expect(who.getByText('At least one adult travels')).toBeVisible();
  const adults = before.children > 0 ? before.adults : before.adults - 1;
  const children = before.children > 0 ? before.children - 1 : 0;
  await who.getByRole('textbox', { name: 'Adults' }).fill(String(adults));
  await who.getByRole('textbox', { name: 'Children' }).fill(String(children));
  await expect(who.getByTestId('party-quote')).toBeVisible();
  await who.getByRole('textbox', { name: 'Reason' }).fill('One of them cannot travel');
  await who.getByRole('button', { name: 'Change travelers' }).tap();
  await expect(page.getByText(/^Travelers changed/)).toBeVisible();
  const [after] = await rest<{ adults: number; children: number; tour_departures: { seats_booked: number } }[]>(
    a,
    await adminToken(a),
    'GET',
    `bookings?select=adults,children,tour_departures(seats_booked)&id=eq.${party!.id}`,
  );
  expect(after).toEqual({ adults, children, tour_departures: { seats_booked: before.tour_departures.seats_booked - 1 } });

  // Money owed back, recorded as sent: how, on which day, with its reference; then a line out in the ledger.
  await page.goto(`/admin/bookings/${owed.id}`);
  await page.getByRole('button', { name: 'Record the refund' }).first().tap();
  const refund = page.getByRole('form', { name: 'Record the refund' });
  await expect(refund.getByTestId('refund-amount')).toContainText(/Amount returned: \$[\d,]+\.\d\d/);
  // Offered the way the client paid; here it goes back by bank transfer instead.
  await expect(refund.getByRole('combobox', { name: 'How it was returned' })).not.toHaveValue('');
  await refund.getByRole('combobox', { name: 'How it was returned' }).tap();
  await page.getByRole('option', { name: 'Bank transfer' }).tap();
  await refund.getByRole('textbox', { name: 'Reference' }).fill('REF-E2E-8812');
  await refund.getByRole('button', { name: 'Record the refund' }).tap();
  await expect(page.getByText(/^Refund of .* recorded as sent$/)).toBeVisible();
  const [payment] = await rest<{ status: string; refund_reference: string; refund_method: string }[]>(
    a,
    await adminToken(a),
    'GET',
    `payments?select=status,refund_reference,refund_method&booking_id=eq.${owed.id}&refund_reference=eq.REF-E2E-8812`,
  );
  expect(payment).toEqual({ status: 'refunded', refund_reference: 'REF-E2E-8812', refund_method: 'bank_transfer' });
  const refundLine = page.getByTestId('payments').locator('tr[data-direction="out"]', { hasText: 'REF-E2E-8812' });
  await expect(refundLine).toContainText('Refund: Bank transfer');
  await expect(refundLine).toContainText('refunded');
  await expect(refundLine).toContainText('−');
  await context.close();
});

test('the office approves the holds of several pending bookings at once from the list', async ({ page, request }) => {
  const a = await api(request);
  const pending = await rest<{ rows: ListRow[] }>(a, await adminToken(a), 'POST', 'rpc/search_bookings', { p_statuses: ['pending'], p_limit: 25 });
  expect(pending.rows.length, 'two seeded pending bookings').toBeGreaterThanOrEqual(2);
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin');
  await page.goto(`/admin/bookings?status=${encodeURIComponent(JSON.stringify(['pending']))}`);
  const chosen = pending.rows.slice(0, 2);
  for (const row of chosen) await page.getByRole('checkbox', { name: `Select ${row.booking_reference}` }).check();
  const bar = page.getByRole('region', { name: 'Selected rows' });
  await expect(bar).toContainText('2 selected');
  await bar.getByRole('button', { name: 'Approve holds' }).click();
  await expect(page.getByText('2 holds approved: their seats are kept longer')).toBeVisible();
  const approved = await rest<{ hold_approved_at: string | null }[]>(a, await adminToken(a), 'GET', `bookings?select=hold_approved_at&id=in.(${chosen.map((row) => row.id).join(',')})`);
  expect(approved.every((row) => row.hold_approved_at !== null)).toBe(true);
  await expect(bar).toHaveCount(0);
});
