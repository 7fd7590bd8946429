import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures.ts';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe.ts';
import { bookingForm, clickBook, fillTraveler, money } from './booking-page.ts';
import { startBuiltServer, type BuiltServer } from './built-server.ts';
import { adminToken, api, type Api, openSignedIn, PASSWORD, rest, signUp } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * Paying by card in Chromium, through Stripe Checkout: the built server runs with a Stripe key and
 * webhook secret, and STRIPE_API_URL points at the fake Stripe (tests/helpers/fake-stripe.ts), whose
 * hosted page pays by sending the server a checkout.session.completed signed with the webhook secret,
 * as Stripe does, and then returns to the thank-you page. The database is read as the seeded admin.
 */

const SLUG = '7-day-great-migration-safari';
const secretKey = 'sk_test_e2e_card_0123456789';
const webhookSecret = 'whsec_e2e_card_0123456789';

interface CardWorld {
  server: BuiltServer;
  stripe: FakeStripe;
}

const test = base.extend<object, { card: CardWorld }>({
  card: [
    async ({}, use) => {
      const stripe = await startFakeStripe();
      const server = await startBuiltServer({ env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: stripe.url } });
      stripe.setWebhookEndpoint(`${server.url}/api/payments/stripe/webhook`, webhookSecret);
      await use({ server, stripe });
      await server.stop();
      await stripe.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  // The pages and the request fixture talk to the server with the Stripe key.
  baseURL: async ({ card }, use) => use(card.server.url),
});

interface BookingRow {
  id: string;
  booking_reference: string;
  status: string;
  total_amount: number;
  amount_paid: number;
  payment_method: string | null;
}

interface PaymentRow {
  amount: number;
  currency: string;
  method: string;
  status: string;
  provider: string | null;
  provider_reference: string | null;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const inDays = (days: number) => iso(new Date(Date.now() + days * 86_400_000));
const round2 = (value: number) => Math.round(value * 100) / 100;

/** A departure of the Great Migration Safari of the test's own, `days` out. */
async function newDeparture(a: Api, admin: string, days: number): Promise<string> {
  const [tour] = await rest<{ id: string }[]>(a, a.anonKey, 'GET', `tours?select=id&slug=eq.${SLUG}`);
  const [row] = await rest<{ id: string }[]>(a, admin, 'POST', 'tour_departures', { tour_id: tour.id, start_date: inDays(days), end_date: inDays(days + 6), capacity: 8 });
  return row.id;
}

async function bookingOf(a: Api, admin: string, reference: string): Promise<BookingRow> {
  const [row] = await rest<BookingRow[]>(a, admin, 'GET', `bookings?select=id,booking_reference,status,total_amount,amount_paid,payment_method&booking_reference=eq.${reference}`);
  return { ...row, total_amount: Number(row.total_amount), amount_paid: Number(row.amount_paid) };
}

async function paymentsOf(a: Api, admin: string, bookingId: string): Promise<PaymentRow[]> {
  const rows = await rest<PaymentRow[]>(a, admin, 'GET', `payments?select=amount,currency,method,status,provider,provider_reference&booking_id=eq.${bookingId}`);
  return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
}

/** Fills in the booking page for two adults paying by card, and books; answers the reference. */
async function bookByCard(page: Page, departureId: string, contact: { email?: string; plan: 'deposit' | 'full' }): Promise<string> {
  await page.goto(`/tours/${SLUG}/book?departure=${departureId}`);
  await expect(page.locator(`input[value="${departureId}"]`)).toBeChecked();
  await fillTraveler(page, 1, { name: 'Neema Mushi', born: '1986-03-14', nationality: 'Tanzanian' });
  await fillTraveler(page, 2, { name: 'Daniel Mushi', born: '1984-11-02', nationality: 'Kenyan' });
  const form = bookingForm(page);
  if (contact.email) await form.getByRole('textbox', { name: 'Email', exact: true }).fill(contact.email);
  await form.getByLabel('Phone').fill('+255 754 321 987');
  await page.getByRole('radio', { name: /^Card/ }).check();
  if (contact.plan === 'deposit') await page.getByRole('radio', { name: /A 30% deposit/ }).check();
  else await expect(page.getByRole('radio', { name: /The full amount/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /I accept the booking terms/ }).check();
  await clickBook(page);
  await expect(page).toHaveURL(/\/thank-you\?booking=KS-/);
  return new URL(page.url()).searchParams.get('booking')!;
}

/** On the fake Stripe page: it shows what is charged; Pay or Cancel. */
async function onCheckoutPage(page: Page, stripe: FakeStripe, amount: number) {
  await page.waitForURL((url) => url.origin === stripe.url && url.pathname.startsWith('/c/pay/'));
  await expect(page.getByTestId('checkout-amount')).toHaveText(`USD ${amount.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}

test.describe('paying by card', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a guest pays the deposit on the card page, comes back to a confirmed booking, and a replayed webhook changes nothing', async ({ page, request, card, browser }) => {
    const a = await api(request);
    const admin = await adminToken(a, card.server.dataDir);
    const departureId = await newDeparture(a, admin, 130);
    const email = `card-guest-${Date.now()}@example.com`;
    const reference = await bookByCard(page, departureId, { email, plan: 'deposit' });
    const before = await bookingOf(a, admin, reference);
    expect(before).toMatchObject({ status: 'pending', amount_paid: 0, payment_method: 'card' });
    const deposit = round2(before.total_amount * 0.3);

    // The link of the booking email, on another device (nothing of the booking kept there), offers the same card payment.
    const elsewhere = await browser.newPage({ baseURL: card.server.url });
    await elsewhere.goto(`/thank-you?reference=${reference}&email=${encodeURIComponent(email)}`);
    await expect(elsewhere.getByRole('button', { name: `Pay ${money(deposit)} by card` })).toBeVisible();
    await elsewhere.close();

    await page.getByRole('button', { name: `Pay ${money(deposit)} by card` }).click();
    const sessionId = await onCheckoutPage(page, card.stripe, deposit);
    const cameBack = page.waitForRequest((sent) => sent.isNavigationRequest() && new URL(sent.url()).pathname === '/thank-you');
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on this site, with the guest's key to the booking: the address the card page sent the guest
    // back to (read from the request, as the app then writes its own ?booking= into the address bar).
    expect(Object.fromEntries(new URL((await cameBack).url()).searchParams)).toEqual({ reference, email, payment: 'success', session_id: sessionId });
    await page.waitForURL((url) => url.pathname === '/thank-you' && url.searchParams.get('payment') === 'success');
    await expect(page.getByTestId('payment-notice')).toContainText(`We have received ${money(deposit)} by card and your booking is confirmed`);
    await expect(page.getByTestId('booking-status')).toHaveText('Confirmed');
    await expect(page.getByTestId('booking-paid')).toContainText(money(deposit));
    await expect(page.getByTestId('booking-outstanding')).toContainText(money(round2(before.total_amount - deposit)));
    await expect(page.getByRole('button', { name: `Pay ${money(deposit)} by card` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Pay the balance of ${money(round2(before.total_amount - deposit))} by card` })).toBeVisible();
    await saveScreenshot(page, 'card-guest-deposit-paid');

    // One payment, of the deposit, and the booking is confirmed.
    const paid = { currency: 'USD', method: 'card', status: 'succeeded', provider: 'stripe', provider_reference: sessionId };
    expect(await paymentsOf(a, admin, before.id)).toEqual([{ amount: deposit, ...paid }]);
    expect(await bookingOf(a, admin, reference)).toMatchObject({ status: 'confirmed', amount_paid: deposit });

    // The very delivery Stripe made, sent again (a replay within the signature's five minutes).
    const delivery = card.stripe.deliveries.find((d) => (JSON.parse(d.body) as { data: { object: { id: string } } }).data.object.id === sessionId)!;
    expect(delivery).toMatchObject({ status: 200, answer: { received: true, duplicate: false, recorded: true } });
    const replay = await request.post('/api/payments/stripe/webhook', { headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature }, data: delivery.body });
    expect(replay.status()).toBe(200);
    expect(await replay.json()).toEqual({ received: true, duplicate: true, recorded: false });
    expect(await paymentsOf(a, admin, before.id)).toEqual([{ amount: deposit, ...paid }]);
    expect(await bookingOf(a, admin, reference)).toMatchObject({ status: 'confirmed', amount_paid: deposit });
  });

  test.describe('on a 390px phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('a guest gives up on the card page, comes back to pay by card again, then pays in full', async ({ page, request, card }) => {
      const a = await api(request);
      const admin = await adminToken(a, card.server.dataDir);
      // Within 60 days of departure: the full amount is due at booking.
      const departureId = await newDeparture(a, admin, 40);
      const email = `card-phone-${Date.now()}@example.com`;
      const reference = await bookByCard(page, departureId, { email, plan: 'full' });
      const booking = await bookingOf(a, admin, reference);
      const payButton = page.getByRole('button', { name: `Pay ${money(booking.total_amount)} by card` });

      await payButton.click();
      await onCheckoutPage(page, card.stripe, booking.total_amount);
      const delivered = card.stripe.deliveries.length;
      await page.getByRole('link', { name: 'Cancel' }).click();
      await page.waitForURL((url) => url.pathname === '/thank-you' && url.searchParams.get('payment') === 'cancelled');
      await expect(page.getByTestId('payment-notice')).toContainText('Card payment cancelled');
      await expect(page.getByTestId('payment-notice')).toContainText('Nothing was charged');
      await expect(page.getByTestId('booking-status')).toHaveText('Awaiting confirmation');
      await expect(page.getByTestId('booking-paid')).toHaveCount(0);
      await expect(payButton).toBeVisible();
      await saveScreenshot(page, 'card-guest-cancelled');
      expect(card.stripe.deliveries).toHaveLength(delivered);
      expect(await paymentsOf(a, admin, booking.id)).toEqual([]);
      expect(await bookingOf(a, admin, reference)).toMatchObject({ status: 'pending', amount_paid: 0 });

      await payButton.click();
      const sessionId = await onCheckoutPage(page, card.stripe, booking.total_amount);
      await page.getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL((url) => url.pathname === '/thank-you' && url.searchParams.get('payment') === 'success');
      await expect(page.getByTestId('payment-notice')).toContainText(`We have received ${money(booking.total_amount)} by card and your booking is confirmed`);
      await expect(page.getByTestId('booking-paid')).toContainText(money(booking.total_amount));
      await expect(page.getByTestId('payment-instructions')).toContainText('Your trip is paid in full');
      await expect(page.getByRole('button', { name: /by card$/ })).toHaveCount(0);
      await saveScreenshot(page, 'card-guest-paid-in-full');
      expect(await paymentsOf(a, admin, booking.id)).toMatchObject([{ amount: booking.total_amount, status: 'succeeded', provider_reference: sessionId }]);
      expect(await bookingOf(a, admin, reference)).toMatchObject({ status: 'confirmed', amount_paid: booking.total_amount });
    });
  });

  test('a signed-in traveler pays the deposit and finds the booking confirmed in the portal', async ({ page, request, card }) => {
    const a = await api(request);
    const admin = await adminToken(a, card.server.dataDir);
    const departureId = await newDeparture(a, admin, 140);
    const traveler = await signUp(a, 'Zawadi Traveler');
    await openSignedIn(page, traveler.email, PASSWORD);
    const reference = await bookByCard(page, departureId, { plan: 'deposit' });
    const booking = await bookingOf(a, admin, reference);
    const deposit = round2(booking.total_amount * 0.3);

    await page.getByRole('button', { name: `Pay ${money(deposit)} by card` }).click();
    const sessionId = await onCheckoutPage(page, card.stripe, deposit);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.pathname === '/thank-you' && url.searchParams.get('payment') === 'success');
    // The owner's booking is found by their session: no email in the address.
    expect(new URL(page.url()).searchParams.get('email')).toBeNull();
    await expect(page.getByTestId('payment-notice')).toContainText(`We have received ${money(deposit)} by card and your booking is confirmed`);
    await expect(page.getByTestId('booking-paid')).toContainText(money(deposit));
    await saveScreenshot(page, 'card-traveler-deposit-paid');
    expect(await paymentsOf(a, admin, booking.id)).toMatchObject([{ amount: deposit, status: 'succeeded', provider_reference: sessionId }]);
    expect(await bookingOf(a, admin, reference)).toMatchObject({ status: 'confirmed', amount_paid: deposit });

    await page.getByTestId('portal-link').click();
    await expect(page).toHaveURL(`/traveler/bookings/${reference}`);
    await expect(page.getByText('Confirmed').first()).toBeVisible();
  });
});
