import { Button } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { DeferredMenu } from '@/components/widgets/DeferredMenu.tsx';
import { lazyWithLoad } from '@/lib/lazy.ts';
import { loginHref, useSession } from '@/lib/session/index.ts';

export interface WishlistTour {
  id: string;
  slug: string;
  title: string;
  heroImageUrl: string | null;
}

// A traveler's toggle reads and writes the device's wishlist (Dexie): loaded only for a signed-in traveler.
const TravelerWishlistToggle = lazy(() => import('./TravelerWishlistToggle.tsx'));
// A visitor's prompt to sign in: its Popover loads once the page is idle, or when the button is pressed.
const SignInToSavePrompt = lazyWithLoad(() => import('./SignInToSavePrompt.tsx'));

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
  const trigger = <WishlistButton fullWidth={fullWidth} visitorOnly onClick={() => undefined} />;
  return (
    <DeferredMenu trigger={trigger} load={SignInToSavePrompt.load}>
      <SignInToSavePrompt trigger={trigger} loginHref={loginHref(href)} />
    </DeferredMenu>
  );
}
