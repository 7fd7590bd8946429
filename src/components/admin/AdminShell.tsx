import { ActionIcon, Alert, Anchor, AppShell, Badge, Burger, Button, Group, Indicator, Kbd, Menu, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { IconBell, IconExternalLink, IconSearch, IconShieldCheck } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BrandMark } from '../layouts/Wordmark.tsx';
import { OutboxStatusSlot } from '../widgets/OutboxStatusSlot.tsx';
import { UserMenu } from '../widgets/UserMenu.tsx';
import classes from './AdminShell.module.css';
import { CommandPalette, type PaletteRecord } from './CommandPalette.tsx';
import { activeScreen, screenGroups, type AdminScreen } from './navigation.ts';

export interface AdminBrand {
  companyName: string;
  logoUrl: string | null;
  logoLightUrl: string | null;
  logoAltText: string;
}

export interface AdminUser {
  name: string;
  email: string;
  avatarUrl: string | null;
  roleLabel: string;
}

/**
 * The back office's frame: the screens the role may open in a sidebar (a drawer below 992 px, so a
 * 768 px tablet keeps the whole width for its tables), the command palette, and the staff member's
 * menu. In Safe Mode the optional parts (the palette) are off and a banner says so.
 */
export function AdminShell({
  brand,
  user,
  screens,
  safeMode,
  onOpen,
  onSignOut,
  findRecords,
  unreadNotifications,
  children,
}: {
  brand: AdminBrand;
  user: AdminUser;
  screens: AdminScreen[];
  safeMode: boolean;
  onOpen: (to: string) => void;
  /** The palette's search of bookings, clients and tours. */
  findRecords?: (query: string) => Promise<PaletteRecord[]>;
  onSignOut: () => void;
  /** The staff member's unread notifications, shown on the bell (undefined while unknown). */
  unreadNotifications?: number;
  children: ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const current = activeScreen(pathname, screens);
  const groups = screenGroups.map((group) => ({ group, items: screens.filter((screen) => screen.group === group) })).filter(({ items }) => items.length > 0);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 248, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', md: 'lg' }}
      classNames={{ root: classes.shell, header: classes.header, navbar: classes.navbar }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label={opened ? 'Close menu' : 'Open menu'} />
            <Link to="/admin" aria-label={`${brand.companyName} back office`}>
              <BrandMark name={brand.companyName} logoUrl={brand.logoUrl} logoLightUrl={brand.logoLightUrl} alt={brand.logoAltText} />
            </Link>
            <Text className={classes.area} visibleFrom="md">
              Back office
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {!safeMode && (
              <Button variant="default" className={classes.search} leftSection={<IconSearch size={16} />} rightSection={<Kbd size="xs" className={classes.keyboardHint}>Ctrl K</Kbd>} onClick={() => spotlight.open()} visibleFrom="sm">
                Search
              </Button>
            )}
            {/* What this device recorded that the server does not have yet (field mode): on every screen. */}
            <OutboxStatusSlot />
            <Indicator
              label={unreadNotifications !== undefined && unreadNotifications > 99 ? '99+' : unreadNotifications}
              size={18}
              offset={6}
              disabled={!unreadNotifications}
              data-testid="notifications-bell"
            >
              <ActionIcon
                component={Link}
                to="/admin/notifications"
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={unreadNotifications ? `Notifications, ${unreadNotifications} unread` : 'Notifications'}
              >
                <IconBell size={20} stroke={1.7} />
              </ActionIcon>
            </Indicator>
            <UserMenu
              name={user.name}
              email={user.email}
              avatarUrl={user.avatarUrl}
              label={
                <Badge mt={6} size="sm" variant="light">
                  {user.roleLabel}
                </Badge>
              }
              onSignOut={onSignOut}
              items={
                <Menu.Item component={Link} to="/" leftSection={<IconExternalLink size={16} />}>
                  Back to the website
                </Menu.Item>
              }
            />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Back office">
        <AppShell.Section grow component={ScrollArea}>
          <nav aria-label="Back office screens">
            <Stack gap={4}>
              {groups.map(({ group, items }) => (
                <div key={group}>
                  <div className={classes.groupLabel}>{group}</div>
                  {items.map((screen) => (
                    <NavLink
                      key={screen.to}
                      component={Link}
                      to={screen.to}
                      active={screen === current}
                      // The router marks only the screen's own address as the current page.
                      activeOptions={{ exact: true }}
                      label={screen.label}
                      leftSection={<screen.icon size={18} stroke={1.7} />}
                      className={classes.navLink}
                      onClick={close}
                    />
                  ))}
                </div>
              ))}
            </Stack>
          </nav>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <div className={classes.content}>
          {safeMode && (
            <Alert mb="md" color="yellow" icon={<IconShieldCheck size={18} />} title="Safe Mode">
              The back office runs with the essentials: the command palette is off.{' '}
              <Anchor href="/admin?safe=0" size="sm">
                Leave Safe Mode
              </Anchor>
            </Alert>
          )}
          {children}
        </div>
      </AppShell.Main>
      {!safeMode && <CommandPalette screens={screens} onOpen={onOpen} findRecords={findRecords} />}
    </AppShell>
  );
}
