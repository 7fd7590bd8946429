import { Badge, Button, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { Money } from '@/components/widgets/Money.tsx';
import { Picture } from '@/components/widgets/Picture.tsx';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useBookings, useClaimGuestBooking } from '../api.ts';
import { useDisplay } from '../hooks.ts';
import { formatDay, formatInstantDate } from '@/lib/dates.ts';
import { balanceDue, bookingStatusLabel, isClosed, type PortalBooking } from '../model.ts';
import classes from './Portal.module.css';
import { PortalPage, SyncNotice } from './PortalPage.tsx';

export const statusColor: Record<PortalBooking['status'], string> = {
  pending: 'brand',
  confirmed: 'secondary',
  completed: 'gray',
  cancelled: 'accent',
  expired: 'gray',
};

export function BookingStatusBadge({ status }: { status: PortalBooking['status'] }) {
  return (
    <Badge variant="light" color={statusColor[status]} size="sm">
      {bookingStatusLabel[status]}
    </Badge>
  );
}

/** All the traveler's bookings, newest first; each opens its page. `claim` first adds a guest booking by its reference. */
export function BookingList({ userId, claim, onClaimDone }: { userId: string; claim?: string; onClaimDone: () => void }) {
  return claim ? <ClaimingGuestBooking userId={userId} reference={claim} onDone={onClaimDone} /> : <Bookings userId={userId} />;
}

/** While a guest booking is being added, the list waits, so it is read afresh with the booking in it. */
function ClaimingGuestBooking({ userId, reference, onDone }: { userId: string; reference: string; onDone: () => void }) {
  useClaimGuestBooking(userId, reference, onDone);
  return (
    <PortalPage title="Bookings" description="Every trip you have booked with us, newest first.">
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Adding booking {reference.toUpperCase()} to your account…</Text>
      </Group>
    </PortalPage>
  );
}

function Bookings({ userId }: { userId: string }) {
  const bookings = useBookings(userId);
  const display = useDisplay(userId);

  return (
    <PortalPage title="Bookings" description="Every trip you have booked with us, newest first.">
      <SyncNotice error={bookings.refreshError} onRetry={bookings.refresh} syncedWhat="bookings" />
      {!bookings.ready ? (
        <Stack gap="sm">
          <Skeleton height={96} radius="md" />
          <Skeleton height={96} radius="md" />
        </Stack>
      ) : bookings.data.length === 0 ? (
        <Paper withBorder radius="md" p="lg">
          <Stack align="flex-start" gap="sm">
            <Text fw={600}>No bookings yet</Text>
            <Text size="sm" c="dimmed">
              When you book a tour it appears here with its itinerary, payments and documents, also when you are offline.
            </Text>
            <Button component={Link} to="/tours" size="xs">
              Browse tours
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid="booking-list">
          {bookings.data.map((booking) => {
            const due = balanceDue(booking);
            return (
              <Paper key={booking.id} withBorder radius="md" component={Link} to={`/traveler/bookings/${encodeURIComponent(booking.booking_reference)}`} className={classes.rowLink}>
                <div className={classes.bookingCard}>
                  {booking.tour?.hero_image_url ? <Picture src={booking.tour.hero_image_url} sizes="(min-width: 48em) 7rem, 5.5rem" alt="" className={classes.bookingThumb} /> : <div className={classes.bookingThumb} />}
                  <Stack gap={4} miw={0}>
                    <Text fw={700} lh={1.3} lineClamp={2}>
                      {booking.tour?.title ?? 'Tour'}
                    </Text>
                    <Text size="sm" c="dimmed">
                      <IconCalendarEvent size={14} style={{ verticalAlign: '-2px' }} />{' '}
                      {booking.departure
                        ? `${formatDay(booking.departure.start_date, display.date_format)} – ${formatDay(booking.departure.end_date, display.date_format)}`
                        : 'Dates to be arranged'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Ref. {booking.booking_reference} · booked {formatInstantDate(booking.created_at, display)}
                    </Text>
                  </Stack>
                  <Stack gap={4} className={classes.bookingMoney}>
                    <div>
                      <BookingStatusBadge status={booking.status} />
                    </div>
                    <Text size="sm" fw={700} className={classes.number} ta="inherit">
                      <Money amount={Number(booking.total_amount)} currency={booking.currency} cents />
                    </Text>
                    {!isClosed(booking) && (
                      <Text size="xs" c={due > 0 ? 'accent' : 'dimmed'} ta="inherit">
                        {due > 0 ? (
                          <>
                            <Money amount={due} currency={booking.currency} cents /> to pay
                          </>
                        ) : (
                          'Paid in full'
                        )}
                      </Text>
                    )}
                  </Stack>
                </div>
              </Paper>
            );
          })}
        </Stack>
      )}
    </PortalPage>
  );
}
