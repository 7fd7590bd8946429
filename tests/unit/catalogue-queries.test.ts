import { describe, expect, it } from 'vitest';
import { upcomingMonths } from '../../src/lib/dates.ts';
import { availabilityText, routeStops, tourDetailFromRow, upcomingDepartures, type TourDetailRow } from '../../src/features/tours/model.ts';
import { monthRange, relatedToursRequest, restSearchParams, tourCardSelect, tourDetailSelect, tourListRequest } from '../../shared/catalogue-queries.ts';
import { activeFilterCount, parseTourListSearch } from '../../src/features/tours/search-params.ts';

describe('tour list request', () => {
  it('always asks for active tours only, with no whitespace in the selects', () => {
    const request = tourListRequest({});
    expect(request.filters).toEqual([{ column: 'status', operator: 'eq', value: 'active' }]);
    expect(request.select).toBe(tourCardSelect);
    for (const select of [tourCardSelect, tourDetailSelect]) expect(select).not.toMatch(/\s/);
    expect(request.order.at(-1)).toEqual({ column: 'title', ascending: true });
  });

  it('filters related rows through their own inner-joined embeds, leaving the card embeds whole', () => {
    const params = restSearchParams(
      tourListRequest({ q: ' big five ', category: 'wildlife-safari', destination: 'serengeti', minPrice: 1000, maxPrice: 3000, duration: 'week', month: '2026-12', sort: 'price-asc' }),
    );
    expect(params.get('select')).toContain('category_filter:categories!inner(slug)');
    expect(params.get('select')).toContain('destination_filter:destinations!inner(slug)');
    expect(params.get('select')).toContain('month_filter:tour_departures!inner(start_date)');
    expect(params.get('search')).toBe('wfts(english).big five');
    expect(params.get('category_filter.slug')).toBe('eq.wildlife-safari');
    expect(params.get('destination_filter.slug')).toBe('eq.serengeti');
    expect(params.getAll('base_price')).toEqual(['gte.1000', 'lte.3000']);
    expect(params.getAll('duration_days')).toEqual(['gte.5', 'lte.8']);
    expect(params.getAll('month_filter.start_date')).toEqual(['gte.2026-12-01', 'lt.2027-01-01']);
    expect(params.get('month_filter.status')).toBe('in.(open,limited,guaranteed)');
    expect(params.get('order')).toBe('base_price.asc,title.asc');
  });

  it('relates tours by category or a shared destination, never the tour itself', () => {
    const request = relatedToursRequest({ id: 't1', categoryId: 'c1', destinationIds: ['d1', 'd2'] });
    expect(request.any).toBe('category_id.eq.c1,shared_destination.not.is.null');
    expect(request.filters).toContainEqual({ column: 'id', operator: 'neq', value: 't1' });
    expect(request.filters).toContainEqual({ column: 'shared_destination.destination_id', operator: 'in', value: '(d1,d2)' });
    expect(relatedToursRequest({ id: 't1', categoryId: null, destinationIds: [] }).any).toBe('id.is.null');
  });

  it('reads months as calendar ranges', () => {
    expect(monthRange('2027-02')).toEqual({ from: '2027-02-01', to: '2027-03-01' });
    expect(monthRange('2027-13')).toBeNull();
    expect(upcomingMonths('2026-11-22', 3).map((month) => month.value)).toEqual(['2026-11', '2026-12', '2027-01']);
  });
});

describe('tour list URL', () => {
  it('keeps valid filters and drops what does not parse, so old links still open a list', () => {
    expect(parseTourListSearch({ category: 'beach-island', minPrice: '500', sort: 'rating', duration: 'forever', month: '2026-1', q: '' })).toEqual({
      category: 'beach-island',
      minPrice: 500,
      sort: 'rating',
    });
    expect(parseTourListSearch({ destination: 'DROP TABLE', maxPrice: '-4' })).toEqual({});
    // As TanStack Router hands them over: numbers already parsed, or text.
    expect(parseTourListSearch({ q: '  big five  ', minPrice: 1000, maxPrice: ' 3000 ', destination: 'serengeti', month: '2026-12', duration: 'week' })).toEqual({
      q: 'big five',
      minPrice: 1000,
      maxPrice: 3000,
      destination: 'serengeti',
      month: '2026-12',
      duration: 'week',
    });
    expect(parseTourListSearch({ q: 'x'.repeat(101), minPrice: 10.5, maxPrice: 1_000_001, category: 'Beach', month: '2026-13', sort: 'toString' })).toEqual({});
    expect(parseTourListSearch({ q: '   ', minPrice: '', maxPrice: true, category: ['a'], duration: 'hasOwnProperty' })).toEqual({});
    expect(activeFilterCount({ q: 'x', sort: 'rating', category: 'a', minPrice: 1, maxPrice: 2 })).toBe(2);
  });
});

const row: TourDetailRow = {
  id: 't1',
  slug: 'migration',
  title: 'Migration',
  summary: null,
  description: null,
  status: 'active',
  category_id: null,
  base_price: '3000.00',
  currency: 'USD',
  duration_days: 4,
  duration_nights: 3,
  group_size_min: 1,
  group_size_max: 6,
  min_age: null,
  difficulty: 'easy',
  best_season: null,
  start_location: 'Arusha',
  end_location: 'Arusha',
  highlights: null,
  included: [],
  excluded: [],
  hero_image_url: null,
  gallery: ['/a.svg', { url: '/b.svg' }, 7],
  is_private: false,
  rating_average: '4.50',
  review_count: 2,
  meta_title: null,
  meta_description: null,
  category: null,
  tour_destinations: [
    { position: 1, destination: { id: 'd2', name: 'Ngorongoro Crater', slug: 'ngorongoro-crater', country: 'Tanzania', region: null } },
    { position: 0, destination: { id: 'd1', name: 'Serengeti', slug: 'serengeti', country: 'Tanzania', region: null } },
  ],
  tour_itinerary: [
    { day_number: 3, title: 'Crater', description: null, location: 'Ngorongoro', accommodation: null, meals: null, activities: null },
    { day_number: 1, title: 'Arrive', description: null, location: 'Arusha', accommodation: null, meals: null, activities: null },
    { day_number: 2, title: 'Plains', description: null, location: 'Serengeti', accommodation: null, meals: null, activities: null },
    { day_number: 4, title: 'Home', description: null, location: 'Ngorongoro', accommodation: null, meals: null, activities: null },
  ],
  tour_departures: [
    { id: 'p2', start_date: '2026-12-20', end_date: '2026-12-23', capacity: 6, seats_booked: 6, status: 'sold_out', price_override: null, season: null },
    { id: 'p1', start_date: '2026-12-01', end_date: '2026-12-04', capacity: 6, seats_booked: 5, status: 'limited', price_override: '3360.00', season: 'Peak season' },
    { id: 'p0', start_date: '2026-10-01', end_date: '2026-10-04', capacity: 6, seats_booked: 0, status: 'open', price_override: null, season: null },
    { id: 'p3', start_date: '2027-01-05', end_date: '2027-01-08', capacity: 6, seats_booked: 0, status: 'cancelled', price_override: null, season: null },
  ],
  reviews: [
    { id: 'r1', rating: 4, title: null, body: null, created_at: '2026-05-01T10:00:00Z', reviewer: { full_name: 'Old', avatar_url: null } },
    { id: 'r2', rating: 5, title: null, body: null, created_at: '2026-09-01T10:00:00Z', reviewer: { full_name: 'New', avatar_url: '/new.svg' } },
  ],
};

describe('tour page model', () => {
  const tour = tourDetailFromRow(row);

  it('puts days, destinations, departures and reviews in order', () => {
    expect(tour.itinerary.map((day) => day.dayNumber)).toEqual([1, 2, 3, 4]);
    expect(tour.destinations.map((destination) => destination.slug)).toEqual(['serengeti', 'ngorongoro-crater']);
    expect(tour.reviews.map((review) => review.reviewer.fullName)).toEqual(['New', 'Old']);
    expect(tour.gallery).toEqual(['/a.svg', '/b.svg']);
    expect(tour.basePrice).toBe(3000);
  });

  it('lists upcoming departures with seats left, sold out ones as such, cancelled and past ones not at all', () => {
    const upcoming = upcomingDepartures(tour.departures, '2026-11-22');
    expect(upcoming.map((departure) => departure.id)).toEqual(['p1', 'p2']);
    expect(upcoming.map(availabilityText)).toEqual(['1 seat left', 'Sold out']);
    expect(upcoming[0].price).toBe(3360);
    expect(upcoming[0].season).toBe('Peak season');
    expect(upcoming[1].price).toBe(3000);
    expect(upcoming[1].season).toBeNull();
  });

  it('summarises the route from the itinerary, one stop per stay', () => {
    expect(routeStops(tour)).toEqual([
      { place: 'Arusha', firstDay: 1, lastDay: 1 },
      { place: 'Serengeti', firstDay: 2, lastDay: 2 },
      { place: 'Ngorongoro', firstDay: 3, lastDay: 4 },
    ]);
    expect(routeStops({ itinerary: [], destinations: tour.destinations }).map((stop) => stop.place)).toEqual(['Serengeti', 'Ngorongoro Crater']);
  });
});
