import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { pdfText } from '../helpers/pdf-text.ts';
import { expect, test } from './fixtures.ts';
import { ageTheSession, hangTheNetwork, releaseTheNetwork } from './no-signal.ts';
import { controlledByServiceWorker } from './service-worker.ts';
import { adminToken, api, type Api, openSignedIn, PASSWORD, rest, signIn, signInThroughForm, signUp } from './rest-api.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * The traveler portal in Chromium against the built server: each of the seven pages and its main
 * action, the database checked after each change, and the portal reopened offline from the device,
 * at once with a network that hangs too.
 * Data the company would enter (a confirmed booking, a payment, a staff reply) is made through the
 * REST API as the seeded admin; the traveler's own booking is placed as them, as RLS allows.
 */

interface Booked {
  id: string;
  booking_reference: string;
  total_amount: number;
  tourTitle: string;
  firstDayTitle: string;
}

/** The traveler books 2 seats on an open departure a few weeks out; the company confirms it and records a deposit. */
async function bookTrip(a: Api, traveler: { userId: string; token: string }, admin: string): Promise<Booked> {
  const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const departures = await rest<{ id: string; tour_id: string; capacity: number; seats_booked: number; tour: { title: string; tour_itinerary: { day_number: number; title: string }[] } }[]>(
    a,
    traveler.token,
    'GET',
    `tour_departures?select=id,tour_id,capacity,seats_booked,tour:tours(title,tour_itinerary(day_number,title))&status=eq.open&start_date=gt.${soon}&order=start_date&limit=20`,
  );
  const departure = departures.find((d) => d.capacity - d.seats_booked >= 2 && d.tour.tour_itinerary.length > 1)!;
  const booking = await rest<{ id: string; booking_reference: string; total_amount: number }>(a, traveler.token, 'POST', 'rpc/create_booking', {
    p_departure_id: departure.id,
    p_adults: 2,
    p_travelers: [{ full_name: 'Amani Traveler' }, { full_name: 'Neema Traveler' }],
    p_contact: { full_name: 'Amani Traveler', email: 'amani@example.com' },
  });
  await rest(a, admin, 'POST', 'rpc/set_booking_status', { p_booking_id: booking.id, p_status: 'confirmed' });
  await rest(a, admin, 'POST', 'rpc/record_payment', { p_booking_id: booking.id, p_amount: 500, p_method: 'bank_transfer', p_reference: 'BANK-TT-1' });
  const firstDay = [...departure.tour.tour_itinerary].sort((x, y) => x.day_number - y.day_number)[0];
  return { ...booking, total_amount: Number(booking.total_amount), tourTitle: departure.tour.title, firstDayTitle: firstDay.title };
}

test.describe('traveler portal', () => {
  test("a guest's booking is added to the account from the link in the booking email", async ({ page, request }) => {
    const a = await api(request);
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const departures = await rest<{ id: string; capacity: number; seats_booked: number }[]>(a, a.anonKey, 'GET', 'tour_departures?select=id,capacity,seats_booked&status=eq.open&order=start_date.desc&limit=10');
    const departure = departures.find((d) => d.capacity - d.seats_booked >= 1)!;
    const booking = await rest<{ booking_reference: string }>(a, a.anonKey, 'POST', 'rpc/create_booking', {
      p_departure_id: departure.id,
      p_adults: 1,
      p_travelers: [{ full_name: 'Zawadi Guest' }],
      p_contact: { full_name: 'Zawadi Guest', email },
    });
    // The invitation in the booking email: sign-up with the email filled in, then /traveler/bookings?claim=REF.
    const claimPath = `/traveler/bookings?claim=${booking.booking_reference}`;
    await page.goto(`/auth/register?email=${encodeURIComponent(email)}&redirect=${encodeURIComponent(claimPath)}`);
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Zawadi Guest');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText(`Booking ${booking.booking_reference} is now in your account.`)).toBeVisible();
    await expect(page.getByTestId('booking-list')).toContainText(booking.booking_reference);
    await expect(page).toHaveURL(/\/traveler\/bookings$/);
  });

  test('signed out, the portal asks to sign in', async ({ page }) => {
    await page.goto('/traveler/bookings');
    await expect(page.getByRole('heading', { name: 'Please Sign In' })).toBeVisible();
    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  });

  test('the seven pages and their main actions', async ({ page, request }) => {
    test.setTimeout(180_000);
    const a = await api(request);
    const admin = await adminToken(a);
    const traveler = await signUp(a, 'Amani Traveler');
    const trip = await bookTrip(a, traveler, admin);
    const threadId = randomUUID();
    await rest(a, admin, 'POST', 'messages', { user_id: traveler.userId, thread_id: threadId, sender: 'staff', subject: 'Welcome to Kilele', body: 'Karibu! Your guide will meet you at the airport.' });
    const [wished] = await rest<{ id: string; title: string }[]>(a, traveler.token, 'GET', 'tours?select=id,title&status=eq.active&order=slug&limit=1');
    await rest(a, traveler.token, 'POST', 'wishlist', { user_id: traveler.userId, tour_id: wished.id });

    // Dashboard: the next trip with its countdown and days, what is left to pay, the unread reply.
    // Through the form: the sign-in is one of the activities the log must show.
    await signInThroughForm(page, traveler.email, PASSWORD);
    const nextTrip = page.getByTestId('next-trip');
    await expect(nextTrip).toContainText(trip.tourTitle);
    await expect(nextTrip).toContainText(trip.booking_reference);
    await expect(nextTrip).toContainText(/In \d+ days/);
    await expect(nextTrip).toContainText(trip.firstDayTitle);
    const due = trip.total_amount - 500;
    const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    await expect(page.getByTestId('total-due')).toHaveText(money(due));
    await expect(page.getByRole('link', { name: /Welcome to Kilele/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'My trips' }).getByLabel('1 unread')).toBeVisible();

    // Bookings, then the booking: reference, itinerary, payments and balance, documents.
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Bookings' }).click();
    await page.getByTestId('booking-list').getByRole('link', { name: trip.tourTitle }).click();
    await expect(page.getByTestId('booking-reference')).toHaveText(trip.booking_reference);
    await expect(page.getByTestId('itinerary')).toContainText(trip.firstDayTitle);
    await expect(page.getByTestId('balance-due')).toHaveText(money(due));
    await expect(page.getByText('Amani Traveler, Neema Traveler')).toBeVisible();
    await expect
      .poll(async () => (await rest<unknown[]>(a, traveler.token, 'GET', `user_activity_logs?select=id&action=eq.booking_view&resource_id=eq.${trip.booking_reference}`)).length)
      .toBe(1);
    await page.getByRole('link', { name: 'Invoice' }).click();
    await expect(page.getByTestId('document')).toContainText('Invoice');
    await expect(page.getByTestId('document')).toContainText(money(due));
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // The office's numbered PDF of the same invoice.
    const [invoice] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(invoice.suggestedFilename()).toMatch(/^invoice-INV-\d{4}-\d{5}\.pdf$/);
    expect(await pdfText(await readFile(await invoice.path()))).toContain(trip.booking_reference);

    // Payments: the deposit with its receipt, the balance and the bank details to pay it.
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Payments' }).click();
    await expect(page.getByTestId('balance-total')).toHaveText(money(due));
    await expect(page.getByTestId('payment-history')).toContainText('Bank transfer');
    await expect(page.getByTestId('bank-details').first()).toContainText('Account number');
    await page.getByRole('link', { name: 'Receipt' }).click();
    await expect(page.getByTestId('document')).toContainText('Payment receipt');
    const [receipt] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(receipt.suggestedFilename()).toMatch(/^receipt-.+\.pdf$/);
    expect(await pdfText(await readFile(await receipt.path()))).toContain('Bank transfer');

    // Wishlist: the saved tour, removed with one tap, gone from the database.
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Wishlist' }).click();
    await expect(page.getByTestId('wishlist-item')).toHaveCount(1);
    await expect(page.getByTestId('wishlist')).toContainText(wished.title);
    await page.getByRole('button', { name: 'Remove from wishlist' }).click();
    await expect(page.getByText('Your wishlist is empty')).toBeVisible();
    await expect.poll(async () => (await rest<unknown[]>(a, traveler.token, 'GET', 'wishlist?select=id')).length).toBe(0);

    // Messages: open the staff reply (marked read), answer it, and start a new conversation.
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Messages' }).click();
    await page.getByTestId('thread-list').getByRole('button', { name: /Welcome to Kilele/ }).click();
    await expect(page.getByTestId('thread')).toContainText('Your guide will meet you');
    await page.getByLabel('Your message').fill('Asante! We land at 14:20 on KQ 201.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('thread')).toContainText('We land at 14:20');
    await expect
      .poll(async () => rest<{ sender: string; read_at: string | null }[]>(a, traveler.token, 'GET', `messages?select=sender,read_at&thread_id=eq.${threadId}&order=created_at`))
      .toEqual([
        { sender: 'staff', read_at: expect.any(String) },
        { sender: 'traveler', read_at: null },
      ]);
    await page.getByRole('button', { name: 'New message' }).click();
    await page.getByLabel('Subject').fill('Vegetarian meals');
    await page.getByRole('textbox', { name: 'Message' }).fill('Two of us are vegetarian.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByTestId('thread')).toContainText('Two of us are vegetarian.');
    await expect.poll(async () => (await rest<unknown[]>(a, traveler.token, 'GET', 'messages?select=id&subject=eq.Vegetarian%20meals')).length).toBe(1);

    // Settings: every preference changes, applies and survives a reload; the database has them.
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByText('Dark', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const choose = async (label: string, option: string | RegExp) => {
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option }).click();
    };
    await choose('Language', 'Kiswahili');
    await choose('Date format', /^YYYY-MM-DD/);
    await choose('Currency', 'EUR');
    await page.getByRole('combobox', { name: 'Time zone' }).fill('Europe/Berlin');
    await page.getByRole('option', { name: 'Europe/Berlin' }).click();
    for (const name of ['Email notifications', 'Booking updates', 'Offers', 'Newsletter', 'Show my name and photo with my reviews', 'Show my recent activity']) {
      await page.getByRole('switch', { name }).click();
    }
    const expected = {
      notifications: { email: false, booking_updates: false, marketing: false, newsletter: false },
      display: { theme: 'dark', language: 'sw', timezone: 'Europe/Berlin', date_format: 'YYYY-MM-DD', currency: 'EUR' },
      privacy: { show_profile: false, activity_visible: false },
    };
    await expect.poll(async () => (await rest<{ preferences: unknown }[]>(a, traveler.token, 'GET', 'users?select=preferences'))[0].preferences).toEqual(expected);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Newsletter' })).not.toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Date format' })).toHaveValue(/^YYYY-MM-DD/);
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Bookings' }).click();
    await expect(page.getByTestId('booking-list')).toContainText(/\d{4}-\d{2}-\d{2} – \d{4}-\d{2}-\d{2}/);
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByText('Light', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');

    // Password: the wrong current password is refused with the spec's message; the right one works.
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('Serengeti-2027!');
    await page.getByLabel('Repeat new password').fill('Serengeti-2027!');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password is changed.')).toBeVisible();
    expect(await signIn(a, traveler.email, 'Serengeti-2027!')).not.toBeNull();
    expect(await signIn(a, traveler.email, PASSWORD)).toBeNull();

    // Profile: permit details saved; a photo uploaded, then replaced (the old file removed).
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByLabel('Passport number').fill('tz 1234567');
    await page.getByLabel('Name', { exact: true }).fill('Baraka Traveler');
    await page.getByLabel('Phone', { exact: true }).first().fill('+255 754 111 222');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Your profile is saved.')).toBeVisible();
    const token = (await signIn(a, traveler.email, 'Serengeti-2027!'))!;
    expect((await rest<Record<string, unknown>[]>(a, token, 'GET', 'users?select=passport_number,emergency_contact_name,phone'))[0]).toEqual({
      passport_number: 'TZ1234567',
      emergency_contact_name: 'Baraka Traveler',
      phone: '+255 754 111 222',
    });
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const avatarUrl = async () => (await rest<{ avatar_url: string | null }[]>(a, token, 'GET', 'users?select=avatar_url'))[0].avatar_url;
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect.poll(avatarUrl).toMatch(new RegExp(`/storage/v1/object/public/avatars/avatars/${traveler.userId}-\\d+\\.png$`));
    const first = (await avatarUrl())!;
    await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', first);
    await page.locator('input[type=file]').setInputFiles({ name: 'me-again.png', mimeType: 'image/png', buffer: png });
    await expect.poll(avatarUrl).not.toBe(first);
    // The old file is removed once the new URL is saved.
    await expect.poll(async () => (await request.get(first)).status()).toBe(404);
    expect((await request.get((await avatarUrl())!)).status()).toBe(200);

    // What the traveler did is in their activity log, as log_user_activity wrote it.
    const actions = async () => (await rest<{ action: string }[]>(a, token, 'GET', 'user_activity_logs?select=action')).map((row) => row.action);
    await expect.poll(actions).toEqual(expect.arrayContaining(['sign_in', 'booking_view', 'settings_update', 'password_change', 'profile_update']));
  });

  test('a booking whose departure the company cancels says so, with what is owed back', async ({ page, request }) => {
    const a = await api(request);
    const admin = await adminToken(a);
    const traveler = await signUp(a, 'Baraka Traveler');
    // A departure of its own, far out, so no other test meets its cancellation.
    const [tour] = await rest<{ id: string; slug: string }[]>(a, admin, 'GET', 'tours?select=id,slug&status=eq.active&is_private=eq.false&order=slug&limit=1');
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const [departure] = await rest<{ id: string }[]>(a, admin, 'POST', 'tour_departures', { tour_id: tour.id, start_date: day(300), end_date: day(303), capacity: 8 });
    const booking = await rest<{ id: string; booking_reference: string }>(a, traveler.token, 'POST', 'rpc/create_booking', {
      p_departure_id: departure.id,
      p_adults: 1,
      p_travelers: [{ full_name: 'Baraka Traveler' }],
      p_contact: { full_name: 'Baraka Traveler', email: traveler.email },
    });
    await rest(a, admin, 'POST', 'rpc/record_payment', { p_booking_id: booking.id, p_amount: 500, p_method: 'bank_transfer', p_reference: 'BANK-CXL-1' });
    await rest(a, admin, 'PATCH', `tour_departures?id=eq.${departure.id}`, { status: 'cancelled' });

    await openSignedIn(page, traveler.email, PASSWORD, `/traveler/bookings/${booking.booking_reference}`);
    const notice = page.getByTestId('closed-booking');
    await expect(notice).toContainText('This booking is cancelled');
    await expect(notice).toContainText('We had to cancel this departure');
    // In the cancellation email's words: what was paid, nothing kept, what comes back and how.
    await expect(notice).toContainText('You paid: $500.00');
    await expect(notice).not.toContainText('Cancellation fee kept');
    await expect(notice).toContainText('To be refunded to you: $500.00');
    await expect(notice).toContainText('We return it by bank transfer.');
    await expect(notice.getByRole('link', { name: 'See other dates for this trip' })).toHaveAttribute('href', `/tours/${tour.slug}`);
    // The payment received stays listed, and the money owed back is its own line; nothing is due on a
    // cancelled booking.
    const payments = page.getByTestId('booking-payments');
    await expect(payments.getByRole('row', { name: /Bank transfer · Paid/ })).toContainText('−$500.00');
    await expect(payments.getByRole('row', { name: /Bank transfer · To be refunded/ })).toContainText('$500.00');
    await expect(payments.getByRole('row', { name: /Bank transfer · To be refunded/ })).not.toContainText('−');
    await expect(page.getByTestId('balance-due')).toHaveText('$0.00');
    await expect(page.getByRole('button', { name: 'Request cancellation' })).toHaveCount(0);
  });

  test('deleting an account needs the right password', async ({ page, request }) => {
    const a = await api(request);
    const throwaway = await signUp(a, 'Throwaway Traveler');
    await openSignedIn(page, throwaway.email, PASSWORD, '/traveler/settings');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await expect(dialog.getByText('Password is incorrect')).toBeVisible();
    expect(await signIn(a, throwaway.email, PASSWORD)).not.toBeNull();
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete permanently' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect(page.getByText('Your account and its data are deleted.')).toBeVisible();
    expect(await signIn(a, throwaway.email, PASSWORD)).toBeNull();
    await page.goto('/traveler');
    await expect(page.getByRole('heading', { name: 'Please Sign In' })).toBeVisible();
  });

  test('after one visit the trip, its itinerary and documents open offline', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const a = await api(request);
    const admin = await adminToken(a);
    const traveler = await signUp(a, 'Offline Traveler');
    const trip = await bookTrip(a, traveler, admin);
    await openSignedIn(page, traveler.email, PASSWORD);
    await expect(page.getByTestId('next-trip')).toContainText(trip.tourTitle);
    await page.goto(`/traveler/bookings/${trip.booking_reference}`);
    await expect(page.getByTestId('itinerary')).toContainText(trip.firstDayTitle);
    // The service worker that precaches the app shell and route chunks controls the page.
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    await page.goto('/traveler');
    await expect(page.getByTestId('next-trip')).toContainText(trip.tourTitle);
    await expect(page.getByTestId('next-trip')).toContainText(trip.firstDayTitle);
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Bookings' }).click();
    await expect(page.getByTestId('booking-list')).toContainText(trip.booking_reference);
    await page.reload();
    await expect(page.getByTestId('booking-list')).toContainText(trip.booking_reference);
    await page.getByTestId('booking-list').getByRole('link', { name: trip.tourTitle }).click();
    await expect(page.getByTestId('itinerary')).toContainText(trip.firstDayTitle);
    await expect(page.getByTestId('booking-payments')).toContainText('Bank transfer');
    await page.getByRole('link', { name: 'Itinerary' }).first().click();
    await expect(page.getByTestId('document')).toContainText(trip.firstDayTitle);
    await page.reload();
    await expect(page.getByTestId('document')).toContainText(trip.firstDayTitle);

    // A preference changed offline waits on the device and reaches the server once back online.
    await page.getByRole('navigation', { name: 'My trips' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('switch', { name: 'Newsletter' }).click();
    await expect(page.getByRole('switch', { name: 'Newsletter' })).not.toBeChecked();
    const newsletter = async () =>
      ((await rest<{ preferences: { notifications: { newsletter: boolean } } }[]>(a, traveler.token, 'GET', 'users?select=preferences'))[0].preferences.notifications.newsletter);
    expect(await newsletter()).toBe(true);
    await context.setOffline(false);
    await expect.poll(newsletter).toBe(false);
  });

  test('with a network that hangs and an hour-old session, the trip reloads at once from the device; a session the server ended signs out once it answers', async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const a = await api(request);
    const admin = await adminToken(a);
    const traveler = await signUp(a, 'Lie-fi Traveler');
    const trip = await bookTrip(a, traveler, admin);
    await openSignedIn(page, traveler.email, PASSWORD);
    await expect(page.getByTestId('next-trip')).toContainText(trip.tourTitle, { timeout: 15_000 });
    const tripPath = `/traveler/bookings/${trip.booking_reference}`;
    await page.goto(tripPath);
    await expect(page.getByTestId('itinerary')).toContainText(trip.firstDayTitle, { timeout: 15_000 });
    await controlledByServiceWorker(page);
    // Waiting on any request that hangs, the page would never show: the time allowed is for a busy machine.
    const tripShown = async () => {
      await expect(page.getByRole('heading', { level: 1, name: trip.tourTitle })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Amani Traveler, Neema Traveler')).toBeVisible();
      await expect(page.getByTestId('itinerary')).toContainText(trip.firstDayTitle);
    };

    // Every request that leaves the device hangs, and the access token expired meanwhile: the
    // session's refresh and the bookings' refresh wait for ever, and the trip shows without them.
    await hangTheNetwork(context);
    await ageTheSession(page);
    await page.reload({ waitUntil: 'commit' });
    await tripShown();

    // No signal at all: the same.
    await context.setOffline(true);
    await page.reload({ waitUntil: 'commit' });
    await tripShown();

    // Meanwhile the traveler signed out everywhere from another device: once the network answers,
    // the refresh is refused and this device signs out, the stored session and the trip with it.
    const ended = await request.post('/auth/v1/logout?scope=global', { headers: { apikey: a.anonKey, authorization: `Bearer ${traveler.token}` } });
    expect(ended.status()).toBe(204);
    await releaseTheNetwork(context);
    await context.setOffline(false);
    await page.reload({ waitUntil: 'commit' });
    // (A check that meets the page changing counts as not yet.)
    const sessionStored = () => page.evaluate(() => Object.keys(localStorage).some((key) => /^sb-.+-auth-token$/.test(key))).catch(() => true);
    await expect.poll(sessionStored, { timeout: 15_000 }).toBe(false);
    await expect(page.getByRole('heading', { level: 1, name: trip.tourTitle })).toHaveCount(0);
    await context.setOffline(true);
    await page.goto(tripPath);
    await expect(page.getByRole('heading', { name: 'Please Sign In' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(trip.tourTitle)).toHaveCount(0);
  });
});
