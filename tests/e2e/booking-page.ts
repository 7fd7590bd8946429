import { expect, type Locator, type Page } from '@playwright/test';

/** The booking page as the end-to-end specs fill it in (tests/e2e/booking.spec.ts, card-payment.spec.ts). */

export const money = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(amount);

export function bookingForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Book this tour' });
}

/** Book now: in the bar at the bottom on a phone, beside the price on a desktop. */
export async function clickBook(page: Page) {
  const bar = page.getByRole('region', { name: 'Total and book' });
  if (await bar.isVisible()) await bar.getByRole('button', { name: 'Book now' }).click();
  else await bookingForm(page).getByRole('button', { name: 'Book now' }).click();
}

export async function chooseDeparture(page: Page, departureId: string) {
  await page.locator('label', { has: page.locator(`input[value="${departureId}"]`) }).click();
  await expect(page.locator(`input[value="${departureId}"]`)).toBeChecked();
}

export async function fillTraveler(page: Page, number: number, details: { name: string; born: string; nationality: string; passport?: string; dietary?: string }) {
  const group = page.getByRole('group', { name: new RegExp(`^Traveler ${number} `) });
  await group.getByLabel('Full name').fill(details.name);
  await group.getByLabel('Date of birth').fill(details.born);
  await group.getByLabel('Nationality').fill(details.nationality);
  if (details.passport) await group.getByLabel('Passport number').fill(details.passport);
  if (details.dietary) await group.getByLabel('Dietary needs').fill(details.dietary);
}
