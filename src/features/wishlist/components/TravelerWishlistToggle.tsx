import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { track } from '@/lib/analytics.ts';
import { notify } from '@/lib/notify.ts';
import { toggleWishlist } from '@/lib/outbox/wishlist.ts';
import { useIsWishlisted, wishlistMirrorQuery } from '../api.ts';
import { WishlistButton, type WishlistTour } from './WishlistToggle.tsx';

/** The signed-in traveler's toggle: the heart follows the device's wishlist, refreshed from the server. */
export default function TravelerWishlistToggle({ userId, tour, fullWidth }: { userId: string; tour: WishlistTour; fullWidth?: boolean }) {
  useQuery(wishlistMirrorQuery(userId));
  const saved = useIsWishlisted(userId, tour.id);
  const [busy, setBusy] = useState(false);

  return (
    <WishlistButton
      saved={Boolean(saved)}
      busy={busy}
      fullWidth={fullWidth}
      onClick={async () => {
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
    />
  );
}
