import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_DISPLAY_DATES, setStaffDisplay, type DisplayDates } from '@/lib/dates.ts';
import { localDb } from '@/lib/local-db.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { requireSession, type SessionUser } from '@/lib/session/index.ts';
import { accessDenied } from './guard.ts';

/** A staff member's role and what it allows (public.role_permissions, through my_permissions()). */
export interface StaffAccess {
  user: SessionUser;
  role: string;
  permissions: string[];
  /** Their time zone and date format (preferences.display), in which the back office shows dates. */
  display: DisplayDates;
}

export const accessKeys = {
  permissions: (userId: string) => ['admin', 'permissions', userId] as const,
};

type StoredAccess = Pick<StaffAccess, 'role' | 'permissions' | 'display'>;

/** The last access the server gave this user on this device, so field mode opens with no signal. */
const storedAccessKey = (userId: string) => `staffAccess:${userId}`;

/** Whether a failed read failed for want of a connection (supabase-js answers fetch's TypeError as an error). */
const offlineFailure = (error: { message?: string }) => (typeof navigator !== 'undefined' && !navigator.onLine) || /failed to fetch|networkerror|load failed/i.test(error.message ?? '');

export const permissionsQuery = (userId: string) =>
  queryOptions({
    queryKey: accessKeys.permissions(userId),
    queryFn: async (): Promise<StoredAccess> => {
      const supabase = await getSupabase();
      const [access, profile] = await Promise.all([
        supabase.rpc('my_permissions'),
        supabase.from('users').select('preferences').eq('id', userId).maybeSingle(),
      ]);
      const failure = access.error ?? profile.error;
      if (failure) {
        // With no signal, the screens open as they did last time; the server decides again once back.
        const stored = offlineFailure(failure) ? await localDb.meta.get(storedAccessKey(userId)) : undefined;
        if (stored) return stored.value as StoredAccess;
        throw failure;
      }
      const [row] = (access.data ?? []) as { role: string; permissions: string[] }[];
      const found = { role: row?.role ?? 'traveler', permissions: row?.permissions ?? [], display: displayFrom(profile.data?.preferences) };
      await localDb.meta.put({ key: storedAccessKey(userId), value: found });
      return found;
    },
    // A role changes rarely; the database checks every read and write anyway.
    staleTime: 5 * 60_000,
  });

/** The display section of stored preferences, each field falling back to the default. */
function displayFrom(preferences: unknown): DisplayDates {
  const display = (preferences as { display?: Partial<DisplayDates> } | null)?.display;
  return {
    timezone: typeof display?.timezone === 'string' && display.timezone ? display.timezone : DEFAULT_DISPLAY_DATES.timezone,
    date_format: typeof display?.date_format === 'string' && display.date_format ? display.date_format : DEFAULT_DISPLAY_DATES.date_format,
  };
}

/**
 * For /admin's beforeLoad: the signed-in staff member and their permissions. Signed out throws a
 * 401, a traveler a 403; both show Access Denied. The guard only decides what to show: the database
 * refuses what the role may not read or write whatever the page asks.
 */
export async function requireBackOffice(queryClient: QueryClient): Promise<StaffAccess> {
  const user = await requireSession();
  const { role, permissions, display } = await queryClient.ensureQueryData(permissionsQuery(user.id));
  if (!permissions.includes('backoffice.open')) throw accessDenied();
  setStaffDisplay(display);
  return { user, role, permissions, display };
}

export function usePermissions(userId: string): string[] {
  return useQuery(permissionsQuery(userId)).data?.permissions ?? [];
}
