import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PersonAvatar } from './PersonAvatar.tsx';
import classes from './UserMenu.module.css';

/**
 * The signed-in person's menu in a shell's header (the portal's, the back office's): their avatar
 * and name, then who they are, the shell's own items, and Sign out.
 */
export function UserMenu({
  name,
  email,
  avatarUrl,
  label,
  items,
  onSignOut,
}: {
  name: string;
  email: string;
  avatarUrl: string | null;
  /** Shown under the email, e.g. the staff member's role. */
  label?: ReactNode;
  items: ReactNode;
  onSignOut: () => void;
}) {
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.userButton} aria-label={`Account menu for ${name}`}>
          <PersonAvatar name={name} src={avatarUrl} alt="" size={32} tone="brand" />
          <span className={classes.userName}>{name}</span>
          <IconChevronDown size={14} className={classes.userChevron} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {name}
          </Text>
          <Text size="xs" truncate>
            {email}
          </Text>
          {label}
        </Menu.Label>
        {items}
        <Menu.Divider />
        <Menu.Item color="accent" leftSection={<IconLogout size={16} />} onClick={onSignOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
