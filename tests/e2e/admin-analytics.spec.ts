import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, openSignedIn, rest } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * The analytics screen: the seeded year's figures for a range beside the range before, the same as
 * analytics_report() answers, a range refused in words, and a CSV that reads back as the table.
 */

const inDays = (days: number) => {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Dar_es_Salaam' });
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};

test('an admin reads the last 90 days beside the 90 before, and downloads the bookings by tour', async ({ page, request }) => {
  const a = await api(request);
  const report = await rest<{ totals: { bookings: number }; funnel: { current: { tour_views: number; booked: number } }; by_tour: { tour_title: string; bookings: number }[] }>(
    a,
    await adminToken(a),
    'POST',
    'rpc/analytics_report',
    { p_from: inDays(-89), p_to: inDays(0) },
  );
  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin/analytics');
  await expect(page.getByTestId('analytics-figure')).toHaveCount(4, { timeout: 15_000 });
  await page.getByText('Last 90 days', { exact: true }).click();
  await expect(page.getByLabel('Bookings', { exact: true })).toContainText(String(report.totals.bookings));
  const funnel = page.getByTestId('funnel');
  await expect(funnel.getByRole('row', { name: /Tour viewed/ })).toContainText(String(report.funnel.current.tour_views));
  await expect(funnel.getByRole('row', { name: /Booked/ })).toContainText(String(report.funnel.current.booked));
  await saveScreenshot(page, 'admin-analytics');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await page.getByRole('menuitem', { name: 'By tour' }).click();
  const csv = (await readFile(await (await download).path())).toString('utf8').replace(/^\ufeff/, '');
  const rows = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
  expect(rows.map((row) => [row.Tour, Number(row.Bookings)])).toEqual(report.by_tour.map((row) => [row.tour_title, row.bookings]));

  // A range ending before it starts: the message, and the figures stay as they were.
  const custom = page.getByRole('form', { name: 'Custom range' });
  await custom.getByLabel('From').fill(inDays(-10));
  await custom.getByLabel('To').fill(inDays(-20));
  await custom.getByRole('button', { name: 'Show' }).click();
  await expect(custom.getByText('Choose a range whose last day is not before its first')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`from=${inDays(-89)}`));
});

test.describe('on a 768 px tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true });

  test('an admin switches to the last 90 days by touch; figures and charts fit the screen', async ({ page, request }) => {
    const a = await api(request);
    const report = await rest<{ totals: { bookings: number } }>(a, await adminToken(a), 'POST', 'rpc/analytics_report', { p_from: inDays(-89), p_to: inDays(0) });
    const admin = await adminCredentials();
    await openSignedIn(page, admin.email, admin.password, '/admin/analytics');
    await expect(page.getByTestId('analytics-figure')).toHaveCount(4, { timeout: 15_000 });
    await page.getByText('Last 90 days', { exact: true }).tap();
    await expect(page).toHaveURL(new RegExp(`from=${inDays(-89)}`));
    await expect(page.getByLabel('Bookings', { exact: true })).toContainText(String(report.totals.bookings));
    await expect(page.getByTestId('funnel')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await saveScreenshot(page, 'admin-analytics-tablet');
  });
});
