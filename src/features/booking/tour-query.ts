import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase.ts';
import type { BookingDeparture, BookingTour } from './model.ts';

// Apart from api.ts and model.ts: the booking route's loader runs in the app's entry, and api.ts
// brings the booking writes (and what they import) with it, model.ts the booking page's rules.

export const bookingKeys = {
  all: ['booking'] as const,
  tour: (slug: string) => [...bookingKeys.all, 'tour', slug] as const,
  paymentOptions: () => [...bookingKeys.all, 'payment-options'] as const,
  byReference: (reference: string, email: string | null) => [...bookingKeys.all, 'reference', reference, email] as const,
};

type Numeric = number | string | null;

/** The row PostgREST returns for `bookingTourSelect`. */
export interface BookingTourRow {
  id: string;
  slug: string;
  title: string;
  summary: string | null;
  currency: string | null;
  base_price: Numeric;
  child_price: Numeric;
  child_age_limit: number;
  single_supplement: Numeric;
  duration_days: number;
  duration_nights: number;
  group_size_min: number;
  group_size_max: number | null;
  min_age: number | null;
  is_private: boolean;
  hero_image_url: string | null;
  tour_extras: { code: string; name: string; description: string | null; unit: string; price: Numeric; display_order: number }[] | null;
  tour_departures:
    | { id: string; start_date: string; end_date: string; capacity: number; seats_booked: number; status: string; price_override: Numeric; season: string | null }[]
    | null;
  tour_seasons: { name: string; starts_on: string; ends_on: string; adult_price: Numeric }[] | null;
}

export const bookingTourSelect =
  'id, slug, title, summary, currency, base_price, child_price, child_age_limit, single_supplement, duration_days, duration_nights, ' +
  'group_size_min, group_size_max, min_age, is_private, hero_image_url, ' +
  'tour_extras(code, name, description, unit, price, display_order), ' +
  'tour_departures(id, start_date, end_date, capacity, seats_booked, status, price_override, season), ' +
  'tour_seasons(name, starts_on, ends_on, adult_price)';

const toNumber = (value: Numeric): number => Number(value) || 0;

export function bookingTourFromRow(row: BookingTourRow): BookingTour {
  const basePrice = toNumber(row.base_price);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    currency: row.currency || 'USD',
    basePrice,
    childPrice: row.child_price === null ? null : toNumber(row.child_price),
    childAgeLimit: row.child_age_limit,
    singleSupplement: toNumber(row.single_supplement),
    durationDays: row.duration_days,
    durationNights: row.duration_nights,
    groupSizeMin: row.group_size_min,
    groupSizeMax: row.group_size_max,
    minAge: row.min_age,
    isPrivate: row.is_private,
    heroImageUrl: row.hero_image_url,
    extras: [...(row.tour_extras ?? [])]
      .sort((a, b) => a.display_order - b.display_order)
      .map((extra) => ({
        code: extra.code,
        name: extra.name,
        description: extra.description,
        unit: extra.unit === 'per_booking' ? 'per_booking' : 'per_person',
        price: toNumber(extra.price),
      })),
    departures: (row.tour_departures ?? [])
      .map((departure) => ({
        id: departure.id,
        startDate: departure.start_date,
        endDate: departure.end_date,
        capacity: departure.capacity,
        seatsBooked: departure.seats_booked,
        status: departure.status as BookingDeparture['status'],
        price: departure.price_override === null ? basePrice : toNumber(departure.price_override),
        season: departure.season,
      }))
      .sort((a, b) => a.startDate.localeCompare(b.startDate)),
    seasons: (row.tour_seasons ?? [])
      .map((season) => ({
        name: season.name,
        startsOn: season.starts_on,
        endsOn: season.ends_on,
        price: season.adult_price === null ? basePrice : toNumber(season.adult_price),
      }))
      .sort((a, b) => a.startsOn.localeCompare(b.startsOn)),
  };
}

/** An active tour with what its booking page needs (prices, extras, departures, season windows), or null. */
export const bookingTourQuery = (slug: string) =>
  queryOptions({
    queryKey: bookingKeys.tour(slug),
    queryFn: async (): Promise<BookingTour | null> => {
      const { data, error } = await (await getSupabase())
        .from('tours')
        .select(bookingTourSelect)
        .eq('slug', slug)
        .eq('status', 'active')
        .maybeSingle()
        .overrideTypes<BookingTourRow | null, { merge: false }>();
      if (error) throw error;
      return data ? bookingTourFromRow(data) : null;
    },
    // Seats are read again while the page is open, so what it offers stays what is left.
    staleTime: 0,
    refetchInterval: 30_000,
  });
