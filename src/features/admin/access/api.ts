import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_DISPLAY_DATES, setCompanyTimeZone, setStaffDisplay, type DisplayDates } from '@/lib/dates.ts';
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

export type StoredAccess = Pick<StaffAccess, 'role' | 'permissions' | 'display'>;

/** The last access the server gave this user on this device, so the back office opens without waiting on it. */
const storedAccessKey = (userId: string) => `staffAccess:${userId}`;

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
      if (failure) throw failure;
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
 *
 * The access this device last had from the server answers at once (field mode opens with no signal
 * or a network that hangs) and the server is asked again behind it; AdminFrame runs the guards
 * again if its answer differs. Only a device that never had it waits for the server.
 */
export async function requireBackOffice(queryClient: QueryClient): Promise<StaffAccess> {
  const user = await requireSession();
  const query = permissionsQuery(user.id);
  if (queryClient.getQueryData(query.queryKey) === undefined) {
    const stored = await localDb.meta.get(storedAccessKey(user.id));
    // Stale from the start, so it is fetched again at once.
    if (stored) queryClient.setQueryData(query.queryKey, stored.value as StoredAccess, { updatedAt: 0 });
  }
  const { role, permissions, display } = await queryClient.ensureQueryData({ ...query, revalidateIfStale: true });
  if (!permissions.includes('backoffice.open')) throw accessDenied();
  setStaffDisplay(display);
  void learnCompanyTimeZone().catch(() => undefined);
  return { user, role, permissions, display };
}

const companyZoneKey = 'companyTimeZone';

/**
 * The company's time zone, whose calendar says what "today" is in the back office's forms: the one
 * this device last learnt at once, then the server's, beside the guard (never holding it up: with
 * no signal the stored or default zone stands).
 */
async function learnCompanyTimeZone(): Promise<void> {
  const stored = await localDb.meta.get(companyZoneKey).catch(() => undefined);
  if (typeof stored?.value === 'string') setCompanyTimeZone(stored.value);
  const { data, error } = await (await getSupabase()).rpc('company_time_zone');
  if (error || !data) return;
  setCompanyTimeZone(data);
  await localDb.meta.put({ key: companyZoneKey, value: data }).catch(() => undefined);
}

/** Whether the server's answer gives the same access the guard opened the back office with. */
export function sameAccess(a: StoredAccess, b: StoredAccess): boolean {
  return (
    a.role === b.role &&
    a.permissions.length === b.permissions.length &&
    a.permissions.every((permission) => b.permissions.includes(permission)) &&
    a.display.timezone === b.display.timezone &&
    a.display.date_format === b.display.date_format
  );
}
