import { Menu } from '@mantine/core';
import { IconBriefcase, IconLogout, IconLuggage } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { signOut } from './current.ts';

/** The signed-in user's menu around their avatar (loaded once the page is idle). */
export default function AccountMenu({ trigger, email, backOffice }: { trigger: ReactElement; email: string; backOffice: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        {backOffice && (
          <Menu.Item component={Link} to="/admin" leftSection={<IconBriefcase size={16} />}>
            Back office
          </Menu.Item>
        )}
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
