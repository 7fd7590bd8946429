import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminToken, api, type Api, openSignedIn, PASSWORD, rest, signUp } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * Prices in the traveler's currency: the tour's own price always, and beside it an approximation in
 * the display currency, at the rate public.currency_rates holds (read here from the database; the
 * visitor's rate is first changed by the admin, so only a conversion at the stored rate can match).
 * A signed-in traveler's display currency is their Settings preference; a visitor picks one in the
 * footer and the device remembers it.
 */

const SLUG = '7-day-great-migration-safari';

interface Tour {
  id: string;
  title: string;
  base_price: number;
  currency: string;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const whole = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(amount);
const cents = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2 }).format(amount);

async function migrationSafari(a: Api): Promise<Tour> {
  const [tour] = await rest<Tour[]>(a, a.anonKey, 'GET', `tours?select=id,title,base_price,currency&slug=eq.${SLUG}`);
  return { ...tour, base_price: Number(tour.base_price) };
}

/** units of `to` for one unit of `from`, from the rates stored in the database. */
async function storedRate(a: Api, from: string, to: string): Promise<number> {
  const rows = await rest<{ currency: string; units_per_usd: number }[]>(a, a.anonKey, 'GET', `currency_rates?select=currency,units_per_usd&currency=in.(${from},${to})`);
  const rate = (code: string) => Number(rows.find((row) => row.currency === code)!.units_per_usd);
  return rate(to) / rate(from);
}

/** The approximation as the page must show it: whole units of the display currency. */
const approximation = (amount: number, rate: number, currency: string) => `≈ about ${whole(Math.round(amount * rate), currency)}`;

/** The booking box of the tour page (beside the content on a desktop). */
const bookingBoxPrice = (page: Page) => page.getByTestId('tour-price').locator('xpath=..');

/** What the viewport shows, the prices in view. */
const snap = (page: Page, name: string) => saveScreenshot(page, `currency-${name}`, { wholePage: false });

test.describe('prices in the traveler’s currency', () => {
  test('a traveler who chose EUR in Settings sees euros beside the tour price and the booking total', async ({ page, request }) => {
    test.setTimeout(120_000);
    const a = await api(request);
    const admin = await adminToken(a);
    const tour = await migrationSafari(a);
    expect(tour.currency).toBe('USD');
    const [departure] = await rest<{ id: string }[]>(a, admin, 'POST', 'tour_departures', { tour_id: tour.id, start_date: inDays(150), end_date: inDays(156), capacity: 8 });
    const traveler = await signUp(a, 'Lena Euro');

    await openSignedIn(page, traveler.email, PASSWORD, '/traveler/settings');
    await page.getByRole('combobox', { name: 'Currency' }).click();
    await page.getByRole('option', { name: 'EUR', exact: true }).click();
    await expect
      .poll(async () => (await rest<{ preferences: { display?: { currency?: string } } }[]>(a, traveler.token, 'GET', 'users?select=preferences'))[0].preferences.display?.currency)
      .toBe('EUR');
    const rate = await storedRate(a, 'USD', 'EUR');

    await page.goto(`/tours/${SLUG}`);
    await expect(page.getByTestId('tour-price')).toHaveText(whole(tour.base_price, 'USD'));
    await expect(bookingBoxPrice(page).getByTestId('money-approx')).toHaveText(approximation(tour.base_price, rate, 'EUR'));
    await expect(page.getByLabel('Key facts')).toContainText(`${whole(tour.base_price, 'USD')} pp (≈ about ${whole(Math.round(tour.base_price * rate), 'EUR')})`);
    await snap(page, 'tour-detail-eur');
    await page.goto('/tours');
    await page.getByTestId('tour-card').first().scrollIntoViewIfNeeded();
    await expect(page.getByTestId('tour-card').first().getByTestId('money-approx')).toBeVisible();
    await snap(page, 'tour-cards-eur');
    await page.goto(`/tours/${SLUG}`);
    await page.getByTestId('tour-price').scrollIntoViewIfNeeded();
    await snap(page, 'tour-booking-box-eur');
    await page.getByTestId('departure').first().scrollIntoViewIfNeeded();
    await snap(page, 'tour-departures-eur');

    await page.goto(`/tours/${SLUG}/book?departure=${departure.id}`);
    const form = page.getByRole('form', { name: 'Book this tour' });
    await page.locator('label', { has: page.locator(`input[value="${departure.id}"]`) }).click();
    await expect(form.getByTestId('quote-lines')).toBeVisible();
    await expect(form.getByTestId('quote-lines')).not.toHaveAttribute('data-updating');
    // Two adults by default: the total is charged in dollars, with euros beside it.
    const totalText = (await form.getByTestId('quote-total').textContent())!;
    const total = Number(totalText.replace(/[^\d.]/g, ''));
    expect(totalText).toBe(cents(total, 'USD'));
    expect(total).toBeGreaterThan(0);
    const totalBox = form.locator('span', { has: page.getByTestId('quote-total') }).last();
    await expect(totalBox.getByTestId('money-approx')).toHaveText(approximation(total, rate, 'EUR'));
    await expect(form.getByTestId('quote-lines').getByTestId('money-approx').first()).toBeVisible();
    await expect(form.getByTestId('charged-in')).toHaveText('Payment is charged in USD; amounts in EUR are approximate.');
    await snap(page, 'booking-summary-eur');
  });

  test('a visitor picks pounds in the footer: tour cards and the tour page show them, at the stored rate, and the device remembers', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const a = await api(request);
    const admin = await adminToken(a);
    // A rate nobody would write by hand: only a conversion at the stored rate shows the right figure.
    await rest(a, admin, 'PATCH', 'currency_rates?currency=eq.GBP', { units_per_usd: 0.7654 });
    const tour = await migrationSafari(a);
    const rate = await storedRate(a, 'USD', 'GBP');
    expect(rate).toBeCloseTo(0.7654, 6);

    await page.goto('/tours');
    const card = page.getByTestId('tour-card').filter({ hasText: tour.title });
    await expect(card).toContainText(whole(tour.base_price, 'USD'));
    // Until a visitor chooses, prices show in the tour's currency only.
    await expect(card.getByTestId('money-approx')).toHaveCount(0);
    const picker = page.getByLabel('Approximate prices in');
    await expect(picker).toHaveValue('');
    await picker.selectOption('GBP');
    await expect(card.getByTestId('money-approx')).toHaveText(approximation(tour.base_price, rate, 'GBP'));
    await card.scrollIntoViewIfNeeded();
    await snap(page, 'tour-card-gbp');

    await page.goto(`/tours/${SLUG}`);
    await expect(page.getByLabel('Approximate prices in')).toHaveValue('GBP');
    await expect(page.getByLabel('Key facts')).toContainText(`(≈ about ${whole(Math.round(tour.base_price * rate), 'GBP')})`);
    await expect(page.getByRole('region', { name: 'Book this tour' }).getByTestId('money-approx')).toHaveText(`(${approximation(tour.base_price, rate, 'GBP')})`);
    await snap(page, 'tour-detail-gbp');
    await page.getByLabel('Approximate prices in').scrollIntoViewIfNeeded();
    await snap(page, 'footer-gbp');

    // The booking page: the bar at the bottom and the summary carry the pounds, the charge stays in dollars.
    const [departure] = await rest<{ id: string }[]>(a, admin, 'POST', 'tour_departures', { tour_id: tour.id, start_date: inDays(160), end_date: inDays(166), capacity: 8 });
    await page.goto(`/tours/${SLUG}/book?departure=${departure.id}`);
    const form = page.getByRole('form', { name: 'Book this tour' });
    await expect(form.getByTestId('quote-lines')).toBeVisible();
    await expect(form.getByTestId('quote-lines')).not.toHaveAttribute('data-updating');
    const total = Number((await form.getByTestId('quote-total').textContent())!.replace(/[^\d.]/g, ''));
    await expect(page.getByRole('region', { name: 'Total and book' }).getByTestId('money-approx')).toHaveText(approximation(total, rate, 'GBP'));
    await expect(form.getByTestId('charged-in')).toHaveText('Payment is charged in USD; amounts in GBP are approximate.');
    await form.getByTestId('quote-lines').scrollIntoViewIfNeeded();
    await snap(page, 'booking-summary-gbp');

    // Back to the tour's own currency: no approximation anywhere.
    await page.goto(`/tours/${SLUG}`);
    await page.getByLabel('Approximate prices in').selectOption('');
    await expect(page.getByTestId('money-approx')).toHaveCount(0);
    await page.reload();
    await expect(page.getByLabel('Approximate prices in')).toHaveValue('');
    await expect(page.getByLabel('Key facts')).not.toContainText('≈');
  });
});
