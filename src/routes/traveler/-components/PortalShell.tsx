import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { TravelerErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { PortalLayout } from '@/components/layouts/PortalLayout.tsx';
import { useBranding } from '@/features/branding/api.ts';
import { useProfile } from '@/features/portal/api.ts';
import { useMessages } from '@/lib/messages/queries.ts';
import { useApplyTheme } from '@/features/portal/hooks.ts';
import { unreadCount } from '@/lib/messages/model.ts';
import { sessionUnauthorized, signOut, useSession, type SessionUser } from '@/lib/session/index.ts';

function SignedInShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const router = useRouter();
  const branding = useBranding();
  const profile = useProfile(user.id).data;
  const { messages } = useMessages(user.id);
  useApplyTheme(user.id);
  const name = profile?.full_name || user.profile?.full_name || user.email;

  const leave = async () => {
    // Away from the portal first, so its pages never render signed out on the way.
    await router.navigate({ to: '/' });
    await signOut();
  };

  return (
    <PortalLayout
      brand={branding}
      user={{ name, email: user.email, avatarUrl: profile?.avatar_url ?? user.profile?.avatar_url ?? null }}
      unreadMessages={unreadCount(messages)}
      onSignOut={() => void leave()}
    >
      {children}
    </PortalLayout>
  );
}

/** The portal layout for the signed-in traveler; signing out in this or another tab shows 'Please Sign In'. */
export function PortalShell({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  if (status === 'signedOut' || (status === 'signedIn' && !user)) return <TravelerErrorScreen error={sessionUnauthorized()} />;
  if (!user) return null;
  return (
    <SignedInShell key={user.id} user={user}>
      {children}
    </SignedInShell>
  );
}
