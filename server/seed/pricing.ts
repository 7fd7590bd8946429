import type { TourSeed } from './content/tours.ts';

/** Children are travelers under this age, as most Tanzanian lodges and parks count them. */
export const childAgeLimit = 12;

/** Share of the adult price a child pays, by category; treks take no children. */
const childShare: Record<string, number> = {
  'wildlife-safari': 0.7,
  adventure: 0.75,
  cultural: 0.5,
  'beach-island': 0.5,
  family: 0.6,
};

/** Single supplement as a share of the adult price: a room of one's own on every night of the trip. */
const singleShare: Record<string, number> = {
  'wildlife-safari': 0.18,
  adventure: 0.15,
  'kilimanjaro-trek': 0.06,
  cultural: 0.12,
  'beach-island': 0.3,
  family: 0.15,
};

function roundTo10(value: number): number {
  return Math.round(value / 10) * 10;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

// Row shapes are type aliases, not interfaces, so they pass to insertRows as plain records.
export type TourPricing = {
  child_price: number | null;
  child_age_limit: number;
  single_supplement: number;
};

/**
 * A tour's child price, child age limit and single supplement. Children pay a share of the adult
 * price on tours that take them (no minimum age, or one under the child age limit); a traveler alone
 * pays the supplement on trips with nights, except on honeymoons, which are priced per couple.
 */
export function pricingFor(tour: TourSeed): TourPricing {
  const nights = tour.nights ?? tour.itinerary.length - 1;
  const takesChildren = tour.minAge === undefined || tour.minAge < childAgeLimit;
  const share = childShare[tour.category];
  return {
    child_price: takesChildren && share ? roundTo10(tour.price * share) : null,
    child_age_limit: childAgeLimit,
    single_supplement: nights > 0 ? roundTo10(tour.price * (singleShare[tour.category] ?? 0)) : 0,
  };
}

/** Group tours get cheaper per person from four travelers, and again from six where the vehicle takes them. */
export function groupDiscountsFor(tour: TourSeed): { min_travelers: number; percent: number }[] {
  if (tour.private || tour.groupMax < 4) return [];
  const tiers = [{ min_travelers: 4, percent: 5 }];
  if (tour.groupMax >= 6) tiers.push({ min_travelers: 6, percent: 10 });
  return tiers;
}

export type ExtraRow = {
  code: string;
  name: string;
  description: string;
  unit: 'per_person' | 'per_booking';
  price: number;
  display_order: number;
};

/** Park fees not already in the price, by tour. */
const parkFees: Record<string, { name: string; description: string; price: number }> = {
  'maasai-village-cultural-day': {
    name: 'Ngorongoro Conservation Area fees',
    description: 'Entry to the conservation area for the day, paid for you at the Lodoare gate.',
    price: 71,
  },
};

/**
 * The optional extras a tour offers: park fees where they are not included, a balloon flight on
 * Serengeti safaris that do not have one, a night in Arusha either side of tours from Arusha, and an
 * airport transfer where the tour does not include one.
 */
export function extrasFor(tour: TourSeed): ExtraRow[] {
  const extras: Omit<ExtraRow, 'display_order'>[] = [];
  const nights = tour.nights ?? tour.itinerary.length - 1;
  const fees = parkFees[tour.slug];
  if (fees) extras.push({ code: 'park-fees', unit: 'per_person', ...fees });
  const hasBalloon = [...tour.included, ...tour.highlights].some((line) => /balloon/i.test(line));
  if (tour.destinations.includes('serengeti') && !hasBalloon) {
    extras.push({
      code: 'balloon-safari',
      name: 'Hot air balloon safari over the Serengeti',
      description: 'An hour over the plains at sunrise, then a champagne bush breakfast where you land.',
      unit: 'per_person',
      price: 599,
    });
  }
  if (nights > 0 && (tour.start ?? 'Arusha') === 'Arusha') {
    extras.push({
      code: 'extra-night-arusha',
      name: 'Extra night in Arusha',
      description: 'A night before or after the tour at a garden lodge in Arusha, with breakfast.',
      unit: 'per_person',
      price: 145,
    });
  }
  if (!tour.included.some((line) => /transfer/i.test(line))) {
    extras.push({
      code: 'airport-transfer',
      name: 'Airport transfer',
      description: 'A private vehicle from the airport to your hotel on arrival, and back at the end.',
      unit: 'per_booking',
      price: 60,
    });
  }
  return extras.map((extra, index) => ({ ...extra, display_order: index + 1 }));
}

export type SeasonRow = {
  name: string;
  starts_on: string;
  ends_on: string;
  adult_price: number | null;
  child_price: number | null;
};

/**
 * The windows in which a private tour runs on any date, for this year and next: the dry seasons and
 * the short rains, priced up in the long dry season and over the holidays, down in the short rains.
 * From mid-March to May the long rains close many camps, so there is no window.
 */
export function seasonsFor(tour: TourSeed, today: Date): SeasonRow[] {
  if (!tour.private) return [];
  const child = pricingFor(tour).child_price;
  const priced = (factor: number) => ({
    adult_price: factor === 1 ? null : roundTo10(tour.price * factor),
    child_price: factor === 1 || child === null ? null : roundTo10(child * factor),
  });
  const rows: SeasonRow[] = [];
  const todayIso = isoDate(today);
  for (const year of [today.getUTCFullYear(), today.getUTCFullYear() + 1]) {
    const day = (month: number, date: number) => isoDate(new Date(Date.UTC(year, month, date)));
    const windows: [string, string, string, number][] = [
      ['Short dry season', day(0, 1), day(2, 15), 1],
      ['Long dry season', day(5, 1), day(9, 31), 1.1],
      ['Short rains', day(10, 1), day(11, 20), 0.9],
      ['Festive season', day(11, 21), day(11, 31), 1.2],
    ];
    for (const [name, starts_on, ends_on, factor] of windows) {
      if (ends_on > todayIso) rows.push({ name, starts_on, ends_on, ...priced(factor) });
    }
  }
  return rows;
}

export type PromoRow = {
  code: string;
  description: string;
  percent_off: number | null;
  amount_off: number | null;
  currency: string;
  tourSlug: string | null;
  valid_from: string;
  valid_until: string;
  max_uses: number | null;
};

/** Two codes the company gives out: a welcome discount on any trip, and a fixed amount off its best seller. */
export function promoCodes(today: Date): PromoRow[] {
  const inDays = (days: number) => isoDate(new Date(today.getTime() + days * 86_400_000));
  return [
    {
      code: 'KARIBU10',
      description: '10% off your first trip with us',
      percent_off: 10,
      amount_off: null,
      currency: 'USD',
      tourSlug: null,
      valid_from: isoDate(today),
      valid_until: inDays(365),
      max_uses: null,
    },
    {
      code: 'MIGRATION250',
      description: 'USD 250 off the Great Migration Safari',
      percent_off: null,
      amount_off: 250,
      currency: 'USD',
      tourSlug: '7-day-great-migration-safari',
      valid_from: isoDate(today),
      valid_until: inDays(180),
      max_uses: 100,
    },
  ];
}
