import { Anchor, Button, Drawer, Stack, UnstyledButton } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { LayoutBrand } from './PublicLayout.tsx';
import { inSection, mainNav, planTripPath, telHref } from './public-nav.ts';
import classes from './PublicLayout.module.css';
import { BrandMark } from './Wordmark.tsx';

/** The phone's navigation drawer (loaded once the page is idle). */
export default function MobileMenu({ brand, opened, onClose, onMounted }: { brand: LayoutBrand; opened: boolean; onClose: () => void; onMounted: () => void }) {
  useEffect(onMounted, [onMounted]);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
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
              activeOptions={{ exact: true }}
              data-active={inSection(pathname, item.to) || undefined}
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
