import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Money } from '@/components/widgets/Money.tsx';
import type { useDisplay } from '../hooks.ts';
import { formatInstantDate } from '@/lib/dates.ts';
import { closedBookingMoney, type PortalBooking } from '../model.ts';

/**
 * At the top of a cancelled or expired booking: what happened, why, and what happens to the money,
 * so the traveler does not have to ask.
 */
export function ClosedBookingNotice({ booking, display }: { booking: PortalBooking; display: ReturnType<typeof useDisplay> }) {
  if (booking.status !== 'cancelled' && booking.status !== 'expired') return null;
  const { refunded, owed } = closedBookingMoney(booking);
  const anotherDate = booking.tour && (
    <Anchor component={Link} to={`/tours/${booking.tour.slug}`} fz="sm">
      See other dates for this trip
    </Anchor>
  );
  if (booking.status === 'expired') {
    return (
      <Alert color="gray" variant="light" radius="md" title="This booking has expired" data-testid="closed-booking">
        <Text size="sm">Its places were held until payment and were released when the hold ran out. To travel, book again: {anotherDate}</Text>
        {owed > 0 && <MoneyLine label="To be refunded in full" amount={owed} currency={booking.currency} />}
      </Alert>
    );
  }
  return (
    <Alert color="accent" variant="light" radius="md" title="This booking is cancelled" data-testid="closed-booking">
      <Text size="sm">
        Cancelled{booking.cancelled_at ? ` on ${formatInstantDate(booking.cancelled_at, display)}` : ''}
        {booking.cancellation_reason ? `: ${booking.cancellation_reason}.` : '.'}
      </Text>
      {refunded > 0 && <MoneyLine label="Refunded" amount={refunded} currency={booking.currency} />}
      {owed > 0 && (
        <>
          <MoneyLine label="To be refunded in full" amount={owed} currency={booking.currency} />
          <Text size="sm" c="dimmed">We return it the way you paid; a card refund usually reaches you within five to ten working days.</Text>
        </>
      )}
      {anotherDate && <Text size="sm" mt={4}>{anotherDate}</Text>}
    </Alert>
  );
}

function MoneyLine({ label, amount, currency }: { label: string; amount: number; currency: string }) {
  return (
    <Text size="sm" mt={4}>
      {label}: <Money amount={amount} currency={currency} cents />
    </Text>
  );
}
