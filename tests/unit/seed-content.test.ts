import { describe, expect, it } from 'vitest';
import { blogPosts, blogTags, blogCategories } from '../../server/seed/content/blog.ts';
import { categories, experiences, activities } from '../../server/seed/content/company.ts';
import { destinations } from '../../server/seed/content/destinations.ts';
import { reviewers, reviews } from '../../server/seed/content/reviews.ts';
import { tours } from '../../server/seed/content/tours.ts';
import { departuresFor } from '../../server/seed/departures.ts';
import { extrasFor, groupDiscountsFor, pricingFor, promoCodes, seasonsFor } from '../../server/seed/pricing.ts';

describe('demo catalogue', () => {
  it('has at least 24 tours, 6 featured, with unique slugs and known references', () => {
    expect(tours.length).toBeGreaterThanOrEqual(24);
    expect(tours.filter((t) => t.featured).length).toBeGreaterThanOrEqual(6);
    expect(tours.some((t) => t.private)).toBe(true);
    expect(new Set(tours.map((t) => t.slug)).size).toBe(tours.length);
    const destinationSlugs = new Set(destinations.map((d) => d.slug));
    const categorySlugs = new Set(categories.map((c) => c.slug));
    const experienceSlugs = new Set(experiences.map((e) => e.slug));
    const activitySlugs = new Set(activities.map((a) => a.slug));
    for (const tour of tours) {
      expect(categorySlugs.has(tour.category), tour.slug).toBe(true);
      expect(tour.destinations.every((d) => destinationSlugs.has(d)), tour.slug).toBe(true);
      expect((tour.experiences ?? []).every((e) => experienceSlugs.has(e)), tour.slug).toBe(true);
      expect((tour.activities ?? []).every((a) => activitySlugs.has(a)), tour.slug).toBe(true);
      expect(tour.itinerary.length, tour.slug).toBeGreaterThanOrEqual(1);
      expect(tour.title, tour.slug).toMatch(tour.itinerary.length > 1 ? new RegExp(`^${tour.itinerary.length}-Day `) : /^(?!\d+-Day)/);
      expect(tour.itinerary.at(-1)![3], `${tour.slug} ends without a night`).toBe('');
      expect(tour.price).toBeGreaterThan(100);
    }
  });

  it('has the 12 destinations, reviews by known reviewers and blog posts with known tags', () => {
    expect(destinations.map((d) => d.slug)).toEqual([
      'serengeti', 'ngorongoro-crater', 'tarangire', 'lake-manyara', 'kilimanjaro', 'zanzibar',
      'arusha-national-park', 'ruaha', 'nyerere', 'lake-natron', 'mafia-island', 'mahale-mountains',
    ]);
    const tourSlugs = new Set(tours.map((t) => t.slug));
    for (const review of reviews) {
      expect(tourSlugs.has(review.tour)).toBe(true);
      expect(reviewers[review.reviewer]).toBeDefined();
    }
    expect(new Set(reviews.map((r) => `${r.tour}/${r.reviewer}`)).size).toBe(reviews.length);
    expect(blogPosts.length).toBeGreaterThanOrEqual(6);
    const tagSlugs = new Set(blogTags.map((t) => t.slug));
    const blogCategorySlugs = new Set(blogCategories.map((c) => c.slug));
    for (const post of blogPosts) {
      expect(post.tags.every((t) => tagSlugs.has(t))).toBe(true);
      expect(blogCategorySlugs.has(post.category)).toBe(true);
    }
  });
});

describe('departuresFor', () => {
  const today = new Date('2026-11-22T00:00:00Z');

  it('spreads departures over the next twelve months with consistent seats and status', () => {
    const rows = departuresFor('some-tour', 3, 7, 6, 1000, today);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) {
      expect(row.start_date > '2026-11-22').toBe(true);
      expect(row.start_date < '2027-11-23').toBe(true);
      expect(Date.parse(row.end_date) - Date.parse(row.start_date)).toBe(6 * 86_400_000);
      expect(row.seats_booked).toBeGreaterThanOrEqual(0);
      expect(row.seats_booked).toBeLessThanOrEqual(row.capacity);
      if (row.status === 'sold_out') expect(row.seats_booked).toBe(row.capacity);
    }
    expect(departuresFor('some-tour', 3, 7, 6, 1000, today)).toEqual(rows);
  });

  it('always sells out the first tour’s second departure', () => {
    expect(departuresFor('first', 0, 3, 8, 500, today)[1]).toMatchObject({ status: 'sold_out', seats_booked: 8 });
  });
});

describe('demo pricing', () => {
  const today = new Date('2026-11-22T00:00:00Z');
  const bySlug = (slug: string) => tours.find((t) => t.slug === slug)!;

  it('prices children below adults where the tour takes them, and never on treks for 12 and over', () => {
    const migration = pricingFor(bySlug('7-day-great-migration-safari'));
    expect(migration.child_price).toBeGreaterThan(0);
    expect(migration.child_price).toBeLessThan(bySlug('7-day-great-migration-safari').price);
    expect(migration.single_supplement).toBeGreaterThan(0);
    expect(pricingFor(bySlug('7-day-machame-route-kilimanjaro')).child_price).toBeNull();
    expect(pricingFor(bySlug('maasai-village-cultural-day')).single_supplement).toBe(0);
  });

  it('offers the Serengeti balloon, park fees, a night in Arusha and transfers where they are not included', () => {
    const codes = (slug: string) => extrasFor(bySlug(slug)).map((e) => e.code);
    expect(codes('7-day-great-migration-safari')).toContain('balloon-safari');
    expect(codes('7-day-great-migration-safari')).toContain('extra-night-arusha');
    expect(codes('9-day-bush-beach-honeymoon')).not.toContain('balloon-safari');
    expect(codes('maasai-village-cultural-day')).toEqual(['park-fees', 'airport-transfer']);
    expect(groupDiscountsFor(bySlug('7-day-private-luxury-serengeti'))).toEqual([]);
    expect(groupDiscountsFor(bySlug('7-day-great-migration-safari'))).toEqual([
      { min_travelers: 4, percent: 5 },
      { min_travelers: 6, percent: 10 },
    ]);
  });

  it('gives private tours season windows ahead of today, and seasonal prices to departures', () => {
    const seasons = seasonsFor(bySlug('7-day-private-luxury-serengeti'), today);
    expect(seasons.length).toBeGreaterThanOrEqual(4);
    for (const season of seasons) expect(season.ends_on > '2026-11-22').toBe(true);
    expect(seasonsFor(bySlug('7-day-great-migration-safari'), today)).toEqual([]);
    const rows = departuresFor('some-tour', 3, 7, 6, 1000, today, 700);
    for (const row of rows) {
      const month = Number(row.start_date.slice(5, 7));
      if ([7, 8, 9, 10, 12].includes(month)) expect(row).toMatchObject({ season: 'Peak season', price_override: 1120, child_price_override: 784 });
      else if ([4, 5].includes(month)) expect(row).toMatchObject({ season: 'Green season', price_override: 850, child_price_override: 595 });
      else expect(row).toMatchObject({ season: null, price_override: null, child_price_override: null });
    }
    expect(rows.some((row) => row.season === 'Peak season')).toBe(true);
    expect(promoCodes(today).map((p) => p.code)).toEqual(['KARIBU10', 'MIGRATION250']);
  });
});
