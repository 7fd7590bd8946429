import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { emailTo } from './mail.ts';
import { adminToken, api, type Api, openSignedIn, rest, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * A booking's whole life in the office, as an agent lives it on the phone: taken in one form with an
 * extra, a pickup and a payment with cents; moved; cancelled with the policy's fee; its refund sent
 * by bank transfer. The Payments table, the History and the client's emails say the same amounts and
 * the same method. At 1280 px with a mouse and on a 768 px tablet with touch.
 */

const usd = (amount: number) => amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A tour with an extra, and two departures of its own after all the others (the last two of the list), priced alike. */
async function tourWithExtra(a: Api): Promise<{ title: string; extra: string; unit: string }> {
  const token = await adminToken(a);
  const extras = await rest<{ tour_id: string; name: string; unit: string; tours: { title: string; status: string; is_private: boolean } }[]>(
    a,
    token,
    'GET',
    'tour_extras?select=tour_id,name,unit,tours!inner(title,status,is_private)&is_active=eq.true&tours.status=eq.active&tours.is_private=eq.false&order=tour_id',
  );
  const chosen = extras[0];
  expect(chosen, 'a seeded tour with an extra').toBeDefined();
  const [last] = await rest<{ start_date: string }[]>(a, token, 'GET', `tour_departures?select=start_date&tour_id=eq.${chosen.tour_id}&order=start_date.desc&limit=1`);
  const after = Math.max(200, Math.ceil((Date.parse(last?.start_date ?? dayFromNow(0)) - Date.now()) / 86_400_000) + 7);
  for (const start of [after, after + 7]) {
    await rest(a, token, 'POST', 'tour_departures', { tour_id: chosen.tour_id, start_date: dayFromNow(start), end_date: dayFromNow(start + 3), capacity: 8 });
  }
  return { title: chosen.tours.title, extra: chosen.name, unit: chosen.unit };
}

async function lifeOfAPhoneBooking(page: Page, a: Api, touch: boolean) {
  const press = (target: Locator) => (touch ? target.tap() : target.click());
  const { title, extra, unit } = await tourWithExtra(a);
  const agent = (await staffCredentials()).find((member) => member.role === 'agent')!;
  const email = `phone-life-${touch ? 'tablet' : 'desk'}-${Date.now()}@example.com`;
  await openSignedIn(page, agent.email, agent.password, '/admin/bookings/new');

  // One form: the trip, one adult, the extra, the pickup, the client, and a payment with cents.
  const form = page.getByRole('form', { name: 'New booking' });
  await press(form.getByRole('combobox', { name: 'Tour' }));
  await press(page.getByRole('listbox', { name: 'Tour' }).getByRole('option', { name: title, exact: true }));
  await press(form.getByRole('combobox', { name: 'Departure' }));
  await press(page.getByRole('listbox', { name: 'Departure' }).getByRole('option').nth(-2));
  await form.getByRole('textbox', { name: 'Adults' }).fill('1');
  if (unit === 'per_booking') await press(form.getByRole('checkbox', { name: new RegExp(`^${extra} `) }));
  else await form.getByRole('textbox', { name: new RegExp(`^${extra} `) }).fill('1');
  await form.getByRole('textbox', { name: 'Pickup point or hotel' }).fill('Kibo Palace Hotel, Arusha');
  await form.getByRole('textbox', { name: 'Full name' }).fill('Zawadi Phone-Client');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await expect(form.getByTestId('list-price')).toContainText('List price');
  const total = Number(((await form.getByTestId('list-price').locator('strong').textContent()) ?? '').replace(/[^0-9.]/g, ''));
  const paid = Math.round(total * 100 - 60) / 100;
  await press(form.getByRole('radio', { name: 'Another amount' }));
  await form.getByRole('textbox', { name: /^Amount received/ }).fill(usd(paid));
  await press(form.getByRole('button', { name: 'Make booking' }));
  await expect(form.getByText('Please choose how the payment was made')).toBeVisible();
  await press(form.getByRole('combobox', { name: 'How it was paid' }));
  await press(page.getByRole('option', { name: 'Mobile money' }));
  await form.getByRole('textbox', { name: 'Reference' }).fill('MPESA-QX81');
  await press(form.getByRole('button', { name: 'Make booking' }));
  const heading = page.getByRole('heading', { name: /^Booking KS-/ });
  await expect(heading).toBeVisible({ timeout: 15_000 });
  const reference = ((await heading.textContent()) ?? '').replace('Booking ', '').trim();
  await expect(page.getByTestId('payments')).toContainText(`$${usd(paid)}`);
  await expect(page.getByTestId('payments')).toContainText('Payment: Mobile money');
  // The client has the booking and the receipt, to the cent.
  await emailTo(email, `Booking received: ${title}`);
  const receipt = await emailTo(email, `Payment received: USD ${usd(paid)}`);
  expect(receipt).toContain('Paid by: Mobile money');

  // Moved to the other departure: the client hears of it.
  await press(page.getByRole('button', { name: 'Change departure' }));
  const move = page.getByRole('form', { name: 'Move the booking' });
  await press(move.getByRole('combobox', { name: 'New departure' }));
  await press(page.getByRole('listbox', { name: 'New departure' }).getByRole('option').last());
  await move.getByRole('textbox', { name: 'Reason' }).fill('Client’s flight moved a week');
  await press(move.getByRole('button', { name: 'Move booking' }));
  // The toast: the booking's list of emails shows their subjects as well.
  await expect(page.getByRole('alert').getByText(/^Booking moved/)).toBeVisible();
  await emailTo(email, `Booking ${reference} moved`);

  // Cancelled under the policy: the fee kept, the rest owed back the way it came.
  await press(page.getByRole('button', { name: 'Cancel booking' }));
  const cancel = page.getByRole('form', { name: 'Cancel the booking' });
  await cancel.getByRole('textbox', { name: 'Reason' }).fill('Client’s visa refused');
  await press(cancel.getByRole('button', { name: 'Cancel booking' }));
  await expect(page.getByRole('alert').getByText(/^Booking cancelled/)).toBeVisible();
  const token = await adminToken(a);
  const [booking] = await rest<{ id: string; amount_paid: number }[]>(a, token, 'GET', `bookings?select=id,amount_paid&booking_reference=eq.${reference}`);
  const fee = Number(booking.amount_paid);
  const refund = Math.round(paid * 100 - fee * 100) / 100;
  expect(fee).toBeGreaterThan(0);
  expect(refund).toBeGreaterThan(0);
  const cancelled = await emailTo(email, `Booking cancelled: ${title}`);
  expect(cancelled).toContain(`You paid: USD ${usd(paid)}`);
  expect(cancelled).toContain(`Cancellation fee kept: USD ${usd(fee)}`);
  expect(cancelled).toContain(`To be refunded to you: USD ${usd(refund)}`);
  expect(cancelled).toContain('to the mobile money number you paid from');

  // The refund goes back by bank transfer, with its reference.
  await press(page.getByRole('button', { name: 'Record the refund' }));
  const sent = page.getByRole('form', { name: 'Record the refund' });
  await expect(sent.getByTestId('refund-amount')).toHaveText(`Amount returned: $${usd(refund)}`);
  await press(sent.getByRole('combobox', { name: 'How it was returned' }));
  await press(page.getByRole('option', { name: 'Bank transfer' }));
  await sent.getByRole('textbox', { name: 'Reference' }).fill('CRDB-RF-2291');
  await press(sent.getByRole('button', { name: 'Record the refund' }));
  await expect(page.getByText(`Refund of $${usd(refund)} recorded as sent`)).toBeVisible();

  // The same amounts and method everywhere: the Payments table, the History, the client's email.
  const line = page.getByTestId('payments').locator('tr[data-direction="out"]');
  await expect(line).toContainText('Refund: Bank transfer');
  await expect(line).toContainText('CRDB-RF-2291');
  await expect(line).toContainText(`−$${usd(refund)}`);
  await expect(line).toContainText('refunded');
  const history = page.getByTestId('history');
  await expect(history).toContainText(`Refund of USD ${usd(refund)} sent by bank transfer on`);
  await expect(history).toContainText('reference CRDB-RF-2291');
  await expect(history).toContainText(`Payment of USD ${usd(paid)} recorded (Mobile money)`);
  await expect(history).not.toContainText(/refund_due|[0-9a-f]{8}-[0-9a-f]{4}-/);
  const refundEmail = await emailTo(email, `Refund sent: USD ${usd(refund)}`);
  expect(refundEmail).toContain('Returned by: Bank transfer');
  expect(refundEmail).toContain('Reference: CRDB-RF-2291');
  await saveScreenshot(page, `admin-phone-booking-${touch ? 'tablet' : 'desk'}`);
}

test('at the desk, a phone booking with an extra, a pickup and a payment with cents is moved, cancelled and refunded, and every record agrees', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await lifeOfAPhoneBooking(page, await api(request), false);
});

test.describe('on a 768 px tablet with touch', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('the same life of a phone booking, by touch', async ({ page, request }) => {
    await lifeOfAPhoneBooking(page, await api(request), true);
  });
});
