import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, openSignedIn, rest } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * Guides and vehicles: an admin adds a guide, their licence and leave, and a vehicle, each form
 * refusing bad input beside its field (before sending, and the database's own refusals too) and
 * writing nothing; on a tablet, a vehicle goes off the road by touch.
 */

test("a record's form follows the server's changes while nothing is typed, and keeps what is typed when the record is refetched", async ({ page, request }) => {
  const a = await api(request);
  const token = await adminToken(a);
  const [vehicle] = await rest<{ id: string; name: string }[]>(a, token, 'GET', 'vehicles?select=id,name&name=eq.Coaster');
  const admin = await adminCredentials();
  await openSignedIn(page, admin.email, admin.password, `/admin/vehicles/${vehicle.id}`);
  const details = page.getByRole('form', { name: 'Vehicle details' });
  const notes = details.getByRole('textbox', { name: 'Notes' });
  await expect(details.getByRole('textbox', { name: 'Name' })).toHaveValue('Coaster');
  // Time off the road added on the page refetches the vehicle, as a colleague's save or a return to the tab does.
  const refetchVehicle = async (reason: string) => {
    const offRoad = page.getByRole('form', { name: 'Add time off the road' });
    const day = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    await offRoad.getByLabel('First day').fill(day);
    await offRoad.getByLabel('Last day').fill(day);
    await offRoad.getByRole('textbox', { name: 'Reason' }).fill(reason);
    await offRoad.getByRole('button', { name: 'Add time off the road' }).click();
    await expect(page.getByText(reason)).toBeVisible();
  };

  // Nothing typed: a change made elsewhere shows once the vehicle is read again.
  await rest(a, token, 'PATCH', `vehicles?id=eq.${vehicle.id}`, { notes: 'Spare wheel replaced in Arusha' });
  await refetchVehicle('Brake check');
  await expect(notes).toHaveValue('Spare wheel replaced in Arusha');

  // Something typed: another change elsewhere, and a refetch, leave the typing as it is.
  await notes.fill('Needs new wipers before the rains');
  await rest(a, token, 'PATCH', `vehicles?id=eq.${vehicle.id}`, { odometer_km: 123456 });
  await refetchVehicle('Wiper fitting');
  await expect(notes).toHaveValue('Needs new wipers before the rains');
  await details.getByRole('button', { name: 'Save vehicle' }).click();
  await expect.poll(async () => (await rest<{ notes: string }[]>(a, token, 'GET', `vehicles?select=notes&id=eq.${vehicle.id}`))[0].notes).toBe('Needs new wipers before the rains');
});

test('an admin adds a guide with a licence and leave, and a vehicle; bad input gets a field message and writes nothing', async ({ page, request }) => {
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin/guides');
  const guides = page.getByRole('table', { name: 'Guides' });
  await expect(guides.getByRole('row').filter({ hasText: 'Joseph Laizer' })).toContainText('Has an account', { timeout: 15_000 });
  await expect(guides.getByRole('row').filter({ hasText: 'Peter Shirima' })).toHaveCount(0);
  await saveScreenshot(page, 'admin-guides');
  await page.getByRole('textbox', { name: 'Search guides' }).fill('italian');
  await expect(guides.getByRole('row')).toHaveCount(2);
  await expect(guides).toContainText('Emmanuel Mollel');

  await page.getByRole('link', { name: 'Add a guide' }).click();
  const details = page.getByRole('form', { name: 'Guide details' });
  await details.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
  await details.getByRole('button', { name: 'Add the guide' }).click();
  await expect(details.getByText('Give the guide’s name, up to 120 characters')).toBeVisible();
  await expect(details.getByText('Give an email address such as name@example.com')).toBeVisible();
  const name = `Zuberi Mrema ${Date.now().toString(36)}`;
  await details.getByRole('textbox', { name: 'Name' }).fill(name);
  await details.getByRole('textbox', { name: 'Email' }).fill('zuberi@example.com');
  await details.getByRole('combobox', { name: 'Languages' }).fill('German');
  await page.keyboard.press('Enter');
  await details.getByRole('textbox', { name: 'Day rate' }).fill('105');
  await details.getByRole('button', { name: 'Add the guide' }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/guides\/[0-9a-f-]{36}$/);

  // A licence that would expire before it was issued: the message, and no licence.
  const licence = page.getByRole('form', { name: 'Add a licence or certification' });
  await licence.getByRole('textbox', { name: 'Name' }).fill('TALA professional guide licence');
  await licence.getByLabel('Issued').fill('2026-06-01');
  await licence.getByLabel('Expires').fill('2026-05-01');
  await licence.getByRole('button', { name: 'Add licence or certification' }).click();
  await expect(licence.getByText('It cannot expire before it was issued')).toBeVisible();
  const a = await api(request);
  const token = await adminToken(a);
  const [guide] = await rest<{ id: string; guide_credentials: unknown[]; guide_leave: unknown[] }[]>(a, token, 'GET', `guides?full_name=eq.${encodeURIComponent(name)}&select=id,guide_credentials(id),guide_leave(id)`);
  expect(guide.guide_credentials).toEqual([]);
  await licence.getByLabel('Expires').fill('2028-05-31');
  await licence.getByRole('button', { name: 'Add licence or certification' }).click();
  await expect(page.getByText('TALA professional guide licence added')).toBeVisible();
  await expect(page.getByText('TALA professional guide licence', { exact: true })).toBeVisible();

  const leave = page.getByRole('form', { name: 'Add leave' });
  await leave.getByLabel('First day').fill('2027-03-10');
  await leave.getByLabel('Last day').fill('2027-03-01');
  await leave.getByRole('button', { name: 'Add leave' }).click();
  await expect(leave.getByText('The last day cannot be before the first')).toBeVisible();
  await leave.getByLabel('Last day').fill('2027-03-16');
  await leave.getByRole('textbox', { name: 'Reason' }).fill('Wedding');
  await leave.getByRole('button', { name: 'Add leave' }).click();
  await expect(page.getByText('Wedding')).toBeVisible();
  await expect(page.getByText('7 days')).toBeVisible();
  await saveScreenshot(page, 'admin-guide');
  const [saved] = await rest<{ guide_credentials: unknown[]; guide_leave: unknown[]; languages: string[]; day_rate: number }[]>(
    a,
    token,
    'GET',
    `guides?id=eq.${guide.id}&select=languages,day_rate,guide_credentials(id),guide_leave(id)`,
  );
  expect(saved).toMatchObject({ languages: ['German'], day_rate: 105 });
  expect([saved.guide_credentials.length, saved.guide_leave.length]).toEqual([1, 1]);

  // A vehicle: no seats is refused before sending; a registration already on another vehicle by the database.
  await page.goto('/admin/vehicles/new');
  const vehicle = page.getByRole('form', { name: 'Vehicle details' });
  await vehicle.getByRole('textbox', { name: 'Name' }).fill('Land Cruiser 9');
  await vehicle.getByRole('textbox', { name: 'Registration' }).fill('t 481 dkl');
  await vehicle.getByRole('textbox', { name: 'Seats for travelers' }).fill('0');
  await vehicle.getByRole('button', { name: 'Add the vehicle' }).click();
  await expect(vehicle.getByText('A vehicle has 1 to 60 seats for travelers')).toBeVisible();
  await vehicle.getByRole('textbox', { name: 'Seats for travelers' }).fill('7');
  await vehicle.getByRole('button', { name: 'Add the vehicle' }).click();
  await expect(vehicle.getByText('Another vehicle has the registration T 481 DKL')).toBeVisible();
  expect(await rest<unknown[]>(a, token, 'GET', `vehicles?name=eq.${encodeURIComponent('Land Cruiser 9')}&select=id`)).toEqual([]);
  const registration = `T ${Date.now().toString().slice(-3)} ZZZ`;
  await vehicle.getByRole('textbox', { name: 'Registration' }).fill(registration);
  await vehicle.getByRole('button', { name: 'Add the vehicle' }).click();
  await expect(page.getByRole('heading', { name: 'Land Cruiser 9', level: 1 })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Vehicles' }).click();
  await expect(page.getByRole('table', { name: 'Vehicles' }).getByRole('row').filter({ hasText: registration })).toContainText('Free');
  await saveScreenshot(page, 'admin-vehicles');
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('an admin gives a guide leave by touch; leave over a trip they lead is refused beside its first day, naming the trip', async ({ page, request }) => {
    const a = await api(request);
    const token = await adminToken(a);
    const stamp = Date.now().toString(36);
    const start = new Date(Date.now() + 3 * 3_600_000 + 300 * 86_400_000).toISOString().slice(0, 10);
    const day = (offset: number) => new Date(Date.parse(`${start}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const [tour] = await rest<{ id: string; title: string }[]>(a, token, 'GET', 'tours?select=id,title&status=eq.active&is_private=eq.false&order=slug&limit=1');
    const [trip] = await rest<{ id: string }[]>(a, token, 'POST', 'tour_departures?select=id', { tour_id: tour.id, start_date: start, end_date: day(3), capacity: 8 });
    const [guide] = await rest<{ id: string }[]>(a, token, 'POST', 'guides?select=id', { full_name: `Leave Guide ${stamp}`, languages: ['English'] });
    await rest(a, token, 'POST', 'departure_guides', { departure_id: trip.id, guide_id: guide.id });
    const admin = await adminCredentials();
    await openSignedIn(page, admin.email, admin.password, '/admin/guides');
    await page.goto(`/admin/guides/${guide.id}`);
    const leave = page.getByRole('form', { name: 'Add leave' });
    await expect(leave).toBeVisible({ timeout: 15_000 });
    await leave.getByLabel('First day').fill(day(2));
    await leave.getByLabel('Last day').fill(day(5));
    await leave.getByRole('textbox', { name: 'Reason' }).fill('Wedding');
    await leave.getByRole('button', { name: 'Add leave' }).tap();
    await expect(leave.getByText(`and leads ${tour.title}`)).toContainText('give that trip another guide first');
    expect(await rest(a, token, 'GET', `guide_leave?select=id&guide_id=eq.${guide.id}`)).toEqual([]);
    await saveScreenshot(page, 'admin-guide-leave-refused');
    await leave.getByLabel('First day').fill(day(4));
    await leave.getByRole('button', { name: 'Add leave' }).tap();
    await expect(page.getByText('Leave added')).toBeVisible();
    expect(await rest(a, token, 'GET', `guide_leave?select=starts_on,ends_on&guide_id=eq.${guide.id}`)).toEqual([{ starts_on: day(4), ends_on: day(5) }]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await saveScreenshot(page, 'admin-guide');
  });

  test('an admin takes a vehicle off the road by touch; the list says so', async ({ page }) => {
    const admin = await adminCredentials();
    await openSignedIn(page, admin.email, admin.password, '/admin/vehicles');
    const vehicles = page.getByRole('table', { name: 'Vehicles' });
    await expect(vehicles.getByRole('row').filter({ hasText: 'Land Cruiser 3' })).toContainText('Off the road', { timeout: 15_000 });
    await vehicles.getByRole('row').filter({ hasText: 'Coaster' }).tap();
    await expect(page.getByRole('heading', { name: 'Coaster', level: 1 })).toBeVisible();
    const offRoad = page.getByRole('form', { name: 'Add time off the road' });
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Dar_es_Salaam' });
    await offRoad.getByLabel('First day').fill(today);
    await offRoad.getByLabel('Last day').fill(today);
    await offRoad.getByRole('textbox', { name: 'Reason' }).fill('Puncture');
    await offRoad.getByRole('button', { name: 'Add time off the road' }).tap();
    await expect(page.getByText('Puncture')).toBeVisible();
    await saveScreenshot(page, 'admin-vehicle');
    await page.getByRole('main').getByRole('link', { name: 'Vehicles' }).tap();
    await expect(vehicles.getByRole('row').filter({ hasText: 'Coaster' })).toContainText('Off the road');
    await saveScreenshot(page, 'admin-vehicles');
  });
});
