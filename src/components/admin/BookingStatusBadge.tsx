import { Badge } from '@mantine/core';

const statusColor: Record<string, string> = { pending: 'yellow', confirmed: 'green', completed: 'gray', cancelled: 'red', expired: 'gray' };
const statusLabel: Record<string, string> = { pending: 'Pending', confirmed: 'Confirmed', completed: 'Completed', cancelled: 'Cancelled', expired: 'Expired' };

/** A booking's status as the back office shows it everywhere: the dashboard, the list, the booking. */
export function BookingStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={statusColor[status] ?? 'gray'}>
      {statusLabel[status] ?? status}
    </Badge>
  );
}
