import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** A booking's reference as a link to it in the back office. */
export function BookingLink({ id, reference }: { id: string; reference: string }) {
  return (
    <Anchor ff="monospace" size="sm" renderRoot={(props) => <Link {...props} to="/admin/bookings/$bookingId" params={{ bookingId: id }} />}>
      {reference}
    </Anchor>
  );
}
