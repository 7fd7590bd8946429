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

export const TOUR_CARD_COLUMNS =
  'id, slug, title, summary, base_price, currency, duration_days, duration_nights, hero_image_url, rating_average, review_count, is_private, category:categories(name, slug), destinations(name, slug), tour_departures(start_date, status)';

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
const BOOKABLE = new Set(['open', 'limited', 'guaranteed']);

/** The earliest bookable departure starting today or later (dates are ISO yyyy-mm-dd, so they sort as text). */
export function nextDeparture(departures: Departure[], today: string): Departure | null {
  return departures
    .filter((departure) => BOOKABLE.has(departure.status) && departure.start_date >= today)
    .reduce<Departure | null>((earliest, departure) => (!earliest || departure.start_date < earliest.start_date ? departure : earliest), null);
}

/** Today's date where the visitor is, as yyyy-mm-dd. */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar date such as '3 Dec 2026'; read as a date, not an instant, so no time zone shifts it. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
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

/** Whole amounts in the tour's currency, e.g. '$2,450' or 'TZS 1,200,000'. */
export function formatPrice(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${currency} ${Math.round(amount).toLocaleString('en-US')}`;
  }
}
