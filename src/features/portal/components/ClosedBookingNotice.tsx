import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Money } from '@/components/widgets/Money.tsx';
import type { useDisplay } from '../hooks.ts';
import { formatInstantDate } from '@/lib/dates.ts';
import { refundRoute } from '@shared/payment-methods.ts';
import { closedBookingMoney, type PortalBooking } from '../model.ts';

/**
 * At the top of a cancelled or expired booking: what happened, why, and what happens to the money
 * (what was paid, the fee kept, what is refunded and how), in the cancellation email's words.
 */
export function ClosedBookingNotice({ booking, display }: { booking: PortalBooking; display: ReturnType<typeof useDisplay> }) {
  if (booking.status !== 'cancelled' && booking.status !== 'expired') return null;
  const money = closedBookingMoney(booking);
  const lines = (
    <>
      {money.paid > 0 && <MoneyLine label="You paid" amount={money.paid} currency={booking.currency} />}
      {money.kept > 0 && <MoneyLine label="Cancellation fee kept" amount={money.kept} currency={booking.currency} />}
      {money.refunded > 0 && <MoneyLine label="Refunded to you" amount={money.refunded} currency={booking.currency} />}
      {money.owed > 0 && (
        <>
          <MoneyLine label="To be refunded to you" amount={money.owed} currency={booking.currency} />
          <Text size="sm" c="dimmed">
            We return it {refundRoute(money.owedMethod)}. We will email you when it is on its way.
          </Text>
        </>
      )}
    </>
  );
  const anotherDate = booking.tour && (
    <Anchor component={Link} to={`/tours/${booking.tour.slug}`} fz="sm">
      See other dates for this trip
    </Anchor>
  );
  if (booking.status === 'expired') {
    return (
      <Alert color="gray" variant="light" radius="md" title="This booking has expired" data-testid="closed-booking">
        <Text size="sm">Its places were held until payment and were released when the hold ran out. To travel, book again: {anotherDate}</Text>
        {lines}
      </Alert>
    );
  }
  return (
    <Alert color="accent" variant="light" radius="md" title="This booking is cancelled" data-testid="closed-booking">
      <Text size="sm">
        Cancelled{booking.cancelled_at ? ` on ${formatInstantDate(booking.cancelled_at, display)}` : ''}
        {booking.cancellation_reason ? `: ${booking.cancellation_reason}.` : '.'}
      </Text>
      {lines}
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
