import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase.ts';
import type { Database } from '@/lib/database.types.ts';
import type { Manifest } from './manifest.ts';
import type { Guide, Vehicle } from './model.ts';

export const operationsKeys = {
  all: ['admin', 'operations'] as const,
  guides: ['admin', 'operations', 'guides'] as const,
  guide: (id: string) => ['admin', 'operations', 'guides', id] as const,
  vehicles: ['admin', 'operations', 'vehicles'] as const,
  vehicle: (id: string) => ['admin', 'operations', 'vehicles', id] as const,
  guideAccounts: ['admin', 'operations', 'guide-accounts'] as const,
  currencies: ['admin', 'operations', 'currencies'] as const,
};

const trip = 'tour_departures(id, start_date, end_date, status, is_private, tours(title))';

/** Every guide with their licences, leave and trips (a company has tens: the list filters in the page). */
export const guidesQuery = () =>
  queryOptions({
    queryKey: operationsKeys.guides,
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('guides')
        .select(`*, guide_credentials(*), guide_leave(*), departure_guides(${trip})`)
        .order('full_name');
      if (error) throw error;
      return data;
    },
  });

export type GuideWithRecords = Awaited<ReturnType<NonNullable<ReturnType<typeof guidesQuery>['queryFn']>>>[number];

export const guideQuery = (id: string) =>
  queryOptions({
    queryKey: operationsKeys.guide(id),
    queryFn: async (): Promise<GuideWithRecords | null> => {
      const { data, error } = await (await getSupabase())
        .from('guides')
        .select(`*, guide_credentials(*), guide_leave(*), departure_guides(${trip})`)
        .eq('id', id)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  });

/** Every vehicle with its times off the road and its trips. */
export const vehiclesQuery = () =>
  queryOptions({
    queryKey: operationsKeys.vehicles,
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('vehicles')
        .select(`*, vehicle_out_of_service(*), departure_vehicles(travelers, ${trip})`)
        .order('name');
      if (error) throw error;
      return data;
    },
  });

export type VehicleWithRecords = Awaited<ReturnType<NonNullable<ReturnType<typeof vehiclesQuery>['queryFn']>>>[number];

export const vehicleQuery = (id: string) =>
  queryOptions({
    queryKey: operationsKeys.vehicle(id),
    queryFn: async (): Promise<VehicleWithRecords | null> => {
      const { data, error } = await (await getSupabase())
        .from('vehicles')
        .select(`*, vehicle_out_of_service(*), departure_vehicles(travelers, ${trip})`)
        .eq('id', id)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  });

/** The accounts with the guide role, to link one to a guide record (staff_accounts(), admins only). */
export const guideAccountsQuery = () =>
  queryOptions({
    queryKey: operationsKeys.guideAccounts,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).rpc('staff_accounts');
      if (error) throw error;
      return data.filter((row) => row.kind === 'member' && row.role === 'guide');
    },
  });

/** The currencies a day rate may be in: those with an exchange rate. */
export const currenciesQuery = () =>
  queryOptions({
    queryKey: operationsKeys.currencies,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).from('currency_rates').select('currency').order('currency');
      if (error) throw error;
      return data.map((row) => row.currency);
    },
    staleTime: 10 * 60_000,
  });

type GuideRow = Partial<Omit<Guide, 'id' | 'created_at' | 'updated_at'>>;
type VehicleRow = Partial<Omit<Vehicle, 'id' | 'created_at' | 'updated_at'>>;

/** Adds the guide (no id) or changes it; answers its id. */
export async function saveGuide(id: string | null, row: GuideRow): Promise<string> {
  const supabase = await getSupabase();
  const answer = id
    ? await supabase.from('guides').update(row).eq('id', id).select('id').single()
    : await supabase.from('guides').insert({ full_name: '', ...row }).select('id').single();
  if (answer.error) throw answer.error;
  return answer.data.id;
}

export async function saveVehicle(id: string | null, row: VehicleRow): Promise<string> {
  const supabase = await getSupabase();
  const answer = id
    ? await supabase.from('vehicles').update(row).eq('id', id).select('id').single()
    : await supabase.from('vehicles').insert({ name: '', registration: '', seats: 0, ...row }).select('id').single();
  if (answer.error) throw answer.error;
  return answer.data.id;
}

/** The records hung under a guide or a vehicle: licences, leave, times off the road. */
type RecordTable = 'guide_credentials' | 'guide_leave' | 'vehicle_out_of_service';

export async function addRecord<T extends RecordTable>(table: T, row: Database['public']['Tables'][T]['Insert']): Promise<void> {
  const { error } = await (await getSupabase()).from(table).insert(row as never).select('id').single();
  if (error) throw error;
}

export async function removeRecord(table: RecordTable, id: string): Promise<void> {
  const { error } = await (await getSupabase()).from(table).delete().eq('id', id).select('id').single();
  if (error) throw error;
}

/** The trips the calendar shows between two dates (any overlap), with who runs them. */
export const calendarQuery = (from: string, to: string, tourId?: string) =>
  queryOptions({
    queryKey: [...operationsKeys.all, 'calendar', from, to, tourId ?? null] as const,
    queryFn: async () => {
      let ask = (await getSupabase())
        .from('tour_departures')
        .select(
          'id, tour_id, start_date, end_date, status, is_private, capacity, seats_booked, tours(title), departure_guides(guide_id, guides(full_name)), departure_vehicles(vehicle_id, travelers, vehicles(name, registration, seats))',
        )
        .lte('start_date', to)
        .gte('end_date', from)
        .neq('status', 'cancelled')
        .order('start_date')
        .order('id');
      if (tourId) ask = ask.eq('tour_id', tourId);
      const { data, error } = await ask;
      if (error) throw error;
      return data;
    },
  });

export type CalendarTrip = Awaited<ReturnType<NonNullable<ReturnType<typeof calendarQuery>['queryFn']>>>[number];

/** One trip, as its panel shows it. */
export const tripQuery = (id: string) =>
  queryOptions({
    queryKey: [...operationsKeys.all, 'trip', id] as const,
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('tour_departures')
        .select(
          'id, tour_id, start_date, end_date, status, is_private, capacity, seats_booked, tours(title), departure_guides(guide_id, guides(full_name, languages, phone)), departure_vehicles(vehicle_id, travelers, vehicles(name, registration, seats))',
        )
        .eq('id', id)
        .maybeSingle();
      if (error) throw error;
      return data;
    },
  });

export type TripDetail = NonNullable<Awaited<ReturnType<NonNullable<ReturnType<typeof tripQuery>['queryFn']>>>>;

/** The tours to filter the calendar by. */
export const tourChoicesQuery = () =>
  queryOptions({
    queryKey: [...operationsKeys.all, 'tours'] as const,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).from('tours').select('id, title').order('title');
      if (error) throw error;
      return data;
    },
    staleTime: 10 * 60_000,
  });

export async function assignGuide(departureId: string, guideId: string): Promise<void> {
  const { error } = await (await getSupabase()).from('departure_guides').insert({ departure_id: departureId, guide_id: guideId }).select('guide_id').single();
  if (error) throw error;
}

export async function unassignGuide(departureId: string, guideId: string): Promise<void> {
  const { error } = await (await getSupabase()).from('departure_guides').delete().eq('departure_id', departureId).eq('guide_id', guideId).select('guide_id').single();
  if (error) throw error;
}

/** Puts the vehicle on the trip with these travelers, or changes how many ride in it. */
export async function assignVehicle(departureId: string, vehicleId: string, travelers: number): Promise<void> {
  const { error } = await (await getSupabase())
    .from('departure_vehicles')
    .upsert({ departure_id: departureId, vehicle_id: vehicleId, travelers }, { onConflict: 'departure_id,vehicle_id' })
    .select('vehicle_id')
    .single();
  if (error) throw error;
}

export async function unassignVehicle(departureId: string, vehicleId: string): Promise<void> {
  const { error } = await (await getSupabase()).from('departure_vehicles').delete().eq('departure_id', departureId).eq('vehicle_id', vehicleId).select('vehicle_id').single();
  if (error) throw error;
}

/** What would stop the trip from starting on that day (trip_move_problems); empty when it can move. */
export async function tripMoveProblems(departureId: string, startDate: string): Promise<string[]> {
  const { data, error } = await (await getSupabase()).rpc('trip_move_problems', { p_departure_id: departureId, p_start_date: startDate });
  if (error) throw error;
  return data ?? [];
}

/** Moves the trip (move_trip); answers how many travelers are emailed the new dates. */
export async function moveTrip(departureId: string, startDate: string): Promise<number> {
  const { data, error } = await (await getSupabase()).rpc('move_trip', { p_departure_id: departureId, p_start_date: startDate });
  if (error) throw error;
  return data;
}

/** What operations_due() returns (20261128040700_typed_returns_operations.sql). */
export interface OperationsDue {
  today: string;
  unstaffed: {
    departure_id: string;
    tour_title: string;
    start_date: string;
    end_date: string;
    seats_booked: number;
    /** What the trip lacks: 'guide', 'vehicle' or 'seats'. */
    missing: string[];
    /** What no active guide or vehicle is free to take over the trip's dates: 'guide' or 'vehicle'. */
    cannot_staff: string[];
  }[];
  /** record_type: 'guide' or 'vehicle'. */
  due: { record_type: string; record_id: string; name: string; kind: string; what: string; due_on: string }[];
}

/** Booked trips still to staff, however far ahead, and papers and services due within 60 days. */
export const operationsDueQuery = () =>
  queryOptions({
    queryKey: [...operationsKeys.all, 'due'] as const,
    queryFn: async (): Promise<OperationsDue> => {
      const { data, error } = await (await getSupabase()).rpc('operations_due');
      if (error) throw error;
      return data;
    },
    refetchInterval: 60_000,
  });

/** Who could take a trip (trip_staffing_options()): each active guide and vehicle not on it, with why the rules refuse them, or null when free. */
export interface TripStaffingOptions {
  guides: { id: string; full_name: string; languages: string[]; problem: string | null }[];
  vehicles: { id: string; name: string; registration: string; seats: number; problem: string | null }[];
}

export const tripStaffingQuery = (departureId: string) =>
  queryOptions({
    queryKey: [...operationsKeys.all, 'staffing', departureId] as const,
    queryFn: async (): Promise<TripStaffingOptions> => {
      const { data, error } = await (await getSupabase()).rpc('trip_staffing_options', { p_departure_id: departureId });
      if (error) throw error;
      return data;
    },
  });

/** A trip's manifest (trip_manifest()): operations staff any trip's, a guide the trips they lead. */
export const manifestQuery = (departureId: string) =>
  queryOptions({
    queryKey: [...operationsKeys.all, 'manifest', departureId] as const,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).rpc('trip_manifest', { p_departure_id: departureId });
      if (error) throw error;
      // A manifest; its bookings' checked_in is jsonb (a time by traveler index), as Manifest says.
      return data as Manifest;
    },
  });

/** A calendar feed's address, or null before one is made: the company's (guideId null) or a guide's. */
export const calendarFeedQuery = (guideId: string | null) =>
  queryOptions({
    queryKey: [...operationsKeys.all, 'feed', guideId] as const,
    queryFn: async () => {
      const ask = (await getSupabase()).from('calendar_feeds').select('token, renewed_at');
      const { data, error } = await (guideId ? ask.eq('guide_id', guideId) : ask.is('guide_id', null)).maybeSingle();
      if (error) throw error;
      return data;
    },
  });

/** Makes the feed's address, or a new one in place of the old (renew_calendar_feed). */
export async function renewCalendarFeed(guideId: string | null): Promise<string> {
  const { data, error } = await (await getSupabase()).rpc('renew_calendar_feed', guideId ? { p_guide_id: guideId } : {});
  if (error) throw error;
  return data;
}

/** The guide record of the signed-in guide, if they have one. */
export const ownGuideQuery = (userId: string) =>
  queryOptions({
    queryKey: [...operationsKeys.all, 'own-guide', userId] as const,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).from('guides').select('id, full_name').eq('user_id', userId).maybeSingle();
      if (error) throw error;
      return data;
    },
  });
