import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { collectConsoleErrors } from './console-errors.ts';
import { adminToken, api, rest } from './rest-api.ts';
import { hydrated } from './hydration.ts';
import { saveScreenshot } from './screenshots.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Node 20 has no WebSocket; the test never opens a realtime channel, so this is never constructed. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used in this test');
  }
}

async function anonClient(request: APIRequestContext, baseURL: string): Promise<SupabaseClient> {
  const config = (await (await request.get('/api/config')).json()) as { supabaseUrl: string | null; supabaseAnonKey: string };
  return createClient(config.supabaseUrl ?? baseURL, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: (globalThis.WebSocket ?? NoWebSocket) as unknown as typeof WebSocket },
  });
}

/** Console errors of the page; a deliberate 404 document (an unknown slug) is not one. */
const pageErrors = (page: Page) => collectConsoleErrors(page, (message) => /status of 404/.test(message.text()));

const CONTENT_SLUGS = ['privacy-policy', 'terms-conditions', 'faqs', 'booking-terms', 'travel-insurance', 'cookie-policy'];

async function expectPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.getByText(/Page Not Found|Unable to Load Page|Something went wrong/)).toHaveCount(0);
  await saveScreenshot(page, path.slice(1).replaceAll('/', '-'));
}

async function visitEveryContentRoute(page: Page, db: SupabaseClient) {
  const errors = pageErrors(page);

  const pages = await db.from('content_pages').select('slug, title').in('slug', [...CONTENT_SLUGS, 'about']);
  expect(pages.error).toBeNull();
  const titles = new Map((pages.data ?? []).map((row) => [row.slug as string, row.title as string]));
  expect(titles.size).toBe(CONTENT_SLUGS.length + 1);

  await expectPage(page, '/about', titles.get('about')!);
  const team = await db.from('team_members').select('name').order('display_order');
  await expect(page.getByTestId('team-member').getByRole('heading', { level: 3 })).toHaveText((team.data ?? []).map((m) => m.name as string));

  for (const slug of CONTENT_SLUGS) await expectPage(page, `/${slug}`, titles.get(slug)!);
  // FAQs written as questions read as an accordion.
  await page.goto('/faqs');
  const firstQuestion = page.getByTestId('faq').getByRole('button').first();
  await firstQuestion.click();
  await expect(firstQuestion).toHaveAttribute('aria-expanded', 'true');

  const posts = await db.from('blog_posts').select('slug, title, category:blog_categories(slug, name)').order('published_at', { ascending: false });
  expect(posts.error).toBeNull();
  const newest = posts.data![0] as unknown as { slug: string; title: string; category: { slug: string; name: string } };
  await expectPage(page, '/blog', 'Safari Journal');
  const cardTitles = await page.getByTestId('post-card').getByRole('heading').allTextContents();
  expect(cardTitles).toEqual(posts.data!.slice(0, cardTitles.length).map((post) => post.title));
  const currentPill = page.getByRole('navigation', { name: 'Blog categories' }).locator('[aria-current="page"]');
  await expect(currentPill).toHaveText(['All stories']);

  await expectPage(page, `/blog/${newest.slug}`, newest.title);
  await expect(page.getByRole('heading', { name: 'Keep reading' })).toBeVisible();

  await expectPage(page, `/blog/category/${newest.category.slug}`, newest.category.name);
  const inCategory = posts.data!.filter((post) => (post.category as unknown as { slug: string }).slug === newest.category.slug).map((post) => post.title);
  await expect(page.getByTestId('post-card').getByRole('heading')).toHaveText(inCategory);
  // The category's pill is the page's, and in view on a phone, where the row scrolls sideways.
  await expect(currentPill).toHaveText([newest.category.name]);
  await expect(currentPill).toBeInViewport({ ratio: 1 });

  const tag = await db.from('blog_tags').select('slug, name').eq('slug', 'serengeti').single();
  await expectPage(page, '/blog/tag/serengeti', tag.data!.name as string);
  await expect(page.getByTestId('post-card').first()).toBeVisible();
  // A tag's stories come from every category: no category's pill is the page.
  await expect(currentPill).toHaveCount(0);

  const branding = await db.from('branding_settings').select('phone, branch_offices').eq('is_active', true).single();
  await expectPage(page, '/contact', 'Contact us');
  for (const office of branding.data!.branch_offices as { location: string }[]) {
    await expect(page.getByTestId('branch-office').getByRole('heading', { name: office.location })).toBeVisible();
  }
  await expect(page.getByText(branding.data!.phone as string).first()).toBeVisible();
  await expect(page.getByText('Mon-Fri 8AM-6PM').first()).toBeVisible();

  await expectPage(page, '/search', 'Search');
  await expect(page.getByText('What are you dreaming of?')).toBeVisible();
  await expectPage(page, '/start-planning', 'Start planning your trip');
  await expectPage(page, '/thank-you', 'Thank you, asante sana!');

  // An unknown slug is the public Page Not Found, and the catch-all leaves real routes alone.
  await page.goto('/no-such-page-here');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Tours' })).toBeVisible();
  await saveScreenshot(page, 'page-not-found');
  await page.goto('/tours');
  await expect(page.getByText('Page Not Found')).toHaveCount(0);

  expect(errors).toEqual([]);
}

test('every content route shows its content from the database', async ({ page, request, baseURL }) => {
  await visitEveryContentRoute(page, await anonClient(request, baseURL!));
});

test('the contact form shows field messages, then sends the message', async ({ page }) => {
  const errors = pageErrors(page);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Please tell us your name')).toBeVisible();
  await expect(form.getByText('Please enter your email address')).toBeVisible();
  await expect(form.getByText('Please add a subject of at least 3 characters')).toBeVisible();
  await expect(form.getByText('Please write a message of at least 10 characters')).toBeVisible();
  await expect(form.getByLabel('Your name')).toBeFocused();

  await form.getByLabel('Your name').fill('Amani Visitor');
  await form.getByRole('textbox', { name: 'Email' }).fill('amani@example');
  await expect(form.getByText('Please enter a valid email address, like name@example.com')).toBeVisible();
  await expect(form.getByText('Please tell us your name')).toHaveCount(0);
  await form.getByRole('textbox', { name: 'Email' }).fill('amani@example.com');
  await form.getByLabel('Subject').fill('Private safari in July');
  await form.getByLabel('Message').fill('We are two adults hoping to see the river crossings in July.');
  await form.getByRole('radio', { name: 'WhatsApp' }).check();

  const answer = page.waitForResponse((response) => response.url().endsWith('/api/enquiries'));
  await form.getByRole('button', { name: 'Send message' }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const sent = page.getByTestId('contact-sent');
  await expect(sent.getByRole('heading', { name: 'Thank you, Amani' })).toBeVisible();
  await expect(sent).toContainText(`Reference ${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`);
  expect(errors).toEqual([]);
});

test.describe('a message sent while supabase-js still loads', () => {
  // The service worker would fetch the library itself, out of page.route's sight.
  test.use({ serviceWorkers: 'block' });

  test('is on the device before the page answers, and reaches the office after a reload', async ({ page, request }) => {
    // supabase-js held back for as long as the test likes: the outbox must not wait for it to keep a write.
    const supabaseJs = /\/assets\/supabase-js-[\w-]+\.js$/;
    await page.route(supabaseJs, () => undefined);
    const subject = `Held library ${Date.now().toString(36)}`;
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Send us a message' });
    await hydrated(page);
    await form.getByLabel('Your name').fill('Baraka Early');
    await form.getByRole('textbox', { name: 'Email' }).fill('baraka.early@example.com');
    await form.getByLabel('Subject').fill(subject);
    await form.getByLabel('Message').fill('Sent before the page had all of its scripts.');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('contact-sent')).toContainText("We'll send your message when you're back online", { timeout: 20_000 });
    const waiting = () =>
      page.evaluate(
        () =>
          new Promise<string[]>((resolve, reject) => {
            const opening = indexedDB.open('kilele');
            opening.onerror = () => reject(opening.error);
            opening.onsuccess = () => {
              const read = opening.result.transaction('outbox').objectStore('outbox').getAll();
              read.onsuccess = () => resolve((read.result as { payload: { subject?: string } }[]).map((entry) => entry.payload.subject ?? ''));
              read.onerror = () => reject(read.error);
            };
          }),
      );
    expect(await waiting()).toContain(subject);

    // A reload with the library let through: the outbox sends what the device kept, once.
    await page.unroute(supabaseJs);
    await page.reload();
    const a = await api(request);
    const token = await adminToken(a);
    const office = () => rest<{ subject: string }[]>(a, token, 'GET', `enquiries?select=subject&subject=eq.${encodeURIComponent(subject)}`);
    await expect.poll(async () => (await office()).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(waiting).not.toContain(subject);
  });
});

test("the footer's newsletter form, loaded once the page is idle, signs an address up", async ({ page }) => {
  const errors = pageErrors(page);
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  const email = footer.getByRole('textbox', { name: 'Email address' });
  await email.fill('not-an-address');
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByText('Enter an email address like you@example.com')).toBeVisible();
  await email.fill(`footer-${Date.now()}@example.com`);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('You are subscribed')).toBeVisible({ timeout: 15_000 });
  await expect(email).toHaveValue('');
  expect(errors).toEqual([]);
});

test("a visitor who touches the newsletter field before the form's code has arrived gets the form, its field focused", async ({ page }) => {
  const errors = pageErrors(page);
  // The form's code is held back until the visitor has touched its stand-in.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/NewsletterForm-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/about');
  await hydrated(page);
  const footer = page.getByRole('contentinfo');
  const standIn = footer.getByRole('textbox', { name: 'Email address' });
  await expect(standIn).toHaveAttribute('readonly', '');
  await expect(footer.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await standIn.click();
  release();
  const field = footer.getByRole('textbox', { name: 'Email address' });
  await expect(field).not.toHaveAttribute('readonly');
  await expect(field).toBeFocused();
  await page.keyboard.type('early-bird@example.com');
  await expect(field).toHaveValue('early-bird@example.com');
  expect(errors).toEqual([]);
});

test("a destination's and an experience's call to plan open the planner with them filled in", async ({ page, request, baseURL }) => {
  const errors = pageErrors(page);
  const db = await anonClient(request, baseURL!);
  const destination = await db.from('destinations').select('slug, name').eq('slug', 'serengeti').single();
  const experience = await db.from('experiences').select('slug, title').eq('is_published', true).order('display_order').limit(1).single();
  expect(destination.error).toBeNull();
  expect(experience.error).toBeNull();

  await page.goto(`/destinations/${destination.data!.slug}`);
  await page.getByRole('link', { name: 'Plan a trip here' }).click();
  await expect(page).toHaveURL(new RegExp(`/start-planning\\?destination=${destination.data!.slug}$`));
  await expect(page.getByRole('checkbox', { name: new RegExp(destination.data!.name as string) })).toBeChecked();
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(1);

  await page.goto(`/experiences/${experience.data!.slug}`);
  await page.getByRole('link', { name: 'Add it to a tailor-made trip' }).click();
  await expect(page).toHaveURL(new RegExp(`/start-planning\\?experience=${experience.data!.slug}$`));
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByRole('checkbox', { name: /Ngorongoro Crater/ }).click();
  await next.click();
  await page.getByRole('combobox', { name: 'Month' }).click();
  await page.getByRole('listbox', { name: 'Month' }).getByRole('option').nth(2).click();
  await next.click();
  await page.getByRole('radio', { name: '$5,000 – $8,000' }).click();
  await next.click();
  await next.click();
  await expect(page.getByLabel('Anything else?')).toHaveValue(`I would love to include the ${experience.data!.title}.`);
  expect(errors).toEqual([]);
});

test('search finds Serengeti tours and the destination', async ({ page, request, baseURL }) => {
  const db = await anonClient(request, baseURL!);
  const tours = await db.from('tours').select('title').eq('status', 'active').textSearch('search', 'Serengeti', { type: 'websearch', config: 'english' });
  expect(tours.data!.length).toBeGreaterThan(0);
  const destination = await db.from('destinations').select('name').eq('slug', 'serengeti').single();

  await page.goto('/search');
  await page.getByRole('searchbox', { name: 'Search the site' }).fill('Serengeti');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=Serengeti$/);
  const tourResults = page.locator('[data-testid="search-result"][data-type="tour"]');
  await expect(tourResults).toHaveCount(tours.data!.length);
  expect((await tourResults.getByRole('heading').allTextContents()).sort()).toEqual(tours.data!.map((tour) => tour.title as string).sort());
  const destinations = page.locator('[data-testid="search-result"][data-type="destination"]');
  await expect(destinations.getByRole('link', { name: destination.data!.name as string })).toBeVisible();
  await saveScreenshot(page, 'search-serengeti');

  await page.getByRole('searchbox', { name: 'Search the site' }).fill('xylophone');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Nothing found for “xylophone”')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Plan a tailor-made trip' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('every content route shows its content from the database', async ({ page, request, baseURL }) => {
    await visitEveryContentRoute(page, await anonClient(request, baseURL!));
  });

  test('the trip planner goes step by step to the thank-you page', async ({ page }) => {
    const errors = pageErrors(page);
    await page.goto('/start-planning');
    const next = page.getByRole('button', { name: 'Next' });

    await next.click();
    await expect(page.getByText('Choose at least one destination')).toBeVisible();
    await page.getByRole('checkbox', { name: /Serengeti National Park/ }).click();
    await page.getByRole('checkbox', { name: /Ngorongoro Crater/ }).click();
    await expect(page.getByText('Choose at least one destination')).toHaveCount(0);
    await next.click();

    await expect(page.getByRole('heading', { name: 'When would you like to travel?' })).toBeVisible();
    await next.click();
    await expect(page.getByText('Choose a month')).toBeVisible();
    await page.getByRole('combobox', { name: 'Month' }).click();
    await page.getByRole('listbox', { name: 'Month' }).getByRole('option').nth(3).click();
    await next.click();

    await expect(page.getByRole('heading', { name: 'Who is travelling, and what budget?' })).toBeVisible();
    await next.click();
    await expect(page.getByText('Choose a budget per person')).toBeVisible();
    await page.getByRole('radio', { name: '$5,000 – $8,000' }).click();
    await next.click();

    await page.getByText('Honeymoon', { exact: true }).click();
    await page.getByText('Photography', { exact: true }).click();
    await next.click();

    await page.getByLabel('Your name').fill('Lena Planner');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('lena@example.com');
    await page.getByLabel('Anything else?').fill('Our honeymoon, in the quieter camps please.');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/enquiries'));
    await page.getByRole('button', { name: 'Send my request' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };

    await expect(page).toHaveURL(new RegExp(`/thank-you\\?ref=${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you, asante sana!');
    await expect(page.getByTestId('enquiry-reference')).toContainText(id.replace(/-/g, '').slice(0, 8).toUpperCase());
    expect(errors).toEqual([]);
  });

  test('Next pressed before the later steps have arrived shows the next step once they have, with the keyboard on its question', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/PlanningLaterSteps-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/start-planning');
    await hydrated(page);
    await page.getByRole('checkbox', { name: /Serengeti National Park/ }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    // The step says it is on its way, and the first step's question is gone.
    await expect(page.locator('.mantine-Skeleton-root').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Where would you like to go?' })).toHaveCount(0);
    release();
    await expect(page.getByRole('heading', { name: 'When would you like to travel?' })).toBeFocused();
  });
});
