import { queryOptions } from '@tanstack/react-query';
import { addDays, officeToday } from '@/lib/dates.ts';
import { apiErrorOf } from '@shared/api-errors.ts';
import { callServer, serverAnswer } from '@/lib/server-api.ts';
import { getSupabase } from '@/lib/supabase.ts';
import type { Database, Json } from '@/lib/database.types.ts';
import { exportFile, exportLinksSelect, exportSelect, type CatalogueFacts, type ExportLinkRow, type ExportRow, type TransferFile, type TransferTour } from './transfer.ts';
import type { EntrySpec } from './entries.ts';
import type { DayDraft, TourRow } from './model.ts';
import { departureArgs, itineraryPayload, type DepartureDraft, type SeasonDraft, seasonRowOf, type TourForChecks } from './model.ts';

export const catalogueKeys = {
  all: ['admin', 'catalogue'] as const,
  tours: ['admin', 'catalogue', 'tours'] as const,
  tour: (id: string) => ['admin', 'catalogue', 'tour', id] as const,
  choices: ['admin', 'catalogue', 'choices'] as const,
};

/** Upcoming seats are counted over this many days in the tours list. */
export const LIST_DAYS_AHEAD = 90;

export interface TourListRow {
  id: string;
  slug: string;
  title: string;
  status: string;
  is_featured: boolean;
  updated_at: string;
  category: { name: string } | null;
  tour_destinations: { position: number; destination: { name: string } | null }[];
  tour_departures: { start_date: string; capacity: number; seats_booked: number; status: string }[];
}

/** Every tour, drafts and archived ones too, with its departures of the next 90 days. */
export const toursListQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.tours,
    queryFn: async (): Promise<TourListRow[]> => {
      const today = officeToday();
      const { data, error } = await (await getSupabase())
        .from('tours')
        .select('id, slug, title, status, is_featured, updated_at, category:categories(name), tour_destinations(position, destination:destinations(name)), tour_departures(start_date, capacity, seats_booked, status)')
        .gte('tour_departures.start_date', today)
        .lt('tour_departures.start_date', addDays(today, LIST_DAYS_AHEAD))
        .eq('tour_departures.is_private', false)
        .order('title')
        .overrideTypes<TourListRow[], { merge: false }>();
      if (error) throw error;
      return data;
    },
  });

export interface TourDepartureRow {
  id: string;
  start_date: string;
  end_date: string;
  capacity: number;
  seats_booked: number;
  status: string;
  price_override: number | string | null;
  child_price_override: number | string | null;
  guaranteed_threshold: number | null;
  season: string | null;
  is_private: boolean;
}

export interface TourSeasonRow {
  id: string;
  name: string;
  starts_on: string;
  ends_on: string;
  adult_price: number | string | null;
  child_price: number | string | null;
}

export type TourWithParts = TourRow & {
  tour_destinations: { destination_id: string; position: number }[];
  tour_experiences: { experience_id: string }[];
  tour_activities: { activity_id: string }[];
  tour_itinerary: import('./model.ts').ItineraryRow[];
  tour_departures: TourDepartureRow[];
  tour_seasons: TourSeasonRow[];
  tour_group_discounts: { id: string; min_travelers: number; percent: number | string }[];
  tour_extras: { id: string; code: string; name: string; description: string | null; unit: string; price: number | string; is_active: boolean; display_order: number }[];
};

/** A tour with everything its editor changes; departures from 90 days back (the checks look at those). */
export const tourEditorQuery = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.tour(id),
    queryFn: async (): Promise<TourWithParts | null> => {
      const { data, error } = await (await getSupabase())
        .from('tours')
        .select('*, tour_destinations(destination_id, position), tour_experiences(experience_id), tour_activities(activity_id), tour_itinerary(*), tour_departures(id, start_date, end_date, capacity, seats_booked, status, price_override, child_price_override, guaranteed_threshold, season, is_private), tour_seasons(id, name, starts_on, ends_on, adult_price, child_price), tour_group_discounts(id, min_travelers, percent), tour_extras(id, code, name, description, unit, price, is_active, display_order)')
        .eq('id', id)
        .gte('tour_departures.start_date', addDays(officeToday(), -90))
        .order('day_number', { referencedTable: 'tour_itinerary' })
        .order('start_date', { referencedTable: 'tour_departures' })
        .order('starts_on', { referencedTable: 'tour_seasons' })
        .order('min_travelers', { referencedTable: 'tour_group_discounts' })
        .order('display_order', { referencedTable: 'tour_extras' })
        .maybeSingle()
        .overrideTypes<TourWithParts | null, { merge: false }>();
      if (error) throw error;
      return data;
    },
  });

export interface CatalogueChoices {
  categories: { value: string; label: string }[];
  destinations: { value: string; label: string }[];
  experiences: { value: string; label: string }[];
  activities: { value: string; label: string }[];
}

/** The categories and destinations a tour can be put in. */
export const catalogueChoicesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.choices,
    queryFn: async (): Promise<CatalogueChoices> => {
      const supabase = await getSupabase();
      const [categories, destinations, experiences, activities] = await Promise.all([
        supabase.from('categories').select('id, name').order('display_order').order('name'),
        supabase.from('destinations').select('id, name, country').order('display_order').order('name'),
        supabase.from('experiences').select('id, title').order('display_order').order('title'),
        supabase.from('activities').select('id, name').order('display_order').order('name'),
      ]);
      for (const answer of [categories, destinations, experiences, activities]) if (answer.error) throw answer.error;
      return {
        categories: (categories.data ?? []).map((row) => ({ value: row.id, label: row.name })),
        destinations: (destinations.data ?? []).map((row) => ({ value: row.id, label: `${row.name}, ${row.country}` })),
        experiences: (experiences.data ?? []).map((row) => ({ value: row.id, label: row.title })),
        activities: (activities.data ?? []).map((row) => ({ value: row.id, label: row.name })),
      };
    },
    staleTime: 60_000,
  });

/** What a tour is tied to besides its own fields: its destinations (the first is its main one), experiences and activities. */
export interface TourLinks {
  destinations: string[];
  experiences: string[];
  activities: string[];
}

/** Saves a tour's fields and, when given, what it is tied to; returns its id. */
export async function saveTour(id: string | null, row: Database['public']['Tables']['tours']['Update'], links?: TourLinks): Promise<string> {
  const supabase = await getSupabase();
  const answer = id
    ? await supabase.from('tours').update(row).eq('id', id).select('id').single()
    : await supabase
        .from('tours')
        .insert({ title: '', slug: '', status: 'draft', ...row })
        .select('id')
        .single();
  if (answer.error) throw answer.error;
  const tourId = answer.data.id;
  if (links) {
    // All three kinds in one transaction (save_tour_links), or none.
    const linked = await supabase.rpc('save_tour_links', {
      p_tour_id: tourId,
      p_destination_ids: links.destinations,
      p_experience_ids: links.experiences,
      p_activity_ids: links.activities,
    });
    if (linked.error) throw linked.error;
  }
  return tourId;
}

export async function saveItinerary(tourId: string, days: readonly DayDraft[]): Promise<string[]> {
  const { data, error } = await (await getSupabase()).rpc('save_tour_itinerary', { p_tour_id: tourId, p_days: itineraryPayload(days) });
  if (error) throw error;
  return data;
}

export async function addDepartures(tourId: string, draft: DepartureDraft): Promise<number> {
  const { data, error } = await (await getSupabase()).rpc('add_tour_departures', departureArgs(tourId, draft) as never);
  if (error) throw error;
  return data;
}

/** Cancels a departure (its bookings are cancelled and refunds owed by the database) or opens it again. */
export async function setDepartureCancelled(departureId: string, cancelled: boolean): Promise<void> {
  const { error } = await (await getSupabase())
    .from('tour_departures')
    .update({ status: cancelled ? 'cancelled' : 'open' })
    .eq('id', departureId)
    .select('id')
    .single();
  if (error) throw error;
}

export async function addSeason(tourId: string, draft: SeasonDraft): Promise<void> {
  const { error } = await (await getSupabase()).from('tour_seasons').insert(seasonRowOf(tourId, draft)).select('id').single();
  if (error) throw error;
}

export async function duplicateTour(tourId: string): Promise<string> {
  const { data, error } = await (await getSupabase()).rpc('duplicate_tour', { p_tour_id: tourId });
  if (error) throw error;
  return data;
}

export interface TourToCheck extends TourForChecks {
  id: string;
  title: string;
  slug: string;
}

/** Every published tour with what its checks read: days, departures from 90 days back, seasons. */
export const toursToCheckQuery = () =>
  queryOptions({
    queryKey: [...catalogueKeys.all, 'checks'] as const,
    queryFn: async (): Promise<TourToCheck[]> => {
      const { data, error } = await (await getSupabase())
        .from('tours')
        .select('id, title, slug, hero_image_url, gallery, duration_days, duration_nights, tour_itinerary(day_number, accommodation, meals), tour_departures(id, start_date, capacity, seats_booked, status, is_private), tour_seasons(id, name, adult_price, child_price)')
        .eq('status', 'active')
        .gte('tour_departures.start_date', addDays(officeToday(), -90))
        .order('title')
        .overrideTypes<TourToCheck[], { merge: false }>();
      if (error) throw error;
      return data;
    },
  });

/** The whole catalogue in the export's format. */
export async function exportCatalogue(): Promise<TransferFile> {
  const supabase = await getSupabase();
  const [tours, links] = await Promise.all([
    supabase.from('tours').select(exportSelect).order('slug').overrideTypes<ExportRow[], { merge: false }>(),
    supabase.from('tours').select(exportLinksSelect).overrideTypes<ExportLinkRow[], { merge: false }>(),
  ]);
  if (tours.error) throw tours.error;
  if (links.error) throw links.error;
  return exportFile(tours.data, links.data);
}

/** What an import is checked against: the addresses taken (old ones too), the categories and destinations. */
export async function catalogueFacts(): Promise<CatalogueFacts> {
  const supabase = await getSupabase();
  const [tours, redirects, categories, destinations, experiences, activities] = await Promise.all([
    supabase.from('tours').select('slug'),
    supabase.from('tour_slug_redirects').select('slug'),
    supabase.from('categories').select('slug'),
    supabase.from('destinations').select('slug'),
    supabase.from('experiences').select('slug'),
    supabase.from('activities').select('slug'),
  ]);
  for (const answer of [tours, redirects, categories, destinations, experiences, activities]) if (answer.error) throw answer.error;
  const slugs = (rows: { slug: string }[] | null) => new Set((rows ?? []).map((row) => row.slug));
  return {
    existingSlugs: new Set([...slugs(tours.data), ...slugs(redirects.data)]),
    categories: slugs(categories.data),
    destinations: slugs(destinations.data),
    experiences: slugs(experiences.data),
    activities: slugs(activities.data),
  };
}

/** Adds the tours in one transaction: all of them, or none and the reason. */
export async function importTours(tours: TransferTour[]): Promise<number> {
  const { data, error } = await (await getSupabase()).rpc('import_tours', { p_tours: tours as unknown as Json });
  if (error) throw error;
  return data;
}

/** The media library's files still without alt text: a tour showing one is not ready to publish. */
export const filesWithoutAltQuery = () =>
  queryOptions({
    queryKey: [...catalogueKeys.all, 'without-alt'] as const,
    queryFn: async (): Promise<ReadonlySet<string>> => {
      const { data, error } = await (await getSupabase()).from('media_files').select('id').is('alt_text', null).limit(5000);
      if (error) throw error;
      return new Set(data.map((row) => row.id));
    },
  });

/**
 * The address of a tour's preview, rendered by the server as the public page will be (server/seo/preview.ts).
 * It works for twelve hours: asked again each hour, so the editor's link is always good.
 */
export const tourPreviewQuery = (tourId: string) =>
  queryOptions({
    queryKey: [...catalogueKeys.tour(tourId), 'preview'] as const,
    queryFn: async (): Promise<string> => {
      const response = await callServer(`/api/tours/${tourId}/preview`, { method: 'POST' });
      const answer = await serverAnswer<{ path?: string }>(response);
      if (!response.ok || !answer?.path) throw new Error(apiErrorOf(answer)?.message ?? 'The preview could not be prepared');
      return answer.path;
    },
    staleTime: 60 * 60_000,
    refetchInterval: 60 * 60_000,
  });

/* Destinations, experiences and activities. */

export interface EntryListRow {
  id: string;
  slug: string;
  name: string;
  is_published: boolean;
  display_order: number;
  detail: string | null;
  tours: number;
}

/** Every entry of a kind in the site's order, with how many tours it appears on. */
export const entriesQuery = (spec: EntrySpec) =>
  queryOptions({
    queryKey: [...catalogueKeys.all, spec.table] as const,
    queryFn: async (): Promise<EntryListRow[]> => {
      const published = spec.kind === 'activity' ? '' : ', is_published';
      const detail = spec.kind === 'destination' ? ', region' : spec.kind === 'experience' ? ', duration_label' : ', icon';
      const { data, error } = await (await getSupabase())
        .from(spec.table)
        .select(`id, slug, ${spec.nameColumn}, display_order${published}${detail}, ${spec.tourLink}(tour_id)`)
        .order('display_order')
        .order(spec.nameColumn)
        .overrideTypes<Record<string, unknown>[], { merge: false }>();
      if (error) throw error;
      return data.map((row) => ({
        id: String(row.id),
        slug: String(row.slug),
        name: String(row[spec.nameColumn]),
        is_published: row.is_published === undefined ? true : Boolean(row.is_published),
        display_order: Number(row.display_order),
        detail: (row.region ?? row.duration_label ?? row.icon ?? null) as string | null,
        tours: ((row[spec.tourLink] as unknown[] | undefined) ?? []).length,
      }));
    },
  });

export interface EntryWithTours {
  row: Record<string, unknown>;
  tours: { id: string; title: string; status: string }[];
}

/** One entry with the tours it appears on. */
export const entryQuery = (spec: EntrySpec, id: string) =>
  queryOptions({
    queryKey: [...catalogueKeys.all, spec.table, id] as const,
    queryFn: async (): Promise<EntryWithTours | null> => {
      const { data, error } = await (await getSupabase())
        .from(spec.table)
        .select(`*, ${spec.tourLink}(tour:tours(id, title, status))`)
        .eq('id', id)
        .maybeSingle()
        .overrideTypes<Record<string, unknown> | null, { merge: false }>();
      if (error) throw error;
      if (!data) return null;
      const links = (data[spec.tourLink] as { tour: { id: string; title: string; status: string } | null }[]) ?? [];
      return { row: data, tours: links.map((link) => link.tour).filter((tour): tour is { id: string; title: string; status: string } => tour !== null).sort((a, b) => a.title.localeCompare(b.title)) };
    },
  });

/** Saves an entry's fields; returns its id. A new one goes last in the site's order. */
export async function saveEntry(spec: EntrySpec, id: string | null, row: Record<string, unknown>): Promise<string> {
  const supabase = await getSupabase();
  const table = supabase.from(spec.table as 'destinations');
  const answer = id ? await table.update(row as never).eq('id', id).select('id').single() : await table.insert({ display_order: 1000, ...row } as never).select('id').single();
  if (answer.error) throw answer.error;
  return answer.data.id;
}

export async function reorderDestinations(ids: string[]): Promise<void> {
  const { error } = await (await getSupabase()).rpc('reorder_destinations', { p_ids: ids });
  if (error) throw error;
}

export async function addGroupDiscount(tourId: string, minTravelers: number, percent: number): Promise<void> {
  const { error } = await (await getSupabase()).from('tour_group_discounts').insert({ tour_id: tourId, min_travelers: minTravelers, percent }).select('id').single();
  if (error) throw error.code === '23505' ? new Error(`There is already a discount from ${minTravelers} travelers`) : error;
}

export async function addExtra(tourId: string, extra: { code: string; name: string; unit: string; price: number }): Promise<void> {
  const { error } = await (await getSupabase()).from('tour_extras').insert({ tour_id: tourId, ...extra }).select('id').single();
  if (error) throw error.code === '23505' ? new Error('The tour already has an extra with this name') : error;
}

/** An extra no longer offered stays on the bookings that took it. */
export async function setExtraOffered(id: string, offered: boolean): Promise<void> {
  const { error } = await (await getSupabase()).from('tour_extras').update({ is_active: offered }).eq('id', id).select('id').single();
  if (error) throw error;
}

export async function removePricingRow(table: 'tour_group_discounts' | 'tour_extras' | 'tour_seasons', id: string): Promise<void> {
  const { error } = await (await getSupabase()).from(table).delete().eq('id', id);
  if (error) throw error;
}

/** A departure's seats and prices, changed; its bookings and their seats stay. */
export async function saveDeparture(id: string, row: { capacity: number; price_override: number | null; child_price_override: number | null; guaranteed_threshold: number | null; season: string | null }): Promise<void> {
  const { error } = await (await getSupabase()).from('tour_departures').update(row).eq('id', id).select('id').single();
  if (error) throw error;
}
