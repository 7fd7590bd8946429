import { Avatar, Button, UnstyledButton } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { lazy } from 'react';
import { DeferredMenu } from '@/components/widgets/DeferredMenu.tsx';
import { loginHref } from './expired.ts';
import { useSession } from './current.ts';

const AccountMenu = lazy(() => import('./AccountMenu.tsx'));

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/** The header's account corner: 'Sign in' (coming back to this page), or the user's menu. */
export function SessionMenu() {
  const { status, user } = useSession();
  const here = useRouterState({ select: (state) => state.location.href });
  if (status === 'loading') return null;
  if (!user) {
    return (
      <Button component="a" href={loginHref(here)} variant="subtle" radius="xl" data-visitor-only>
        Sign in
      </Button>
    );
  }
  const name = user.profile?.full_name || user.email;
  const trigger = (
    <UnstyledButton aria-label={`Account menu for ${name}`}>
      <Avatar src={user.profile?.avatar_url ?? null} alt={name} radius="xl" size={34} color="brand">
        {initials(name)}
      </Avatar>
    </UnstyledButton>
  );
  return <DeferredMenu trigger={trigger}>{(openAtOnce) => <AccountMenu trigger={trigger} email={user.email} defaultOpened={openAtOnce} />}</DeferredMenu>;
}
