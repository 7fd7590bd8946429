import { useQuery } from '@tanstack/react-query';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { AdminShell } from '@/components/admin/AdminShell.tsx';
import { UnsavedChangesGuard } from '@/components/admin/UnsavedChangesGuard.tsx';
import { screensFor } from '@/components/admin/navigation.ts';
import { AdminErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { permissionsQuery, sameAccess } from '@/features/admin/access/api.ts';
import { unreadCountQuery } from '@/features/admin/notifications/api.ts';
import { findRecords } from '@/features/admin/search/api.ts';
import { allowancesOf } from '@/features/auth/roles.ts';
import { useBranding } from '@/features/branding/api.ts';
import { sessionUnauthorized, signOut, useSession } from '@/lib/session/index.ts';

/** The back-office frame for the signed-in staff member; signing out in this or another tab shows Access Denied. */
export function AdminFrame({ children }: { children: ReactNode }) {
  const { access, safeMode } = useRouteContext({ from: '/admin' });
  const { status, user } = useSession();
  const router = useRouter();
  const branding = useBranding();
  const current = useQuery(permissionsQuery(access.user.id)).data;
  const unread = useQuery(unreadCountQuery());
  // The guard may have opened the back office with the access this device kept: once the server's
  // answer differs (a role changed or taken away), every screen's guard runs again on it.
  useEffect(() => {
    if (current && !sameAccess(current, access)) void router.invalidate();
  }, [current, access, router]);
  if (status === 'signedOut' || (status === 'signedIn' && user?.id !== access.user.id)) return <AdminErrorScreen error={sessionUnauthorized()} />;

  const leave = async () => {
    // Away from the back office first, so its screens never render signed out on the way.
    await router.navigate({ to: '/' });
    // Staying to save the page's edits keeps the staff member signed in.
    if (router.state.location.pathname !== '/') return;
    await signOut();
  };
  // The live session's profile: it arrives after the guard ran, and follows edits.
  const profile = (user ?? access.user).profile;
  return (
    <AdminShell
      brand={branding}
      user={{ name: profile?.full_name || access.user.email, email: access.user.email, avatarUrl: profile?.avatar_url ?? null, roleLabel: allowancesOf(access.role).label }}
      screens={screensFor(access.permissions)}
      safeMode={safeMode}
      onOpen={(to) => void router.navigate({ href: to })}
      findRecords={findRecords}
      unreadNotifications={unread.data}
      onSignOut={() => void leave()}
    >
      <UnsavedChangesGuard>{children}</UnsavedChangesGuard>
    </AdminShell>
  );
}
