import { ActionIcon, Box, Burger, Button, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  IconClock,
  IconMail,
  IconMapPin,
  IconPhone,
  IconSearch,
} from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { memo, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { renderAfterPageIdle } from '@/lib/idle.ts';
import { lazyWithLoad } from '@/lib/lazy.ts';
import { SessionMenu } from '@/lib/session/SessionMenu.tsx';
import { ColorSchemeToggle } from '../widgets/ColorSchemeToggle.tsx';
import { CurrencyPicker } from '../widgets/CurrencyPicker.tsx';
import { OutboxStatusSlot } from '../widgets/OutboxStatusSlot.tsx';
import { inSection, mainNav, planTripPath, telHref } from './public-nav.ts';
import classes from './PublicLayout.module.css';
import { BrandMark } from './Wordmark.tsx';

// The phone menu's drawer (Mantine's Drawer, focus trap, scroll lock) loads once the page is idle, or
// at the first press of the menu button, so the entry every page downloads goes without it.
const MobileMenu = lazyWithLoad(() => import('./MobileMenu.tsx'));

/** What the public layout shows about the company (the active branding provides it). */
export interface LayoutBrand {
  companyName: string;
  tagline: string;
  logoUrl: string | null;
  logoLightUrl: string | null;
  footerLogoUrl: string | null;
  logoAltText: string;
  address: string;
  phone: string;
  email: string;
  officeHours: string[];
  social: { network: 'facebook' | 'instagram' | 'twitter' | 'linkedin' | 'youtube'; url: string }[];
}

const legalLinks: { label: string; to: string }[] = [
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Terms & conditions', to: '/terms-conditions' },
  { label: 'Booking terms', to: '/booking-terms' },
  { label: 'Travel insurance', to: '/travel-insurance' },
  { label: 'Cookie policy', to: '/cookie-policy' },
  { label: 'FAQs', to: '/faqs' },
];

const socialIcons = {
  facebook: { icon: IconBrandFacebook, label: 'Facebook' },
  instagram: { icon: IconBrandInstagram, label: 'Instagram' },
  twitter: { icon: IconBrandX, label: 'X (Twitter)' },
  linkedin: { icon: IconBrandLinkedin, label: 'LinkedIn' },
  youtube: { icon: IconBrandYoutube, label: 'YouTube' },
};

// Header and footer are memoized: the layout's own state (the phone menu's code arriving) would
// otherwise render both again while the page has just become usable.
const SiteHeader = memo(function SiteHeader({ brand, menuOpened, onToggleMenu }: { brand: LayoutBrand; menuOpened: boolean; onToggleMenu: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Link to="/" className={classes.brandLink} aria-label={`${brand.companyName} home`}>
          <BrandMark name={brand.companyName} logoUrl={brand.logoUrl} logoLightUrl={brand.logoLightUrl} alt={brand.logoAltText} />
        </Link>
        <nav aria-label="Main" className={classes.nav}>
          {mainNav.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              activeOptions={{ exact: true }}
              className={classes.navLink}
              data-active={inSection(pathname, item.to) || undefined}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <Group gap="xs" wrap="nowrap" className={classes.headerActions}>
          <OutboxStatusSlot />
          <ActionIcon component={Link} to="/search" variant="subtle" color="gray" size="lg" aria-label="Search">
            <IconSearch size={20} stroke={1.6} />
          </ActionIcon>
          <ColorSchemeToggle />
          <SessionMenu />
          <Button component={Link} to={planTripPath} visibleFrom="sm" radius="xl">
            Plan my trip
          </Button>
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            hiddenFrom="md"
            size="sm"
            aria-label={menuOpened ? 'Close menu' : 'Open menu'}
            aria-controls="mobile-menu"
            aria-expanded={menuOpened}
          />
        </Group>
      </Container>
    </header>
  );
});

const SiteFooter = memo(function SiteFooter({ brand, newsletter }: { brand: LayoutBrand; newsletter?: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        {newsletter && <div className={classes.newsletter}>{newsletter}</div>}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={{ base: 'xl', md: 48 }} verticalSpacing="xl">
          <Stack gap="sm">
            <BrandMark
              name={brand.companyName}
              logoUrl={brand.footerLogoUrl ?? brand.logoLightUrl}
              alt={brand.logoAltText}
              tone="light"
            />
            <Text className={classes.footerMuted}>{brand.tagline}</Text>
            {brand.social.length > 0 && (
              <Group gap="xs" mt="xs">
                {brand.social.map(({ network, url }) => {
                  const { icon: Icon, label } = socialIcons[network];
                  return (
                    <a key={network} href={url} className={classes.social} aria-label={label} target="_blank" rel="noopener noreferrer">
                      <Icon size={20} stroke={1.6} />
                    </a>
                  );
                })}
              </Group>
            )}
          </Stack>
          <Stack gap="xs">
            <h2 className={classes.footerHeading}>Contact</h2>
            <span className={classes.footerLine}>
              <IconMapPin size={18} stroke={1.6} /> {brand.address}
            </span>
            <a className={classes.footerLine} href={telHref(brand.phone)}>
              <IconPhone size={18} stroke={1.6} /> {brand.phone}
            </a>
            <a className={classes.footerLine} href={`mailto:${brand.email}`}>
              <IconMail size={18} stroke={1.6} /> {brand.email}
            </a>
          </Stack>
          <Stack gap="xs">
            <h2 className={classes.footerHeading}>Office hours</h2>
            {brand.officeHours.map((line) => (
              <span key={line} className={classes.footerLine}>
                <IconClock size={18} stroke={1.6} /> {line}
              </span>
            ))}
            <Text className={classes.footerMuted} size="sm">
              East Africa Time (UTC+3)
            </Text>
          </Stack>
          <Stack gap="xs">
            <h2 className={classes.footerHeading}>Explore</h2>
            {mainNav.map((item) => (
              <Link key={item.to} to={item.to} className={classes.footerLink}>
                {item.label}
              </Link>
            ))}
          </Stack>
        </SimpleGrid>
        <Divider my="xl" className={classes.footerDivider} />
        <Group justify="space-between" gap="sm" className={classes.footerBottom}>
          <Text size="sm">
            © {year} {brand.companyName}. {brand.address}.
          </Text>
          <CurrencyPicker />
          <Group gap="md" component="nav" aria-label="Legal">
            {legalLinks.map((item) => (
              <Link key={item.to} to={item.to} className={classes.footerLink}>
                {item.label}
              </Link>
            ))}
          </Group>
        </Group>
      </Container>
    </footer>
  );
});

/** Header with navigation and a 'Plan my trip' call to action, the page, and the company footer. */
export function PublicLayout({ brand, children, newsletter }: { brand: LayoutBrand; children: ReactNode; newsletter?: ReactNode }) {
  const [menuOpened, menu] = useDisclosure(false);
  // The drawer's code is wanted once the page is idle or the menu button is pressed; a press before
  // the drawer has rendered (closed) once opens it right after, so it knows where to hand the
  // keyboard back when it closes.
  const [menuWanted, setMenuWanted] = useState(false);
  const menuReady = useRef(false);
  const openWhenReady = useRef(false);
  useEffect(() => renderAfterPageIdle(() => setMenuWanted(true), MobileMenu.load), []);
  const { open: openMenu, toggle: toggleOpened } = menu;
  const onMenuMounted = useCallback(() => {
    menuReady.current = true;
    if (!openWhenReady.current) return;
    openWhenReady.current = false;
    openMenu();
  }, [openMenu]);
  const toggleMenu = useCallback(() => {
    if (menuReady.current) return toggleOpened();
    openWhenReady.current = true;
    setMenuWanted(true);
  }, [toggleOpened]);

  return (
    <Box className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <SiteHeader brand={brand} menuOpened={menuOpened} onToggleMenu={toggleMenu} />
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu brand={brand} opened={menuOpened} onClose={menu.close} onMounted={onMenuMounted} />
        </Suspense>
      )}
      {/* Focusable from script only, so the skip link puts the keyboard at the start of the page in every browser. */}
      <main id="main" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <SiteFooter brand={brand} newsletter={newsletter} />
    </Box>
  );
}
