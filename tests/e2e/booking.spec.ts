import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { emailTo } from './mail.ts';
import { bookingForm, chooseDeparture, clickBook, fillTraveler, money } from './booking-page.ts';
import { adminToken, api, type Api, openSignedIn, PASSWORD, rest, signUp } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * The booking page in Chromium against the built server, on a desktop and on a 390px phone: a guest
 * and a signed-in traveler book with children, an extra and a promo code; the booking in the
 * database (read as the seeded admin) has the total the page showed, worked out again here from the
 * tour's prices. Bad input books nothing; a departure that fills up while the page is open is
 * refused; a booking made offline is kept as a request and booked once when the connection returns.
 * Each test books its own departure, made by the admin, so the tests never share seats.
 */

const SLUG = '7-day-great-migration-safari';
const BALLOON = 599;

interface Tour {
  id: string;
  base_price: number;
  child_price: number;
}

interface BookingRow {
  id: string;
  booking_reference: string;
  user_id: string | null;
  status: string;
  adults: number;
  children: number;
  total_amount: number;
  promo_code: string | null;
  client_id: string | null;
  contact: { full_name: string; email: string; phone: string };
  travelers: { full_name: string; date_of_birth: string; age: number; traveler_type: string; nationality: string; passport_number?: string }[];
  extras: { code: string; quantity: number }[];
  contact_verified_at: string | null;
  hold_expires_at: string;
  created_at: string;
}

const iso = (date: Date) => date.toISOString().slice(0, 10);
const inDays = (days: number) => iso(new Date(Date.now() + days * 86_400_000));
const yearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return iso(date);
};
const round2 = (value: number) => Math.round(value * 100) / 100;

async function migrationSafari(a: Api): Promise<Tour> {
  const [tour] = await rest<Tour[]>(a, a.anonKey, 'GET', `tours?select=id,base_price,child_price&slug=eq.${SLUG}`);
  return { ...tour, base_price: Number(tour.base_price), child_price: Number(tour.child_price) };
}

/** A departure of the Great Migration Safari of this test's own, `days` out, with `capacity` seats. */
async function newDeparture(a: Api, admin: string, tour: Tour, days: number, capacity = 8): Promise<string> {
  const [row] = await rest<{ id: string }[]>(a, admin, 'POST', 'tour_departures', {
    tour_id: tour.id,
    start_date: inDays(days),
    end_date: inDays(days + 6),
    capacity,
  });
  return row.id;
}

async function bookingsOf(a: Api, admin: string, departureId: string): Promise<BookingRow[]> {
  return rest<BookingRow[]>(a, admin, 'GET', `bookings?select=*&departure_id=eq.${departureId}&order=created_at`);
}

/** The total on the page once the price has settled: it must read `expected`. */
async function expectTotal(page: Page, expected: number) {
  const form = bookingForm(page);
  await expect(form.getByTestId('quote-lines')).not.toHaveAttribute('data-updating');
  await expect(form.getByTestId('quote-total')).toHaveText(money(expected));
}

const sizes = [
  { name: 'desktop', viewport: { width: 1280, height: 900 }, days: 130 },
  { name: 'phone', viewport: { width: 390, height: 844 }, days: 150 },
];

for (const size of sizes) {
  test.describe(`booking on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test('a guest books two adults and a child with the balloon flight and KARIBU10', async ({ page, request }) => {
      test.setTimeout(120_000);
      const a = await api(request);
      const admin = await adminToken(a);
      const tour = await migrationSafari(a);
      const departureId = await newDeparture(a, admin, tour, size.days);
      const email = `guest-${size.name}-${Date.now()}@example.com`;

      // The second path of the booking page leads to the first, with the departure chosen.
      await page.goto(`/book-tour/${SLUG}?departure=${departureId}`);
      await expect(page).toHaveURL(new RegExp(`/tours/${SLUG}/book\\?departure=${departureId}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book 7-Day Great Migration Safari');
      await expect(page.locator(`input[value="${departureId}"]`)).toBeChecked();
      // Sold-out departures are listed but cannot be chosen.
      const soldOut = page.getByTestId('departure-option').filter({ hasText: 'Sold out' }).first();
      await expect(soldOut.locator('input')).toBeDisabled();

      // Travelling alone shows the single supplement; a party of three shares rooms.
      await page.getByRole('button', { name: 'Fewer adults' }).click();
      await expect(page.getByTestId('rooms')).toContainText('single supplement');
      await expect(bookingForm(page).getByTestId('quote-lines')).toContainText('Single supplement');
      await page.getByRole('button', { name: 'More adults' }).click();
      await expect(page.getByText('Under 12 on the first day of the trip')).toBeVisible();
      await page.getByRole('button', { name: 'More children' }).click();
      await page.getByRole('checkbox', { name: 'Hot air balloon safari over the Serengeti' }).click();
      const beforePromo = 2 * tour.base_price + tour.child_price + 3 * BALLOON;
      await expectTotal(page, beforePromo);

      // A code that does not exist is refused at the field; KARIBU10 takes 10% off everything.
      const promo = bookingForm(page).getByLabel('Promo code');
      await promo.fill('SAFARI2000');
      await bookingForm(page).getByRole('button', { name: 'Apply' }).click();
      await expect(bookingForm(page).getByText('Promo code not found or expired')).toBeVisible();
      await promo.fill('karibu10');
      await bookingForm(page).getByRole('button', { name: 'Apply' }).click();
      await expect(bookingForm(page).getByTestId('promo-applied')).toContainText('KARIBU10');
      const total = round2(beforePromo - round2(beforePromo * 0.1));
      await expectTotal(page, total);
      await expect(bookingForm(page).getByTestId('quote-lines')).toContainText('Promo code KARIBU10');

      await fillTraveler(page, 1, { name: 'Neema Mushi', born: '1986-03-14', nationality: 'Tanzanian', passport: 'TZ1234567', dietary: 'Vegetarian' });
      await fillTraveler(page, 2, { name: 'Daniel Mushi', born: '1984-11-02', nationality: 'Kenyan' });
      await fillTraveler(page, 3, { name: 'Amani Mushi', born: yearsAgo(8), nationality: 'Tanzanian' });
      // The contact is the lead traveler until it is given another name.
      await expect(bookingForm(page).getByLabel('Your name')).toHaveValue('Neema Mushi');
      await bookingForm(page).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
      await bookingForm(page).getByLabel('Phone').fill('+255 754 321 987');
      await page.getByRole('radio', { name: 'Bank transfer' }).check();
      await page.getByRole('radio', { name: /A 30% deposit/ }).check();
      await expect(bookingForm(page).getByTestId('due-now')).toContainText(money(round2(total * 0.3)));
      await page.getByRole('checkbox', { name: /I accept the booking terms/ }).check();
      // The hold as the database keeps it (seat_hold_terms()): short for a guest until the email is proven.
      await expect(bookingForm(page).getByTestId('seat-hold')).toHaveText(
        'We hold your seats for 2 hours, and for 48 hours once you confirm your email from the booking email (7 days for a bank transfer or payment on arrival). You can cancel a pending booking for free.',
      );
      await saveScreenshot(page, 'booking');
      await clickBook(page);

      await expect(page).toHaveURL(/\/thank-you\?booking=KS-\d{4}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
      const reference = new URL(page.url()).searchParams.get('booking')!;
      await expect(page.getByTestId('booking-reference')).toHaveText(reference);
      await expect(page.getByTestId('booking-total')).toContainText(money(total));
      await expect(page.getByTestId('bank-details')).toContainText(reference);
      await expect(page.getByRole('listitem').filter({ hasText: `The balance of ${money(round2(total - round2(total * 0.3)))} is due by` })).toBeVisible();
      await expect(page.getByTestId('account-invitation')).toContainText(`with an invitation to create an account`);
      await expect(page.getByTestId('account-invitation')).toContainText(email);
      // A guest's hold is short until the address is proven by the link in the booking email.
      await expect(page.getByTestId('short-hold')).toContainText(`The link is in the booking email we sent to ${email}`);
      await expect(page.getByTestId('short-hold')).toContainText('Until you do, we hold them for 2 hours; then for 48 hours, or 7 days from booking for a bank transfer or payment on arrival.');
      await saveScreenshot(page, 'booking-thank-you');
      const mail = await emailTo(email, 'Confirm my email address');
      expect(mail).toMatch(/We hold your places until \d\d:\d\d on \d+ \w+ \(East Africa Time\)/);
      await page.goto(/Confirm my email address: (\S+)/.exec(mail)![1]);
      // Opening the link changes nothing (a mail scanner opens every link): the person confirms.
      await expect(page.getByTestId('email-confirmation')).toContainText('Is this your email address?');
      await expect(page.getByTestId('short-hold')).toContainText('Press Confirm my email address above.');
      await saveScreenshot(page, 'booking-email-to-confirm');
      await page.getByRole('button', { name: 'Confirm my email address' }).click();
      await expect(page.getByTestId('email-confirmation')).toContainText('Your email address is confirmed');
      await expect(page.getByTestId('short-hold')).toHaveCount(0);
      await saveScreenshot(page, 'booking-email-confirmed');

      const [booking] = await bookingsOf(a, admin, departureId);
      expect(booking).toMatchObject({
        booking_reference: reference,
        user_id: null,
        status: 'pending',
        adults: 2,
        children: 1,
        total_amount: total,
        promo_code: 'KARIBU10',
        contact: { full_name: 'Neema Mushi', email, phone: '+255 754 321 987' },
      });
      expect(booking.client_id).not.toBeNull();
      // Proven, and paid by bank transfer: the seats are held a week from booking.
      expect(booking.contact_verified_at).not.toBeNull();
      expect(new Date(booking.hold_expires_at).getTime() - new Date(booking.created_at).getTime()).toBe(7 * 86_400_000);
      expect(booking.extras).toMatchObject([{ code: 'balloon-safari', quantity: 3 }]);
      expect(booking.travelers.map((t) => [t.full_name, t.traveler_type, t.nationality])).toEqual([
        ['Neema Mushi', 'adult', 'Tanzanian'],
        ['Daniel Mushi', 'adult', 'Kenyan'],
        ['Amani Mushi', 'child', 'Tanzanian'],
      ]);
      expect(booking.travelers[0]).toMatchObject({ passport_number: 'TZ1234567', date_of_birth: '1986-03-14' });
      expect(booking.travelers[2].age).toBe(8);
      // The purchase is reported once, in US dollars.
      const purchases = async () =>
        (await rest<{ properties: { bookingReference: string } }[]>(a, admin, 'GET', 'analytics_events?select=properties&name=eq.purchase&order=created_at.desc&limit=100'))
          .map((event) => event.properties)
          .filter((properties) => properties.bookingReference === reference);
      await expect.poll(purchases).toEqual([{ bookingReference: reference, value: total, currency: 'USD' }]);
    });

    test('a signed-in traveler books with their profile filled in and finds the booking in the portal', async ({ page, request }) => {
      test.setTimeout(120_000);
      const a = await api(request);
      const admin = await adminToken(a);
      const tour = await migrationSafari(a);
      const departureId = await newDeparture(a, admin, tour, size.days + 5);
      const traveler = await signUp(a, 'Zawadi Traveler');
      await rest(a, traveler.token, 'PATCH', `users?id=eq.${traveler.userId}`, { phone: '+255 713 555 010', nationality: 'Tanzanian', date_of_birth: '1990-05-01' });

      await openSignedIn(page, traveler.email, PASSWORD);
      await page.goto(`/tours/${SLUG}`);
      await page.getByRole('link', { name: 'Book now' }).first().click();
      await expect(page).toHaveURL(new RegExp(`/tours/${SLUG}/book$`));
      await chooseDeparture(page, departureId);

      // The contact and the lead traveler come from the profile.
      const form = bookingForm(page);
      await expect(form.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(traveler.email);
      await expect(form.getByLabel('Phone')).toHaveValue('+255 713 555 010');
      const lead = page.getByRole('group', { name: /^Traveler 1 / });
      await expect(lead.getByLabel('Full name')).toHaveValue('Zawadi Traveler');
      await expect(lead.getByLabel('Nationality')).toHaveValue('Tanzanian');
      await expect(lead.getByLabel('Date of birth')).toHaveValue('1990-05-01');

      await page.getByRole('button', { name: 'Fewer adults' }).click();
      await page.getByRole('button', { name: 'More children' }).click();
      await page.getByRole('checkbox', { name: 'Hot air balloon safari over the Serengeti' }).click();
      await form.getByLabel('Promo code').fill('MIGRATION250');
      await form.getByLabel('Promo code').press('Enter');
      await expect(form.getByTestId('promo-applied')).toContainText('MIGRATION250');
      const total = tour.base_price + tour.child_price + 2 * BALLOON - 250;
      await expectTotal(page, total);
      await fillTraveler(page, 2, { name: 'Imani Traveler', born: yearsAgo(6), nationality: 'Tanzanian', dietary: 'No nuts' });
      await page.getByRole('radio', { name: 'Pay on arrival' }).check();
      await expect(form.getByTestId('due-now')).toContainText(`Pay on arrival: ${money(total)}`);
      await page.getByRole('checkbox', { name: /I accept the booking terms/ }).check();
      await clickBook(page);

      await expect(page).toHaveURL(/\/thank-you\?booking=KS-/);
      const reference = new URL(page.url()).searchParams.get('booking')!;
      await expect(page.getByTestId('booking-reference')).toHaveText(reference);
      await expect(page.getByTestId('payment-instructions')).toContainText('Arusha office');
      const [booking] = await bookingsOf(a, admin, departureId);
      expect(booking).toMatchObject({ booking_reference: reference, user_id: traveler.userId, adults: 1, children: 1, total_amount: total, promo_code: 'MIGRATION250' });
      expect(booking.contact.email).toBe(traveler.email);

      await page.getByTestId('portal-link').click();
      await expect(page).toHaveURL(`/traveler/bookings/${reference}`);
      await expect(page.getByTestId('booking-reference')).toHaveText(reference);
      await page.goto('/traveler/bookings');
      await expect(page.getByTestId('booking-list')).toContainText(reference);
    });
  });
}

test('a private tour is booked for a day of a season window, as a departure of its own', async ({ page, request }) => {
  test.setTimeout(90_000);
  const a = await api(request);
  const admin = await adminToken(a);
  const slug = '7-day-private-luxury-serengeti';
  const [tour] = await rest<{ id: string; base_price: number; tour_seasons: { name: string; starts_on: string; ends_on: string; adult_price: number | null }[] }[]>(
    a,
    a.anonKey,
    'GET',
    `tours?select=id,base_price,tour_seasons(name,starts_on,ends_on,adult_price)&slug=eq.${slug}`,
  );
  // The first window that opens more than 60 days from now, on its first day.
  const season = tour.tour_seasons.filter((s) => s.starts_on > inDays(60)).sort((x, y) => x.starts_on.localeCompare(y.starts_on))[0];
  const email = `private-${Date.now()}@example.com`;

  await page.goto(`/tours/${slug}/book`);
  await expect(page.getByRole('heading', { name: 'Choose your start date' })).toBeVisible();
  const form = bookingForm(page);
  await expect(form.getByTestId('quote-placeholder')).toHaveText('Choose a date to see your price.');
  // The long rains close the camps: no window, so no trip.
  const closed = `${new Date().getUTCFullYear() + 1}-04-15`;
  await page.getByLabel('First day of your trip').fill(closed);
  await fillTraveler(page, 1, { name: 'Grace Lyimo', born: '1980-01-01', nationality: 'British' });
  await fillTraveler(page, 2, { name: 'Tom Lyimo', born: '1979-06-30', nationality: 'British' });
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await form.getByLabel('Phone').fill('+44 7700 900123');
  await page.getByRole('checkbox', { name: /I accept the booking terms/ }).check();
  await clickBook(page);
  await expect(page.getByText('This private trip is not offered on that date').first()).toBeVisible();

  await page.getByRole('button', { name: new RegExp(`^${season.name}, `) }).first().click();
  await expect(page.getByLabel('First day of your trip')).toHaveValue(season.starts_on);
  const total = 2 * Number(season.adult_price ?? tour.base_price);
  await expectTotal(page, total);
  await expect(form.getByTestId('quote-lines')).toContainText(`Adults (${season.name})`);
  await saveScreenshot(page, 'booking-private');
  await clickBook(page);

  await expect(page).toHaveURL(/\/thank-you\?booking=KS-/);
  const reference = new URL(page.url()).searchParams.get('booking')!;
  await expect(page.getByTestId('booking-total')).toContainText(money(total));
  const [booking] = await rest<(BookingRow & { departure: { start_date: string; is_private: boolean; capacity: number } })[]>(
    a,
    admin,
    'GET',
    `bookings?select=*,departure:tour_departures(start_date,is_private,capacity)&booking_reference=eq.${reference}`,
  );
  expect(booking).toMatchObject({ total_amount: total, adults: 2, departure: { start_date: season.starts_on, is_private: true, capacity: 2 } });
});

test.describe('booking refusals', () => {
  test('bad input shows field messages, keeps what was typed and books nothing', async ({ page, request }) => {
    const a = await api(request);
    const admin = await adminToken(a);
    const tour = await migrationSafari(a);
    const departureId = await newDeparture(a, admin, tour, 170);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/tours/${SLUG}/book`);

    await clickBook(page);
    await expect(page.getByText('Please choose a departure date')).toBeVisible();
    await expect(page.getByText('Please enter the full name, as in the passport')).toHaveCount(2);
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await expect(page.getByText('Please accept the booking terms to book')).toBeVisible();
    // The first field with a message has the focus.
    await expect(page.locator('input[name="departureId"]:not([disabled])').first()).toBeFocused();

    // A child who is 15 on the first day, an email without a domain, a passport number with symbols.
    await chooseDeparture(page, departureId);
    await expect(page.getByText('Please choose a departure date')).toHaveCount(0);
    await page.getByRole('button', { name: 'More children' }).click();
    await fillTraveler(page, 1, { name: 'Baraka Said', born: '1979-07-21', nationality: 'Tanzanian', passport: 'AB-12' });
    await fillTraveler(page, 2, { name: 'Rehema Said', born: '1981-01-05', nationality: 'Tanzanian' });
    await fillTraveler(page, 3, { name: 'Juma Said', born: yearsAgo(15), nationality: 'Tanzanian' });
    await bookingForm(page).getByRole('textbox', { name: 'Email', exact: true }).fill('baraka@example');
    await bookingForm(page).getByLabel('Phone').fill('+255 700 100 200');
    await page.getByRole('checkbox', { name: /I accept the booking terms/ }).check();
    await clickBook(page);
    await expect(page.getByText('15 on the first day of the trip: please count this traveler as an adult')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address, like name@example.com')).toBeVisible();
    await expect(page.getByText('A passport number has 5 to 20 letters and digits')).toBeVisible();
    await expect(page.getByRole('group', { name: /^Traveler 3 / }).getByLabel('Full name')).toHaveValue('Juma Said');
    await expect(bookingForm(page).getByLabel('Your name')).toHaveValue('Baraka Said');
    await page.waitForTimeout(1000);
    expect(await bookingsOf(a, admin, departureId)).toEqual([]);
    await expect(page).toHaveURL(new RegExp(`/tours/${SLUG}/book$`));
  });

  test('a departure that fills up while the page is open is refused as sold out', async ({ page, request }) => {
    const a = await api(request);
    const admin = await adminToken(a);
    const tour = await migrationSafari(a);
    const departureId = await newDeparture(a, admin, tour, 175, 2);
    await page.goto(`/tours/${SLUG}/book?departure=${departureId}`);
    await fillTraveler(page, 1, { name: 'Halima Juma', born: '1975-02-11', nationality: 'Tanzanian' });
    await fillTraveler(page, 2, { name: 'Omari Juma', born: '1973-08-30', nationality: 'Tanzanian' });
    await bookingForm(page).getByRole('textbox', { name: 'Email', exact: true }).fill('halima@example.com');
    await bookingForm(page).getByLabel('Phone').fill('+255 700 300 400');
    await page.getByRole('checkbox', { name: /I accept the booking terms/ }).check();
    await expectTotal(page, 2 * tour.base_price);

    // Someone else takes both seats meanwhile.
    await rest(a, a.anonKey, 'POST', 'rpc/create_booking', {
      p_departure_id: departureId,
      p_adults: 2,
      p_contact: { full_name: 'Quick Guest', email: 'quick@example.com' },
    });
    await clickBook(page);
    const failure = page.getByTestId('booking-failure');
    await expect(failure).toContainText('This departure is sold out');
    await expect(failure.getByRole('link', { name: 'See other dates' })).toHaveAttribute('href', `/tours/${SLUG}#departures`);
    await expect(page.getByRole('group', { name: /^Traveler 2 / }).getByLabel('Full name')).toHaveValue('Omari Juma');
    expect((await bookingsOf(a, admin, departureId)).map((b) => b.contact.email)).toEqual(['quick@example.com']);
  });
});

test.describe('booking offline', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  async function fillOfflineBooking(page: Page, departureId: string, email: string) {
    await page.goto(`/tours/${SLUG}/book?departure=${departureId}`);
    await page.getByRole('button', { name: 'Fewer adults' }).click();
    await fillTraveler(page, 1, { name: 'Subira Kweka', born: '1992-09-09', nationality: 'Tanzanian' });
    await bookingForm(page).getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await bookingForm(page).getByLabel('Phone').fill('+255 700 500 600');
    await page.getByRole('checkbox', { name: /I accept the booking terms/ }).check();
  }

  test('a booking made offline waits as a request and is booked once back online', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const a = await api(request);
    const admin = await adminToken(a);
    const tour = await migrationSafari(a);
    const departureId = await newDeparture(a, admin, tour, 180);
    await fillOfflineBooking(page, departureId, 'subira@example.com');
    // The price follows the party once the choices rest (debounced), so the assertion waits for it.
    await expect(bookingForm(page).getByTestId('quote-lines')).toContainText('Single supplement');

    await context.setOffline(true);
    await expect(page.getByTestId('offline-note')).toBeVisible();
    await clickBook(page);
    const waiting = page.getByTestId('booking-waiting');
    await expect(waiting.getByRole('heading', { name: 'Not yet confirmed – will be sent when you are back online' })).toBeVisible();
    await expect(waiting.getByTestId('quote-lines')).toContainText('Single supplement');
    // The header's outbox status says the same.
    await page.getByRole('button', { name: /Offline/ }).click();
    await expect(page.getByRole('dialog')).toContainText('Booking request: 7-Day Great Migration Safari');
    await expect(page.getByRole('dialog')).toContainText('Not yet confirmed – will be sent when you are back online');
    await saveScreenshot(page, 'booking-offline');
    await page.keyboard.press('Escape');
    expect(await bookingsOf(a, admin, departureId)).toEqual([]);

    await context.setOffline(false);
    await expect(page).toHaveURL(/\/thank-you\?booking=KS-/, { timeout: 20_000 });
    const reference = new URL(page.url()).searchParams.get('booking')!;
    await expect(page.getByTestId('booking-reference')).toHaveText(reference);
    await page.waitForTimeout(1500);
    const booked = await bookingsOf(a, admin, departureId);
    expect(booked.map((b) => b.booking_reference)).toEqual([reference]);
  });

  test('a request whose seats go while offline fails with the server’s message and offers other dates', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const a = await api(request);
    const admin = await adminToken(a);
    const tour = await migrationSafari(a);
    const departureId = await newDeparture(a, admin, tour, 185, 1);
    await fillOfflineBooking(page, departureId, 'subira.late@example.com');
    await expectTotal(page, tour.base_price + (await rest<{ single_supplement: number }[]>(a, a.anonKey, 'GET', `tours?select=single_supplement&id=eq.${tour.id}`))[0].single_supplement);

    await context.setOffline(true);
    await clickBook(page);
    await expect(page.getByTestId('booking-waiting')).toBeVisible();
    await rest(a, a.anonKey, 'POST', 'rpc/create_booking', { p_departure_id: departureId, p_adults: 1, p_contact: { full_name: 'Early Bird', email: 'early@example.com' } });

    await context.setOffline(false);
    await expect(page.getByRole('alert').filter({ hasText: 'Your booking request was not accepted' })).toContainText('This departure is sold out');
    const failure = page.getByTestId('booking-failure');
    await expect(failure).toContainText('This departure is sold out');
    await expect(failure.getByRole('link', { name: 'See other dates' })).toBeVisible();
    await expect(page.getByRole('group', { name: /^Traveler 1 / }).getByLabel('Full name')).toHaveValue('Subira Kweka');
    // The request stays in the outbox, failed with the server's message.
    await page.getByRole('button', { name: '1 change could not be saved' }).click();
    await expect(page.getByRole('dialog')).toContainText('This departure is sold out');
    expect((await bookingsOf(a, admin, departureId)).map((b) => b.contact.email)).toEqual(['early@example.com']);
  });
});
