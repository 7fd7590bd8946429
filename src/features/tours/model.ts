import { formatCalendarDate } from '@/lib/dates.ts';
import { bookableDepartureStatuses } from '@shared/catalogue-queries.ts';

/** A tour as the cards show it: the columns of the card query with numbers normalised. */
export interface TourCardData {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  basePrice: number;
  currency: string;
  durationDays: number;
  durationNights: number;
  heroImageUrl: string | null;
  ratingAverage: number;
  reviewCount: number;
  isPrivate: boolean;
  category: { name: string; slug: string } | null;
  destinations: { name: string; slug: string }[];
  departures: Departure[];
}

export interface Departure {
  start_date: string;
  status: string;
}

/** The row shape PostgREST returns for the card query (numeric columns may arrive as strings). */
export interface TourCardRow {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  base_price: number | string;
  currency: string | null;
  duration_days: number;
  duration_nights: number;
  hero_image_url: string | null;
  rating_average: number | string | null;
  review_count: number | null;
  is_private: boolean;
  category: { name: string; slug: string } | null;
  destinations: { name: string; slug: string }[] | null;
  tour_departures: Departure[] | null;
}

/** Tours embedded in a destination or experience, best rated first (the server's read leaves them unordered). */
export function bestRatedFirst(rows: TourCardRow[]): TourCardRow[] {
  return [...rows].sort((a, b) => (Number(b.rating_average) || 0) - (Number(a.rating_average) || 0));
}

export function tourCardFromRow(row: TourCardRow): TourCardData {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    basePrice: Number(row.base_price) || 0,
    currency: row.currency || 'USD',
    durationDays: row.duration_days,
    durationNights: row.duration_nights,
    heroImageUrl: row.hero_image_url,
    ratingAverage: Number(row.rating_average) || 0,
    reviewCount: row.review_count ?? 0,
    isPrivate: row.is_private,
    category: row.category,
    destinations: row.destinations ?? [],
    departures: row.tour_departures ?? [],
  };
}

/** Departure statuses a traveler can still book. */
const BOOKABLE = new Set<string>(bookableDepartureStatuses);

/** The earliest bookable departure starting today or later (dates are ISO yyyy-mm-dd, so they sort as text). */
export function nextDeparture(departures: Departure[], today: string): Departure | null {
  return departures
    .filter((departure) => BOOKABLE.has(departure.status) && departure.start_date >= today)
    .reduce<Departure | null>((earliest, departure) => (!earliest || departure.start_date < earliest.start_date ? departure : earliest), null);
}

/** The card's date line: the next departure, 'Private, any date', or that dates are arranged on request. */
export function departureLine(tour: Pick<TourCardData, 'isPrivate' | 'departures'>, today: string): string {
  if (tour.isPrivate) return 'Private, any date';
  const next = nextDeparture(tour.departures, today);
  return next ? `Next departure ${formatCalendarDate(next.start_date)}` : 'Dates on request';
}

export function formatDuration(days: number, nights: number): string {
  const dayText = `${days} ${days === 1 ? 'day' : 'days'}`;
  return nights > 0 ? `${dayText} / ${nights} ${nights === 1 ? 'night' : 'nights'}` : dayText;
}

/* The tour page. */

export interface ItineraryDay {
  dayNumber: number;
  title: string;
  description: string | null;
  location: string | null;
  accommodation: string | null;
  /** The room or tent the lodge gives: 'Double tent', 'Family room'. */
  roomBasis: string | null;
  meals: string[];
  activities: string[];
  /** How the day travels, in words: 'About 3 h 30 min by road'. */
  travel: string | null;
}

export type TravelMode = 'drive' | 'walk' | 'flight' | 'boat';

const travelModeWords: Record<TravelMode, string> = { drive: 'by road', walk: 'on foot', flight: 'by air', boat: 'by boat' };

/** A day's travel in words, or null when the day does not say how it travels. */
export function travelText(mode: string | null, minutes: number | null): string | null {
  if (!mode || !(mode in travelModeWords)) return null;
  const words = travelModeWords[mode as TravelMode];
  if (minutes === null || minutes <= 0) return words.charAt(0).toUpperCase() + words.slice(1);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const length = [hours > 0 ? `${hours} h` : null, rest > 0 ? `${rest} min` : null].filter(Boolean).join(' ');
  return `About ${length} ${words}`;
}

export interface TourDeparture {
  id: string;
  startDate: string;
  endDate: string;
  capacity: number;
  seatsBooked: number;
  status: string;
  /** The price per person of this departure (its season's price, or the tour's price from). */
  price: number;
  /** The season its price belongs to ('Peak season', 'Green season'), when it has one. */
  season: string | null;
}

export interface TourReview {
  id: string;
  rating: number;
  title: string | null;
  body: string | null;
  createdAt: string;
  reviewer: { fullName: string; avatarUrl: string | null };
}

/** A review shown away from its tour (the home page): the review and the tour it is about. */
export interface TravelerReview extends TourReview {
  tour: { slug: string; title: string };
}

/** The row shape of latestReviewsSelect. */
export interface TravelerReviewRow {
  id: string;
  rating: number;
  title: string | null;
  body: string | null;
  created_at: string;
  reviewer: { full_name: string; avatar_url: string | null } | null;
  tour: { slug: string; title: string };
}

export function travelerReviewFromRow(row: TravelerReviewRow): TravelerReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    createdAt: row.created_at,
    reviewer: { fullName: row.reviewer?.full_name ?? 'A traveler', avatarUrl: row.reviewer?.avatar_url ?? null },
    tour: row.tour,
  };
}

export interface TourPlace {
  id: string;
  name: string;
  slug: string;
  country: string;
  region: string | null;
}

export interface TourDetail {
  id: string;
  slug: string;
  title: string;
  /** active for every visitor; draft or archived only in a staff member's preview. */
  status: string;
  summary: string | null;
  description: string | null;
  categoryId: string | null;
  category: { id: string; name: string; slug: string } | null;
  basePrice: number;
  currency: string;
  durationDays: number;
  durationNights: number;
  groupSizeMin: number;
  groupSizeMax: number | null;
  minAge: number | null;
  difficulty: string | null;
  bestSeason: string | null;
  startLocation: string | null;
  endLocation: string | null;
  highlights: string[];
  included: string[];
  excluded: string[];
  heroImageUrl: string | null;
  gallery: string[];
  isPrivate: boolean;
  ratingAverage: number;
  reviewCount: number;
  metaDescription: string | null;
  /** Main destination first. */
  destinations: TourPlace[];
  /** Day 1 first. */
  itinerary: ItineraryDay[];
  /** Earliest first. */
  departures: TourDeparture[];
  /** Newest first. */
  reviews: TourReview[];
}

/** The row PostgREST returns for `tourDetailSelect`. */
export interface TourDetailRow {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  description: string | null;
  status: string;
  category_id: string | null;
  base_price: number | string;
  currency: string | null;
  duration_days: number;
  duration_nights: number;
  group_size_min: number;
  group_size_max: number | null;
  min_age: number | null;
  difficulty: string | null;
  best_season: string | null;
  start_location: string | null;
  end_location: string | null;
  highlights: string[] | null;
  included: string[] | null;
  excluded: string[] | null;
  hero_image_url: string | null;
  gallery: unknown;
  is_private: boolean;
  rating_average: number | string | null;
  review_count: number | null;
  meta_title: string | null;
  meta_description: string | null;
  category: { id: string; name: string; slug: string } | null;
  tour_destinations: { position: number; destination: TourPlace | null }[] | null;
  tour_itinerary:
    | {
        day_number: number;
        title: string;
        description: string | null;
        location: string | null;
        accommodation: string | null;
        room_basis?: string | null;
        meals: string[] | null;
        activities: string[] | null;
        travel_mode?: string | null;
        travel_minutes?: number | null;
        destination?: { name: string } | null;
      }[]
    | null;
  tour_departures:
    | { id: string; start_date: string; end_date: string; capacity: number; seats_booked: number; status: string; price_override: number | string | null; season: string | null }[]
    | null;
  reviews:
    | { id: string; rating: number; title: string | null; body: string | null; created_at: string; reviewer: { full_name: string; avatar_url: string | null } | null }[]
    | null;
}

/** Gallery entries are image URLs (strings) or objects with a url, as admins upload them. */
function galleryUrls(gallery: unknown): string[] {
  if (!Array.isArray(gallery)) return [];
  return gallery
    .map((item) => (typeof item === 'string' ? item : typeof item?.url === 'string' ? (item.url as string) : null))
    .filter((url): url is string => Boolean(url));
}

export function tourDetailFromRow(row: TourDetailRow): TourDetail {
  const basePrice = Number(row.base_price) || 0;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    summary: row.summary,
    description: row.description,
    categoryId: row.category_id,
    category: row.category,
    basePrice,
    currency: row.currency || 'USD',
    durationDays: row.duration_days,
    durationNights: row.duration_nights,
    groupSizeMin: row.group_size_min,
    groupSizeMax: row.group_size_max,
    minAge: row.min_age,
    difficulty: row.difficulty,
    bestSeason: row.best_season,
    startLocation: row.start_location,
    endLocation: row.end_location,
    highlights: row.highlights ?? [],
    included: row.included ?? [],
    excluded: row.excluded ?? [],
    heroImageUrl: row.hero_image_url,
    gallery: galleryUrls(row.gallery),
    isPrivate: row.is_private,
    ratingAverage: Number(row.rating_average) || 0,
    reviewCount: row.review_count ?? 0,
    metaDescription: row.meta_description,
    destinations: (row.tour_destinations ?? [])
      .filter((link): link is { position: number; destination: TourPlace } => link.destination !== null)
      .sort((a, b) => a.position - b.position)
      .map((link) => link.destination),
    itinerary: (row.tour_itinerary ?? [])
      .map((day) => ({
        dayNumber: day.day_number,
        title: day.title,
        description: day.description,
        location: day.location ?? day.destination?.name ?? null,
        accommodation: day.accommodation,
        roomBasis: day.room_basis ?? null,
        meals: day.meals ?? [],
        activities: day.activities ?? [],
        travel: travelText(day.travel_mode ?? null, day.travel_minutes ?? null),
      }))
      .sort((a, b) => a.dayNumber - b.dayNumber),
    departures: (row.tour_departures ?? [])
      .map((departure) => ({
        id: departure.id,
        startDate: departure.start_date,
        endDate: departure.end_date,
        capacity: departure.capacity,
        seatsBooked: departure.seats_booked,
        status: departure.status,
        price: departure.price_override === null ? basePrice : Number(departure.price_override),
        season: departure.season,
      }))
      .sort((a, b) => a.startDate.localeCompare(b.startDate)),
    reviews: (row.reviews ?? [])
      .map((review) => ({
        id: review.id,
        rating: review.rating,
        title: review.title,
        body: review.body,
        createdAt: review.created_at,
        reviewer: { fullName: review.reviewer?.full_name ?? 'A traveler', avatarUrl: review.reviewer?.avatar_url ?? null },
      }))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
  };
}

export function seatsLeft(departure: Pick<TourDeparture, 'capacity' | 'seatsBooked'>): number {
  return Math.max(0, departure.capacity - departure.seatsBooked);
}

export function isSoldOut(departure: Pick<TourDeparture, 'capacity' | 'seatsBooked' | 'status'>): boolean {
  return departure.status === 'sold_out' || seatsLeft(departure) === 0;
}

/** Departures from today on that have not been cancelled (sold-out ones stay, shown as sold out). */
export function upcomingDepartures(departures: TourDeparture[], today: string): TourDeparture[] {
  return departures.filter((departure) => departure.status !== 'cancelled' && departure.startDate >= today);
}

/** What a departure row says about places: 'Sold out', '1 seat left', '5 seats left'. */
export function availabilityText(departure: Pick<TourDeparture, 'capacity' | 'seatsBooked' | 'status'>): string {
  if (isSoldOut(departure)) return 'Sold out';
  const left = seatsLeft(departure);
  return `${left} ${left === 1 ? 'seat' : 'seats'} left`;
}

export function formatGroupSize(min: number, max: number | null): string {
  if (max === null) return min > 1 ? `From ${min} travelers` : 'Any size';
  if (min === max) return `${max} ${max === 1 ? 'traveler' : 'travelers'}`;
  return `${min}–${max} travelers`;
}

/** One stop of the route: a place and the days spent there. */
export interface RouteStop {
  place: string;
  firstDay: number;
  lastDay: number;
}

/**
 * The route without a map: the itinerary's places in order, consecutive days in one place merged.
 * Without itinerary locations, the tour's destinations in order stand in.
 */
export function routeStops(tour: Pick<TourDetail, 'itinerary' | 'destinations'>): RouteStop[] {
  const stops: RouteStop[] = [];
  for (const day of tour.itinerary) {
    const place = day.location?.trim();
    if (!place) continue;
    const last = stops.at(-1);
    if (last && last.place === place) last.lastDay = day.dayNumber;
    else stops.push({ place, firstDay: day.dayNumber, lastDay: day.dayNumber });
  }
  if (stops.length) return stops;
  return tour.destinations.map((destination) => ({ place: destination.name, firstDay: 0, lastDay: 0 }));
}

export function formatDayRange(stop: RouteStop): string {
  if (stop.firstDay === 0) return '';
  return stop.firstDay === stop.lastDay ? `Day ${stop.firstDay}` : `Days ${stop.firstDay}–${stop.lastDay}`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
