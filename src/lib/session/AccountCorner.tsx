import { UnstyledButton } from '@mantine/core';
import { DeferredMenu } from '@/components/widgets/DeferredMenu.tsx';
import { PersonAvatar } from '@/components/widgets/PersonAvatar.tsx';
import { lazyWithLoad } from '@/lib/lazy.ts';
import { hasBackOffice } from './roles.ts';
import type { SessionUser } from './store.ts';

const AccountMenu = lazyWithLoad(() => import('./AccountMenu.tsx'));

/** The signed-in user's avatar, opening their menu (loaded by SessionMenu once someone is signed in). */
export default function AccountCorner({ user }: { user: SessionUser }) {
  const name = user.profile?.full_name || user.email;
  const trigger = (
    <UnstyledButton aria-label={`Account menu for ${name}`}>
      <PersonAvatar name={name} src={user.profile?.avatar_url} alt="" size={34} tone="brand" />
    </UnstyledButton>
  );
  return (
    <DeferredMenu trigger={trigger} load={AccountMenu.load}>
      <AccountMenu trigger={trigger} email={user.email} backOffice={hasBackOffice(user.role)} />
    </DeferredMenu>
  );
}
