import { Button, Popover, Stack, Text } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { loginHref, useSession } from '@/lib/session/index.ts';

export interface WishlistTour {
  id: string;
  slug: string;
  title: string;
  heroImageUrl: string | null;
}

// A traveler's toggle reads and writes the device's wishlist (Dexie): loaded only for a signed-in traveler.
const TravelerWishlistToggle = lazy(() => import('./TravelerWishlistToggle.tsx'));

/**
 * The button itself; `saved` is undefined for a visitor and while the device's wishlist is read.
 * `visitorOnly`: hidden while a server-rendered page hydrates on a device that may hold a session.
 */
export function WishlistButton({
  saved,
  busy,
  fullWidth,
  visitorOnly,
  onClick,
}: {
  saved?: boolean;
  busy?: boolean;
  fullWidth?: boolean;
  visitorOnly?: boolean;
  onClick(): void;
}) {
  return (
    <Button
      data-visitor-only={visitorOnly || undefined}
      variant={saved ? 'light' : 'default'}
      fullWidth={fullWidth}
      leftSection={saved ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
      aria-pressed={saved === undefined ? undefined : saved}
      loading={busy}
      onClick={onClick}
    >
      {saved ? 'Saved to wishlist' : 'Save to wishlist'}
    </Button>
  );
}

/**
 * Save or unsave a tour (SPEC 4: the toggle adds it if absent and removes it if present). The change
 * goes through the outbox, so it works offline. Signed-out visitors are asked to sign in and come
 * back to this page.
 */
export function WishlistToggle({ tour, fullWidth }: { tour: WishlistTour; fullWidth?: boolean }) {
  const session = useSession();
  const userId = session.status === 'signedIn' ? (session.user?.id ?? null) : null;
  const [promptOpen, setPromptOpen] = useState(false);
  const href = useLocation({ select: (location) => location.href });

  const waiting = <WishlistButton busy fullWidth={fullWidth} onClick={() => undefined} />;
  // Until the session is known, a press could go to the wrong toggle: the button waits.
  if (session.status === 'loading') return waiting;
  if (userId) {
    return (
      <Suspense fallback={waiting}>
        <TravelerWishlistToggle userId={userId} tour={tour} fullWidth={fullWidth} />
      </Suspense>
    );
  }
  return (
    <Popover opened={promptOpen} onChange={setPromptOpen} position="bottom" withArrow shadow="md" width={280} trapFocus returnFocus>
      <Popover.Target>
        <WishlistButton fullWidth={fullWidth} visitorOnly onClick={() => setPromptOpen((open) => !open)} />
      </Popover.Target>
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
