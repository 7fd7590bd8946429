import { randomFrom } from './images.ts';

export interface DepartureRow {
  start_date: string;
  end_date: string;
  capacity: number;
  seats_booked: number;
  status: 'open' | 'limited' | 'guaranteed' | 'sold_out';
  price_override: number | null;
  child_price_override: number | null;
  season: string | null;
  guaranteed_threshold: number;
}

/** Peak months in northern Tanzania: the July-October dry season and the Christmas holidays. */
const peakMonths = new Set([6, 7, 8, 9, 11]);
/** The long rains of April and May: quieter parks, lower prices. */
const greenMonths = new Set([3, 4]);

/** A departure's season and the factor on its prices; null outside the two seasons. */
function seasonOf(start: Date): { name: string; factor: number } | null {
  if (peakMonths.has(start.getUTCMonth())) return { name: 'Peak season', factor: 1.12 };
  if (greenMonths.has(start.getUTCMonth())) return { name: 'Green season', factor: 0.85 };
  return null;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * Five or six departures of a tour spread over the next twelve months from `today`, with seats
 * already booked the sooner the departure (as real demand looks), peak-season surcharges and
 * green-season reductions on the adult and child prices, and the status a departure would have with
 * that many seats taken (the database derives it the same way). The first tour's second departure is
 * always sold out so the site shows that state.
 */
export function departuresFor(
  slug: string,
  tourIndex: number,
  durationDays: number,
  groupMax: number,
  basePrice: number,
  today: Date,
  childPrice: number | null = null,
): DepartureRow[] {
  const rand = randomFrom(`departures:${slug}`);
  const count = 5 + Math.floor(rand() * 2);
  const capacity = Math.max(2, groupMax);
  const threshold = Math.max(2, Math.ceil(capacity / 3));
  const rows: DepartureRow[] = [];
  let offset = 10 + Math.floor(rand() * 20);
  for (let i = 0; i < count && offset < 360; i++) {
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset));
    const end = new Date(start.getTime() + (durationDays - 1) * 86_400_000);
    const nearness = 1 - offset / 365;
    let seats = Math.min(capacity, Math.floor(capacity * nearness * rand() * 1.3));
    if (tourIndex === 0 && i === 1) seats = capacity;
    const season = seasonOf(start);
    const status = seats >= capacity ? 'sold_out' : capacity - seats <= 2 ? 'limited' : seats >= threshold ? 'guaranteed' : 'open';
    rows.push({
      start_date: isoDate(start),
      end_date: isoDate(end),
      capacity,
      seats_booked: seats,
      status,
      price_override: season ? Math.round(basePrice * season.factor) : null,
      child_price_override: season && childPrice !== null ? Math.round(childPrice * season.factor) : null,
      season: season?.name ?? null,
      guaranteed_threshold: threshold,
    });
    offset += 35 + Math.floor(rand() * 40);
  }
  return rows;
}
