import { addDays, formatCalendarDate } from '@/lib/dates.ts';
import type { Database } from '@/lib/database.types.ts';

/**
 * The catalogue studio's rules, as pure functions: a tour's form and the checks made before
 * sending, an itinerary day's, a series of departure dates, and what would be wrong with a tour
 * going live. The database refuses the same things (20261127002100_tour_addresses.sql and the
 * tables' checks); these give the field messages first.
 */

export type TourRow = Database['public']['Tables']['tours']['Row'];
export type TourStatus = 'draft' | 'active' | 'archived';
export const TOUR_STATUS_LABELS: Record<TourStatus, string> = { draft: 'Draft', active: 'Published', archived: 'Archived' };
export const TOUR_STATUS_COLORS: Record<TourStatus, string> = { draft: 'gray', active: 'teal', archived: 'orange' };
export const DIFFICULTIES = ['easy', 'moderate', 'challenging', 'strenuous'] as const;
export const MEALS = ['Breakfast', 'Lunch', 'Dinner'] as const;
export const TRAVEL_MODES = [
  { value: 'drive', label: 'Drive' },
  { value: 'walk', label: 'Walk' },
  { value: 'flight', label: 'Flight' },
  { value: 'boat', label: 'Boat' },
] as const;

/** A URL address from a title: lowercase words joined by single dashes. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const toNumber = (value: number | string) => (value === '' ? null : Number(value));

export interface TourDraft {
  title: string;
  slug: string;
  categoryId: string | null;
  destinationIds: string[];
  experienceIds: string[];
  activityIds: string[];
  summary: string;
  description: string;
  highlights: string;
  included: string;
  excluded: string;
  durationDays: number | string;
  durationNights: number | string;
  difficulty: string | null;
  groupSizeMin: number | string;
  groupSizeMax: number | string;
  minAge: number | string;
  bestSeason: string;
  startLocation: string;
  endLocation: string;
  heroImageUrl: string;
  /** The gallery's pictures as stored: URLs, or objects with a url. */
  gallery: unknown[];
  metaTitle: string;
  metaDescription: string;
  isFeatured: boolean;
  passportRequired: boolean;
}

export function tourDraftOf(tour: TourRow | null, links: { destinationIds?: string[]; experienceIds?: string[]; activityIds?: string[] } = {}): TourDraft {
  return {
    title: tour?.title ?? '',
    slug: tour?.slug ?? '',
    categoryId: tour?.category_id ?? null,
    destinationIds: links.destinationIds ?? [],
    experienceIds: links.experienceIds ?? [],
    activityIds: links.activityIds ?? [],
    summary: tour?.summary ?? '',
    description: tour?.description ?? '',
    highlights: (tour?.highlights ?? []).join('\n'),
    included: (tour?.included ?? []).join('\n'),
    excluded: (tour?.excluded ?? []).join('\n'),
    durationDays: tour?.duration_days ?? 1,
    durationNights: tour?.duration_nights ?? 0,
    difficulty: tour?.difficulty ?? null,
    groupSizeMin: tour?.group_size_min ?? 1,
    groupSizeMax: tour?.group_size_max ?? '',
    minAge: tour?.min_age ?? '',
    bestSeason: tour?.best_season ?? '',
    startLocation: tour?.start_location ?? '',
    endLocation: tour?.end_location ?? '',
    heroImageUrl: tour?.hero_image_url ?? '',
    gallery: Array.isArray(tour?.gallery) ? tour.gallery : [],
    metaTitle: tour?.meta_title ?? '',
    metaDescription: tour?.meta_description ?? '',
    isFeatured: tour?.is_featured ?? false,
    passportRequired: tour?.passport_required ?? false,
  };
}

/** The form's fields and the columns the database names in its refusals. */
export const tourColumns = {
  title: 'title',
  slug: 'slug',
  durationDays: 'duration_days',
  durationNights: 'duration_nights',
  groupSizeMin: 'group_size_min',
  groupSizeMax: 'group_size_max',
  minAge: 'min_age',
} as const satisfies Partial<Record<keyof TourDraft, string>>;

export type TourProblems = Partial<Record<keyof TourDraft, string>>;

export function tourProblems(draft: TourDraft): TourProblems {
  const problems: TourProblems = {};
  const title = draft.title.trim();
  if (title.length === 0 || title.length > 120) problems.title = 'Give the tour a title, up to 120 characters';
  if (!SLUG.test(draft.slug.trim()) || draft.slug.trim().length > 80) problems.slug = 'The address is lowercase letters, digits and single dashes, up to 80 characters';
  const days = toNumber(draft.durationDays);
  const nights = toNumber(draft.durationNights);
  if (days === null || !Number.isInteger(days) || days < 1 || days > 60) problems.durationDays = 'A tour lasts 1 to 60 days';
  else if (nights === null || !Number.isInteger(nights) || nights < 0 || nights > days) problems.durationNights = `A tour of ${days} days has 0 to ${days} nights`;
  const min = toNumber(draft.groupSizeMin);
  const max = toNumber(draft.groupSizeMax);
  if (min === null || !Number.isInteger(min) || min < 1) problems.groupSizeMin = 'At least one traveler';
  else if (max !== null && (!Number.isInteger(max) || max < min)) problems.groupSizeMax = `At least the smallest group (${min})`;
  const age = toNumber(draft.minAge);
  if (age !== null && (!Number.isInteger(age) || age < 0 || age > 99)) problems.minAge = 'An age from 0 to 99';
  if (draft.metaDescription.length > 300) problems.metaDescription = 'Search engines show about 160 characters; keep it under 300';
  return problems;
}

export function tourRowOf(draft: TourDraft): Database['public']['Tables']['tours']['Update'] {
  const text = (value: string) => value.trim() || null;
  return {
    title: draft.title.trim(),
    slug: draft.slug.trim(),
    category_id: draft.categoryId,
    summary: text(draft.summary),
    description: text(draft.description),
    highlights: lines(draft.highlights),
    included: lines(draft.included),
    excluded: lines(draft.excluded),
    duration_days: Number(draft.durationDays),
    duration_nights: Number(draft.durationNights),
    difficulty: draft.difficulty,
    group_size_min: Number(draft.groupSizeMin),
    group_size_max: toNumber(draft.groupSizeMax),
    min_age: toNumber(draft.minAge),
    best_season: text(draft.bestSeason),
    start_location: text(draft.startLocation),
    end_location: text(draft.endLocation),
    hero_image_url: text(draft.heroImageUrl),
    gallery: draft.gallery as Database['public']['Tables']['tours']['Update']['gallery'],
    meta_title: text(draft.metaTitle),
    meta_description: text(draft.metaDescription),
    is_featured: draft.isFeatured,
    passport_required: draft.passportRequired,
  };
}

/* Pricing. */

export interface PriceDraft {
  basePrice: number | string;
  childPrice: number | string;
  childAgeLimit: number | string;
  singleSupplement: number | string;
}

export const priceColumns = { basePrice: 'base_price', childPrice: 'child_price', childAgeLimit: 'child_age_limit', singleSupplement: 'single_supplement' } as const;

export const priceDraftOf = (tour: TourRow): PriceDraft => ({
  basePrice: Number(tour.base_price),
  childPrice: tour.child_price === null ? '' : Number(tour.child_price),
  childAgeLimit: tour.child_age_limit,
  singleSupplement: Number(tour.single_supplement),
});

const belowZero = 'A price cannot be below zero';

export function priceProblems(draft: PriceDraft): Partial<Record<keyof PriceDraft, string>> {
  const problems: Partial<Record<keyof PriceDraft, string>> = {};
  const base = toNumber(draft.basePrice);
  if (base === null) problems.basePrice = 'Give the price per adult';
  else if (base < 0) problems.basePrice = belowZero;
  const child = toNumber(draft.childPrice);
  if (child !== null && child < 0) problems.childPrice = belowZero;
  const age = toNumber(draft.childAgeLimit);
  if (age === null || !Number.isInteger(age) || age < 1 || age > 18) problems.childAgeLimit = 'Children are under 1 to 18 years';
  const single = toNumber(draft.singleSupplement);
  if (single !== null && single < 0) problems.singleSupplement = belowZero;
  return problems;
}

export const priceRowOf = (draft: PriceDraft) => ({
  base_price: Number(draft.basePrice),
  child_price: toNumber(draft.childPrice),
  child_age_limit: Number(draft.childAgeLimit),
  single_supplement: toNumber(draft.singleSupplement) ?? 0,
});

export interface SeasonDraft {
  name: string;
  startsOn: string;
  endsOn: string;
  adultPrice: number | string;
  childPrice: number | string;
}

export const emptySeason: SeasonDraft = { name: '', startsOn: '', endsOn: '', adultPrice: '', childPrice: '' };
export const seasonColumns = { name: 'name', startsOn: 'starts_on', endsOn: 'ends_on', adultPrice: 'adult_price', childPrice: 'child_price' } as const;

export function seasonProblems(draft: SeasonDraft): Partial<Record<keyof SeasonDraft, string>> {
  const problems: Partial<Record<keyof SeasonDraft, string>> = {};
  if (draft.name.trim().length === 0 || draft.name.trim().length > 60) problems.name = 'Name the season, up to 60 characters';
  if (!draft.startsOn) problems.startsOn = 'Give the first day';
  if (!draft.endsOn) problems.endsOn = 'Give the last day';
  else if (draft.startsOn && draft.endsOn < draft.startsOn) problems.endsOn = 'The season ends on or after its first day';
  const adult = toNumber(draft.adultPrice);
  if (adult === null) problems.adultPrice = 'Give the season’s price per adult';
  else if (adult < 0) problems.adultPrice = belowZero;
  const child = toNumber(draft.childPrice);
  if (child !== null && child < 0) problems.childPrice = belowZero;
  return problems;
}

export const seasonRowOf = (tourId: string, draft: SeasonDraft) => ({
  tour_id: tourId,
  name: draft.name.trim(),
  starts_on: draft.startsOn,
  ends_on: draft.endsOn,
  adult_price: toNumber(draft.adultPrice),
  child_price: toNumber(draft.childPrice),
});

export interface DiscountDraft {
  minTravelers: number | string;
  percent: number | string;
}

export function discountProblems(draft: DiscountDraft): Partial<Record<keyof DiscountDraft, string>> {
  const problems: Partial<Record<keyof DiscountDraft, string>> = {};
  const travelers = toNumber(draft.minTravelers);
  if (travelers === null || !Number.isInteger(travelers) || travelers < 2) problems.minTravelers = 'From 2 travelers';
  const percent = toNumber(draft.percent);
  if (percent === null || percent <= 0 || percent >= 100) problems.percent = 'More than 0 and less than 100 percent';
  return problems;
}

export interface ExtraDraft {
  name: string;
  unit: 'per_person' | 'per_booking';
  price: number | string;
}

export function extraProblems(draft: ExtraDraft): Partial<Record<keyof ExtraDraft, string>> {
  const problems: Partial<Record<keyof ExtraDraft, string>> = {};
  if (draft.name.trim().length === 0 || draft.name.trim().length > 120) problems.name = 'Name the extra, up to 120 characters';
  else if (!slugify(draft.name)) problems.name = 'Use letters or digits in the name';
  const price = toNumber(draft.price);
  if (price === null) problems.price = 'Give its price';
  else if (price < 0) problems.price = belowZero;
  return problems;
}

/** The extra as the booking engine keeps it: its code is made from its name. */
export const extraRowOf = (draft: ExtraDraft) => ({ code: slugify(draft.name).slice(0, 60), name: draft.name.trim(), unit: draft.unit, price: Number(draft.price) });

/* The itinerary. */

export type ItineraryRow = Database['public']['Tables']['tour_itinerary']['Row'];

export interface DayDraft {
  /** The saved day's id; null for a day added since the last save. */
  id: string | null;
  /** Stable while editing, for React and drag and drop: the id, or a made-up one for a new day. */
  key: string;
  title: string;
  description: string;
  destinationId: string | null;
  /** The place in words where the destination is not precise enough ('Central Serengeti'). */
  location: string;
  accommodation: string;
  roomBasis: string;
  meals: string[];
  activities: string;
  travelMode: string | null;
  travelMinutes: number | string;
}

export const dayDraftOf = (day: ItineraryRow): DayDraft => ({
  id: day.id,
  key: day.id,
  title: day.title,
  description: day.description ?? '',
  destinationId: day.destination_id,
  location: day.location ?? '',
  accommodation: day.accommodation ?? '',
  roomBasis: day.room_basis ?? '',
  meals: day.meals,
  activities: day.activities.join('\n'),
  travelMode: day.travel_mode,
  travelMinutes: day.travel_minutes ?? '',
});

let newDays = 0;

/**
 * A new day placed after `previous`: it starts where the previous night was spent (the same lodge
 * and destination), as the day after a night in a lodge usually does.
 */
export function newDay(previous: DayDraft | null): DayDraft {
  newDays += 1;
  return {
    id: null,
    key: `new-${newDays}`,
    title: '',
    description: '',
    destinationId: previous?.destinationId ?? null,
    location: previous?.location ?? '',
    accommodation: previous?.accommodation ?? '',
    roomBasis: previous?.roomBasis ?? '',
    meals: previous ? [...previous.meals] : [],
    activities: '',
    travelMode: null,
    travelMinutes: '',
  };
}

/** The days with one moved from `from` to `to` (indexes), the others keeping their order. */
export function moveDay<T>(days: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= days.length || to >= days.length) return [...days];
  const next = [...days];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

export type DayProblems = Partial<Record<'title' | 'travelMinutes', string>>;

export function dayProblems(day: DayDraft): DayProblems {
  const problems: DayProblems = {};
  if (day.title.trim().length === 0 || day.title.trim().length > 120) problems.title = 'Give the day a title, up to 120 characters';
  const minutes = toNumber(day.travelMinutes);
  if (minutes !== null && (!Number.isInteger(minutes) || minutes < 0 || minutes > 1440)) problems.travelMinutes = 'From 0 to 1,440 minutes (24 hours)';
  return problems;
}

/** The days as save_tour_itinerary takes them. */
export const itineraryPayload = (days: readonly DayDraft[]) =>
  days.map((day) => ({
    id: day.id,
    title: day.title.trim(),
    description: day.description.trim() || null,
    destination_id: day.destinationId,
    location: day.location.trim() || null,
    accommodation: day.accommodation.trim() || null,
    room_basis: day.roomBasis.trim() || null,
    meals: day.meals,
    activities: lines(day.activities),
    travel_mode: day.travelMode,
    travel_minutes: toNumber(day.travelMinutes),
  }));

/* Departures. */

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Every date from `from` to `to` (inclusive, ISO dates) falling on one of the weekdays (0 is Sunday). */
export function seriesDates(from: string, to: string, weekdays: readonly number[]): string[] {
  const dates: string[] = [];
  if (!from || !to || to < from || weekdays.length === 0) return dates;
  for (let day = from; day <= to && dates.length <= 400; day = addDays(day, 1)) {
    if (weekdays.includes(new Date(`${day}T12:00:00Z`).getUTCDay())) dates.push(day);
  }
  return dates;
}

export interface DepartureDraft {
  mode: 'one' | 'series';
  startDate: string;
  from: string;
  to: string;
  weekdays: number[];
  capacity: number | string;
  priceOverride: number | string;
  guaranteedThreshold: number | string;
}

export const departureColumns = { startDate: 'start_date', capacity: 'capacity', priceOverride: 'price_override', guaranteedThreshold: 'guaranteed_threshold' } as const;

export const departureDates = (draft: DepartureDraft): string[] => (draft.mode === 'one' ? (draft.startDate ? [draft.startDate] : []) : seriesDates(draft.from, draft.to, draft.weekdays));

export function departureProblems(draft: DepartureDraft, today: string): Partial<Record<keyof DepartureDraft, string>> {
  const problems: Partial<Record<keyof DepartureDraft, string>> = {};
  if (draft.mode === 'one') {
    if (!draft.startDate) problems.startDate = 'Choose the day it leaves';
    else if (draft.startDate <= today) problems.startDate = 'A departure leaves after today';
  } else {
    if (!draft.from) problems.from = 'Choose the first day';
    else if (draft.from <= today) problems.from = 'The series starts after today';
    if (!draft.to) problems.to = 'Choose the last day';
    else if (draft.from && draft.to < draft.from) problems.to = 'The series ends on or after its first day';
    if (draft.weekdays.length === 0) problems.weekdays = 'Choose at least one day of the week';
    else if (!problems.from && !problems.to && seriesDates(draft.from, draft.to, draft.weekdays).length === 0) problems.weekdays = 'None of these days falls between the two dates';
    else if (seriesDates(draft.from, draft.to, draft.weekdays).length > 200) problems.to = 'At most 200 departures at once';
  }
  const capacity = toNumber(draft.capacity);
  if (capacity === null || !Number.isInteger(capacity) || capacity < 1 || capacity > 500) problems.capacity = 'From 1 to 500 seats';
  const price = toNumber(draft.priceOverride);
  if (price !== null && price < 0) problems.priceOverride = belowZero;
  const threshold = toNumber(draft.guaranteedThreshold);
  const seats = problems.capacity ? null : capacity;
  if (threshold !== null && (!Number.isInteger(threshold) || threshold < 1 || (seats !== null && threshold > seats))) problems.guaranteedThreshold = seats === null ? 'At least 1 seat taken' : `From 1 to ${seats} seats taken`;
  return problems;
}

export interface DepartureEdit {
  capacity: number | string;
  priceOverride: number | string;
  childPriceOverride: number | string;
  guaranteedThreshold: number | string;
  season: string;
}

/** Changing a departure: it keeps at least the seats its bookings hold. */
export function departureEditProblems(draft: DepartureEdit, seatsBooked: number): Partial<Record<keyof DepartureEdit, string>> {
  const problems: Partial<Record<keyof DepartureEdit, string>> = {};
  const capacity = toNumber(draft.capacity);
  if (capacity === null || !Number.isInteger(capacity) || capacity < 1 || capacity > 500) problems.capacity = 'From 1 to 500 seats';
  else if (capacity < seatsBooked) problems.capacity = `Its bookings hold ${seatsBooked} seats: at least ${seatsBooked}`;
  for (const key of ['priceOverride', 'childPriceOverride'] as const) {
    const price = toNumber(draft[key]);
    if (price !== null && price < 0) problems[key] = belowZero;
  }
  const threshold = toNumber(draft.guaranteedThreshold);
  if (threshold !== null && (!Number.isInteger(threshold) || threshold < 1 || (capacity !== null && threshold > capacity))) problems.guaranteedThreshold = `From 1 to ${capacity ?? 'the'} seats taken`;
  if (draft.season.trim().length > 60) problems.season = 'Up to 60 characters';
  return problems;
}

export const departureEditRowOf = (draft: DepartureEdit) => ({
  capacity: Number(draft.capacity),
  price_override: toNumber(draft.priceOverride),
  child_price_override: toNumber(draft.childPriceOverride),
  guaranteed_threshold: toNumber(draft.guaranteedThreshold),
  season: draft.season.trim() || null,
});

export const departureArgs = (tourId: string, draft: DepartureDraft) => ({
  p_tour_id: tourId,
  p_start_dates: departureDates(draft),
  p_capacity: Number(draft.capacity),
  p_price_override: toNumber(draft.priceOverride),
  p_guaranteed_threshold: toNumber(draft.guaranteedThreshold),
});

/* Checks before a tour goes live. */

/** Where a problem is fixed: a tab of the tour's editor and the field's id there. */
export interface TourProblem {
  kind: 'day_gap' | 'nights' | 'accommodation' | 'meals' | 'no_departures' | 'departure_capacity' | 'past_open' | 'season_price' | 'image_alt' | 'no_itinerary';
  message: string;
  tab: 'details' | 'pricing' | 'itinerary' | 'departures';
  field: string;
}

export interface TourForChecks {
  hero_image_url: string | null;
  gallery: unknown;
  duration_days: number;
  duration_nights: number;
  tour_itinerary: Pick<ItineraryRow, 'day_number' | 'accommodation' | 'meals'>[];
  tour_departures: { id: string; start_date: string; capacity: number; seats_booked: number; status: string; is_private: boolean }[];
  tour_seasons: { id: string; name: string; adult_price: number | string | null; child_price: number | string | null }[];
}

/** A gallery entry's URL: the entry itself, or its url. */
export function galleryUrl(entry: unknown): string | null {
  if (typeof entry === 'string') return entry;
  return typeof entry === 'object' && entry !== null && typeof (entry as { url?: unknown }).url === 'string' ? (entry as { url: string }).url : null;
}

/** The media library file a picture's URL is one of the sizes of, or null for any other picture. */
export function libraryFileOf(url: unknown): string | null {
  const value = galleryUrl(url) ?? '';
  return /\/media\/library\/([0-9a-f-]{36})\//.exec(value)?.[1] ?? null;
}

/**
 * What is wrong with a tour as it stands, each with the field that fixes it. withoutAlt: the media
 * library's files still waiting for their alt text.
 */
export function tourCheck(tour: TourForChecks, today: string, withoutAlt: ReadonlySet<string> = new Set()): TourProblem[] {
  const problems: TourProblem[] = [];
  const cover = libraryFileOf(tour.hero_image_url);
  if (cover && withoutAlt.has(cover)) problems.push({ kind: 'image_alt', message: 'The cover picture has no alt text: describe it in Media', tab: 'details', field: 'tour-cover' });
  const gallery = Array.isArray(tour.gallery) ? tour.gallery : [];
  const undescribed = gallery.filter((picture) => withoutAlt.has(libraryFileOf(picture) ?? '')).length;
  if (undescribed > 0) problems.push({ kind: 'image_alt', message: `${undescribed} ${undescribed === 1 ? 'picture' : 'pictures'} of the gallery ${undescribed === 1 ? 'has' : 'have'} no alt text: describe them in Media`, tab: 'details', field: 'tour-cover' });
  const days = [...tour.tour_itinerary].sort((a, b) => a.day_number - b.day_number);
  if (days.length === 0) problems.push({ kind: 'no_itinerary', message: 'The tour has no itinerary days', tab: 'itinerary', field: 'add-day' });
  days.forEach((day, index) => {
    if (day.day_number !== index + 1) problems.push({ kind: 'day_gap', message: `Day ${index + 1} is missing: the days go ${days.map((d) => d.day_number).join(', ')}`, tab: 'itinerary', field: `day-${index + 1}-title` });
  });
  if (days.length > 0 && (tour.duration_days !== days.length || tour.duration_nights !== days.length - 1)) {
    problems.push({ kind: 'nights', message: `The tour says ${tour.duration_days} days and ${tour.duration_nights} nights, its itinerary has ${days.length} days`, tab: 'details', field: 'tour-duration-days' });
  }
  days.forEach((day, index) => {
    // The last day ends the trip: it needs neither a bed nor, often, all its meals.
    if (index < days.length - 1 && !day.accommodation) problems.push({ kind: 'accommodation', message: `Day ${index + 1} has no accommodation`, tab: 'itinerary', field: `day-${index + 1}-accommodation` });
    if (day.meals.length === 0) problems.push({ kind: 'meals', message: `Day ${index + 1} says no meals`, tab: 'itinerary', field: `day-${index + 1}-meals` });
  });
  const scheduled = tour.tour_departures.filter((departure) => !departure.is_private && departure.status !== 'cancelled');
  if (!scheduled.some((departure) => departure.start_date > today)) problems.push({ kind: 'no_departures', message: 'No departure to come: visitors cannot book it', tab: 'departures', field: 'add-departures' });
  for (const departure of scheduled) {
    // A departure that left in the last 90 days with nobody on it did not run: it should say so.
    if (departure.start_date <= today && departure.start_date > addDays(today, -90) && departure.seats_booked === 0) {
      problems.push({ kind: 'past_open', message: `The departure of ${formatCalendarDate(departure.start_date)} left with nobody booked and is still open: cancel it`, tab: 'departures', field: `departure-${departure.id}` });
    }
    if (departure.capacity < 1) problems.push({ kind: 'departure_capacity', message: `The departure of ${formatCalendarDate(departure.start_date)} has no seats`, tab: 'departures', field: `departure-${departure.id}` });
  }
  for (const season of tour.tour_seasons) {
    // A season with one price only takes the tour's for the other; one with neither prices nothing.
    if (season.adult_price === null && season.child_price === null) problems.push({ kind: 'season_price', message: `The season ${season.name} has no price`, tab: 'pricing', field: `season-${season.id}` });
  }
  return problems;
}
