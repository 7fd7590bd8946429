import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase.ts';
import { requireSession, type SessionUser } from '@/lib/session/index.ts';
import { accessDenied } from './guard.ts';

/** A staff member's role and what it allows (public.role_permissions, through my_permissions()). */
export interface StaffAccess {
  user: SessionUser;
  role: string;
  permissions: string[];
}

export const accessKeys = {
  permissions: (userId: string) => ['admin', 'permissions', userId] as const,
};

export const permissionsQuery = (userId: string) =>
  queryOptions({
    queryKey: accessKeys.permissions(userId),
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).rpc('my_permissions');
      if (error) throw error;
      const [row] = (data ?? []) as { role: string; permissions: string[] }[];
      return { role: row?.role ?? 'traveler', permissions: row?.permissions ?? [] };
    },
    // A role changes rarely; the database checks every read and write anyway.
    staleTime: 5 * 60_000,
  });

/**
 * For /admin's beforeLoad: the signed-in staff member and their permissions. Signed out throws a
 * 401, a traveler a 403; both show Access Denied. The guard only decides what to show: the database
 * refuses what the role may not read or write whatever the page asks.
 */
export async function requireBackOffice(queryClient: QueryClient): Promise<StaffAccess> {
  const user = await requireSession();
  const { role, permissions } = await queryClient.ensureQueryData(permissionsQuery(user.id));
  if (!permissions.includes('backoffice.open')) throw accessDenied();
  return { user, role, permissions };
}

export function usePermissions(userId: string): string[] {
  return useQuery(permissionsQuery(userId)).data?.permissions ?? [];
}
