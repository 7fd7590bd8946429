import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, openSignedIn, PASSWORD, rest, signIn, signUp, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * A manifest complete: a family books a trip with a child and an extra; the traveler gives the
 * child's name, date of birth and dietary needs in the portal; the office sets the pickup and the
 * adult's medical note on the booking page, where the guide's field note shows too. The manifest printed and downloaded shows
 * the child with their age, the extra, the pickup and the dietary note; the trip's guide prints
 * their own.
 */

/** Today in Arusha, the company's time zone, as yyyy-mm-dd, plus some days. */
const inDays = (days: number) => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Dar_es_Salaam' });
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};

test('a manifest printed and exported for a trip with a child, an extra, a pickup and a dietary note shows all four; the guide prints their own', async ({ page, browser, request }) => {
  // One long flow through four screens and three people, on a machine that may be busy.
  test.setTimeout(180_000);
  const a = await api(request);
  const token = await adminToken(a);
  const [tour] = await rest<{ id: string; title: string; tour_extras: { code: string; name: string; unit: string }[] }[]>(
    a,
    token,
    'GET',
    'tours?select=id,title,tour_extras(code,name,unit)&tour_extras.is_active=eq.true&status=eq.active&is_private=eq.false&child_price=not.is.null&passport_required=is.true&order=slug&limit=1',
  );
  const extra = tour.tour_extras[0];
  expect(extra).toBeDefined();

  // A trip far ahead that the guide Joseph Laizer is free to lead: a week later while he is not.
  const joseph = (await staffCredentials()).find((member) => member.name === 'Joseph Laizer')!;
  const [guide] = await rest<{ id: string }[]>(a, token, 'GET', `guides?select=id&email=eq.${encodeURIComponent(joseph.email)}`);
  let departure: { id: string; start_date: string } | null = null;
  const refusals: string[] = [];
  for (let offset = 30 + Math.floor(Math.random() * 200); !departure && refusals.length < 20; offset += 5) {
    const [trip] = await rest<{ id: string; start_date: string }[]>(a, token, 'POST', 'tour_departures?select=id,start_date', { tour_id: tour.id, start_date: inDays(offset), end_date: inDays(offset + 3), capacity: 10 });
    const led = await request.post('/rest/v1/departure_guides', {
      headers: { apikey: a.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      data: { departure_id: trip.id, guide_id: guide.id },
    });
    if (led.ok()) departure = trip;
    else refusals.push(await led.text());
  }
  if (!departure) throw new Error(`Joseph Laizer could lead none of the trips: ${refusals.join('; ')}`);

  // The family books as a traveler: one adult and one child, with the extra, no names yet.
  const family = await signUp(a, 'Maja Lind');
  const booked = await request.post('/rest/v1/rpc/create_booking', {
    headers: { apikey: a.anonKey, authorization: `Bearer ${family.token}`, 'content-type': 'application/json' },
    data: { p_departure_id: departure.id, p_adults: 1, p_children: 1, p_extras: [extra.code], p_contact: { full_name: 'Maja Lind', email: family.email, phone: '+46 70 222 3333' } },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const booking = (await booked.json()) as { id: string; booking_reference: string };

  // In the portal, the traveler gives the child's details for the guide.
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, family.email, PASSWORD, `/traveler/bookings/${booking.booking_reference}`);
  const travelers = page.getByTestId('traveler-details');
  await travelers.getByRole('button', { name: 'Details of Traveler 2' }).click();
  const form = page.getByRole('form', { name: 'Traveler details' });
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByText('Give the traveler’s full name')).toBeVisible();
  await form.getByRole('textbox', { name: 'Full name' }).fill('Ella Lind');
  const born = `${Number(departure.start_date.slice(0, 4)) - 8}-01-01`;
  await form.getByLabel('Date of birth').fill(born);
  await form.getByRole('textbox', { name: 'Dietary needs' }).fill('No nuts');
  await form.getByRole('textbox', { name: 'Emergency contact' }).fill('Per Lind, father');
  await form.getByRole('textbox', { name: 'Emergency phone' }).fill('+46 70 444 5555');
  // With no signal (a lodge without it): kept on the phone and shown at once, sent when it is back.
  await page.context().setOffline(true);
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Details saved on this device: they go to your guide once you are back online')).toBeVisible({ timeout: 15_000 });
  await expect(form).toBeHidden();
  await expect(travelers.getByText('Ella Lind')).toBeVisible();
  await expect(travelers.getByText('Dietary: No nuts')).toBeVisible();
  await expect(travelers).toContainText('This trip also needs each traveler’s passport number');
  await expect(travelers.getByText('Passport needed for this trip')).toHaveCount(2);
  const childOnServer = async () => (await rest<{ travelers: { full_name?: string; dietary_needs?: string }[] }[]>(a, token, 'GET', `bookings?select=travelers&id=eq.${booking.id}`))[0].travelers[1] ?? {};
  expect((await childOnServer()).dietary_needs).toBeUndefined();
  await page.context().setOffline(false);
  await expect.poll(childOnServer, { timeout: 30_000 }).toMatchObject({ full_name: 'Ella Lind', dietary_needs: 'No nuts' });
  await saveScreenshot(page, 'portal-traveler-details');

  // The guide writes a note in the field about the booking (as field mode sends it): the office is told.
  const guideToken = (await signIn(a, joseph.email, joseph.password))!;
  const note = await request.post('/rest/v1/rpc/record_trip_incident', {
    headers: { apikey: a.anonKey, authorization: `Bearer ${guideToken}`, 'content-type': 'application/json' },
    data: { p_client_id: randomUUID(), p_departure_id: departure.id, p_booking_id: booking.id, p_note: 'Ella gets car-sick: front seat', p_occurred_at: new Date().toISOString() },
  });
  expect(note.ok(), await note.text()).toBe(true);

  // The office sets the pickup on the booking page, and sees the note there.
  const office = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const admin = await adminCredentials();
  await openSignedIn(office, admin.email, admin.password, `/admin/bookings/${booking.id}`);
  await expect(office.getByRole('heading', { name: `Booking ${booking.booking_reference}` })).toBeVisible({ timeout: 15_000 });
  await expect(office.getByTestId('booking-field-notes')).toContainText('Ella gets car-sick: front seat');
  await expect(office.getByTestId('travelers')).toContainText('Dietary: No nuts');
  await office.getByRole('button', { name: 'Add pickup' }).click();
  const pickup = office.getByRole('form', { name: 'Pickup' });
  await pickup.getByRole('textbox', { name: 'Pickup point or hotel' }).fill('x'.repeat(10));
  await pickup.getByRole('textbox', { name: 'Pickup point or hotel' }).fill('Mount Meru Hotel, Arusha');
  await pickup.getByLabel('Time').fill('07:15');
  await pickup.getByRole('button', { name: 'Save pickup' }).click();
  await expect(office.getByTestId('pickup')).toHaveText('Pickup: Mount Meru Hotel, Arusha at 07:15');
  // And the adult's medical note, taken by phone: refused beyond its bound, then saved.
  await office.getByRole('button', { name: 'Details of Traveler 1' }).click();
  const details = office.getByRole('form', { name: 'Traveler details' });
  await expect(details.getByRole('textbox', { name: 'Full name' })).toHaveCount(0);
  await details.getByRole('textbox', { name: 'Emergency phone' }).fill('ask her sister');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByText('The emergency phone is digits, with + ( ) - or spaces')).toBeVisible();
  await details.getByRole('textbox', { name: 'Emergency phone' }).fill('');
  await details.getByRole('textbox', { name: 'Medical notes' }).fill('Penicillin allergy');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details).toBeHidden();
  await expect(office.getByTestId('travelers')).toContainText('Medical: Penicillin allergy');
  await saveScreenshot(office, 'admin-booking-on-trip');
  await office.setViewportSize({ width: 768, height: 1024 });
  await office.reload();
  await expect(office.getByTestId('pickup')).toHaveText('Pickup: Mount Meru Hotel, Arusha at 07:15', { timeout: 15_000 });
  await saveScreenshot(office, 'admin-booking-on-trip');
  await office.setViewportSize({ width: 1280, height: 900 });

  // The note on the calendar's trip panel, and among the office's notifications.
  await office.goto(`/admin/calendar?date=${departure.start_date}&trip=${departure.id}`);
  await expect(office.getByRole('dialog').getByTestId('field-notes')).toContainText('Ella gets car-sick: front seat', { timeout: 15_000 });
  await saveScreenshot(office, 'admin-calendar-field-notes', { wholePage: false });
  await office.goto('/admin/notifications');
  await expect(office.getByText(`Field note on ${booking.booking_reference}`).first()).toBeVisible({ timeout: 15_000 });

  // The manifest: the child with their age, the extra, the pickup, the dietary note and the field note.
  await office.goto(`/admin/manifests/${departure.id}`);
  await expect(office.getByRole('heading', { name: tour.title, level: 1 })).toBeVisible({ timeout: 15_000 });
  const sheet = office.getByTestId('manifest-table');
  await expect(sheet.getByRole('row', { name: /Ella Lind/ })).toContainText('Child, 8');
  await expect(sheet.getByRole('row', { name: /Ella Lind/ })).toContainText('No nuts');
  await expect(sheet.getByRole('row', { name: /Ella Lind/ })).toContainText('Emergency: Per Lind, father, +46 70 444 5555');
  await expect(sheet.getByRole('row', { name: /Maja Lind/ })).toContainText('Adult');
  await expect(sheet.getByRole('row', { name: /Maja Lind/ })).toContainText('Penicillin allergy');
  // A multi-day safari's park permits need passports: the one not given is flagged.
  await expect(sheet.getByRole('row', { name: /Ella Lind/ })).toContainText('No passport number');
  await expect(sheet).toContainText('Pickup: Mount Meru Hotel, Arusha, 07:15');
  await expect(sheet).toContainText(`Extras: ${extra.name}`);
  await expect(office.getByTestId('field-notes')).toContainText('Ella gets car-sick: front seat');
  await saveScreenshot(office, 'admin-manifest-complete');
  await office.setViewportSize({ width: 768, height: 1024 });
  await office.reload();
  await expect(sheet.getByRole('row', { name: /Ella Lind/ })).toContainText('Child, 8', { timeout: 15_000 });
  await saveScreenshot(office, 'admin-manifest-complete');
  await office.setViewportSize({ width: 1280, height: 900 });
  await office.reload();
  await expect(sheet.getByRole('row', { name: /Ella Lind/ })).toContainText('Child, 8', { timeout: 15_000 });

  const download = office.waitForEvent('download');
  await office.getByRole('button', { name: 'Download CSV' }).click();
  const csv = (await readFile(await (await download).path())).toString('utf8').replace(/^\ufeff/, '');
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  expect(rows.map((row) => [row.Traveler, row['Adult or child'], row.Age])).toEqual([
    ['Maja Lind', 'Adult', ''],
    ['Ella Lind', 'Child', '8'],
  ]);
  expect(rows[0]).toMatchObject({ Pickup: 'Mount Meru Hotel, Arusha, 07:15', 'Medical notes': 'Penicillin allergy', Extras: extra.unit === 'per_booking' ? extra.name : `${extra.name} ×2` });
  expect(rows[1]).toMatchObject({ Pickup: 'Mount Meru Hotel, Arusha, 07:15', 'Dietary needs': 'No nuts', 'Emergency contact': 'Per Lind, father' });

  // Printed: the same sheet without the back office around it.
  await office.emulateMedia({ media: 'print' });
  await expect(office.getByRole('navigation', { name: 'Back office screens' })).toBeHidden();
  await expect(sheet.getByRole('row', { name: /Ella Lind/ })).toContainText('Child, 8');
  await expect(sheet).toContainText('Pickup: Mount Meru Hotel, Arusha, 07:15');
  await office.emulateMedia({ media: 'screen' });
  await office.context().close();

  // The trip's guide opens and prints their own manifest, with the same four.
  const guidePage = await (await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true })).newPage();
  await openSignedIn(guidePage, joseph.email, joseph.password, '/admin');
  await guidePage.goto(`/admin/manifests/${departure.id}`);
  await expect(guidePage.getByRole('heading', { name: tour.title, level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect(guidePage.getByRole('link', { name: 'Field mode' }).first()).toBeVisible();
  const own = guidePage.getByTestId('manifest-table');
  await expect(own.getByRole('row', { name: /Ella Lind/ })).toContainText('Child, 8');
  await expect(own.getByRole('row', { name: /Ella Lind/ })).toContainText('No nuts');
  await expect(own).toContainText('Pickup: Mount Meru Hotel, Arusha, 07:15');
  await expect(own).toContainText(`Extras: ${extra.name}`);
  await guidePage.evaluate(() => {
    (window as unknown as { printed: boolean }).printed = false;
    window.print = () => {
      (window as unknown as { printed: boolean }).printed = true;
    };
  });
  await guidePage.getByRole('button', { name: 'Print' }).click();
  expect(await guidePage.evaluate(() => (window as unknown as { printed: boolean }).printed)).toBe(true);
  await guidePage.emulateMedia({ media: 'print' });
  await expect(guidePage.getByRole('navigation', { name: 'Back office screens' })).toBeHidden();
  await expect(own).toContainText('Pickup: Mount Meru Hotel, Arusha, 07:15');
  await guidePage.context().close();
});
