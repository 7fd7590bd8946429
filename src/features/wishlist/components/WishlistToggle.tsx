import { Button, Popover, Stack, Text } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';
import { track } from '@/lib/analytics.ts';
import { notify } from '@/lib/notify.ts';
import { toggleWishlist } from '@/lib/outbox/wishlist.ts';
import { loginHref, useSession } from '@/lib/session/index.ts';
import { useIsWishlisted, wishlistMirrorQuery } from '../api.ts';

export interface WishlistTour {
  id: string;
  slug: string;
  title: string;
  heroImageUrl: string | null;
}

/**
 * Save or unsave a tour (SPEC 4: the toggle adds it if absent and removes it if present). The change
 * goes through the outbox, so it works offline. Signed-out visitors are asked to sign in and come
 * back to this page.
 */
export function WishlistToggle({ tour, fullWidth }: { tour: WishlistTour; fullWidth?: boolean }) {
  const session = useSession();
  const userId = session.status === 'signedIn' ? (session.user?.id ?? null) : null;
  useQuery({ ...wishlistMirrorQuery(userId ?? ''), enabled: userId !== null });
  const saved = useIsWishlisted(userId, tour.id);
  const [promptOpen, setPromptOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const href = useLocation({ select: (location) => location.href });

  const label = saved ? 'Saved to wishlist' : 'Save to wishlist';
  const button = (
    <Button
      variant={saved ? 'light' : 'default'}
      fullWidth={fullWidth}
      leftSection={saved ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
      aria-pressed={userId ? Boolean(saved) : undefined}
      loading={busy}
      onClick={async () => {
        if (!userId) {
          setPromptOpen((open) => !open);
          return;
        }
        setBusy(true);
        try {
          const outcome = await toggleWishlist(userId, {
            tourId: tour.id,
            tour: { id: tour.id, slug: tour.slug, title: tour.title, hero_image_url: tour.heroImageUrl },
          });
          track(outcome === 'added' ? 'wishlist_add' : 'wishlist_remove', { tourId: tour.id });
          notify.success(outcome === 'added' ? `${tour.title} is on your wishlist.` : `${tour.title} is off your wishlist.`, {
            title: outcome === 'added' ? 'Saved' : 'Removed',
          });
        } catch {
          notify.error('Your wishlist could not be changed on this device. Please try again.');
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );

  if (userId) return button;
  return (
    <Popover opened={promptOpen} onChange={setPromptOpen} position="bottom" withArrow shadow="md" width={280} trapFocus returnFocus>
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm" role="dialog" aria-label="Sign in to save tours">
          <Text fw={700}>Sign in to save tours</Text>
          <Text size="sm">Keep the tours you like on your wishlist and find them again on any device.</Text>
          <Button component="a" href={loginHref(href)}>
            Sign in
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
