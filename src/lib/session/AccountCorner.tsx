import { Avatar, UnstyledButton } from '@mantine/core';
import { lazy } from 'react';
import { DeferredMenu } from '@/components/widgets/DeferredMenu.tsx';
import { initials } from './initials.ts';
import type { SessionUser } from './store.ts';

const loadAccountMenu = () => import('./AccountMenu.tsx');
const AccountMenu = lazy(loadAccountMenu);

/** The signed-in user's avatar, opening their menu (loaded by SessionMenu once someone is signed in). */
export default function AccountCorner({ user }: { user: SessionUser }) {
  const name = user.profile?.full_name || user.email;
  const trigger = (
    <UnstyledButton aria-label={`Account menu for ${name}`}>
      <Avatar src={user.profile?.avatar_url ?? null} alt={name} radius="xl" size={34} color="brand">
        {initials(name)}
      </Avatar>
    </UnstyledButton>
  );
  return (
    <DeferredMenu trigger={trigger} load={loadAccountMenu}>
      <AccountMenu trigger={trigger} email={user.email} />
    </DeferredMenu>
  );
}
