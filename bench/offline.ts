// A trip opened with no signal (run `node scripts/build.mjs` first): field mode's trip on a tablet
// and a traveler's booking on a phone, each opened once online, then reloaded BENCH_RUNS times
// (default 5) with the network off (the browser offline: every request fails at once) and with it
// hanging (lie-fi: the line to the server takes every connection and never answers). Prints one
// JSON document: milliseconds from the navigation's start until the trip's heading and travelers
// are on screen, median and max; a reload that never showed the trip counts as null and makes max
// null (BENCH_WAIT_MS, default 20 s).
//   npm run bench:offline
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot, sparePort, startBuiltServer } from '../tests/e2e/built-server.ts';
import { benchSetting, lineTo, report } from './support.ts';

const runs = benchSetting('BENCH_RUNS', 5, 1);
const waitMs = Number(process.env.BENCH_WAIT_MS ?? 20_000);
const PASSWORD = 'Ngorongoro-2026!';

interface Trip {
  url: string;
  title: string;
  travelers: string[];
}

interface Figures {
  median: number | null;
  max: number | null;
  samples: (number | null)[];
}

function summary(samples: (number | null)[]): Figures {
  const shown = samples.filter((sample): sample is number => sample !== null).sort((a, b) => a - b);
  const middle = Math.floor(shown.length / 2);
  const median = shown.length === 0 ? null : shown.length % 2 ? shown[middle] : (shown[middle - 1] + shown[middle]) / 2;
  // A reload that never showed the trip is the worst there is.
  const max = shown.length < samples.length || shown.length === 0 ? null : shown[shown.length - 1];
  return { median, max, samples };
}

type Line = Awaited<ReturnType<typeof lineTo>>;

/** Today in Arusha, the company's time zone, as yyyy-mm-dd, plus some days. */
function inDays(days: number): string {
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Dar_es_Salaam' });
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function call<T>(base: string, anonKey: string, token: string, method: string, pathAndQuery: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${pathAndQuery}`, {
    method,
    headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', prefer: 'return=representation' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${pathAndQuery}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function tokenOf(base: string, anonKey: string, email: string, password: string): Promise<string> {
  const { access_token: token } = await call<{ access_token: string }>(base, anonKey, anonKey, 'POST', '/auth/v1/token?grant_type=password', { email, password });
  return token;
}

/** A trip under way today with two travelers on it, in the admin's field mode. */
async function fieldTrip(base: string, anonKey: string, admin: string): Promise<Trip> {
  const [tour] = await call<{ id: string; title: string }[]>(base, anonKey, admin, 'GET', '/rest/v1/tours?select=id,title&status=eq.active&is_private=eq.false&order=slug&limit=1');
  // Booked while still to come (the booking engine takes no trip leaving today), then moved to today.
  const [departure] = await call<{ id: string }[]>(base, anonKey, admin, 'POST', '/rest/v1/tour_departures?select=id', { tour_id: tour.id, start_date: inDays(2), end_date: inDays(4), capacity: 10 });
  const travelers = ['Ingrid Bench', 'Lars Bench'];
  await call(base, anonKey, anonKey, 'POST', '/rest/v1/rpc/create_booking', {
    p_departure_id: departure.id,
    p_adults: travelers.length,
    p_travelers: travelers.map((full_name) => ({ full_name, traveler_type: 'adult', nationality: 'Norway' })),
    p_contact: { full_name: travelers[0], email: 'field-bench@example.com', phone: '+47 400 00 000' },
  });
  await call(base, anonKey, admin, 'PATCH', `/rest/v1/tour_departures?id=eq.${departure.id}`, { start_date: inDays(0), end_date: inDays(2) });
  return { url: `/admin/field/${departure.id}`, title: tour.title, travelers };
}

/** A traveler's confirmed booking of two seats a few weeks out. */
async function travelerTrip(base: string, anonKey: string, admin: string): Promise<Trip & { email: string }> {
  const email = `offline-bench-${Date.now()}@example.com`;
  await call(base, anonKey, anonKey, 'POST', '/auth/v1/signup', { email, password: PASSWORD, data: { full_name: 'Amani Bench' } });
  const token = await tokenOf(base, anonKey, email, PASSWORD);
  const soon = inDays(20);
  const departures = await call<{ id: string; capacity: number; seats_booked: number; tour: { title: string } }[]>(
    base,
    anonKey,
    token,
    'GET',
    `/rest/v1/tour_departures?select=id,capacity,seats_booked,tour:tours(title)&status=eq.open&start_date=gt.${soon}&order=start_date&limit=20`,
  );
  const departure = departures.find((d) => d.capacity - d.seats_booked >= 2)!;
  const travelers = ['Baraka Bench', 'Neema Bench'];
  const booking = await call<{ id: string; booking_reference: string }>(base, anonKey, token, 'POST', '/rest/v1/rpc/create_booking', {
    p_departure_id: departure.id,
    p_adults: 2,
    p_travelers: travelers.map((full_name) => ({ full_name })),
    p_contact: { full_name: 'Amani Bench', email },
  });
  await call(base, anonKey, admin, 'POST', '/rest/v1/rpc/set_booking_status', { p_booking_id: booking.id, p_status: 'confirmed' });
  return { url: `/traveler/bookings/${booking.booking_reference}`, title: departure.tour.title, travelers, email };
}

async function signInThroughPage(page: Page, base: string, email: string, password: string, to: string): Promise<void> {
  await page.goto(`${base}/auth/login?redirect=${encodeURIComponent(to)}`);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.locator('input[type=password]').fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === to);
}

/** Milliseconds from the navigation's start until the trip's heading and every traveler's name are in the page; null if never. */
/**
 * Milliseconds from the navigation's start until the trip's heading and every traveler's name are in
 * the page; null if never. With `expired`, the device's session is made to look an hour old first
 * (its access token past its expiry, as after a night with no signal): auth-js then refreshes it
 * before answering.
 */
async function timeToTrip(page: Page, trip: Trip, expired: boolean): Promise<number | null> {
  if (expired) {
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage).filter((name) => /^sb-.+-auth-token$/.test(name))) {
        const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number };
        localStorage.setItem(key, JSON.stringify({ ...session, expires_at: Math.floor(Date.now() / 1000) - 3600 }));
      }
    });
  }
  await page.reload({ waitUntil: 'commit' });
  try {
    const handle = await page.waitForFunction(
      ({ title, travelers }) => {
        const heading = [...document.querySelectorAll('h1')].some((h1) => h1.textContent?.trim() === title);
        const text = document.body.textContent ?? '';
        return heading && travelers.every((name) => text.includes(name)) ? performance.now() : 0;
      },
      trip,
      { polling: 'raf', timeout: waitMs },
    );
    return Math.round((await handle.jsonValue()) as number);
  } catch {
    return null;
  }
}

/**
 * Opens the trip online once (so it is on the device and the service worker holds the app), then
 * reloads it with no signal and with lie-fi, each with the session as it was stored and an hour old.
 */
async function measure(context: BrowserContext, base: string, line: Line, trip: Trip, signIn: { email: string; password: string; landing: string }, ready: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  await signInThroughPage(page, base, signIn.email, signIn.password, signIn.landing);
  await ready(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
  await page.goto(`${base}${trip.url}`);
  await page.getByRole('heading', { level: 1, name: trip.title }).waitFor({ timeout: 30_000 });
  for (const name of trip.travelers) await page.getByText(name).first().waitFor();

  const reloads = async (expired: boolean) => {
    const samples: (number | null)[] = [];
    for (let run = 0; run < runs; run++) samples.push(await timeToTrip(page, trip, expired));
    return summary(samples);
  };
  const figures: Record<string, Figures> = {};
  for (const expired of [false, true]) {
    const suffix = expired ? '_token_expired' : '';
    await context.setOffline(true);
    figures[`offline${suffix}`] = await reloads(expired);
    // Lie-fi: whatever leaves the device (the page's requests and the service worker's) never
    // answers. The line hangs before the browser is back online, so nothing refreshes in between.
    line.hang(true);
    await context.setOffline(false);
    figures[`hung${suffix}`] = await reloads(expired);
  }
  line.hang(false);
  return figures;
}

async function newContext(browser: Browser, device: 'tablet' | 'phone'): Promise<BrowserContext> {
  return browser.newContext(device === 'tablet' ? { viewport: { width: 768, height: 1024 }, hasTouch: true } : { viewport: { width: 390, height: 844 }, hasTouch: true });
}

if (!existsSync(path.join(repoRoot, 'dist/sw.js')) || !existsSync(path.join(repoRoot, 'dist-server/server.mjs'))) {
  console.error('Build first: node scripts/build.mjs');
  process.exit(1);
}

// The browser reaches the server through the line only, so its address is the site's.
const port = await sparePort();
const server = await startBuiltServer({ env: { SITE_URL: `http://127.0.0.1:${port}` } });
const line = await lineTo(Number(new URL(server.url).port), { port });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const base = `http://127.0.0.1:${port}`;
  const { supabaseAnonKey: anonKey } = (await (await fetch(`${base}/api/config`)).json()) as { supabaseAnonKey: string };
  const adminLogin = JSON.parse(await readFile(path.join(server.dataDir, 'admin-credentials.json'), 'utf8')) as { email: string; password: string };
  const admin = await tokenOf(base, anonKey, adminLogin.email, adminLogin.password);
  const field = await fieldTrip(base, anonKey, admin);
  const traveler = await travelerTrip(base, anonKey, admin);

  const fieldFigures = await measure(await newContext(browser, 'tablet'), base, line, field, { ...adminLogin, landing: '/admin/field' }, (page) =>
    page.getByTestId('field-saved-at').getByText('Saved on this device').waitFor({ timeout: 30_000 }),
  );
  const travelerFigures = await measure(await newContext(browser, 'phone'), base, line, traveler, { email: traveler.email, password: PASSWORD, landing: '/traveler' }, (page) =>
    page.getByTestId('next-trip').waitFor({ timeout: 30_000 }),
  );
  report(
    { runs, target_ms: 1000, field_trip_ms: fieldFigures, traveler_trip_ms: travelerFigures, chromium: browser.version() },
    [
      ...Object.entries(fieldFigures).filter(([, measured]) => measured.max === null).map(([how]) => `field mode's trip did not show on every reload (${how})`),
      ...Object.entries(travelerFigures).filter(([, measured]) => measured.max === null).map(([how]) => `the traveler's trip did not show on every reload (${how})`),
    ],
  );
} finally {
  await browser.close();
  await line.close();
  await server.stop();
}
