import { Avatar, Button, Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconLuggage } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { loginHref } from './expired.ts';
import { signOut, useSession } from './current.ts';

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
      <Button component="a" href={loginHref(here)} variant="subtle" radius="xl">
        Sign in
      </Button>
    );
  }
  const name = user.profile?.full_name || user.email;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${name}`}>
          <Avatar src={user.profile?.avatar_url ?? null} alt={name} radius="xl" size={34} color="brand">
            {initials(name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/traveler" leftSection={<IconLuggage size={16} />}>
          My trips
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
