import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { notify } from '@/lib/notify.ts';
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type MirrorRow } from '@/lib/local-db.ts';
import { refreshMirror } from '@/lib/outbox/outbox.ts';
import type { UserPreferences } from '@/lib/outbox/preferences.ts';
import { wishlistMirrorId } from '@/lib/outbox/wishlist.ts';
import type { Json } from '@/lib/database.types.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { BOOKING_COLUMNS, DEFAULT_PREFERENCES, portalBooking, withDefaults, type PortalBooking } from './model.ts';

/**
 * The portal reads the device mirror first (Dexie, live) and refreshes it from the server when
 * online, so a traveler who opened the portal once sees their trips with no connection. The
 * queries below only fetch and store; the pages render what the mirror holds.
 */

export const portalKeys = {
  all: ['portal'] as const,
  bookings: (userId: string) => [...portalKeys.all, 'bookings', userId] as const,
  profile: (userId: string) => [...portalKeys.all, 'profile', userId] as const,
  preferences: (userId: string) => [...portalKeys.all, 'preferences', userId] as const,
  wishlist: (userId: string) => [...portalKeys.all, 'wishlist', userId] as const,
  activity: (userId: string, offset: number, limit: number) => [...portalKeys.all, 'activity', userId, offset, limit] as const,
};

/** A mirror as a page sees it: the rows, whether the device has answered yet, and the refresh's state. */
export interface Mirrored<T> {
  data: T;
  /** False until the device database has answered (a moment on first render). */
  ready: boolean;
  /** The server refresh failed (offline or refused); the mirror still shows what it had. */
  refreshError: Error | null;
  refreshing: boolean;
  refresh: () => void;
}

function useMirror<T>(
  table: 'bookings' | 'wishlist' | 'profile' | 'preferences',
  userId: string,
  queryKey: readonly unknown[],
  fetchRows: () => Promise<MirrorRow[]>,
  select: (rows: MirrorRow[]) => T,
  empty: T,
): Mirrored<T> {
  const rows = useLiveQuery(() => localDb[table].where('userId').equals(userId).toArray(), [table, userId]);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      const readAt = Date.now();
      const fresh = await fetchRows();
      // A read overtaken by a newer one (an invalidation while it ran) must not write its older rows last.
      if (!signal.aborted) await refreshMirror(table, userId, fresh, readAt);
      return Date.now();
    },
  });
  return {
    data: rows ? select(rows) : empty,
    ready: rows !== undefined,
    refreshError: query.error,
    refreshing: query.isFetching,
    refresh: () => void query.refetch(),
  };
}

async function fetchBookings(userId: string): Promise<MirrorRow[]> {
  const { data, error } = await (await getSupabase())
    .from('bookings')
    .select(BOOKING_COLUMNS)
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .overrideTypes<PortalBooking[], { merge: false }>();
  if (error) throw error;
  const syncedAt = Date.now();
  return data.map((booking) => ({ id: booking.id, userId, row: booking as unknown as Record<string, unknown>, syncedAt }));
}

/** The traveler's bookings (tour, departure, itinerary and payments embedded), newest first. */
export function useBookings(userId: string): Mirrored<PortalBooking[]> {
  return useMirror(
    'bookings',
    userId,
    portalKeys.bookings(userId),
    () => fetchBookings(userId),
    (rows) => rows.map((row) => portalBooking(row.row)).sort((a, b) => b.created_at.localeCompare(a.created_at)),
    [],
  );
}

/** The profile columns the portal shows and edits (public.users). */
export const PROFILE_COLUMNS =
  'id, email, role, full_name, avatar_url, phone, country, emergency_contact_name, emergency_contact_phone, emergency_contact_relationship, ' +
  'date_of_birth, nationality, passport_number, passport_issuing_country, passport_expiry, created_at, updated_at';

export interface Profile {
  id: string;
  email: string | null;
  role: string;
  full_name: string | null;
  avatar_url: string | null;
  phone: string | null;
  country: string | null;
  emergency_contact_name: string | null;
  emergency_contact_phone: string | null;
  emergency_contact_relationship: string | null;
  date_of_birth: string | null;
  nationality: string | null;
  passport_number: string | null;
  passport_issuing_country: string | null;
  passport_expiry: string | null;
}

export function useProfile(userId: string): Mirrored<Profile | null> {
  return useMirror(
    'profile',
    userId,
    portalKeys.profile(userId),
    async () => {
      const { data, error } = await (await getSupabase()).from('users').select(PROFILE_COLUMNS).eq('id', userId).maybeSingle();
      if (error) throw error;
      return data ? [{ id: userId, userId, row: data as unknown as Record<string, unknown>, syncedAt: Date.now() }] : [];
    },
    (rows) => (rows[0]?.row as unknown as Profile | undefined) ?? null,
    null,
  );
}

/** Thrown when preferences are asked for anyone but the signed-in user (SPEC 5). */
export const PREFERENCES_UNAUTHORIZED = 'User not authenticated or unauthorized';

/**
 * The signed-in user's preferences. A missing profile row (PGRST116) is created with the spec's
 * defaults; asking for anyone else's preferences is refused (and the server refuses it too).
 */
export async function fetchPreferences(userId: string): Promise<UserPreferences> {
  const { data: auth } = await (await getSupabase()).auth.getSession();
  if (!auth.session || auth.session.user.id !== userId) throw new Error(PREFERENCES_UNAUTHORIZED);
  const { data, error } = await (await getSupabase()).from('users').select('preferences').eq('id', userId).single<{ preferences: unknown }>();
  if (error?.code === 'PGRST116') {
    const created = await (await getSupabase()).from('users').upsert({ id: userId, preferences: DEFAULT_PREFERENCES as unknown as Json }, { onConflict: 'id', ignoreDuplicates: true });
    if (created.error) throw created.error;
    return DEFAULT_PREFERENCES;
  }
  if (error) throw error;
  return withDefaults(data.preferences);
}

export function usePreferences(userId: string): Mirrored<UserPreferences> {
  return useMirror(
    'preferences',
    userId,
    portalKeys.preferences(userId),
    async () => [{ id: userId, userId, row: (await fetchPreferences(userId)) as unknown as Record<string, unknown>, syncedAt: Date.now() }],
    (rows) => withDefaults(rows[0]?.row),
    DEFAULT_PREFERENCES,
  );
}

/** The tour columns a wishlist entry embeds (the tour card's). */
export const WISHLIST_TOUR_COLUMNS =
  'id, slug, title, summary, base_price, currency, duration_days, duration_nights, hero_image_url, rating_average, review_count, is_private, category:categories(name, slug), destinations(name, slug), tour_departures(start_date, status)';

export interface WishlistEntry {
  tour_id: string;
  created_at?: string;
  tour?: Record<string, unknown> | null;
}

export function useWishlist(userId: string): Mirrored<WishlistEntry[]> {
  return useMirror(
    'wishlist',
    userId,
    portalKeys.wishlist(userId),
    async () => {
      const { data, error } = await (await getSupabase())
        .from('wishlist')
        .select(`tour_id, user_id, created_at, tour:tours(${WISHLIST_TOUR_COLUMNS})`)
        .eq('user_id', userId)
        .order('created_at', { ascending: false });
      if (error) throw error;
      const syncedAt = Date.now();
      return data.map((row) => ({ id: wishlistMirrorId(userId, row.tour_id as string), userId, row: row as Record<string, unknown>, syncedAt }));
    },
    (rows) =>
      rows
        .map((row) => row.row as unknown as WishlistEntry)
        .sort((a, b) => (b.created_at ?? '\uffff').localeCompare(a.created_at ?? '\uffff')),
    [],
  );
}

/** SPEC 9: activity logs are read by range, 50 at a time unless asked otherwise. */
export const ACTIVITY_PAGE = 50;

export interface ActivityEntry {
  id: string;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

export async function fetchActivity(userId: string, { limit = ACTIVITY_PAGE, offset = 0 }: { limit?: number; offset?: number } = {}): Promise<ActivityEntry[]> {
  const { data, error } = await (await getSupabase())
    .from('user_activity_logs')
    .select('id, action, resource_type, resource_id, details, created_at')
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .range(offset, offset + limit - 1);
  if (error) throw error;
  return data as ActivityEntry[];
}

export function useActivity(userId: string, offset = 0, limit = ACTIVITY_PAGE) {
  return useQuery({ queryKey: portalKeys.activity(userId, offset, limit), queryFn: () => fetchActivity(userId, { offset, limit }), placeholderData: keepPreviousData });
}

// How to pay is the company's, shared with the booking pages.
export { usePaymentInstructions, type PaymentInstructions } from '@/lib/payment-instructions.ts';

/**
 * Adds a booking made as a guest to the signed-in account, by the reference from the guest's email
 * (the link there is /traveler/bookings?claim=REF); says what happened and then calls `done`.
 */
export function useClaimGuestBooking(userId: string, reference: string | undefined, done: () => void) {
  const queryClient = useQueryClient();
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (!reference || started.current === reference) return;
    started.current = reference;
    void (async () => {
      const { data, error } = await (await getSupabase()).rpc('claim_guest_booking', { p_reference: reference });
      if (error) notify.error(error.message, { title: 'Booking not added' });
      else {
        notify.success(`Booking ${(data as { booking_reference: string }).booking_reference} is now in your account.`);
        // The list mounts after this: marked stale, it reads the bookings again instead of a cached answer.
        await queryClient.invalidateQueries({ queryKey: portalKeys.bookings(userId), refetchType: 'none' });
      }
      done();
    })();
  }, [reference, userId, queryClient, done]);
}
