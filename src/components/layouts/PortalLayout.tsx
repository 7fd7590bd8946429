import { AppShell, Badge, Burger, Group, Menu, NavLink, ScrollArea, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconCalendarEvent,
  IconCreditCard,
  IconExternalLink,
  IconHeart,
  IconLayoutDashboard,
  IconLogout,
  IconMessageCircle,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { OutboxStatusSlot } from '../widgets/OutboxStatusSlot.tsx';
import { UserMenu } from '../widgets/UserMenu.tsx';
import classes from './PortalLayout.module.css';
import { BrandMark } from './Wordmark.tsx';

export interface PortalBrand {
  companyName: string;
  logoUrl: string | null;
  logoLightUrl: string | null;
  logoAltText: string;
}

export interface PortalUser {
  name: string;
  email: string;
  avatarUrl: string | null;
}

const nav = [
  { label: 'Dashboard', to: '/traveler', icon: IconLayoutDashboard, exact: true },
  { label: 'Bookings', to: '/traveler/bookings', icon: IconCalendarEvent },
  { label: 'Payments', to: '/traveler/payments', icon: IconCreditCard },
  { label: 'Messages', to: '/traveler/messages', icon: IconMessageCircle },
  { label: 'Wishlist', to: '/traveler/wishlist', icon: IconHeart },
  { label: 'Profile', to: '/traveler/profile', icon: IconUser },
  { label: 'Settings', to: '/traveler/settings', icon: IconSettings },
] as const;

/**
 * The traveler portal's frame: a sidebar of the seven pages (a drawer on phones), the brand, the
 * sync indicator and the traveler's menu. Printing shows the page alone (documents, receipts).
 */
export function PortalLayout({
  brand,
  user,
  unreadMessages,
  onSignOut,
  children,
}: {
  brand: PortalBrand;
  user: PortalUser;
  unreadMessages: number;
  onSignOut: () => void;
  children: ReactNode;
}) {
  const [opened, { toggle, close }] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
      classNames={{ header: classes.header, navbar: classes.navbar, main: classes.main }}
    >
      <AppShell.Header>
        <Group h="100%" px={{ base: 'sm', sm: 'lg' }} justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close menu' : 'Open menu'} />
            <Link to="/" className={classes.brandLink} aria-label={`${brand.companyName} home`}>
              <BrandMark name={brand.companyName} logoUrl={brand.logoUrl} logoLightUrl={brand.logoLightUrl} alt={brand.logoAltText} />
            </Link>
            <Text className={classes.area} visibleFrom="xs">
              My trips
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <OutboxStatusSlot />
            <UserMenu
              name={user.name}
              email={user.email}
              avatarUrl={user.avatarUrl}
              onSignOut={onSignOut}
              items={
                <>
                  <Menu.Item component={Link} to="/traveler/profile" leftSection={<IconUser size={16} />}>
                    Profile
                  </Menu.Item>
                  <Menu.Item component={Link} to="/traveler/settings" leftSection={<IconSettings size={16} />}>
                    Settings
                  </Menu.Item>
                  <Menu.Item component={Link} to="/" leftSection={<IconExternalLink size={16} />}>
                    Back to the website
                  </Menu.Item>
                </>
              }
            />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="xs" aria-label="Portal">
        <AppShell.Section grow component={ScrollArea}>
          <nav aria-label="My trips">
            {nav.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                activeOptions={{ exact: 'exact' in item && item.exact }}
                label={item.label}
                leftSection={<item.icon size={18} stroke={1.7} />}
                rightSection={
                  item.to === '/traveler/messages' && unreadMessages > 0 ? (
                    <Badge size="sm" circle aria-label={`${unreadMessages} unread`}>
                      {unreadMessages}
                    </Badge>
                  ) : null
                }
                className={classes.navLink}
                onClick={close}
              />
            ))}
          </nav>
        </AppShell.Section>
        <AppShell.Section>
          <NavLink label="Sign out" leftSection={<IconLogout size={18} stroke={1.7} />} className={classes.navLink} onClick={onSignOut} />
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main>
        <div className={classes.content}>{children}</div>
      </AppShell.Main>
    </AppShell>
  );
}
