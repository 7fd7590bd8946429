/**
 * The PostgREST requests of the catalogue pages, as plain data: select strings and pure builders
 * for the tour list filters. The browser (through supabase-js) and the server (SEO pages and the
 * inlined page data) both build their reads from these, so both fetch exactly the shape the pages
 * render. No React, no supabase-js here.
 *
 * The select strings carry no whitespace (as supabase-js sends them), so they can go straight into a
 * `select=` query parameter.
 */

/** Drops the whitespace outside quotes, as supabase-js does before sending a select. */
export function compactSelect(select: string): string {
  let quoted = false;
  let out = '';
  for (const char of select) {
    if (char === '"') quoted = !quoted;
    if (quoted || !/\s/.test(char)) out += char;
  }
  return out;
}

/** What a tour card shows: image, title, duration, destinations, price from, rating, next departure. */
export const tourCardSelect = compactSelect(
  'id, slug, title, summary, base_price, currency, duration_days, duration_nights, hero_image_url, rating_average, review_count, is_private, category:categories(name, slug), destinations(name, slug), tour_departures(start_date, status)',
);

/**
 * Everything the tour page shows. Child rows (itinerary days, departures, reviews, destinations)
 * are put in order by the page model, so this string is the whole request besides
 * `slug=eq.<slug>&status=eq.active`.
 */
export const tourDetailSelect = compactSelect(
  [
  'id, slug, title, summary, description, status, category_id, base_price, currency, duration_days, duration_nights',
  'group_size_min, group_size_max, min_age, difficulty, best_season, start_location, end_location',
  'highlights, included, excluded, hero_image_url, gallery, is_private, rating_average, review_count, meta_title, meta_description',
  'category:categories(id, name, slug)',
  'tour_destinations(position, destination:destinations(id, name, slug, country, region))',
  'tour_itinerary(day_number, title, description, location, accommodation, room_basis, meals, activities, travel_mode, travel_minutes, destination:destinations(name))',
  'tour_departures(id, start_date, end_date, capacity, seats_booked, status, price_override, season)',
  'reviews(id, rating, title, body, created_at, reviewer:public_profiles(full_name, avatar_url))',
  ].join(', '),
);

/** A destination page: the place and its tours (as cards). Request with `slug=eq.<slug>`. */
export const destinationDetailSelect = compactSelect(
  `id, slug, name, country, region, summary, description, image_url, highlights, wildlife, best_time_to_visit, meta_title, meta_description, tours(${tourCardSelect})`,
);

/** An experience page: the experience and the tours that offer it. Request with `slug=eq.<slug>`. */
export const experienceDetailSelect = compactSelect(
  `id, slug, title, summary, description, image_url, highlights, duration_label, price_from, meta_title, meta_description, tours(${tourCardSelect})`,
);

/** How many of the newest reviews the home page shows (the server inlines the same number). */
export const LATEST_REVIEWS_LIMIT = 6;

/**
 * The newest reviews across tours, each with its reviewer's public profile and its tour. The tour is
 * an inner join, so a review of a tour that is not active is left out: request with
 * `is_published=eq.true&tour.status=eq.active&order=created_at.desc&limit=6`.
 */
export const latestReviewsSelect = compactSelect(
  'id, rating, title, body, created_at, reviewer:public_profiles(full_name, avatar_url), tour:tours!inner(slug, title)',
);

/** The experiences list (cards). */
export const experienceListSelect = compactSelect('id, slug, title, summary, image_url, duration_label, price_from, display_order');

/** Trip lengths the list filters on, in days (inclusive bounds; max null means no upper bound). */
export const durationBands = {
  short: { label: 'Up to 4 days', min: 1, max: 4 },
  week: { label: '5 to 8 days', min: 5, max: 8 },
  long: { label: '9 days or more', min: 9, max: null },
} as const;
export type DurationBand = keyof typeof durationBands;

export const tourSorts = {
  recommended: 'Recommended',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  'duration-asc': 'Duration: shortest first',
  'duration-desc': 'Duration: longest first',
  rating: 'Highest rated',
  newest: 'Newest',
} as const;
export type TourSort = keyof typeof tourSorts;

/** The list filters as they live in the URL (all optional; absent means "any"). */
export interface TourListFilters {
  /** Words typed in the search box (web search syntax: "quoted phrases", -excluded, or). */
  q?: string;
  /** Category slug. */
  category?: string;
  /** Destination slug. */
  destination?: string;
  /** Price from (base_price), whole amounts. */
  minPrice?: number;
  maxPrice?: number;
  duration?: DurationBand;
  /** A departure month, yyyy-mm. */
  month?: string;
  sort?: TourSort;
}

/** One PostgREST filter: supabase-js `.filter(column, operator, value)` or `column=operator.value`. */
export interface RestFilter {
  column: string;
  operator: string;
  value: string;
}

export interface RestOrder {
  column: string;
  ascending: boolean;
}

/** A whole list request: the select, the filters and the order. */
export interface TourListRequest {
  select: string;
  filters: RestFilter[];
  /** Alternatives any of which keeps a row: supabase-js `.or(any)` or `or=(any)`. */
  any: string | null;
  order: RestOrder[];
}

/** Departure statuses a traveler can still book. */
export const bookableDepartureStatuses = ['open', 'limited', 'guaranteed'] as const;

const monthPattern = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first day of a yyyy-mm month and of the month after it, or null for anything else. */
export function monthRange(month: string): { from: string; to: string } | null {
  const match = monthPattern.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const next = Number(match[2]) + 1;
  const to = next > 12 ? `${year + 1}-01-01` : `${year}-${String(next).padStart(2, '0')}-01`;
  return { from: `${month}-01`, to };
}

const sortOrders: Record<TourSort, RestOrder[]> = {
  recommended: [
    { column: 'is_featured', ascending: false },
    { column: 'rating_average', ascending: false },
  ],
  'price-asc': [{ column: 'base_price', ascending: true }],
  'price-desc': [{ column: 'base_price', ascending: false }],
  'duration-asc': [{ column: 'duration_days', ascending: true }],
  'duration-desc': [{ column: 'duration_days', ascending: false }],
  rating: [
    { column: 'rating_average', ascending: false },
    { column: 'review_count', ascending: false },
  ],
  newest: [{ column: 'created_at', ascending: false }],
};

/**
 * The request for the tour list. Filters on related rows (category, destination, departure month)
 * go through extra inner-joined embeds under their own aliases, so the card's own embeds stay whole
 * (a tour filtered by one destination still shows all of its destinations).
 */
export function tourListRequest(filters: TourListFilters): TourListRequest {
  const embeds: string[] = [];
  const conditions: RestFilter[] = [{ column: 'status', operator: 'eq', value: 'active' }];

  const q = filters.q?.trim();
  if (q) conditions.push({ column: 'search', operator: 'wfts(english)', value: q });
  if (filters.category) {
    embeds.push('category_filter:categories!inner(slug)');
    conditions.push({ column: 'category_filter.slug', operator: 'eq', value: filters.category });
  }
  if (filters.destination) {
    embeds.push('destination_filter:destinations!inner(slug)');
    conditions.push({ column: 'destination_filter.slug', operator: 'eq', value: filters.destination });
  }
  if (filters.minPrice !== undefined) conditions.push({ column: 'base_price', operator: 'gte', value: String(filters.minPrice) });
  if (filters.maxPrice !== undefined) conditions.push({ column: 'base_price', operator: 'lte', value: String(filters.maxPrice) });
  if (filters.duration) {
    const band = durationBands[filters.duration];
    conditions.push({ column: 'duration_days', operator: 'gte', value: String(band.min) });
    if (band.max !== null) conditions.push({ column: 'duration_days', operator: 'lte', value: String(band.max) });
  }
  const month = filters.month ? monthRange(filters.month) : null;
  if (month) {
    embeds.push('month_filter:tour_departures!inner(start_date)');
    conditions.push(
      { column: 'month_filter.start_date', operator: 'gte', value: month.from },
      { column: 'month_filter.start_date', operator: 'lt', value: month.to },
      { column: 'month_filter.status', operator: 'in', value: `(${bookableDepartureStatuses.join(',')})` },
    );
  }

  return {
    select: [tourCardSelect, ...embeds].join(','),
    filters: conditions,
    any: null,
    // Title last so equal prices or ratings always come in the same order.
    order: [...sortOrders[filters.sort ?? 'recommended'], { column: 'title', ascending: true }],
  };
}

/** A request as a PostgREST query string (for the server, or a plain fetch). */
export function restSearchParams(request: TourListRequest): URLSearchParams {
  const params = new URLSearchParams({ select: request.select });
  for (const { column, operator, value } of request.filters) params.append(column, `${operator}.${value}`);
  if (request.any) params.set('or', `(${request.any})`);
  params.set('order', request.order.map(({ column, ascending }) => `${column}.${ascending ? 'asc' : 'desc'}`).join(','));
  return params;
}

/** How many related tours a tour page shows. */
export const RELATED_TOURS_LIMIT = 3;

/**
 * Related tours: other active tours in the same category or sharing a destination with the tour.
 * The shared destination is an embed filtered to the tour's destinations; `or` keeps a tour when its
 * category matches or that embed is not empty.
 */
export function relatedToursRequest(tour: { id: string; categoryId: string | null; destinationIds: string[] }): TourListRequest {
  const filters: RestFilter[] = [
    { column: 'status', operator: 'eq', value: 'active' },
    { column: 'id', operator: 'neq', value: tour.id },
  ];
  const alternatives: string[] = [];
  if (tour.categoryId) alternatives.push(`category_id.eq.${tour.categoryId}`);
  if (tour.destinationIds.length) {
    filters.push({ column: 'shared_destination.destination_id', operator: 'in', value: `(${tour.destinationIds.join(',')})` });
    alternatives.push('shared_destination.not.is.null');
  }
  return {
    select: `${tourCardSelect},shared_destination:tour_destinations(destination_id)`,
    filters,
    // A tour with neither category nor destinations has nothing to relate to: match no tour.
    any: alternatives.length ? alternatives.join(',') : 'id.is.null',
    order: sortOrders.rating,
  };
}
