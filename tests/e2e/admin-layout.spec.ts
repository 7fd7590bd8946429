import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { animationsEnded } from './animations.ts';
import { followRequests } from './network.ts';
import { adminCredentials, adminToken, api, openSignedIn, rest } from './rest-api.ts';
import { saveScreenshot } from './screenshots.ts';

/**
 * Every back-office list, as an operations manager uses it at 1280 px with a mouse and on a 768 px
 * tablet by touch: nothing off the right edge that no column picker reaches, no badge cut short,
 * every target at least 44 px under a finger, and no keyboard hint where there is no keyboard.
 */

const listScreens = [
  '/admin',
  '/admin/bookings',
  '/admin/bookings/enquiries',
  '/admin/clients',
  '/admin/messages',
  '/admin/notifications',
  '/admin/notifications?tab=emails',
  '/admin/analytics',
  '/admin/calendar',
  '/admin/calendar?view=week',
  '/admin/calendar?view=list',
  '/admin/guides',
  '/admin/vehicles',
  '/admin/tours',
  '/admin/destinations',
  '/admin/experiences',
  '/admin/activities',
  '/admin/check-itinerary',
  '/admin/media',
  '/admin/team',
  '/admin/audit',
];

interface Problems {
  offRight: string[];
  truncatedBadges: string[];
  smallTargets: string[];
  /** Text links (Mantine's Anchor) wider than their words: empty space beside them that is a link all the same. */
  wideLinks: string[];
  keyboardHints: number;
  /** How far the whole page scrolls sideways, in pixels: a form or card wider than the screen. */
  sideways: number;
}

/** What on the page breaks the layout's promises, read in one pass over the DOM. */
function findProblems(page: Page, touch: boolean): Promise<Problems> {
  return page.evaluate((touch) => {
    const right = document.documentElement.clientWidth;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return false;
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && style.display !== 'none' && element.closest('[aria-hidden="true"], [inert]') === null;
    };
    const describe = (element: Element) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;

    const offRight = [...document.querySelectorAll('main th, main td')]
      .filter((cell) => visible(cell) && cell.getBoundingClientRect().right > right + 1)
      .map(describe);

    const truncatedBadges = [...document.querySelectorAll('main .mantine-Badge-root, main .mantine-Badge-label')]
      .filter((badge) => visible(badge) && badge.scrollWidth > badge.clientWidth + 1)
      .map(describe);

    // A checkbox's target is the label or cell it sits in, which the finger actually hits.
    const targetOf = (element: Element): Element => (element.matches('input[type=checkbox], input[type=radio]') ? (element.closest('label, td, th, .mantine-Checkbox-root') ?? element) : element);
    const smallTargets = touch
      ? [...document.querySelectorAll('header button, header a, main button, main a, main input[type=checkbox], main [role=button], .mantine-Modal-content button, .mantine-Modal-content a')]
          .filter((element) => visible(element) || element.matches('input[type=checkbox]'))
          .filter((element) => {
            const box = targetOf(element).getBoundingClientRect();
            return box.width > 0 && (box.width < 44 || box.height < 44);
          })
          .filter((element) => element.closest('.mantine-Breadcrumbs-root, p, li > a') === null || element.matches('button, [role=button]'))
          .map((element) => {
            const box = targetOf(element).getBoundingClientRect();
            return `${describe(element)} ${Math.round(box.width)}x${Math.round(box.height)}`;
          })
      : [];

    const wideLinks = [...document.querySelectorAll('main a.mantine-Anchor-root')]
      .filter((link) => visible(link) && !link.matches('.mantine-Button-root') && link.querySelector('img, svg:not(.tabler-icon), h2, h3, h4, [role=img]') === null)
      .filter((link) => {
        // Where its words and icons are: the union of their boxes, whatever blocks they sit in.
        const boxes = [...link.querySelectorAll('svg')].map((icon) => icon.getBoundingClientRect());
        const texts = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
        for (let text = texts.nextNode(); text; text = texts.nextNode()) {
          if (!text.textContent?.trim()) continue;
          const words = document.createRange();
          words.selectNodeContents(text);
          // Words wrapped onto a second line fill the width they were given: not what is looked for.
          if (words.getClientRects().length > 1) return false;
          boxes.push(words.getBoundingClientRect());
        }
        if (boxes.length === 0) return false;
        const contentWidth = Math.max(...boxes.map((box) => box.right)) - Math.min(...boxes.map((box) => box.left));
        return link.getBoundingClientRect().width > contentWidth + 32;
      })
      .map(describe);

    const keyboardHints = !touch ? 0 : [...document.querySelectorAll('kbd')].filter((kbd) => visible(kbd) && /ctrl|⌘/i.test(kbd.textContent ?? '')).length;
    // Each kind of problem once, and a few of them: enough to see what is wrong.
    const few = (found: string[]) => [...new Set(found)].slice(0, 12);
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    return { offRight: few(offRight), truncatedBadges: few(truncatedBadges), smallTargets: few(smallTargets), wideLinks: few(wideLinks), keyboardHints, sideways: overflow > 1 ? overflow : 0 };
  }, touch);
}

/** Analytics' by-tour rows: each name and amount clear of the next row's and of each other. */
function overlappingTourLabels(page: Page): Promise<string[]> {
  return page.getByTestId('by-tour').evaluate((list) => {
    const rows = [...list.children].map((row) => ({ name: row.textContent ?? '', box: row.getBoundingClientRect(), parts: [...row.querySelectorAll('p')].map((part) => part.getBoundingClientRect()) }));
    const crosses = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    return rows.filter((row, index) => (rows[index + 1] && row.box.bottom > rows[index + 1].box.top) || (row.parts.length === 2 && crosses(row.parts[0], row.parts[1]))).map((row) => row.name);
  });
}

/** A signed-in admin's page, and a way to open an address on it once everything it reads has arrived. */
async function signedIn(browser: Browser, touch: boolean): Promise<{ page: Page; settle(address: string): Promise<void> }> {
  const context = await browser.newContext(
    touch ? { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true } : { viewport: { width: 1280, height: 800 } },
  );
  const page = await context.newPage();
  const requests = followRequests(page);
  const admin = await adminCredentials();
  await openSignedIn(page, admin.email, admin.password, '/admin');
  const settle = async (address: string) => {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    // Lists are read after the frame: wait until nothing is loading.
    await expect(page.locator('.mantine-datatable-loader-fetching, .mantine-Skeleton-root')).toHaveCount(0, { timeout: 15_000 });
    await requests.quiet();
  };
  return { page, settle };
}

// Its four walks through every screen are the suite's longest tests and share nothing but the
// server's demo data: they may run on different workers (each worker's beforeAll books its own client).
test.describe.configure({ mode: 'parallel' });

/**
 * A client whose name and email are longer than any estimate, booked just now so they lead the
 * bookings and the clients: the lists must fit with real people's words, not only the demo's.
 */
test.beforeAll(async ({ request }) => {
  const a = await api(request);
  const token = await adminToken(a);
  const [departure] = await rest<{ id: string }[]>(a, token, 'GET', `tour_departures?select=id&status=eq.open&start_date=gt.${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)}&order=start_date&limit=1`);
  const booked = await request.post('/rest/v1/rpc/create_booking', {
    headers: { apikey: a.anonKey, 'content-type': 'application/json' },
    data: {
      p_departure_id: departure.id,
      p_adults: 1,
      p_contact: { full_name: 'Maximiliana Wolfeschlegelsteinhausenbergerdorff', email: `wolfeschlegelsteinhausenbergerdorff.${randomUUID().slice(0, 8)}@example-safaris.com` },
    },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  longNameBooking = ((await booked.json()) as { id: string }).id;
});

let longNameBooking = '';

/**
 * The screens a list opens, with the demo company's records: a booking (the long-named client's,
 * and one with payments), the phone booking form, a client, an enquiry and a quote, a tour, a
 * guide, a vehicle, a trip's manifest, the settings.
 */
async function detailScreens(request: APIRequestContext): Promise<string[]> {
  const a = await api(request);
  const token = await adminToken(a);
  const first = async (table: string, query = '') => (await rest<{ id: string }[]>(a, token, 'GET', `${table}?select=id${query}&limit=1`))[0].id;
  const [withPayments] = await rest<{ booking_id: string }[]>(a, token, 'GET', 'payments?select=booking_id&status=eq.succeeded&order=created_at&limit=1');
  const [trip] = await rest<{ departure_id: string }[]>(a, token, 'GET', 'departure_guides?select=departure_id&limit=1');
  const [client] = await rest<{ contact: { email: string } }[]>(a, token, 'GET', `bookings?select=contact&id=eq.${longNameBooking}`);
  return [
    `/admin/bookings/${longNameBooking}`,
    `/admin/bookings/${withPayments.booking_id}`,
    '/admin/bookings/new',
    `/admin/clients/${encodeURIComponent(client.contact.email.toLowerCase())}`,
    `/admin/bookings/enquiries/${await first('enquiries', '&order=created_at')}`,
    `/admin/bookings/quotes/${await first('quotes', '&order=created_at')}`,
    `/admin/tours/${await first('tours', '&status=eq.active&order=created_at')}`,
    `/admin/guides/${await first('guides', '&order=created_at')}`,
    `/admin/vehicles/${await first('vehicles', '&order=created_at')}`,
    `/admin/manifests/${trip.departure_id}`,
    '/admin/settings',
  ];
}

for (const touch of [false, true]) {
  test(touch ? 'every list fits a 768 px touch tablet' : 'every list fits 1280 px with a mouse', async ({ browser }) => {
    test.setTimeout(180_000);
    const { page, settle } = await signedIn(browser, touch);
    const found: Record<string, Partial<Problems>> = {};
    for (const address of listScreens) {
      await settle(address);
      const problems = await findProblems(page, touch);
      const wrong = Object.fromEntries(Object.entries(problems).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value > 0)));
      if (Object.keys(wrong).length) found[address] = wrong;
      const overlapping = address === '/admin/analytics' ? await overlappingTourLabels(page) : [];
      if (overlapping.length) found[address] = { ...found[address], overlappingTourLabels: overlapping } as Partial<Problems>;
      if (['/admin/bookings', '/admin/clients', '/admin/analytics'].includes(address)) await saveScreenshot(page, `layout${address.replaceAll('/', '-')}`, { wholePage: false });
    }
    expect(found).toEqual({});

    await settle('/admin/bookings');
    if (touch) {
      // What does not fit is one tap away: the column menu brings the total back.
      const totalColumn = page.getByRole('table', { name: 'Bookings' }).locator('th', { hasText: /^Total/ });
      await expect(totalColumn).toHaveCount(0);
      await page.getByRole('button', { name: /^Columns of bookings/ }).tap();
      await page.getByRole('checkbox', { name: 'Total' }).tap();
      await expect(totalColumn).toBeVisible();
    } else {
      // Ctrl+K opens the search even while the cursor is in a text box.
      await page.getByRole('textbox', { name: 'Search bookings' }).focus();
      await page.keyboard.press('Control+K');
      await expect(page.getByRole('textbox', { name: 'Go to a screen' })).toBeVisible();
    }
    await page.context().close();
  });
}

for (const touch of [false, true]) {
  test(touch ? 'every detail screen fits a 768 px touch tablet' : 'every detail screen fits 1280 px with a mouse', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const addresses = await detailScreens(request);
    const { page, settle } = await signedIn(browser, touch);
    const found: Record<string, Partial<Problems>> = {};
    for (const address of addresses) {
      await settle(address);
      const problems = await findProblems(page, touch);
      const wrong = Object.fromEntries(Object.entries(problems).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value > 0)));
      if (Object.keys(wrong).length) found[address] = wrong;
    }
    // A modal opens in a portal, outside the frame's rules unless they reach it: the calendar's subscription.
    await settle('/admin/calendar?view=list');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const modal = page.getByRole('dialog', { name: 'Every trip in your calendar app' });
    await expect(modal.getByRole('button').first()).toBeVisible();
    // Measured once the modal's opening transition (a scale) has ended: midway its 44 px buttons measure less.
    await animationsEnded(page);
    const { smallTargets } = await findProblems(page, touch);
    if (smallTargets.length) found['/admin/calendar?view=list with its subscription open'] = { smallTargets };
    expect(found).toEqual({});
    await page.context().close();
  });
}
