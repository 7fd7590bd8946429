import { ActionIcon, Anchor, Box, Burger, Button, Container, Divider, Drawer, Group, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
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
import { Link } from '@tanstack/react-router';
import { SessionMenu } from '@/lib/session/SessionMenu.tsx';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from '../widgets/ColorSchemeToggle.tsx';
import { CurrencyPicker } from '../widgets/CurrencyPicker.tsx';
import { OutboxStatusSlot } from '../widgets/OutboxStatusSlot.tsx';
import classes from './PublicLayout.module.css';
import { BrandMark } from './Wordmark.tsx';

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

// Typed as plain strings: these pages arrive route by route, and the router shows its not-found page meanwhile.
const mainNav: { label: string; to: string }[] = [
  { label: 'Tours', to: '/tours' },
  { label: 'Destinations', to: '/destinations' },
  { label: 'Experiences', to: '/experiences' },
  { label: 'Blog', to: '/blog' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

const planTripPath: string = '/start-planning';

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

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

function SiteHeader({ brand, menuOpened, onToggleMenu }: { brand: LayoutBrand; menuOpened: boolean; onToggleMenu: () => void }) {
  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.headerInner}>
        <Link to="/" className={classes.brandLink} aria-label={`${brand.companyName} home`}>
          <BrandMark name={brand.companyName} logoUrl={brand.logoUrl} logoLightUrl={brand.logoLightUrl} alt={brand.logoAltText} />
        </Link>
        <nav aria-label="Main" className={classes.nav}>
          {mainNav.map((item) => (
            <Link key={item.to} to={item.to} className={classes.navLink} activeProps={{ 'data-active': true }}>
              {item.label}
            </Link>
          ))}
        </nav>
        <Group gap="xs" wrap="nowrap">
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
}

function MobileMenu({ brand, opened, onClose }: { brand: LayoutBrand; opened: boolean; onClose: () => void }) {
  return (
    <Drawer
      id="mobile-menu"
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(100%, 24rem)"
      hiddenFrom="md"
      title={<BrandMark name={brand.companyName} logoUrl={brand.logoUrl} logoLightUrl={brand.logoLightUrl} alt={brand.logoAltText} />}
      classNames={{ body: classes.drawerBody }}
    >
      <nav aria-label="Mobile">
        <Stack gap={0}>
          {mainNav.map((item) => (
            <UnstyledButton
              key={item.to}
              component={Link}
              to={item.to}
              className={classes.drawerLink}
              activeProps={{ 'data-active': true }}
              onClick={onClose}
            >
              {item.label}
            </UnstyledButton>
          ))}
        </Stack>
      </nav>
      <Button component={Link} to={planTripPath} size="md" radius="xl" fullWidth mt="xl" onClick={onClose}>
        Plan my trip
      </Button>
      <Stack gap="xs" mt="xl">
        <Anchor href={telHref(brand.phone)} c="dimmed" className={classes.contactLine}>
          <IconPhone size={18} stroke={1.6} /> {brand.phone}
        </Anchor>
        <Anchor href={`mailto:${brand.email}`} c="dimmed" className={classes.contactLine}>
          <IconMail size={18} stroke={1.6} /> {brand.email}
        </Anchor>
      </Stack>
    </Drawer>
  );
}

function SiteFooter({ brand, newsletter }: { brand: LayoutBrand; newsletter?: ReactNode }) {
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
}

/** Header with navigation and a 'Plan my trip' call to action, the page, and the company footer. */
export function PublicLayout({ brand, children, newsletter }: { brand: LayoutBrand; children: ReactNode; newsletter?: ReactNode }) {
  const [menuOpened, menu] = useDisclosure(false);

  return (
    <Box className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <SiteHeader brand={brand} menuOpened={menuOpened} onToggleMenu={menu.toggle} />
      <MobileMenu brand={brand} opened={menuOpened} onClose={menu.close} />
      {/* Focusable from script only, so the skip link puts the keyboard at the start of the page in every browser. */}
      <main id="main" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      <SiteFooter brand={brand} newsletter={newsletter} />
    </Box>
  );
}
