import { Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconHeartOff } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { WaitingChanges } from '@/components/widgets/WaitingChanges.tsx';
import { TourCard } from '@/features/tours/components/TourCard.tsx';
import { tourCardFromRow, type TourCardRow } from '@/features/tours/model.ts';
import { notify } from '@/lib/notify.ts';
import { useWritesOnDevice } from '@/lib/outbox/status.ts';
import { toggleWishlist, wishlistAdd, wishlistRemove, type WishlistWrite } from '@/lib/outbox/wishlist.ts';
import { useWishlist, type WishlistEntry } from '../api.ts';
import { PortalPage, SyncNotice } from './PortalPage.tsx';

/** A saved tour as the tour card shows it; a tour saved elsewhere may carry fewer columns. */
function cardOf(entry: WishlistEntry) {
  const tour = (entry.tour ?? {}) as Partial<TourCardRow>;
  if (!tour.slug || !tour.title) return null;
  return tourCardFromRow({
    id: entry.tour_id,
    slug: tour.slug,
    title: tour.title,
    summary: tour.summary ?? null,
    base_price: tour.base_price ?? 0,
    currency: tour.currency ?? 'USD',
    duration_days: tour.duration_days ?? 1,
    duration_nights: tour.duration_nights ?? 0,
    hero_image_url: tour.hero_image_url ?? null,
    rating_average: tour.rating_average ?? 0,
    review_count: tour.review_count ?? 0,
    is_private: tour.is_private ?? false,
    category: tour.category ?? null,
    destinations: tour.destinations ?? [],
    tour_departures: tour.tour_departures ?? [],
  });
}

/** Saves and removals on this device that the server does not have yet, named by tour. */
function WaitingWishlistChanges({ userId }: { userId: string }) {
  const { entries, state } = useWritesOnDevice(userId, [wishlistAdd.kind, wishlistRemove.kind]);
  const names = entries.map((entry) => {
    const title = ((entry.payload as WishlistWrite).tour as { title?: string } | undefined)?.title ?? 'a tour';
    return `${entry.kind === wishlistAdd.kind ? 'saving' : 'removing'} ${title}`;
  });
  return <WaitingChanges state={state} names={names} />;
}

/** The tours the traveler saved; removing one toggles it off (the same write as the heart on a tour). */
export function WishlistView({ userId, today }: { userId: string; today: string }) {
  const wishlist = useWishlist(userId);

  const remove = async (entry: WishlistEntry) => {
    try {
      await toggleWishlist(userId, { tourId: entry.tour_id, ...(entry.tour ? { tour: entry.tour } : {}) });
      notify.info(`${(entry.tour as { title?: string } | null)?.title ?? 'The tour'} was removed from your wishlist.`);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The wishlist could not be changed.');
    }
  };

  return (
    <PortalPage title="Wishlist" description="Tours you saved for later. Prices and dates are the latest we have.">
      <SyncNotice error={wishlist.refreshError} onRetry={wishlist.refresh} syncedWhat="wishlist" />
      <WaitingWishlistChanges userId={userId} />
      {!wishlist.ready ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Skeleton height={360} radius="md" />
          <Skeleton height={360} radius="md" />
        </SimpleGrid>
      ) : wishlist.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Stack align="flex-start" gap="sm">
            <Text fw={600}>Your wishlist is empty</Text>
            <Text size="sm" c="dimmed">
              Tap the heart on any tour to keep it here, ready to compare and book.
            </Text>
            <Button component={Link} to="/tours" size="xs">
              Browse tours
            </Button>
          </Stack>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="wishlist">
          {wishlist.data.map((entry) => {
            const card = cardOf(entry);
            return (
              <Stack key={entry.tour_id} gap={6} data-testid="wishlist-item">
                {card ? (
                  <TourCard tour={card} today={today} />
                ) : (
                  <Paper withBorder radius="md" p="md">
                    <Text size="sm" c="dimmed">
                      A saved tour; its details show once you are online.
                    </Text>
                  </Paper>
                )}
                <Button variant="subtle" color="accent" size="xs" leftSection={<IconHeartOff size={14} />} onClick={() => void remove(entry)}>
                  Remove from wishlist
                </Button>
              </Stack>
            );
          })}
        </SimpleGrid>
      )}
    </PortalPage>
  );
}
