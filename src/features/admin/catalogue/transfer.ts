import type { Database } from '@/lib/database.types.ts';
import Papa from 'papaparse';
import { cellText, toCsv } from '@/lib/csv.ts';
import { DIFFICULTIES, MEALS, slugify } from './model.ts';

/**
 * Tours in and out of the catalogue, as JSON or CSV: the export's format is the import's, so an
 * export imported into an empty catalogue gives the same catalogue. Pure functions: the screen reads
 * a file, maps its columns, shows every row's problems, and only a file without problems goes to
 * import_tours() (20261127002500_import_tours.sql), which writes it all or nothing.
 */

export interface TransferDay {
  day_number: number;
  title: string;
  description: string | null;
  destination: string | null;
  location: string | null;
  accommodation: string | null;
  room_basis: string | null;
  meals: string[];
  activities: string[];
  travel_mode: string | null;
  travel_minutes: number | null;
}

export interface TransferDeparture {
  start_date: string;
  end_date: string;
  capacity: number;
  status: 'open' | 'cancelled';
  price_override: number | null;
  child_price_override: number | null;
  guaranteed_threshold: number | null;
  season: string | null;
  notes: string | null;
}

export interface TransferSeason {
  name: string;
  starts_on: string;
  ends_on: string;
  adult_price: number | null;
  child_price: number | null;
}

export interface TransferDiscount {
  min_travelers: number;
  percent: number;
}

export interface TransferExtra {
  code: string;
  name: string;
  description: string | null;
  unit: string;
  price: number;
  is_active: boolean;
  display_order: number;
}

export interface TransferTour {
  slug: string;
  title: string;
  status: string;
  category: string | null;
  destinations: string[];
  experiences: string[];
  activities: string[];
  summary: string | null;
  description: string | null;
  base_price: number;
  currency: string;
  child_price: number | null;
  child_age_limit: number;
  single_supplement: number;
  duration_days: number;
  duration_nights: number;
  group_size_min: number;
  group_size_max: number | null;
  min_age: number | null;
  difficulty: string | null;
  best_season: string | null;
  start_location: string | null;
  end_location: string | null;
  highlights: string[];
  included: string[];
  excluded: string[];
  hero_image_url: string | null;
  gallery: unknown[];
  is_featured: boolean;
  is_private: boolean;
  passport_required: boolean;
  meta_title: string | null;
  meta_description: string | null;
  itinerary: TransferDay[];
  departures: TransferDeparture[];
  seasons: TransferSeason[];
  group_discounts: TransferDiscount[];
  extras: TransferExtra[];
}

/** The export file: what it is, and the tours. */
export interface TransferFile {
  format: 'tours';
  version: 1;
  tours: TransferTour[];
}

/* Export: from the database's rows. */

/** The request that reads everything an export holds (one round trip for the whole catalogue). */
export const exportSelect = [
  '*',
  'category:categories(slug)',
  'tour_destinations(position, destination:destinations(slug))',
  'tour_itinerary(day_number, title, description, location, accommodation, room_basis, meals, activities, travel_mode, travel_minutes, destination:destinations(slug))',
  'tour_departures(start_date, end_date, capacity, status, price_override, child_price_override, guaranteed_threshold, season, notes, is_private)',
  'tour_seasons(name, starts_on, ends_on, adult_price, child_price)',
  'tour_group_discounts(min_travelers, percent)',
  'tour_extras(code, name, description, unit, price, is_active, display_order)',
].join(', ');

/** The experiences and activities each tour is on: a second request, as one may embed at most 12 resources. */
export const exportLinksSelect = 'slug, tour_experiences(experience:experiences(slug)), tour_activities(activity:activities(slug))';

export interface ExportLinkRow {
  slug: string;
  tour_experiences: { experience: { slug: string } | null }[];
  tour_activities: { activity: { slug: string } | null }[];
}

type Numeric = number | string | null;
type Row<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T]['Row'];
/** Numeric columns are read through num(): PostgreSQL's numeric may arrive as a string. */
type WithNumeric<T, K extends keyof T> = Omit<T, K> & { [P in K]: Numeric };
type TourColumns =
  | 'slug' | 'title' | 'status' | 'summary' | 'description' | 'base_price' | 'currency' | 'child_price' | 'child_age_limit' | 'single_supplement'
  | 'duration_days' | 'duration_nights' | 'group_size_min' | 'group_size_max' | 'min_age' | 'difficulty' | 'best_season' | 'start_location'
  | 'end_location' | 'highlights' | 'included' | 'excluded' | 'hero_image_url' | 'gallery' | 'is_featured' | 'is_private' | 'passport_required'
  | 'meta_title' | 'meta_description';

/** The row shape of exportSelect: the tables' own rows (database.types.ts), with what each embeds. */
export type ExportRow = WithNumeric<Pick<Row<'tours'>, TourColumns>, 'base_price' | 'child_price' | 'single_supplement'> & {
  category: { slug: string } | null;
  tour_destinations: { position: number; destination: { slug: string } | null }[];
  tour_itinerary: (Pick<Row<'tour_itinerary'>, 'day_number' | 'title' | 'description' | 'location' | 'accommodation' | 'room_basis' | 'meals' | 'activities' | 'travel_mode' | 'travel_minutes'> & {
    destination: { slug: string } | null;
  })[];
  tour_departures: WithNumeric<
    Pick<Row<'tour_departures'>, 'start_date' | 'end_date' | 'capacity' | 'status' | 'price_override' | 'child_price_override' | 'guaranteed_threshold' | 'season' | 'notes' | 'is_private'>,
    'price_override' | 'child_price_override'
  >[];
  tour_seasons: WithNumeric<Pick<Row<'tour_seasons'>, 'name' | 'starts_on' | 'ends_on' | 'adult_price' | 'child_price'>, 'adult_price' | 'child_price'>[];
  tour_group_discounts: WithNumeric<Pick<Row<'tour_group_discounts'>, 'min_travelers' | 'percent'>, 'percent'>[];
  tour_extras: WithNumeric<Pick<Row<'tour_extras'>, 'code' | 'name' | 'description' | 'unit' | 'price' | 'is_active' | 'display_order'>, 'price'>[];
};

const num = (value: Numeric): number | null => (value === null || value === '' ? null : Number(value));
const byText = <T>(key: (item: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

/** The catalogue as the export file holds it, in a stable order (by slug, by day, by date). */
export function exportFile(rows: readonly ExportRow[], links: readonly ExportLinkRow[]): TransferFile {
  const linksOf = new Map(links.map((link) => [link.slug, link]));
  const slugs = (items: ({ slug: string } | null)[] | undefined) => (items ?? []).map((item) => item?.slug).filter((slug): slug is string => Boolean(slug)).sort();
  const tours = rows.map(
    (row): TransferTour => ({
      slug: row.slug,
      title: row.title,
      status: row.status,
      category: row.category?.slug ?? null,
      destinations: [...row.tour_destinations]
        .sort((a, b) => a.position - b.position)
        .map((link) => link.destination?.slug)
        .filter((slug): slug is string => Boolean(slug)),
      experiences: slugs(linksOf.get(row.slug)?.tour_experiences.map((link) => link.experience)),
      activities: slugs(linksOf.get(row.slug)?.tour_activities.map((link) => link.activity)),
      summary: row.summary,
      description: row.description,
      base_price: num(row.base_price) ?? 0,
      currency: row.currency,
      child_price: num(row.child_price),
      child_age_limit: row.child_age_limit,
      single_supplement: num(row.single_supplement) ?? 0,
      duration_days: row.duration_days,
      duration_nights: row.duration_nights,
      group_size_min: row.group_size_min,
      group_size_max: row.group_size_max,
      min_age: row.min_age,
      difficulty: row.difficulty,
      best_season: row.best_season,
      start_location: row.start_location,
      end_location: row.end_location,
      highlights: row.highlights,
      included: row.included,
      excluded: row.excluded,
      hero_image_url: row.hero_image_url,
      gallery: Array.isArray(row.gallery) ? row.gallery : [],
      is_featured: row.is_featured,
      is_private: row.is_private,
      passport_required: row.passport_required,
      meta_title: row.meta_title,
      meta_description: row.meta_description,
      itinerary: [...row.tour_itinerary]
        .sort((a, b) => a.day_number - b.day_number)
        .map((day) => ({
          day_number: day.day_number,
          title: day.title,
          description: day.description,
          destination: day.destination?.slug ?? null,
          location: day.location,
          accommodation: day.accommodation,
          room_basis: day.room_basis,
          meals: day.meals,
          activities: day.activities,
          travel_mode: day.travel_mode,
          travel_minutes: day.travel_minutes,
        })),
      // Private trips' departures belong to their one booking, not to the catalogue.
      departures: row.tour_departures
        .filter((departure) => !departure.is_private)
        // A day may have a cancelled departure and its replacement: the status keeps their order stable.
        .sort(byText((departure) => `${departure.start_date} ${departure.status === 'cancelled' ? 'b' : 'a'} ${String(departure.capacity).padStart(4, '0')}`))
        .map((departure) => ({
          start_date: departure.start_date,
          end_date: departure.end_date,
          capacity: departure.capacity,
          status: departure.status === 'cancelled' ? 'cancelled' : 'open',
          price_override: num(departure.price_override),
          child_price_override: num(departure.child_price_override),
          guaranteed_threshold: departure.guaranteed_threshold,
          season: departure.season,
          notes: departure.notes,
        })),
      seasons: [...row.tour_seasons]
        .sort(byText((season) => `${season.starts_on} ${season.name}`))
        .map((season) => ({ name: season.name, starts_on: season.starts_on, ends_on: season.ends_on, adult_price: num(season.adult_price), child_price: num(season.child_price) })),
      group_discounts: [...row.tour_group_discounts].sort((a, b) => a.min_travelers - b.min_travelers).map((tier) => ({ min_travelers: tier.min_travelers, percent: num(tier.percent) ?? 0 })),
      extras: [...row.tour_extras]
        .sort(byText((extra) => extra.code))
        .map((extra) => ({ code: extra.code, name: extra.name, description: extra.description, unit: extra.unit, price: num(extra.price) ?? 0, is_active: extra.is_active, display_order: extra.display_order })),
    }),
  );
  return { format: 'tours', version: 1, tours: tours.sort(byText((tour) => tour.slug)) };
}

/* CSV: one row per record (a tour, a day, a departure, a season, a group discount, an extra). */

export const RECORDS = ['tour', 'day', 'departure', 'season', 'discount', 'extra'] as const;
type RecordKind = (typeof RECORDS)[number];

/** The CSV's columns, in order; lists are one item per line within their cell. */
export const CSV_COLUMNS = [
  'record', 'tour',
  'title', 'status', 'category', 'destinations', 'experiences', 'activities', 'summary', 'description', 'base_price', 'currency', 'child_price', 'child_age_limit', 'single_supplement',
  'duration_days', 'duration_nights', 'group_size_min', 'group_size_max', 'min_age', 'difficulty', 'best_season', 'start_location', 'end_location',
  'highlights', 'included', 'excluded', 'hero_image_url', 'gallery', 'is_featured', 'is_private', 'passport_required', 'meta_title', 'meta_description',
  'day_number', 'day_title', 'day_description', 'day_destination', 'day_location', 'accommodation', 'room_basis', 'meals', 'activities', 'travel_mode', 'travel_minutes',
  'start_date', 'end_date', 'capacity', 'departure_status', 'price_override', 'child_price_override', 'guaranteed_threshold', 'season', 'notes',
  'season_name', 'starts_on', 'ends_on', 'adult_price', 'season_child_price',
  'min_travelers', 'percent',
  'extra_code', 'extra_name', 'extra_description', 'extra_unit', 'extra_price', 'extra_active', 'extra_order',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export const REQUIRED_COLUMNS: readonly CsvColumn[] = ['record', 'tour'];

type CsvRow = Partial<Record<CsvColumn, string>>;
const text = (value: string | number | boolean | null | undefined) => (value === null || value === undefined ? '' : String(value));
const list = (items: readonly string[]) => items.join('\n');

export function exportCsv(file: TransferFile): string {
  const rows: CsvRow[] = [];
  for (const tour of file.tours) {
    rows.push({
      record: 'tour', tour: tour.slug, title: tour.title, status: tour.status, category: text(tour.category), destinations: list(tour.destinations),
      experiences: list(tour.experiences), activities: list(tour.activities),
      summary: text(tour.summary), description: text(tour.description), base_price: text(tour.base_price), currency: tour.currency, child_price: text(tour.child_price),
      child_age_limit: text(tour.child_age_limit), single_supplement: text(tour.single_supplement), duration_days: text(tour.duration_days), duration_nights: text(tour.duration_nights),
      group_size_min: text(tour.group_size_min), group_size_max: text(tour.group_size_max), min_age: text(tour.min_age), difficulty: text(tour.difficulty),
      best_season: text(tour.best_season), start_location: text(tour.start_location), end_location: text(tour.end_location), highlights: list(tour.highlights),
      included: list(tour.included), excluded: list(tour.excluded), hero_image_url: text(tour.hero_image_url), gallery: tour.gallery.length ? JSON.stringify(tour.gallery) : '',
      is_featured: text(tour.is_featured), is_private: text(tour.is_private), passport_required: text(tour.passport_required),
      meta_title: text(tour.meta_title), meta_description: text(tour.meta_description),
    });
    for (const day of tour.itinerary) {
      rows.push({
        record: 'day', tour: tour.slug, day_number: text(day.day_number), day_title: day.title, day_description: text(day.description), day_destination: text(day.destination),
        day_location: text(day.location), accommodation: text(day.accommodation), room_basis: text(day.room_basis), meals: list(day.meals), activities: list(day.activities),
        travel_mode: text(day.travel_mode), travel_minutes: text(day.travel_minutes),
      });
    }
    for (const departure of tour.departures) {
      rows.push({
        record: 'departure', tour: tour.slug, start_date: departure.start_date, end_date: departure.end_date, capacity: text(departure.capacity), departure_status: departure.status,
        price_override: text(departure.price_override), child_price_override: text(departure.child_price_override), guaranteed_threshold: text(departure.guaranteed_threshold),
        season: text(departure.season), notes: text(departure.notes),
      });
    }
    for (const season of tour.seasons) {
      rows.push({ record: 'season', tour: tour.slug, season_name: season.name, starts_on: season.starts_on, ends_on: season.ends_on, adult_price: text(season.adult_price), season_child_price: text(season.child_price) });
    }
    for (const tier of tour.group_discounts) rows.push({ record: 'discount', tour: tour.slug, min_travelers: text(tier.min_travelers), percent: text(tier.percent) });
    for (const extra of tour.extras) {
      rows.push({
        record: 'extra', tour: tour.slug, extra_code: extra.code, extra_name: extra.name, extra_description: text(extra.description), extra_unit: extra.unit,
        extra_price: text(extra.price), extra_active: text(extra.is_active), extra_order: text(extra.display_order),
      });
    }
  }
  return toCsv(CSV_COLUMNS, rows.map((row) => CSV_COLUMNS.map((column) => row[column])), '\n');
}

/** A CSV's header row and its data rows, as papaparse reads them. */
export interface ParsedCsv {
  headers: string[];
  rows: Record<string, string>[];
  /** Problems of the file itself (quotes left open, rows of the wrong length). */
  errors: string[];
}

export function parseCsv(source: string): ParsedCsv {
  // Cells this product made inert on export (toCsv) read back as they were.
  const parsed = Papa.parse<Record<string, string>>(source.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transform: cellText });
  return {
    headers: parsed.meta.fields ?? [],
    rows: parsed.data,
    errors: parsed.errors.map((error) => (error.row !== undefined ? `Row ${error.row + 2}: ${error.message}` : error.message)),
  };
}

/** Which of the file's headers feeds each column: the one of the same name, spaces and case aside. */
export function guessMapping(headers: readonly string[]): Partial<Record<CsvColumn, string>> {
  const mapping: Partial<Record<CsvColumn, string>> = {};
  const normal = (name: string) => name.trim().toLowerCase().replace(/[\s-]+/g, '_');
  for (const column of CSV_COLUMNS) {
    const header = headers.find((candidate) => normal(candidate) === column);
    if (header !== undefined) mapping[column] = header;
  }
  return mapping;
}

/* Reading a file back, with every problem named by where it is. */

export interface Problem {
  /** 'Row 4' in a CSV, 'Tour ruaha-walking, day 2' in JSON. */
  where: string;
  message: string;
}

export interface ImportPlan {
  tours: TransferTour[];
  problems: Problem[];
}

/** What the import checks the file against: the catalogue as it is. */
export interface CatalogueFacts {
  existingSlugs: ReadonlySet<string>;
  categories: ReadonlySet<string>;
  destinations: ReadonlySet<string>;
  experiences: ReadonlySet<string>;
  activities: ReadonlySet<string>;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const STATUSES = ['draft', 'active', 'archived'];
const TRAVEL_MODES = ['drive', 'walk', 'flight', 'boat'];
const UNITS = ['per_person', 'per_booking'];

class Checker {
  readonly problems: Problem[] = [];
  constructor(private readonly where: string) {}

  say(message: string) {
    this.problems.push({ where: this.where, message });
  }

  /** A number, or null when empty; a problem (and null) when it is not a number or out of its range. */
  number(value: unknown, label: string, options: { min?: number; max?: number; integer?: boolean; required?: boolean } = {}): number | null {
    if (value === null || value === undefined || value === '') {
      if (options.required) this.say(`${label} is missing`);
      return null;
    }
    const number = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isFinite(number)) {
      this.say(`${label} is not a number: “${String(value)}”`);
      return null;
    }
    if (options.integer && !Number.isInteger(number)) this.say(`${label} is a whole number`);
    else if (options.min !== undefined && number < options.min) this.say(options.min === 0 ? `${label} cannot be below zero` : `${label} is at least ${options.min}`);
    else if (options.max !== undefined && number > options.max) this.say(`${label} is at most ${options.max}`);
    else return number;
    return null;
  }

  date(value: unknown, label: string): string {
    const date = String(value ?? '').trim();
    if (!date) this.say(`${label} is missing`);
    else if (!validDate(date)) this.say(`${label} is not a date like 2027-06-14: “${date}”`);
    return date;
  }

  text(value: unknown, label: string, max: number, required = false): string | null {
    const result = String(value ?? '').trim();
    if (!result) {
      if (required) this.say(`${label} is missing`);
      return null;
    }
    if (result.length > max) this.say(`${label} is longer than ${max} characters`);
    return result;
  }

  flag(value: unknown, label: string, fallback: boolean): boolean {
    if (value === null || value === undefined || value === '') return fallback;
    if (typeof value === 'boolean') return value;
    const word = String(value).trim().toLowerCase();
    if (['true', 'yes', '1'].includes(word)) return true;
    if (['false', 'no', '0'].includes(word)) return false;
    this.say(`${label} is true or false: “${String(value)}”`);
    return fallback;
  }
}

const lines = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map((item) => String(item).trim()).filter(Boolean)
    : String(value ?? '')
        .split('\n')
        .map((item) => item.trim())
        .filter(Boolean);

type Loose = Record<string, unknown>;

function checkTour(source: Loose, where: string, facts: CatalogueFacts): { tour: Omit<TransferTour, 'itinerary' | 'departures' | 'seasons' | 'group_discounts' | 'extras'>; problems: Problem[] } {
  const check = new Checker(where);
  const slug = String(source.slug ?? '').trim();
  if (!slug) check.say('The tour’s address (slug) is missing');
  else if (!SLUG.test(slug) || slug.length > 80) check.say(`The address “${slug}” is not lowercase letters, digits and single dashes (try “${slugify(slug)}”)`);
  else if (facts.existingSlugs.has(slug)) check.say(`The tour ${slug} is already in the catalogue`);
  const title = check.text(source.title, 'The title', 120, true) ?? '';
  const status = String(source.status ?? '').trim() || 'draft';
  if (!STATUSES.includes(status)) check.say(`The status is draft, active or archived, not “${status}”`);
  const category = String(source.category ?? '').trim() || null;
  if (category && !facts.categories.has(category)) check.say(`No category has the address “${category}”`);
  const destinations = lines(source.destinations);
  for (const destination of destinations) if (!facts.destinations.has(destination)) check.say(`No destination has the address “${destination}”`);
  const experiences = lines(source.experiences);
  for (const experience of experiences) if (!facts.experiences.has(experience)) check.say(`No experience has the address “${experience}”`);
  const activities = lines(source.activities);
  for (const activity of activities) if (!facts.activities.has(activity)) check.say(`No activity has the address “${activity}”`);
  const days = check.number(source.duration_days, 'The days', { min: 1, max: 60, integer: true }) ?? 1;
  const nights = check.number(source.duration_nights, 'The nights', { min: 0, integer: true }) ?? Math.max(days - 1, 0);
  if (nights > days) check.say(`A tour of ${days} days has at most ${days} nights`);
  const groupMin = check.number(source.group_size_min, 'The smallest group', { min: 1, integer: true }) ?? 1;
  const groupMax = check.number(source.group_size_max, 'The largest group', { min: 1, integer: true });
  if (groupMax !== null && groupMax < groupMin) check.say('The largest group is smaller than the smallest');
  const difficulty = String(source.difficulty ?? '').trim() || null;
  if (difficulty && !(DIFFICULTIES as readonly string[]).includes(difficulty)) check.say(`The difficulty is ${DIFFICULTIES.join(', ')}, not “${difficulty}”`);
  const currency = String(source.currency ?? '').trim() || 'USD';
  if (!/^[A-Z]{3}$/.test(currency)) check.say(`The currency is three capitals like USD, not “${currency}”`);
  let gallery: unknown[] = [];
  if (Array.isArray(source.gallery)) gallery = source.gallery;
  else if (typeof source.gallery === 'string' && source.gallery.trim()) {
    try {
      const parsed: unknown = JSON.parse(source.gallery);
      if (Array.isArray(parsed)) gallery = parsed;
      else check.say('The gallery is a list of pictures');
    } catch {
      check.say('The gallery is not readable JSON');
    }
  }
  return {
    tour: {
      slug,
      title,
      status,
      category,
      destinations,
      experiences,
      activities,
      summary: check.text(source.summary, 'The summary', 400),
      description: check.text(source.description, 'The overview', 10000),
      base_price: check.number(source.base_price, 'The price per adult', { min: 0, required: true }) ?? 0,
      currency,
      child_price: check.number(source.child_price, 'The child price', { min: 0 }),
      child_age_limit: check.number(source.child_age_limit, 'The children’s age limit', { min: 1, max: 18, integer: true }) ?? 12,
      single_supplement: check.number(source.single_supplement, 'The single supplement', { min: 0 }) ?? 0,
      duration_days: days,
      duration_nights: nights,
      group_size_min: groupMin,
      group_size_max: groupMax,
      min_age: check.number(source.min_age, 'The youngest age', { min: 0, max: 99, integer: true }),
      difficulty,
      best_season: check.text(source.best_season, 'The best season', 120),
      start_location: check.text(source.start_location, 'Where it starts', 120),
      end_location: check.text(source.end_location, 'Where it ends', 120),
      highlights: lines(source.highlights),
      included: lines(source.included),
      excluded: lines(source.excluded),
      hero_image_url: check.text(source.hero_image_url, 'The cover picture', 1000),
      gallery,
      is_featured: check.flag(source.is_featured, 'Featured', false),
      is_private: check.flag(source.is_private, 'Private', false),
      // Files from before the column read as no passport needed.
      passport_required: check.flag(source.passport_required, 'Passport needed', false),
      meta_title: check.text(source.meta_title, 'The SEO title', 120),
      meta_description: check.text(source.meta_description, 'The SEO description', 300),
    },
    problems: check.problems,
  };
}

function checkDay(source: Loose, where: string, facts: CatalogueFacts): { day: TransferDay; problems: Problem[] } {
  const check = new Checker(where);
  const destination = String(source.destination ?? '').trim() || null;
  if (destination && !facts.destinations.has(destination)) check.say(`No destination has the address “${destination}”`);
  const meals = lines(typeof source.meals === 'string' ? source.meals.replace(/[,|]/g, '\n') : source.meals);
  for (const meal of meals) if (!(MEALS as readonly string[]).includes(meal)) check.say(`Meals are ${MEALS.join(', ')}, not “${meal}”`);
  const travelMode = String(source.travel_mode ?? '').trim() || null;
  if (travelMode && !TRAVEL_MODES.includes(travelMode)) check.say(`Travel is drive, walk, flight or boat, not “${travelMode}”`);
  return {
    day: {
      day_number: check.number(source.day_number, 'The day number', { min: 1, max: 60, integer: true, required: true }) ?? 0,
      title: check.text(source.title, 'The day’s title', 120, true) ?? '',
      description: check.text(source.description, 'The day’s text', 4000),
      destination,
      location: check.text(source.location, 'The place', 120),
      accommodation: check.text(source.accommodation, 'The accommodation', 160),
      room_basis: check.text(source.room_basis, 'The room basis', 80),
      meals,
      activities: lines(source.activities),
      travel_mode: travelMode,
      travel_minutes: check.number(source.travel_minutes, 'The travel time', { min: 0, max: 1440, integer: true }),
    },
    problems: check.problems,
  };
}

function checkDeparture(source: Loose, where: string): { departure: TransferDeparture; problems: Problem[] } {
  const check = new Checker(where);
  const start = check.date(source.start_date, 'The start date');
  const end = check.date(source.end_date, 'The end date');
  if (validDate(start) && validDate(end) && end < start) check.say('The departure ends before it starts');
  const capacity = check.number(source.capacity, 'The number of seats', { min: 1, max: 500, integer: true, required: true }) ?? 1;
  const threshold = check.number(source.guaranteed_threshold, 'Guaranteed at', { min: 1, integer: true });
  if (threshold !== null && threshold > capacity) check.say(`Guaranteed at ${threshold} seats is more than its ${capacity} seats`);
  const status = String(source.status ?? '').trim() || 'open';
  if (!['open', 'cancelled'].includes(status)) check.say(`A departure is open or cancelled, not “${status}”`);
  return {
    departure: {
      start_date: start,
      end_date: end,
      capacity,
      status: status === 'cancelled' ? 'cancelled' : 'open',
      price_override: check.number(source.price_override, 'The departure’s price', { min: 0 }),
      child_price_override: check.number(source.child_price_override, 'The departure’s child price', { min: 0 }),
      guaranteed_threshold: threshold,
      season: check.text(source.season, 'The season', 60),
      notes: check.text(source.notes, 'The notes', 2000),
    },
    problems: check.problems,
  };
}

function checkSeason(source: Loose, where: string): { season: TransferSeason; problems: Problem[] } {
  const check = new Checker(where);
  const starts = check.date(source.starts_on, 'The season’s first day');
  const ends = check.date(source.ends_on, 'The season’s last day');
  if (validDate(starts) && validDate(ends) && ends < starts) check.say('The season ends before it starts');
  return {
    season: {
      name: check.text(source.name, 'The season’s name', 60, true) ?? '',
      starts_on: starts,
      ends_on: ends,
      adult_price: check.number(source.adult_price, 'The season’s adult price', { min: 0 }),
      child_price: check.number(source.child_price, 'The season’s child price', { min: 0 }),
    },
    problems: check.problems,
  };
}

function checkDiscount(source: Loose, where: string): { discount: TransferDiscount; problems: Problem[] } {
  const check = new Checker(where);
  const percent = check.number(source.percent, 'The discount', { min: 0.01, max: 99.99, required: true }) ?? 0;
  return { discount: { min_travelers: check.number(source.min_travelers, 'The number of travelers for the discount', { min: 2, integer: true, required: true }) ?? 2, percent }, problems: check.problems };
}

function checkExtra(source: Loose, where: string): { extra: TransferExtra; problems: Problem[] } {
  const check = new Checker(where);
  const code = String(source.code ?? '').trim();
  if (!SLUG.test(code)) check.say(`The extra’s code is lowercase letters, digits and dashes, not “${code}”`);
  const unit = String(source.unit ?? '').trim() || 'per_person';
  if (!UNITS.includes(unit)) check.say(`An extra is priced per_person or per_booking, not “${unit}”`);
  return {
    extra: {
      code,
      name: check.text(source.name, 'The extra’s name', 120, true) ?? '',
      description: check.text(source.description, 'The extra’s text', 2000),
      unit,
      price: check.number(source.price, 'The extra’s price', { min: 0, required: true }) ?? 0,
      is_active: check.flag(source.is_active, 'Offered', true),
      display_order: check.number(source.display_order, 'The extra’s place', { integer: true }) ?? 0,
    },
    problems: check.problems,
  };
}

/** Problems of a whole tour: its days numbered 1, 2, 3 without gaps or repeats. */
function checkWhole(tour: TransferTour, where: string): Problem[] {
  const numbers = tour.itinerary.map((day) => day.day_number).sort((a, b) => a - b);
  const problems: Problem[] = [];
  const repeated = numbers.filter((number, index) => index > 0 && numbers[index - 1] === number);
  if (repeated.length) problems.push({ where, message: `Day ${repeated[0]} is given twice` });
  const starts = tour.departures.map((departure) => departure.start_date).sort();
  const twice = starts.find((start, index) => index > 0 && starts[index - 1] === start && tour.departures.filter((d) => d.start_date === start && d.status !== 'cancelled').length > 1);
  if (twice) problems.push({ where, message: `Two departures leave on ${twice}` });
  return problems;
}

const emptyParts = () => ({ itinerary: [], departures: [], seasons: [], group_discounts: [], extras: [] });

/** The tours of a JSON export, each problem named by its tour and part. */
export function planFromJson(source: string, facts: CatalogueFacts): ImportPlan {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    return { tours: [], problems: [{ where: 'The file', message: 'This is not readable JSON' }] };
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { tours?: unknown } | null)?.tours;
  if (!Array.isArray(list) || list.length === 0) return { tours: [], problems: [{ where: 'The file', message: 'It holds no tour: an export has a list of tours' }] };
  const problems: Problem[] = [];
  const seen = new Set<string>();
  const tours = list.map((item: Loose, index) => {
    const name = typeof item?.slug === 'string' && item.slug ? item.slug : `number ${index + 1}`;
    const where = `Tour ${name}`;
    const checked = checkTour(item ?? {}, where, facts);
    problems.push(...checked.problems);
    if (seen.has(checked.tour.slug)) problems.push({ where, message: `The address ${checked.tour.slug} is in the file twice` });
    seen.add(checked.tour.slug);
    const partsOf = (key: string) => (Array.isArray(item?.[key]) ? (item[key] as Loose[]) : []).map((part) => part ?? {});
    const keep = <T>(result: { problems: Problem[] } & T) => {
      problems.push(...result.problems);
      return result;
    };
    const tour: TransferTour = {
      ...checked.tour,
      itinerary: partsOf('itinerary').map((part, i) => keep(checkDay(part, `${where}, day ${String(part.day_number ?? i + 1)}`, facts)).day),
      departures: partsOf('departures').map((part, i) => keep(checkDeparture(part, `${where}, departure ${String(part.start_date ?? i + 1)}`)).departure),
      seasons: partsOf('seasons').map((part, i) => keep(checkSeason(part, `${where}, season ${String(part.name ?? i + 1)}`)).season),
      group_discounts: partsOf('group_discounts').map((part, i) => keep(checkDiscount(part, `${where}, group discount ${i + 1}`)).discount),
      extras: partsOf('extras').map((part, i) => keep(checkExtra(part, `${where}, extra ${String(part.code ?? i + 1)}`)).extra),
    };
    problems.push(...checkWhole(tour, where));
    return tour;
  });
  return { tours, problems };
}

const TOUR_COLUMNS = CSV_COLUMNS.slice(CSV_COLUMNS.indexOf('title'), CSV_COLUMNS.indexOf('day_number'));

/** The tours of a CSV through the chosen mapping, each problem named by its row (the header is row 1). */
export function planFromCsv(csv: ParsedCsv, mapping: Partial<Record<CsvColumn, string>>, facts: CatalogueFacts): ImportPlan {
  const problems: Problem[] = [...csv.errors.map((message) => ({ where: 'The file', message }))];
  for (const column of REQUIRED_COLUMNS) if (!mapping[column]) problems.push({ where: 'The columns', message: `Choose the file’s column for “${column}”` });
  if (problems.some((problem) => problem.where === 'The columns')) return { tours: [], problems };
  const tours = new Map<string, TransferTour>();
  const pending: { kind: RecordKind; slug: string; where: string; value: Loose }[] = [];
  const seen = new Set<string>();
  csv.rows.forEach((raw, index) => {
    const where = `Row ${index + 2}`;
    const get = (column: CsvColumn) => (mapping[column] ? (raw[mapping[column]!] ?? '') : '');
    const kind = get('record').trim().toLowerCase() as RecordKind;
    const slug = get('tour').trim();
    if (!(RECORDS as readonly string[]).includes(kind)) {
      problems.push({ where, message: `The record is ${RECORDS.join(', ')}, not “${get('record')}”` });
      return;
    }
    if (kind === 'tour') {
      const checked = checkTour({ slug, ...Object.fromEntries(TOUR_COLUMNS.map((column) => [column, get(column)])) }, where, facts);
      problems.push(...checked.problems);
      if (seen.has(slug)) problems.push({ where, message: `The tour ${slug} is in the file twice` });
      seen.add(slug);
      tours.set(slug, { ...checked.tour, slug, ...emptyParts() });
      return;
    }
    const value: Loose =
      kind === 'day'
        ? { day_number: get('day_number'), title: get('day_title'), description: get('day_description'), destination: get('day_destination'), location: get('day_location'), accommodation: get('accommodation'), room_basis: get('room_basis'), meals: get('meals'), activities: get('activities'), travel_mode: get('travel_mode'), travel_minutes: get('travel_minutes') }
        : kind === 'departure'
          ? { start_date: get('start_date'), end_date: get('end_date'), capacity: get('capacity'), status: get('departure_status'), price_override: get('price_override'), child_price_override: get('child_price_override'), guaranteed_threshold: get('guaranteed_threshold'), season: get('season'), notes: get('notes') }
          : kind === 'season'
            ? { name: get('season_name'), starts_on: get('starts_on'), ends_on: get('ends_on'), adult_price: get('adult_price'), child_price: get('season_child_price') }
            : kind === 'discount'
              ? { min_travelers: get('min_travelers'), percent: get('percent') }
              : { code: get('extra_code'), name: get('extra_name'), description: get('extra_description'), unit: get('extra_unit'), price: get('extra_price'), is_active: get('extra_active'), display_order: get('extra_order') };
    pending.push({ kind, slug, where, value });
  });
  for (const { kind, slug, where, value } of pending) {
    const tour = tours.get(slug);
    if (!tour) {
      problems.push({ where, message: slug ? `No tour row for ${slug} comes before this ${kind}` : `The ${kind} names no tour` });
      continue;
    }
    if (kind === 'day') {
      const result = checkDay(value, where, facts);
      problems.push(...result.problems);
      tour.itinerary.push(result.day);
    } else if (kind === 'departure') {
      const result = checkDeparture(value, where);
      problems.push(...result.problems);
      tour.departures.push(result.departure);
    } else if (kind === 'season') {
      const result = checkSeason(value, where);
      problems.push(...result.problems);
      tour.seasons.push(result.season);
    } else if (kind === 'discount') {
      const result = checkDiscount(value, where);
      problems.push(...result.problems);
      tour.group_discounts.push(result.discount);
    } else {
      const result = checkExtra(value, where);
      problems.push(...result.problems);
      tour.extras.push(result.extra);
    }
  }
  for (const tour of tours.values()) problems.push(...checkWhole(tour, `Tour ${tour.slug}`));
  if (tours.size === 0 && problems.length === 0) problems.push({ where: 'The file', message: 'It holds no tour row' });
  // In the file's order: what is about the file, then row by row, then whole tours.
  const rank = (problem: Problem) => (problem.where.startsWith('Row ') ? Number(problem.where.slice(4)) : problem.where.startsWith('Tour ') ? Number.MAX_SAFE_INTEGER : 0);
  return { tours: [...tours.values()], problems: problems.map((problem, index) => ({ problem, index })).sort((a, b) => rank(a.problem) - rank(b.problem) || a.index - b.index).map(({ problem }) => problem) };
}
