import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { collectConsoleErrors } from './console-errors.ts';
import { saveScreenshot } from './screenshots.ts';

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

interface ActiveTour {
  slug: string;
  title: string;
  status: string;
  base_price: number;
  category: { slug: string } | null;
  destinations: { slug: string }[];
}

/** Every listed tour as the database holds it; anon reads only active ones (RLS), and the test checks that too. */
async function activeTours(db: SupabaseClient): Promise<ActiveTour[]> {
  const { data, error } = await db.from('tours').select('slug, title, status, base_price, category:categories(slug), destinations(slug)').eq('status', 'active');
  expect(error).toBeNull();
  return (data ?? []).map((row) => ({ ...row, base_price: Number(row.base_price) }) as unknown as ActiveTour);
}

/**
 * Collects console errors and uncaught exceptions of the page. The report endpoints' own rate limit
 * (60 a minute per address) is reached by this fast test from one address, never by a visitor: its
 * 429s are not errors of the pages.
 */
function watchErrors(page: Page): string[] {
  return collectConsoleErrors(
    page,
    (message) => /\/api\/(performance|errors)$/.test(new URL(message.location().url || 'about:blank').pathname) && message.text().includes('429'),
  );
}

async function cardTitles(page: Page): Promise<string[]> {
  return page.getByTestId('tour-card').getByRole('heading', { level: 3 }).allTextContents();
}

/** Waits until the list shows `count` tours (the results heading) and returns the card titles. */
async function listedTitles(page: Page, count: number): Promise<string[]> {
  await expect(page.getByRole('heading', { level: 2, name: `${count} ${count === 1 ? 'tour' : 'tours'}` })).toBeVisible();
  await expect(page.locator('[data-refreshing]')).toHaveCount(0);
  if (count > 0) await expect(page.getByTestId('tour-card')).toHaveCount(count);
  return cardTitles(page);
}

const sorted = (values: string[]) => [...values].sort();

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`catalogue on ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the tour list shows exactly the active tours, and URL filters return what the database says', async ({ page, request, baseURL }) => {
      const errors = watchErrors(page);
      const db = await anonClient(request, baseURL!);
      const tours = await activeTours(db);
      expect(tours.length).toBeGreaterThan(10);
      expect(tours.every((tour) => tour.status === 'active')).toBe(true);

      await page.goto('/tours');
      await expect(page.getByRole('heading', { level: 1, name: 'Tours' })).toBeVisible();
      expect(sorted(await listedTitles(page, tours.length))).toEqual(sorted(tours.map((tour) => tour.title)));
      const toursLink = page.locator('nav[aria-label="Main"] a[href="/tours"]');
      await expect(toursLink).toHaveAttribute('aria-current', 'page');
      await saveScreenshot(page, 'tours');

      // A shared link with a category, a destination and a price range.
      const category = tours.find((tour) => tour.category)!.category!.slug;
      const destination = tours.find((tour) => tour.destinations.length > 1)!.destinations[0].slug;
      const expected = tours.filter(
        (tour) => tour.category?.slug === category && tour.destinations.some((place) => place.slug === destination) && tour.base_price >= 500 && tour.base_price <= 6000,
      );
      expect(expected.length).toBeGreaterThan(0);
      await page.goto(`/tours?category=${category}&destination=${destination}&minPrice=500&maxPrice=6000`);
      expect(sorted(await listedTitles(page, expected.length))).toEqual(sorted(expected.map((tour) => tour.title)));

      // Web search on the search column, as Postgres answers it.
      const search = await db.from('tours').select('title, status').eq('status', 'active').textSearch('search', 'kilimanjaro', { type: 'websearch', config: 'english' });
      expect(search.error).toBeNull();
      expect(search.data!.length).toBeGreaterThan(0);
      await page.goto('/tours?q=kilimanjaro');
      expect(sorted(await listedTitles(page, search.data!.length))).toEqual(sorted(search.data!.map((tour) => tour.title as string)));

      // Nothing matches: the empty state says what to do next.
      await page.goto('/tours?q=penguins');
      await expect(page.getByText('No tours match these filters')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Plan a tailor-made trip' })).toBeVisible();
      await saveScreenshot(page, 'tours-none-match');
      await page.getByRole('button', { name: 'Clear search and filters' }).click();
      await listedTitles(page, tours.length);
      expect(errors).toEqual([]);
    });

    test('the tour page shows the tour, its itinerary, departures and reviews from the database', async ({ page, request, baseURL }) => {
      const errors = watchErrors(page);
      const db = await anonClient(request, baseURL!);
      // A tour with a sold-out departure (the seed has one) and reviews.
      const soldOut = await db.from('tour_departures').select('tour_id').eq('status', 'sold_out').limit(1).single();
      expect(soldOut.error).toBeNull();
      const { data: tour, error } = await db
        .from('tours')
        .select('id, slug, title, status, gallery, tour_itinerary(day_number, title), tour_departures(start_date, status, season), reviews(created_at, reviewer:public_profiles(full_name))')
        .eq('id', soldOut.data!.tour_id)
        .single();
      expect(error).toBeNull();
      expect(tour!.status).toBe('active');

      await page.goto(`/tours/${tour!.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: tour!.title })).toBeVisible();
      const facts = page.getByRole('definition');
      await expect(facts).toHaveCount(5);
      for (const label of ['Duration', 'Price from', 'Group size', 'Difficulty', 'Best season']) await expect(page.getByRole('term').filter({ hasText: label })).toHaveCount(1);

      const days = [...(tour!.tour_itinerary as { day_number: number; title: string }[])].sort((a, b) => a.day_number - b.day_number);
      const itinerary = page.getByRole('region', { name: 'Day by day' });
      for (const day of days) await expect(itinerary.getByRole('heading', { level: 3, name: `Day ${day.day_number} ${day.title}` })).toBeVisible();

      const today = new Date().toISOString().slice(0, 10);
      const upcoming = (tour!.tour_departures as { start_date: string; status: string; season: string | null }[])
        .filter((departure) => departure.status !== 'cancelled' && departure.start_date >= today)
        .sort((a, b) => a.start_date.localeCompare(b.start_date));
      await expect(page.getByTestId('departure')).toHaveCount(upcoming.length);
      await expect(page.getByTestId('departure').filter({ hasText: 'Sold out' })).toHaveCount(upcoming.filter((departure) => departure.status === 'sold_out').length);
      await expect(page.getByTestId('departure').filter({ hasText: /\d+ seats? left/ }).first()).toBeVisible();
      // A departure priced for its season says which, so a price under the tour's 'from' is explained.
      expect(upcoming.some((departure) => departure.season)).toBe(true);
      for (const [index, departure] of upcoming.entries()) {
        const season = page.getByTestId('departure').nth(index).getByTestId('departure-season');
        if (departure.season) await expect(season).toHaveText(`${departure.season} price`);
        else await expect(season).toHaveCount(0);
      }

      const reviewers = [...(tour!.reviews as unknown as { created_at: string; reviewer: { full_name: string } }[])]
        .sort((a, b) => b.created_at.localeCompare(a.created_at))
        .map((review) => review.reviewer.full_name);
      expect(reviewers.length).toBeGreaterThan(0);
      const shownReviewers = await page.getByTestId('review').locator('p').filter({ hasText: new RegExp(`^(${reviewers.join('|')})$`) }).allTextContents();
      expect(shownReviewers).toEqual(reviewers);

      const bookNow = page.getByRole('link', { name: 'Book now' }).filter({ visible: true });
      await expect(bookNow).toHaveCount(1);
      await expect(bookNow).toHaveAttribute('href', `/tours/${tour!.slug}/book`);
      await expect(page.getByRole('region', { name: 'You may also like' }).getByTestId('tour-card').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Route' }).getByRole('listitem').first()).toBeVisible();

      // The gallery: a picture opens large, Next shows the next one, Escape closes it and gives the keyboard back.
      const pictures = (tour!.gallery as string[]).length;
      expect(pictures).toBeGreaterThan(1);
      const firstPicture = page.getByRole('button', { name: `Open ${tour!.title}, picture 1 of ${pictures}` });
      await firstPicture.click();
      await expect(page.getByRole('dialog', { name: `${tour!.title}, picture 1 of ${pictures}` })).toBeVisible();
      await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('dialog', { name: `${tour!.title}, picture 2 of ${pictures}` })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(firstPicture).toBeFocused();
      // The header highlights the section the tour is in; the current page is the tour's, not the list.
      const toursLink = page.locator('nav[aria-label="Main"] a[href="/tours"]');
      await expect(toursLink).toHaveAttribute('data-active', 'true');
      await expect(toursLink).not.toHaveAttribute('aria-current');
      expect(errors).toEqual([]);
      await saveScreenshot(page, 'tour');
    });

    test('signed out, the wishlist toggle asks the visitor to sign in and come back', async ({ page, request, baseURL }) => {
      const errors = watchErrors(page);
      const db = await anonClient(request, baseURL!);
      const [tour] = await activeTours(db);
      await page.goto(`/tours/${tour.slug}`);
      await page.getByRole('button', { name: 'Save to wishlist' }).filter({ visible: true }).click();
      const prompt = page.getByRole('dialog', { name: 'Sign in to save tours' });
      await expect(prompt).toBeVisible();
      await expect(prompt.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/auth/login?redirect=${encodeURIComponent(`/tours/${tour.slug}`)}`);
      expect(errors).toEqual([]);
    });

    test('destinations and experiences show their rows and their tours', async ({ page, request, baseURL }) => {
      const errors = watchErrors(page);
      const db = await anonClient(request, baseURL!);
      const destinations = await db.from('destinations').select('slug, name, tours(title, status)').order('display_order').order('name');
      expect(destinations.error).toBeNull();
      await page.goto('/destinations');
      await expect(page.getByRole('heading', { level: 1, name: 'Destinations' })).toBeVisible();
      await expect(page.getByTestId('destination-card')).toHaveCount(destinations.data!.length);
      const shownDestinations = await page.getByTestId('destination-card').evaluateAll((cards) => cards.map((card) => card.querySelector('span span')?.textContent));
      expect(shownDestinations).toEqual(destinations.data!.map((destination) => destination.name));
      await saveScreenshot(page, 'destinations');

      const destination = destinations.data!.find((row) => (row.tours as unknown[]).length > 1)!;
      await page.getByTestId('destination-card').filter({ hasText: destination.name }).click();
      await expect(page).toHaveURL(new RegExp(`/destinations/${destination.slug}$`));
      await expect(page.getByRole('heading', { level: 1, name: destination.name })).toBeVisible();
      const destinationTours = destination.tours as { title: string; status: string }[];
      expect(destinationTours.every((tour) => tour.status === 'active')).toBe(true);
      await expect(page.getByTestId('tour-card')).toHaveCount(destinationTours.length);
      expect(sorted(await cardTitles(page))).toEqual(sorted(destinationTours.map((tour) => tour.title)));
      await saveScreenshot(page, 'destination');

      const experiences = await db.from('experiences').select('slug, title, tours(title)').order('display_order').order('title');
      expect(experiences.error).toBeNull();
      await page.goto('/experiences');
      await expect(page.getByRole('heading', { level: 1, name: 'Experiences' })).toBeVisible();
      expect(await page.getByTestId('experience-card').getByRole('heading', { level: 2 }).allTextContents()).toEqual(experiences.data!.map((row) => row.title));
      await saveScreenshot(page, 'experiences');

      const experience = experiences.data!.find((row) => (row.tours as unknown[]).length > 0)!;
      await page.goto(`/experiences/${experience.slug}`);
      await expect(page.getByRole('heading', { level: 1, name: experience.title })).toBeVisible();
      expect(sorted(await cardTitles(page))).toEqual(sorted((experience.tours as { title: string }[]).map((tour) => tour.title)));
      expect(errors).toEqual([]);
      await saveScreenshot(page, 'experience');
    });

    test('unknown slugs show the public Page Not Found', async ({ page }) => {
      for (const path of ['/tours/no-such-safari', '/destinations/atlantis', '/experiences/moon-walk']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Home' }).filter({ visible: true }).last()).toBeVisible();
        await expect(page.getByRole('link', { name: 'Browse Tours' })).toBeVisible();
      }
    });
  });
}

test('the filter controls narrow the list to what the database holds', async ({ page, request, baseURL }) => {
  const errors = watchErrors(page);
  const db = await anonClient(request, baseURL!);
  const tours = await activeTours(db);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/tours');
  await listedTitles(page, tours.length);
  const filters = page.getByRole('complementary', { name: 'Filter tours' });

  const category = tours.find((tour) => tour.category)!.category!.slug;
  await filters.getByLabel('Category').selectOption(category);
  const byCategory = tours.filter((tour) => tour.category?.slug === category);
  expect(sorted(await listedTitles(page, byCategory.length))).toEqual(sorted(byCategory.map((tour) => tour.title)));
  await expect(page).toHaveURL(new RegExp(`category=${category}`));

  await filters.getByLabel('Category').selectOption('');
  const destination = tours.find((tour) => tour.destinations.length)!.destinations[0].slug;
  await filters.getByLabel('Destination').selectOption(destination);
  const byDestination = tours.filter((tour) => tour.destinations.some((place) => place.slug === destination));
  expect(sorted(await listedTitles(page, byDestination.length))).toEqual(sorted(byDestination.map((tour) => tour.title)));

  await filters.getByLabel('Destination').selectOption('');
  await filters.getByLabel('Min price').fill('1000');
  await filters.getByLabel('Max price').fill('3000');
  await filters.getByLabel('Max price').blur();
  // The boxes take digits only and mark the thousands once left.
  await expect(filters.getByLabel('Min price')).toHaveValue('1,000');
  await expect(filters.getByLabel('Max price')).toHaveValue('3,000');
  const byPrice = tours.filter((tour) => tour.base_price >= 1000 && tour.base_price <= 3000);
  expect(sorted(await listedTitles(page, byPrice.length))).toEqual(sorted(byPrice.map((tour) => tour.title)));
  await expect(page).toHaveURL(/minPrice=1000/);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('searchbox', { name: 'Search tours' }).fill('zanzibar');
  const search = await db.from('tours').select('title').eq('status', 'active').textSearch('search', 'zanzibar', { type: 'websearch', config: 'english' });
  expect(sorted(await listedTitles(page, search.data!.length))).toEqual(sorted(search.data!.map((tour) => tour.title as string)));
  await expect(page).toHaveURL(/q=zanzibar/);

  // Sorting by price puts the cheapest first.
  await page.getByRole('searchbox', { name: 'Search tours' }).fill('');
  await listedTitles(page, tours.length);
  await page.getByLabel('Sort by').selectOption('price-asc');
  await expect(page).toHaveURL(/sort=price-asc/);
  const cheapest = [...tours].sort((a, b) => a.base_price - b.base_price || a.title.localeCompare(b.title))[0];
  await expect(page.getByTestId('tour-card').first().getByRole('heading', { level: 3 })).toHaveText(cheapest.title);
  expect(errors).toEqual([]);
});

test.describe('filters on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('open in a drawer and narrow the list', async ({ page, request, baseURL }) => {
    const db = await anonClient(request, baseURL!);
    const tours = await activeTours(db);
    await page.goto('/tours');
    await listedTitles(page, tours.length);
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filter tours' });
    const category = tours.find((tour) => tour.category)!.category!.slug;
    await drawer.getByLabel('Category').selectOption(category);
    const byCategory = tours.filter((tour) => tour.category?.slug === category);
    await drawer.getByRole('button', { name: `Show ${byCategory.length} tours` }).click();
    await expect(drawer).toBeHidden();
    expect(sorted(await listedTitles(page, byCategory.length))).toEqual(sorted(byCategory.map((tour) => tour.title)));
  });
});
