import AxeBuilder from '@axe-core/playwright';
import { animationsEnded } from './animations.ts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { hydrated } from './hydration.ts';

/** Node 20 has no WebSocket; the test never opens a realtime channel, so this is never constructed. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in this test');
  }
}

/** supabase-js with the anon key from the server's runtime config: what any visitor may read. */
async function anonClient(request: APIRequestContext, baseURL: string): Promise<SupabaseClient> {
  const config = (await (await request.get('/api/config')).json()) as { supabaseUrl: string | null; supabaseAnonKey: string };
  return createClient(config.supabaseUrl ?? baseURL, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: (globalThis.WebSocket ?? NoWebSocket) as unknown as typeof WebSocket },
  });
}

/** The WCAG 2.0 and 2.1 A and AA rules: what the public pages are held to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * A public page and the states it is scanned in, on one page load: as it opens, then each state in
 * turn (an open menu, a form showing its messages), each built on the one before.
 */
interface PageScan {
  name: string;
  path: (db: SupabaseClient) => Promise<string>;
  /** What shows that the page's real content is on screen. */
  ready: (page: Page) => Promise<void>;
  states?: PageState[];
}

interface PageState {
  name: string;
  /** Brings the page into this state from the one before. */
  act: (page: Page) => Promise<void>;
  /** Takes the page back out of it, when the next state needs the page as it was. */
  undo?: (page: Page) => Promise<void>;
  /** Only at this width: the phone menu and the filter drawer exist only there. */
  only?: (typeof VIEWPORTS)[number]['name'];
}

async function firstSlug(db: SupabaseClient, table: string, column: string, value: string): Promise<string> {
  const { data, error } = await db.from(table).select('slug').eq(column, value).order('slug').limit(1).single();
  expect(error).toBeNull();
  return data!.slug as string;
}

async function toursListed(page: Page) {
  await expect(page.getByRole('heading', { level: 2, name: /^\d+ tours?$/ })).toBeVisible();
  await expect(page.getByTestId('tour-card').first()).toBeVisible();
  await expect(page.locator('[data-refreshing]')).toHaveCount(0);
}

async function closeWithEscape(page: Page, opened: Locator) {
  await page.keyboard.press('Escape');
  await expect(opened).toBeHidden();
}

const PAGES: PageScan[] = [
  {
    name: 'home',
    path: async () => '/',
    ready: async (page) => {
      await expect(page.getByTestId('tour-card').nth(2)).toBeVisible();
      await expect(page.getByTestId('destination-card').first()).toBeVisible();
      for (const card of ['experience-card', 'traveler-review', 'post-card']) await expect(page.getByTestId(card).first()).toBeAttached();
      await expect(page.getByRole('region', { name: 'Licensed, trusted and connected' }).getByRole('img').first()).toBeAttached();
    },
    states: [
      {
        name: 'color scheme menu',
        act: async (page) => {
          await hydrated(page);
          await page.getByRole('button', { name: /^Color scheme/ }).click();
          await expect(page.getByRole('menu')).toBeVisible();
        },
        undo: (page) => closeWithEscape(page, page.getByRole('menu')),
      },
      {
        name: 'menu',
        only: 'phone',
        act: async (page) => {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'tours',
    path: async () => '/tours',
    ready: toursListed,
    states: [
      {
        name: 'filters drawer',
        only: 'phone',
        act: async (page) => {
          await page.getByRole('button', { name: 'Filters' }).click();
          await expect(page.getByRole('dialog', { name: 'Filter tours' })).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'tour detail',
    path: async (db) => `/tours/${await firstSlug(db, 'tours', 'status', 'active')}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: 'Day by day' })).toBeVisible();
      // Related tours are not in the page's HTML: they are read once the page has hydrated (with supabase-js).
      await expect(page.getByRole('heading', { level: 2, name: 'You may also like' })).toBeVisible({ timeout: 15_000 });
    },
  },
  {
    name: 'contact',
    path: async () => '/contact',
    ready: async (page) => {
      await expect(page.getByTestId('branch-office').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
    },
    states: [
      {
        name: 'the form showing its messages',
        act: async (page) => {
          await page.getByRole('button', { name: 'Send message' }).click();
          await expect(page.getByText('Please tell us your name')).toBeVisible();
        },
      },
      {
        name: 'the chat widget open, its messages showing',
        act: async (page) => {
          await expect(page.getByTestId('chat-launcher')).toBeVisible({ timeout: 15_000 });
          await page.getByTestId('chat-launcher').click();
          const panel = page.getByRole('dialog', { name: /^Chat with / });
          await panel.getByRole('button', { name: 'Send' }).click();
          await expect(panel.getByText('Please tell us your name')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'start planning',
    path: async () => '/start-planning',
    ready: async (page) => {
      await expect(page.getByRole('checkbox', { name: /Serengeti National Park/ })).toBeVisible();
    },
    states: [
      {
        name: 'the second step showing its message',
        act: async (page) => {
          await page.getByRole('checkbox', { name: /Serengeti National Park/ }).click();
          await page.getByRole('button', { name: 'Next' }).click();
          await expect(page.getByRole('heading', { name: 'When would you like to travel?' })).toBeVisible();
          await page.getByRole('button', { name: 'Next' }).click();
          await expect(page.getByText('Choose a month')).toBeVisible();
        },
      },
    ],
  },
  {
    name: 'search',
    path: async () => '/search?q=serengeti',
    ready: async (page) => {
      await expect(page.getByRole('heading', { level: 2, name: /results? for “serengeti”/ })).toBeVisible();
      await expect(page.getByTestId('search-result').first()).toBeVisible();
    },
  },
  {
    name: 'destinations',
    path: async () => '/destinations',
    ready: async (page) => {
      await expect(page.getByTestId('destination-card').first()).toBeVisible();
    },
  },
  {
    name: 'blog post',
    path: async (db) => `/blog/${await firstSlug(db, 'blog_posts', 'status', 'published')}`,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: 'Keep reading' })).toBeVisible();
    },
  },
  {
    name: 'page not found',
    path: async () => '/no-such-page-here',
    ready: async (page) => {
      // Not rendered on the server: it shows once the app has started, later than the 5 s default on a busy machine.
      await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible({ timeout: 15_000 });
    },
  },
];

/** Waits until no loading placeholder is left, the fonts are in, and every finite animation (menus, drawers) has ended. */
async function settle(page: Page) {
  await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await animationsEnded(page);
}

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** One readable block per violation: the rule, what it asks, and each offending node with what to fix. */
function describeViolations(violations: Violations): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact}): ${violation.help}`,
        ...violation.nodes.map((node) => `  ${node.target.join(' ')}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`),
      ].join('\n'),
    )
    .join('\n\n');
}

/**
 * The rules a color scheme can change: the app renders the same elements in light and dark (nothing
 * in src/ switches markup on the scheme), only their colors differ. The dark scan runs these alone;
 * the light scan runs every WCAG A/AA rule.
 */
const COLOR_RULES = ['color-contrast', 'link-in-text-block'];

/** The serious and critical WCAG A/AA violations on the page as it is now, described for the failure message. */
async function blockingViolations(page: Page, rules: 'all' | 'colors'): Promise<{ ids: string[]; described: string }> {
  // axe runs in the page itself (legacy mode): its default opens a blank page beside it for every scan
  // to gather the results of frames, twice the scan's time. The public pages have no frames; one
  // added would go unscanned, so a page with a frame fails here instead.
  expect(page.frames(), 'a frame on the page: scan it with AxeBuilder out of legacy mode').toHaveLength(1);
  const builder = rules === 'all' ? new AxeBuilder({ page }).withTags(WCAG_TAGS) : new AxeBuilder({ page }).withRules(COLOR_RULES);
  // Violations only: collecting what passed costs a quarter of the scan, and nothing reads it.
  const results = await builder.setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  return { ids: blocking.map((violation) => violation.id), described: describeViolations(blocking) };
}

/** Scans the page as it is now in the light scheme (every WCAG rule), then the dark one (the color rules). */
async function scanLightAndDark(page: Page, state: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    await settle(page);
    const { ids, described } = await blockingViolations(page, colorScheme === 'light' ? 'all' : 'colors');
    expect(ids, `${state}, ${colorScheme}:\n${described}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
}

// Each page is scanned as it opens and then in each of its states, on one page load, each in the
// light scheme and then the dark one: the visitor chose 'System', so the page follows the emulated
// operating system setting as it changes, with the menu or the form's messages still showing.
for (const viewport of VIEWPORTS) {
  test.describe(`axe on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height }, colorScheme: 'light' });

    for (const scan of PAGES) {
      const states = (scan.states ?? []).filter((state) => !state.only || state.only === viewport.name);
      const named = states.length ? ` and with ${states.map((state) => state.name).join(', then ')}` : '';
      test(`${scan.name}${named}: no serious or critical WCAG A/AA violation, light or dark`, async ({ page, request, baseURL }) => {
        const db = await anonClient(request, baseURL!);
        await page.addInitScript(() => localStorage.setItem('mantine-color-scheme-value', 'auto'));
        await page.goto(await scan.path(db));
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
        await scan.ready(page);
        await scanLightAndDark(page, scan.name);
        for (const state of states) {
          await state.act(page);
          await scanLightAndDark(page, `${scan.name}, ${state.name}`);
          await state.undo?.(page);
        }
      });
    }
  });
}

/** The name a screen reader gives the focused element: its aria-label, its label, or its text. */
async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return '';
    const labelled = element.getAttribute('aria-labelledby');
    const label =
      element.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent;
    return (label ?? '').replace(/\s+/g, ' ').trim();
  });
}

/** Presses Tab (only Tab) until the focused element is named `name`; fails after `limit` presses. */
async function tabTo(page: Page, name: string | RegExp, limit = 40): Promise<void> {
  const matches = (current: string) => (typeof name === 'string' ? current === name : name.test(current));
  const seen = [await focusedName(page)];
  for (let presses = 0; presses < limit && !matches(seen.at(-1)!); presses += 1) {
    await page.keyboard.press('Tab');
    seen.push(await focusedName(page));
  }
  if (!matches(seen.at(-1)!)) throw new Error(`Tab never reached ${String(name)}; it went through: ${seen.join(' | ')}`);
}

/** The names Tab goes through, `count` presses from where the focus is. */
async function tabSequence(page: Page, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let presses = 0; presses < count; presses += 1) {
    await page.keyboard.press('Tab');
    names.push(await focusedName(page));
  }
  return names;
}

/** Opens the focused native select from the keyboard, moves `steps` options down and picks that one. */
async function pickWithKeyboard(page: Page, steps = 1) {
  await page.keyboard.press('Alt+ArrowDown');
  for (let step = 0; step < steps; step += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

/** How many tours the list shows, once it has settled (the results heading). */
async function listedCount(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { level: 2, name: /^\d+ tours?$/ });
  await expect(heading).toBeVisible();
  await expect(page.locator('[data-refreshing]')).toHaveCount(0);
  return Number.parseInt((await heading.textContent())!, 10);
}

/** The skip link is the first stop of the keyboard, shows when focused, and puts the keyboard in the main content. */
async function skipToContent(page: Page) {
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
}

test.describe('with the keyboard only', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('home: the skip link comes first and leads to the content; the color scheme menu works', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
    await skipToContent(page);
    await page.keyboard.press('Tab');
    await expect(page.locator('main :focus')).toHaveCount(1);

    // The color scheme menu, from the top of the page: open it, move to Dark, choose it; the keyboard is back on the button.
    await page.goto('/');
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
    await hydrated(page);
    await tabTo(page, 'Color scheme: Light');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Light' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Dark' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('button', { name: 'Color scheme: Dark' })).toBeFocused();
  });

  test('the color scheme menu pressed before its code has arrived opens once it has, and gives the keyboard back', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ColorSchemeMenu-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
    await hydrated(page);
    await tabTo(page, 'Color scheme: Light');
    await page.keyboard.press('Enter');
    release();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Light' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Color scheme: Light' })).toBeFocused();
  });

  test('tours: the skip link comes first, then every filter in order, and each one works', async ({ page }) => {
    /** A fresh list with the keyboard at the start of the content; returns how many tours it shows. */
    const startAtContent = async () => {
      await page.goto('/tours');
      const count = await listedCount(page);
      await hydrated(page);
      await skipToContent(page);
      return count;
    };
    const everyTour = await startAtContent();
    expect(await tabSequence(page, 8)).toEqual(['Category', 'Destination', 'Trip length', 'Departure month', 'Min price', 'Max price', 'Search tours', 'Sort by']);

    // Category: opened and chosen from the keyboard, the list narrows; Clear filters brings every tour back.
    await startAtContent();
    await tabTo(page, 'Category');
    await pickWithKeyboard(page);
    await expect(page).toHaveURL(/[?&]category=/);
    expect(await listedCount(page)).toBeLessThan(everyTour);
    await tabTo(page, 'Clear filters');
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/category=/);
    expect(await listedCount(page)).toBe(everyTour);
    // The button is gone with the filters; the keyboard is back on the first filter, not lost on the page.
    await expect(page.getByRole('combobox', { name: 'Category' })).toBeFocused();

    // The other selects reach the URL, which drives the list.
    for (const [label, parameter] of [
      ['Destination', 'destination'],
      ['Trip length', 'duration'],
      ['Departure month', 'month'],
      ['Sort by', 'sort'],
    ] as const) {
      await startAtContent();
      await tabTo(page, label);
      await pickWithKeyboard(page);
      await expect(page).toHaveURL(new RegExp(`[?&]${parameter}=`));
      expect(await listedCount(page)).toBeLessThanOrEqual(everyTour);
    }

    // A price is typed; leaving the box applies it.
    await startAtContent();
    await tabTo(page, 'Min price');
    await page.keyboard.type('3000');
    await page.keyboard.press('Tab');
    await expect(page).toHaveURL(/minPrice=3000/);
    expect(await listedCount(page)).toBeLessThan(everyTour);

    // The search box.
    await startAtContent();
    await tabTo(page, 'Search tours');
    await page.keyboard.type('zanzibar');
    await expect(page).toHaveURL(/q=zanzibar/);
    expect(await listedCount(page)).toBeLessThan(everyTour);
  });
});

test.describe('with the keyboard only, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens, takes the keyboard and closes with Escape', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('tour-card').first()).toBeVisible();
    await tabTo(page, 'Open menu');
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await tabTo(page, 'Tours', 5);
    await expect(menu.getByRole('link', { name: 'Tours', exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('tours: the filter drawer opens, a filter is chosen, and the list shows the result', async ({ page }) => {
    await page.goto('/tours');
    const everyTour = await listedCount(page);
    await skipToContent(page);
    await tabTo(page, 'Filters');
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Filter tours' });
    await expect(drawer).toBeVisible();
    await tabTo(page, 'Category', 5);
    await expect(drawer.getByRole('combobox', { name: 'Category' })).toBeFocused();
    await pickWithKeyboard(page);
    await expect(page).toHaveURL(/[?&]category=/);
    await tabTo(page, /^Show \d+ tours?$/);
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();
    expect(await listedCount(page)).toBeLessThan(everyTour);
    await expect(page.getByRole('button', { name: 'Filters, 1 applied' })).toBeFocused();
  });
});
