import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, openSignedIn, rest, signIn, staffCredentials } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * /admin/audit: every change in words, with who and when. The changes are made through the API as
 * the admin (each screen's own test covers making them on screen); the trail must say each of them.
 */
const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const amount = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('the audit trail says a settings change, a team change, a tour price change and a booking move, each with who and when', async ({ page, request }) => {
  const a = await api(request);
  const token = await adminToken(a);
  const admin = await adminCredentials();
  const [{ full_name: adminName }] = await rest<{ full_name: string }[]>(a, token, 'GET', `users?select=full_name&email=eq.${encodeURIComponent(admin.email)}`);

  // A setting, the team, a tour's price and a booking's departure, changed by the admin.
  const [settings] = await rest<{ offline_hold_days: number }[]>(a, token, 'GET', 'booking_settings?select=offline_hold_days');
  const holdDays = settings.offline_hold_days === 30 ? 29 : settings.offline_hold_days + 1;
  const [tour] = await rest<{ id: string; title: string; base_price: number }[]>(a, token, 'GET', 'tours?select=id,title,base_price&status=eq.active&is_private=eq.false&order=slug&limit=1');
  const newPrice = Number(tour.base_price) + 10.5;
  const invited = `audit-${randomUUID().slice(0, 8)}@example.com`;
  const [booking] = (await rest<{ rows: { id: string; booking_reference: string }[] }>(a, token, 'POST', 'rpc/search_bookings', { p_statuses: ['confirmed'], p_travel_from: isoDay(30), p_limit: 1 })).rows;
  const [current] = await rest<{ tour_id: string; tour_departures: { start_date: string; end_date: string } }[]>(a, token, 'GET', `bookings?select=tour_id,tour_departures(start_date,end_date)&id=eq.${booking.id}`);
  const length = (Date.parse(current.tour_departures.end_date) - Date.parse(current.tour_departures.start_date)) / 86_400_000;
  const [later] = await rest<{ id: string }[]>(a, token, 'POST', 'tour_departures?select=id', { tour_id: current.tour_id, start_date: isoDay(300), end_date: isoDay(300 + length), capacity: 30 });
  try {
    await rest(a, token, 'PATCH', 'booking_settings?id=eq.true', { offline_hold_days: holdDays });
    await rest(a, token, 'PATCH', `tours?id=eq.${tour.id}`, { base_price: newPrice });
    const invite = await request.post('/api/team/invitations', { headers: { authorization: `Bearer ${token}` }, data: { email: invited, role: 'agent' } });
    expect(invite.ok(), await invite.text()).toBe(true);
    await rest(a, token, 'POST', 'rpc/move_booking', { p_booking_id: booking.id, p_departure_id: later.id, p_reason: 'Audit trail test: the client asked for later dates' });

    await page.setViewportSize({ width: 1280, height: 900 });
    await openSignedIn(page, admin.email, admin.password, '/admin');
    await page.getByRole('navigation', { name: 'Back office screens' }).getByRole('link', { name: 'Audit trail' }).click();
    await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
    const entries = page.getByTestId('audit-entry');
    const when = '\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}';
    const by = new RegExp(`^${when} · by ${escape(adminName)}$`);

    const setting = entries.filter({ hasText: 'Booking settings changed' }).first();
    await expect(setting).toContainText(`Offline hold days: ${settings.offline_hold_days} → ${holdDays}`);
    await expect(setting.getByText(by)).toBeVisible();

    const team = entries.filter({ hasText: `Invitation “${invited}” added` });
    await expect(team.getByText(by)).toBeVisible();

    const price = entries.filter({ hasText: `Tour “${tour.title}” changed` }).first();
    await expect(price).toContainText(`Base price: ${amount(Number(tour.base_price))} → ${amount(newPrice)}`);
    await expect(price.getByText(by)).toBeVisible();

    const move = entries.filter({ hasText: `Booking ${booking.booking_reference} changed` }).filter({ hasText: 'Departure:' }).first();
    await expect(move).toContainText(/Departure: .+, \d{1,2} [A-Z][a-z]{2} \d{4} – \d{1,2} [A-Z][a-z]{2} \d{4} → .+, \d{1,2} [A-Z][a-z]{2} \d{4} – \d{1,2} [A-Z][a-z]{2} \d{4}/);
    await expect(move).toContainText('Reason: “Audit trail test: the client asked for later dates”');
    await expect(move.getByText(by)).toBeVisible();
    await expect(page.getByTestId('audit-trail')).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-/);
    await saveScreenshot(page, 'admin-audit');

    // One kind of record: only tours, and the filter stays in the address.
    await page.getByRole('combobox', { name: 'Kind of record' }).click();
    await page.getByRole('option', { name: 'Tour', exact: true }).click();
    await expect(page).toHaveURL(/kind=tours/);
    await expect(entries.first()).toContainText(/^Tour /);
    await expect(entries.filter({ hasNotText: /^Tour / })).toHaveCount(0);
  } finally {
    await rest(a, token, 'PATCH', 'booking_settings?id=eq.true', { offline_hold_days: settings.offline_hold_days });
    await rest(a, token, 'PATCH', `tours?id=eq.${tour.id}`, { base_price: tour.base_price });
  }
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('the trail fits the screen and filters by person', async ({ page }) => {
    const admin = await adminCredentials();
    await openSignedIn(page, admin.email, admin.password, '/admin/audit');
    await expect(page.getByTestId('audit-entry').first()).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    const [{ full_name: adminName }] = await rest<{ full_name: string }[]>(await api(page.request), await adminToken(await api(page.request)), 'GET', `users?select=full_name&email=eq.${encodeURIComponent(admin.email)}`);
    await page.getByRole('combobox', { name: 'Person' }).tap();
    await page.getByRole('option', { name: adminName }).tap();
    await expect(page).toHaveURL(/person=/);
    await expect(page.getByTestId('audit-entry').first()).toBeVisible();
    await expect(page.getByTestId('audit-entry').filter({ hasNotText: ` · by ${adminName}` })).toHaveCount(0);
    await saveScreenshot(page, 'admin-audit-tablet');
  });

  test('an agent is refused the trail, on the screen and by the database', async ({ page, request }) => {
    const agent = (await staffCredentials()).find((member) => member.role === 'agent')!;
    await openSignedIn(page, agent.email, agent.password, '/admin');
    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible({ timeout: 15_000 });
    const a = await api(request);
    const agentToken = (await signIn(a, agent.email, agent.password))!;
    // Beyond the bookings', enquiries' and clients' own History, an agent reads no entry.
    expect(await rest<unknown[]>(a, agentToken, 'GET', 'audit_log?select=id&table_name=in.(booking_settings,tours,staff_invitations)&limit=5')).toEqual([]);
  });
});
