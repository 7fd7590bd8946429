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

/** A supabase-js client configured the way the app configures itself: from the server's runtime config. */
async function anonClient(request: APIRequestContext, baseURL: string): Promise<SupabaseClient> {
  const config = (await (await request.get('/api/config')).json()) as { supabaseUrl: string | null; supabaseAnonKey: string };
  return createClient(config.supabaseUrl ?? baseURL, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: (globalThis.WebSocket ?? NoWebSocket) as unknown as typeof WebSocket },
  });
}

test('the home page shows the company and featured tours from the database', async ({ page, request, baseURL }) => {
  const db = await anonClient(request, baseURL!);
  const branding = await db.from('branding_settings').select('company_name').eq('is_active', true).single();
  expect(branding.error).toBeNull();
  const featured = await db.from('tours').select('title').eq('status', 'active').eq('is_featured', true);
  expect(featured.error).toBeNull();
  const featuredTitles = new Set((featured.data ?? []).map((tour) => tour.title as string));
  expect(featuredTitles.size).toBeGreaterThanOrEqual(3);

  await page.goto('/');

  // The name shows as the wordmark's text, or as the uploaded logo's alternative text.
  const companyName = branding.data!.company_name as string;
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: companyName }).or(header.getByText(companyName, { exact: true })).filter({ visible: true })).toBeVisible();
  const cards = page.getByTestId('tour-card');
  await expect(cards.nth(2)).toBeVisible();
  const shownTitles = await cards.getByRole('heading', { level: 3 }).allTextContents();
  expect(shownTitles.length).toBeGreaterThanOrEqual(3);
  expect(shownTitles.length).toBeLessThanOrEqual(6);
  for (const title of shownTitles) expect(featuredTitles).toContain(title);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

interface ReviewRow {
  id: string;
  rating: number;
  title: string | null;
  reviewer: { full_name: string } | null;
  tour: { slug: string; title: string };
}

/**
 * The home page's lower sections show what the database holds: the first experiences, the newest
 * reviews of active tours (`shownReviews` of them fit the screen), the latest posts and the partners.
 */
async function expectHomeSections(page: Page, db: SupabaseClient, shownReviews: number) {
  const errors = collectConsoleErrors(page);
  const [experiences, reviews, posts, partners] = await Promise.all([
    db.from('experiences').select('title').eq('is_published', true).order('display_order').order('title').limit(3),
    db
      .from('reviews')
      .select('id, rating, title, reviewer:public_profiles(full_name), tour:tours!inner(slug, title)')
      .eq('is_published', true)
      .eq('tour.status', 'active')
      .order('created_at', { ascending: false })
      .limit(6),
    db.from('blog_posts').select('title').eq('status', 'published').order('published_at', { ascending: false }).order('title').limit(3),
    db.from('partner_logos').select('name').eq('is_active', true).order('display_order').order('name'),
  ]);
  for (const result of [experiences, reviews, posts, partners]) expect(result.error).toBeNull();
  expect(experiences.data).toHaveLength(3);
  expect(reviews.data).toHaveLength(6);
  expect(posts.data).toHaveLength(3);
  expect(partners.data!.length).toBeGreaterThan(0);

  await page.goto('/');

  const experienceSection = page.getByRole('region', { name: 'Experiences' });
  await experienceSection.scrollIntoViewIfNeeded();
  await expect(experienceSection.getByTestId('experience-card').getByRole('heading', { level: 3 })).toHaveText(experiences.data!.map((row) => row.title));
  await expect(experienceSection.getByRole('link', { name: 'All experiences' })).toHaveAttribute('href', '/experiences');

  const reviewSection = page.getByRole('region', { name: 'What travelers say' });
  await reviewSection.scrollIntoViewIfNeeded();
  const cards = reviewSection.getByTestId('traveler-review');
  await expect(cards.filter({ visible: true })).toHaveCount(shownReviews);
  const expected = (reviews.data as unknown as ReviewRow[]).slice(0, shownReviews);
  for (const [index, review] of expected.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('img', { name: `Rated ${review.rating} out of 5` })).toBeVisible();
    if (review.title) await expect(card.getByRole('heading', { level: 3 })).toHaveText(review.title);
    await expect(card.getByText(review.reviewer?.full_name ?? 'A traveler', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: review.tour.title })).toHaveAttribute('href', `/tours/${review.tour.slug}`);
  }

  const postSection = page.getByRole('region', { name: 'Latest stories' });
  await postSection.scrollIntoViewIfNeeded();
  await expect(postSection.getByTestId('post-card').getByRole('heading', { level: 3 })).toHaveText(posts.data!.map((row) => row.title));
  await expect(postSection.getByRole('link', { name: 'Read the blog' })).toHaveAttribute('href', '/blog');

  const partnerSection = page.getByRole('region', { name: 'Licensed, trusted and connected' });
  await partnerSection.scrollIntoViewIfNeeded();
  await expect(partnerSection.getByRole('img')).toHaveCount(partners.data!.length);
  for (const partner of partners.data!) await expect(partnerSection.getByRole('img', { name: partner.name as string, exact: true })).toBeVisible();

  // Sections come in order with h2s, and cards carry h3s beneath them.
  const headings = await page.locator('main').getByRole('heading').evaluateAll((nodes) => nodes.map((node) => Number(node.tagName.slice(1))));
  expect(headings[0]).toBe(1);
  for (let index = 1; index < headings.length; index += 1) expect(headings[index] - headings[index - 1]).toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
  await saveScreenshot(page, 'home');
}

test('the home page shows experiences, reviews, latest posts and partners from the database', async ({ page, request, baseURL }) => {
  await expectHomeSections(page, await anonClient(request, baseURL!), 6);
});

test('a reviewer whose photo cannot load shows their initials instead', async ({ page, request, baseURL }) => {
  const db = await anonClient(request, baseURL!);
  const newest = await db
    .from('reviews')
    .select('reviewer:public_profiles(full_name, avatar_url), tour:tours!inner(status)')
    .eq('is_published', true)
    .eq('tour.status', 'active')
    .order('created_at', { ascending: false })
    .limit(1)
    .single();
  expect(newest.error).toBeNull();
  const reviewer = (newest.data as unknown as { reviewer: { full_name: string; avatar_url: string | null } }).reviewer;
  expect(reviewer.avatar_url).toBeTruthy();
  const initials = reviewer.full_name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');

  // The photo never arrives: the first answer to it fails, as on a dropped connection.
  await page.route((url) => url.href === new URL(reviewer.avatar_url!, baseURL).href, (route) => route.abort());
  await page.goto('/');
  const card = page.getByRole('region', { name: 'What travelers say' }).getByTestId('traveler-review').first();
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText(reviewer.full_name, { exact: true })).toBeVisible();
  await expect(card.locator('img')).toHaveCount(0);
  await expect(card.getByText(initials, { exact: true })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the home page shows experiences, the three newest reviews, latest posts and partners', async ({ page, request, baseURL }) => {
    await expectHomeSections(page, await anonClient(request, baseURL!), 3);
  });

  test('the burger opens the menu', async ({ page }) => {
    await page.goto('/');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await expect(mainNav).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    for (const label of ['Tours', 'Destinations', 'Experiences', 'Blog', 'About', 'Contact']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Plan my trip' })).toBeVisible();
  });
});
