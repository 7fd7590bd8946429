import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_POSTS_LIMIT, POST_COLUMNS, POST_SUMMARY_COLUMNS, postListColumns } from '../../shared/blog-posts.ts';
import { CONTENT_PAGE_COLUMNS, PARTNER_LOGO_COLUMNS, TEAM_MEMBER_COLUMNS } from '../../shared/content.ts';
import { DESTINATION_SUMMARY_COLUMNS } from '../../shared/destinations.ts';
import { HERO_COLUMNS } from '../../shared/heroes.ts';
import {
  destinationDetailSelect,
  experienceListSelect,
  LATEST_REVIEWS_LIMIT,
  latestReviewsSelect,
  tourCardSelect,
  tourDetailSelect,
} from '../../shared/catalogue-queries.ts';
import { shellDist, shellFixture } from '../helpers/shell.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// The built index.html in miniature: a default title and description the server must replace.

let server: TestServer;
let distDir: string;

interface TourRow {
  id: string;
  slug: string;
  title: string;
  base_price: string;
  currency: string;
  meta_description: string | null;
}

let tours: TourRow[];
let tour: TourRow;
let draftSlug: string;
let unsafeSlug: string;
/** The newest reviews of all, which no visitor may see on the home page. */
let hiddenReviewIds: string[];
const unsafeTitle = `</title><script>alert("x")</script> Serengeti & <b>Co</b>`;

async function page(pathname: string): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(`${server.url}${pathname}`, { headers: { accept: 'text/html' } });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

function decode(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

function titleOf(html: string): string[] {
  return [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]));
}

function metaOf(html: string, attribute: 'name' | 'property', key: string): string[] {
  return [...html.matchAll(new RegExp(`<meta ${attribute}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`, 'g'))].map((m) => decode(m[1]));
}

function canonicalOf(html: string): string | undefined {
  const match = /<link rel="canonical" href="([^"]*)" \/>/.exec(html);
  return match ? decode(match[1]) : undefined;
}

type JsonLd = Record<string, unknown> & { '@type': string };

function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as JsonLd);
}

function pageDataOf(html: string): { updatedAt: number; entries: Record<string, unknown> } {
  const match = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'page-data script').not.toBeNull();
  return JSON.parse(match![1]);
}

function bodyOf(html: string): string {
  return html.slice(html.indexOf('<body>'));
}

beforeAll(async () => {
  distDir = await shellDist();
  server = await startTestServer({ distDir, corsOrigins: ['https://partner.example'] });
  tours = (
    await server.db.query<TourRow>(
      `select id, slug, title, base_price::text as base_price, currency, meta_description from public.tours where status = 'active' order by slug`,
    )
  ).rows;
  [tour] = tours;
  // Changed before any page is read, so no cached copy hides the change.
  draftSlug = tours[1].slug;
  unsafeSlug = tours[2].slug;
  await server.db.query(`update public.tours set status = 'draft' where slug = $1`, [draftSlug]);
  await server.db.query(`update public.tours set title = $2 where slug = $1`, [unsafeSlug, unsafeTitle]);
  await server.db.query(`update public.content_pages set is_published = false where slug = 'cookie-policy'`);
  // The newest reviews: one of the draft tour and one hidden by moderation, neither of which the home page may show.
  const reviewer = `(select id from public.public_profiles p where not exists (select 1 from public.reviews r where r.user_id = p.id and r.tour_id = t.id) order by id limit 1)`;
  const newestReviews = await server.db.query<{ id: string }>(
    `insert into public.reviews (tour_id, user_id, rating, title, body, is_published, created_at)
     select t.id, ${reviewer}, 5, 'Newest review', 'Written today.', t.slug = $1, now() from public.tours t where t.slug in ($1, $2)
     returning id`,
    [draftSlug, tours[4].slug],
  );
  hiddenReviewIds = newestReviews.rows.map((row) => row.id);
});

afterAll(async () => {
  await server?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('a tour page without JavaScript', () => {
  it('carries the tour title, description, canonical URL and preview tags, replacing the shell defaults', async () => {
    const { status, html, headers } = await page(`/tours/${tour.slug}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/text\/html/);
    expect(titleOf(html)).toEqual([`${tour.title} | Kilele Safaris`]);
    expect(metaOf(html, 'name', 'description')).toEqual([tour.meta_description]);
    expect(html).not.toContain('Default shell description.');
    const url = `${server.config.siteUrl}/tours/${tour.slug}`;
    expect(canonicalOf(html)).toBe(url);
    expect(metaOf(html, 'property', 'og:title')).toEqual([`${tour.title} | Kilele Safaris`]);
    expect(metaOf(html, 'property', 'og:description')).toEqual([tour.meta_description]);
    expect(metaOf(html, 'property', 'og:url')).toEqual([url]);
    expect(metaOf(html, 'property', 'og:type')).toEqual(['website']);
    const [image] = metaOf(html, 'property', 'og:image');
    expect(image).toMatch(new RegExp(`^${server.config.siteUrl}/storage/v1/object/public/`));
    expect(metaOf(html, 'name', 'twitter:card')).toEqual(['summary_large_image']);
    expect(metaOf(html, 'name', 'robots')).toEqual([]);
  });

  it('has TouristTrip JSON-LD with an Offer at the base price, the itinerary and breadcrumbs', async () => {
    const { html } = await page(`/tours/${tour.slug}`);
    const data = jsonLdOf(html);
    const trip = data.find((d) => d['@type'] === 'TouristTrip') as JsonLd & {
      name: string;
      offers: { '@type': string; price: number; priceCurrency: string; availability: string; url: string };
      itinerary: { itemListElement: { position: number; name: string }[] };
    };
    expect(trip.name).toBe(tour.title);
    expect(trip.offers['@type']).toBe('Offer');
    expect(trip.offers.price).toBe(Number(tour.base_price));
    expect(trip.offers.priceCurrency).toBe(tour.currency);
    expect(trip.offers.url).toBe(`${server.config.siteUrl}/tours/${tour.slug}`);
    expect(trip.offers.availability).toMatch(/^https:\/\/schema\.org\/(InStock|SoldOut)$/);
    const days = await server.db.query<{ day_number: number; title: string }>(
      'select day_number, title from public.tour_itinerary where tour_id = $1 order by day_number',
      [tour.id],
    );
    expect(days.rows.length).toBeGreaterThan(0);
    expect(trip.itinerary.itemListElement.map((item) => [item.position, item.name])).toEqual(
      days.rows.map((day) => [day.day_number, `Day ${day.day_number}: ${day.title}`]),
    );
    const breadcrumbs = data.find((d) => d['@type'] === 'BreadcrumbList') as JsonLd & { itemListElement: { name: string }[] };
    expect(breadcrumbs.itemListElement.map((item) => item.name)).toEqual(['Home', 'Safari Tours', tour.title]);
    expect(data.some((d) => d['@type'] === 'TravelAgency')).toBe(true);
  });

  it('inlines exactly what the page reads through supabase-js, and keeps the body of the shell', async () => {
    const { html } = await page(`/tours/${tour.slug}`);
    const { updatedAt, entries } = pageDataOf(html);
    expect(Date.now() - updatedAt).toBeLessThan(120_000);
    const anon = server.client();
    const detail = await anon.from('tours').select(tourDetailSelect).eq('slug', tour.slug).eq('status', 'active').single();
    expect(detail.error).toBeNull();
    expect(entries[`tour:${tour.slug}`]).toEqual(detail.data);
    const branding = await anon.from('branding_settings').select('*').eq('is_active', true).single();
    expect(entries['branding:active']).toEqual(branding.data);
    expect(bodyOf(html)).toBe(bodyOf(shellFixture));
  });

  it('answers 404 with noindex for a missing slug and for a draft tour', async () => {
    for (const slug of ['no-such-safari', draftSlug]) {
      const { status, html } = await page(`/tours/${slug}`);
      expect(status, slug).toBe(404);
      expect(titleOf(html)).toEqual(['Page Not Found | Kilele Safaris']);
      expect(metaOf(html, 'name', 'robots')).toEqual(['noindex']);
      expect(pageDataOf(html).entries).not.toHaveProperty(`tour:${slug}`);
      expect(bodyOf(html)).toBe(bodyOf(shellFixture));
    }
  });

  it('escapes a title carrying markup everywhere it appears', async () => {
    const { status, html } = await page(`/tours/${unsafeSlug}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<b>Co');
    expect(html.match(/<\/title>/g)).toHaveLength(1);
    expect(titleOf(html)).toEqual([`${unsafeTitle} | Kilele Safaris`]);
    const trip = jsonLdOf(html).find((d) => d['@type'] === 'TouristTrip') as JsonLd & { name: string };
    expect(trip.name).toBe(unsafeTitle);
    expect((pageDataOf(html).entries[`tour:${unsafeSlug}`] as { title: string }).title).toBe(unsafeTitle);
  });
});

describe('other public pages', () => {
  it('home has the TravelAgency of the active branding and the featured tours the home page reads', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    const branding = (await server.db.query<Record<string, string>>('select * from public.branding_settings where is_active')).rows[0];
    expect(titleOf(html)).toEqual([`${branding.company_name} | ${branding.tagline}`]);
    expect(canonicalOf(html)).toBe(`${server.config.siteUrl}/`);
    const agency = jsonLdOf(html).find((d) => d['@type'] === 'TravelAgency') as JsonLd & Record<string, unknown>;
    expect(agency).toMatchObject({
      name: branding.company_name,
      telephone: branding.phone,
      email: branding.email,
      url: `${server.config.siteUrl}/`,
      address: { '@type': 'PostalAddress', addressLocality: 'Arusha', addressCountry: 'TZ' },
      openingHours: ['Mo-Fr 08:00-18:00', 'Sa 09:00-14:00'],
    });
    expect(agency.logo).toMatch(/^http/);
    expect(agency.sameAs).toEqual(expect.arrayContaining([branding.facebook_url, branding.instagram_url]));
    const featured = await server
      .client()
      .from('tours')
      .select(tourCardSelect)
      .eq('status', 'active')
      .eq('is_featured', true)
      .order('rating_average', { ascending: false })
      .order('title')
      .limit(6);
    expect(featured.data!.length).toBeGreaterThan(0);
    expect(pageDataOf(html).entries['tours:featured']).toEqual(featured.data);
    // The hero and the destinations row are in the HTML too, as the home page reads them.
    const heroes = await server.client().from('heroes').select(HERO_COLUMNS).eq('is_active', true).order('display_order');
    expect(heroes.data!.length).toBeGreaterThan(0);
    expect(pageDataOf(html).entries['heroes:active']).toEqual(heroes.data);
    const destinations = await server.client().from('destinations').select(DESTINATION_SUMMARY_COLUMNS).eq('is_published', true).order('display_order').order('name');
    expect(destinations.data!.length).toBeGreaterThan(0);
    expect(pageDataOf(html).entries['destinations:all']).toEqual(destinations.data);
    expect(pageDataOf((await page('/destinations')).html).entries['destinations:all']).toEqual(destinations.data);
    // The tour list carries its filters' choices, as categoriesQuery and destinationsQuery read them.
    const categories = await server.client().from('categories').select('id, slug, name').order('display_order').order('name');
    expect(categories.data!.length).toBeGreaterThan(0);
    const tourList = pageDataOf((await page('/tours')).html).entries;
    expect(tourList['categories:all']).toEqual(categories.data);
    expect(tourList['destinations:all']).toEqual(destinations.data);
    expect(pageDataOf((await page('/start-planning')).html).entries['destinations:all']).toEqual(destinations.data);
    // The blog carries its first page of posts with how many there are, and its category links.
    const posts = await server.client().from('blog_posts').select(POST_SUMMARY_COLUMNS, { count: 'exact' }).order('published_at', { ascending: false }).order('title').range(0, 11);
    expect(posts.count).toBeGreaterThan(0);
    const blogCategories = await server.client().from('blog_categories').select('id, slug, name, description').order('display_order').order('name');
    const blog = pageDataOf((await page('/blog')).html).entries;
    expect(blog['posts:first-page']).toEqual({ rows: posts.data, total: posts.count });
    expect(blog['blog-categories:all']).toEqual(blogCategories.data);
    // A category's and a tag's page carry their own first page of posts, as the browser reads them.
    const postsOf = (filter: { category?: string; tag?: string }) => {
      let query = server.client().from('blog_posts').select(postListColumns(filter), { count: 'exact' });
      if (filter.category) query = query.eq('category.slug', filter.category);
      if (filter.tag) query = query.eq('tagged.slug', filter.tag);
      return query.order('published_at', { ascending: false }).order('title').range(0, 11);
    };
    const category = (posts.data![0].category as unknown as { slug: string }).slug;
    const inCategory = await postsOf({ category });
    expect(inCategory.count).toBeGreaterThan(0);
    const categoryPage = pageDataOf((await page(`/blog/category/${category}`)).html).entries;
    expect(categoryPage[`posts:category:${category}:first-page`]).toEqual({ rows: inCategory.data, total: inCategory.count });
    expect(categoryPage['blog-categories:all']).toEqual(blogCategories.data);
    const tag = (await server.client().from('blog_tags').select('id, slug, name').order('slug').limit(1).single()).data!;
    const tagged = await postsOf({ tag: tag.slug });
    const tagPage = pageDataOf((await page(`/blog/tag/${tag.slug}`)).html).entries;
    expect(tagPage[`tag:${tag.slug}`]).toEqual(tag);
    expect(tagPage[`posts:tag:${tag.slug}:first-page`]).toEqual({ rows: tagged.data, total: tagged.count });
  });

  it('home also carries the experiences, the newest reviews of active tours, the latest posts and the partners', async () => {
    const { entries } = pageDataOf((await page('/')).html);
    const anon = server.client();
    const experiences = await anon.from('experiences').select(experienceListSelect).eq('is_published', true).order('display_order').order('title');
    expect(experiences.data!.length).toBeGreaterThan(0);
    expect(entries['experiences:all']).toEqual(experiences.data);
    expect(pageDataOf((await page('/experiences')).html).entries['experiences:all']).toEqual(experiences.data);

    const reviews = await anon
      .from('reviews')
      .select(latestReviewsSelect)
      .eq('is_published', true)
      .eq('tour.status', 'active')
      .order('created_at', { ascending: false })
      .limit(LATEST_REVIEWS_LIMIT);
    expect(reviews.data).toHaveLength(LATEST_REVIEWS_LIMIT);
    expect(entries['reviews:latest']).toEqual(reviews.data);
    // Published reviews of tours a visitor can open only: not the draft tour's, not a hidden one.
    expect(hiddenReviewIds).toHaveLength(2);
    const inlinedIds = (entries['reviews:latest'] as { id: string }[]).map((review) => review.id);
    for (const id of hiddenReviewIds) expect(inlinedIds).not.toContain(id);

    const posts = await anon
      .from('blog_posts')
      .select(POST_SUMMARY_COLUMNS)
      .eq('status', 'published')
      .order('published_at', { ascending: false })
      .order('title')
      .limit(LATEST_POSTS_LIMIT);
    expect(posts.data).toHaveLength(LATEST_POSTS_LIMIT);
    expect(entries['posts:latest']).toEqual(posts.data);

    const partners = await anon.from('partner_logos').select(PARTNER_LOGO_COLUMNS).eq('is_active', true).order('display_order').order('name');
    expect(partners.data!.length).toBeGreaterThan(0);
    expect(entries['partners:active']).toEqual(partners.data);
  });

  it('the about page carries its story, the team and the partners', async () => {
    const { status, html } = await page('/about');
    expect(status).toBe(200);
    const { entries } = pageDataOf(html);
    const anon = server.client();
    const story = await anon.from('content_pages').select(CONTENT_PAGE_COLUMNS).eq('slug', 'about').eq('is_published', true).single();
    expect(story.data).not.toBeNull();
    expect(entries['content:about']).toEqual(story.data);
    const team = await anon.from('team_members').select(TEAM_MEMBER_COLUMNS).eq('is_active', true).order('display_order').order('name');
    expect(team.data!.length).toBeGreaterThan(0);
    expect(entries['team:active']).toEqual(team.data);
    const partners = await anon.from('partner_logos').select(PARTNER_LOGO_COLUMNS).eq('is_active', true).order('display_order').order('name');
    expect(entries['partners:active']).toEqual(partners.data);
  });

  it('a blog post and a content page carry their own rows; a missing page carries none', async () => {
    const post = (await server.db.query<{ slug: string }>(`select slug from public.blog_posts where status = 'published' order by published_at desc limit 1`)).rows[0];
    const stored = await server.client().from('blog_posts').select(POST_COLUMNS).eq('slug', post.slug).single();
    expect(pageDataOf((await page(`/blog/${post.slug}`)).html).entries[`post:${post.slug}`]).toEqual(stored.data);
    const privacy = await server.client().from('content_pages').select(CONTENT_PAGE_COLUMNS).eq('slug', 'privacy-policy').eq('is_published', true).single();
    expect(privacy.data).not.toBeNull();
    expect(pageDataOf((await page('/privacy-policy')).html).entries['content:privacy-policy']).toEqual(privacy.data);
    const missing = await page('/no-such-page');
    expect(missing.status).toBe(404);
    expect(pageDataOf(missing.html).entries).not.toHaveProperty('content:no-such-page');
  });

  it('a blog post has Article JSON-LD from the post', async () => {
    const post = (
      await server.db.query<{ slug: string; title: string; author_name: string; published_at: Date }>(
        `select slug, title, author_name, published_at from public.blog_posts where status = 'published' order by published_at desc limit 1`,
      )
    ).rows[0];
    const { status, html } = await page(`/blog/${post.slug}`);
    expect(status).toBe(200);
    expect(titleOf(html)).toEqual([`${post.title} | Kilele Safaris`]);
    expect(metaOf(html, 'property', 'og:type')).toEqual(['article']);
    const article = jsonLdOf(html).find((d) => d['@type'] === 'Article');
    expect(article).toMatchObject({
      headline: post.title,
      author: { '@type': 'Person', name: post.author_name },
      datePublished: new Date(post.published_at).toISOString(),
      url: `${server.config.siteUrl}/blog/${post.slug}`,
    });
    expect(jsonLdOf(html).some((d) => d['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('a destination page inlines its detail read and has a BreadcrumbList', async () => {
    const { slug, name } = (await server.db.query<{ slug: string; name: string }>('select slug, name from public.destinations order by display_order limit 1')).rows[0];
    const { status, html } = await page(`/destinations/${slug}`);
    expect(status).toBe(200);
    expect(titleOf(html)).toEqual([`${name} | Kilele Safaris`]);
    const detail = await server.client().from('destinations').select(destinationDetailSelect).eq('slug', slug).single();
    expect(pageDataOf(html).entries[`destination:${slug}`]).toEqual(detail.data);
    expect(jsonLdOf(html).map((d) => d['@type'])).toEqual(['TravelAgency', 'TouristDestination', 'BreadcrumbList']);
  });

  it('static pages, content pages and blog labels answer 200; unknown or unpublished ones 404', async () => {
    const ok = ['/about', '/tours', '/destinations', '/experiences', '/blog', '/contact', '/search', '/start-planning', '/privacy-policy', '/faqs', '/blog/category/safari-tips', '/blog/tag/serengeti'];
    for (const pathname of ok) {
      const { status, html } = await page(pathname);
      expect(status, pathname).toBe(200);
      expect(titleOf(html)[0], pathname).toMatch(/ \| Kilele Safaris$/);
      expect(metaOf(html, 'name', 'robots'), pathname).toEqual([]);
    }
    expect(titleOf((await page('/privacy-policy')).html)).toEqual(['Privacy Policy | Kilele Safaris']);
    const missing = ['/cookie-policy', '/no-such-page', '/blog/category/nope', '/blog/tag/nope', '/destinations/atlantis', '/experiences/nope', '/blog/nope', '/tours/a/b', '/Tours', '/favicon-missing.png'];
    for (const pathname of missing) {
      const { status, html } = await page(pathname);
      expect(status, pathname).toBe(404);
      expect(titleOf(html), pathname).toEqual(['Page Not Found | Kilele Safaris']);
      expect(metaOf(html, 'name', 'robots'), pathname).toEqual(['noindex']);
    }
  });

  it('portal, back office and sign-in pages are served by the app with noindex', async () => {
    for (const pathname of ['/traveler', '/traveler/bookings', '/admin', '/admin/tours', '/auth/login', '/login', '/register', '/thank-you']) {
      const { status, html } = await page(pathname);
      expect(status, pathname).toBe(200);
      expect(metaOf(html, 'name', 'robots'), pathname).toEqual(['noindex']);
      expect(bodyOf(html)).toBe(bodyOf(shellFixture));
    }
  });

  it('keeps a page while nothing it shows changes, so a crawler burst does not reach the database each time', async () => {
    const { slug, title } = tours[3];
    expect(titleOf((await page(`/tours/${slug}`)).html)).toEqual([`${title} | Kilele Safaris`]);
    // A change the change counter does not see (its trigger off): the kept page is what is served.
    await server.db.query(`alter table public.tours disable trigger tours_public_pages_changed`);
    try {
      await server.db.query(`update public.tours set title = 'Renamed Safari' where slug = $1`, [slug]);
    } finally {
      await server.db.query(`alter table public.tours enable trigger tours_public_pages_changed`);
    }
    expect(titleOf((await page(`/tours/${slug}/`)).html)).toEqual([`${title} | Kilele Safaris`]);
  });

  it('shows what an editor changes at once: the page, its JSON-LD and the sitemap', async () => {
    const { slug } = tours[3];
    await page(`/tours/${slug}`);
    const sitemapBefore = await (await fetch(`${server.url}/sitemap.xml`)).text();
    await server.db.query(`update public.tours set title = 'Ruaha Renamed Safari', slug = $2 where slug = $1`, [slug, `${slug}-renamed`]);
    const { html } = await page(`/tours/${slug}-renamed`);
    expect(titleOf(html)).toEqual(['Ruaha Renamed Safari | Kilele Safaris']);
    expect(html).toContain('"name":"Ruaha Renamed Safari"');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    expect(sitemapBefore).toContain(`/tours/${slug}</loc>`);
    expect(sitemap).toContain(`/tours/${slug}-renamed</loc>`);
    expect(sitemap).not.toContain(`/tours/${slug}</loc>`);
    // The old address leads to the new one for good.
    const moved = await fetch(`${server.url}/tours/${slug}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect({ status: moved.status, location: moved.headers.get('location') }).toEqual({ status: 301, location: `/tours/${slug}-renamed` });
    await server.db.query(`update public.tours set slug = $1 where slug = $2`, [slug, `${slug}-renamed`]);
  });

  it('shows a change to every one of a burst of visitors who ask after it, while they share the reads of the change number', async () => {
    const { slug, title } = tours[5];
    await page(`/tours/${slug}`);
    // Other visitors all along, so a read of the number is under way when each change is made.
    let flooding = true;
    const flood = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (flooding) await page('/');
      }),
    );
    try {
      for (const round of [1, 2, 3, 4, 5]) {
        const renamed = `${title} (round ${round})`;
        await server.db.query(`update public.tours set title = $2 where slug = $1`, [slug, renamed]);
        const answers = await Promise.all(Array.from({ length: 20 }, () => page(`/tours/${slug}`)));
        for (const { html } of answers) expect(titleOf(html)).toEqual([`${renamed} | Kilele Safaris`]);
      }
    } finally {
      flooding = false;
      await flood;
      await server.db.query(`update public.tours set title = $2 where slug = $1`, [slug, title]);
    }
  });

  it('pages go without cross-origin headers, which the APIs keep for the origins allowed', async () => {
    const origin = { origin: 'https://partner.example' };
    const home = await fetch(`${server.url}/`, { headers: { accept: 'text/html', ...origin } });
    expect(home.headers.get('access-control-allow-origin')).toBeNull();
    for (const pathname of ['/rest/v1/tours?select=slug&limit=1', '/api/health', '/auth/v1/settings', '/storage/v1/object/public/media/brand/logo.svg']) {
      const response = await fetch(`${server.url}${pathname}`, { headers: { apikey: server.anonKey, ...origin } });
      expect(response.headers.get('access-control-allow-origin'), pathname).toBe('https://partner.example');
    }
    // supabase-js on another origin asks first, for its apikey and authorization headers.
    const preflight = await fetch(`${server.url}/rest/v1/tours`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'apikey, authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/apikey/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    // Any other site's page gets nothing to read the answers with.
    const elsewhere = await fetch(`${server.url}/rest/v1/tours?select=slug&limit=1`, { headers: { apikey: server.anonKey, origin: 'https://elsewhere.example' } });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('the canonical URL leaves out the query', async () => {
    const { html } = await page('/tours?category=wildlife-safari&sort=price-asc');
    expect(canonicalOf(html)).toBe(`${server.config.siteUrl}/tours`);
  });
});

describe('sitemap and robots.txt', () => {
  it('the sitemap is well-formed XML listing every active tour with lastmod, and no draft', async () => {
    const response = await fetch(`${server.url}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    // The whole document in the sitemap grammar: anything malformed or unescaped fails this match.
    const entry = String.raw`\s*<url>\s*<loc>https?://[^<>&"'\s]+</loc>\s*<lastmod>\d{4}-\d{2}-\d{2}</lastmod>\s*</url>`;
    expect(xml).toMatch(new RegExp(String.raw`^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<urlset xmlns="http://www\.sitemaps\.org/schemas/sitemap/0\.9">(${entry})+\s*</urlset>\s*$`));
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(locs).size).toBe(locs.length);
    const site = server.config.siteUrl;
    for (const t of tours.filter((t) => t.slug !== draftSlug)) expect(locs).toContain(`${site}/tours/${t.slug}`);
    expect(locs).not.toContain(`${site}/tours/${draftSlug}`);
    expect(locs).toEqual(expect.arrayContaining([`${site}/`, `${site}/about`, `${site}/tours`, `${site}/contact`, `${site}/privacy-policy`, `${site}/blog/category/safari-tips`]));
    expect(locs).not.toContain(`${site}/cookie-policy`);
    const counts = await server.db.query<{ destinations: number; experiences: number; posts: number }>(
      `select (select count(*)::int from public.destinations where is_published) as destinations,
              (select count(*)::int from public.experiences where is_published) as experiences,
              (select count(*)::int from public.blog_posts where status = 'published' and published_at <= now()) as posts`,
    );
    expect(locs.filter((loc) => /\/destinations\/[^/]+$/.test(loc))).toHaveLength(counts.rows[0].destinations);
    expect(locs.filter((loc) => /\/experiences\/[^/]+$/.test(loc))).toHaveLength(counts.rows[0].experiences);
    expect(locs.filter((loc) => /\/blog\/[^/]+$/.test(loc))).toHaveLength(counts.rows[0].posts);
  });

  it('robots.txt allows the site, keeps crawlers out of private areas and names the sitemap', async () => {
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    for (const prefix of ['/admin', '/traveler', '/auth', '/api', '/quote']) expect(text).toMatch(new RegExp(`^Disallow: ${prefix}$`, 'm'));
    expect(text).toContain(`Sitemap: ${server.config.siteUrl}/sitemap.xml`);
  });
});

describe('the headers every page and answer carries', () => {
  it('pages: a policy that forbids framing, X-Frame-Options, an opener policy and a permissions policy; answers: nosniff', async () => {
    for (const pathname of ['/', '/tours', `/tours/${tour.slug}`, '/blog', '/admin', '/auth/login', '/no-such-page']) {
      const { headers } = await page(pathname);
      expect(headers.get('content-security-policy'), pathname).toContain("frame-ancestors 'none'");
      expect(headers.get('x-frame-options'), pathname).toBe('DENY');
      expect(headers.get('cross-origin-opener-policy'), pathname).toBe('same-origin');
      expect(headers.get('permissions-policy'), pathname).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=()');
      expect(headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
    }
    for (const pathname of ['/api/health', '/auth/v1/settings', '/rest/v1/tours?select=slug&limit=1']) {
      const response = await fetch(`${server.url}${pathname}`, { headers: { apikey: server.anonKey } });
      expect(response.headers.get('x-content-type-options'), pathname).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), pathname).toBe('strict-origin-when-cross-origin');
    }
  });
});
