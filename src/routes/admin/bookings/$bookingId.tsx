import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { BookingDetailScreen } from '@/features/admin/bookings/components/BookingDetail.tsx';
import { RecordNotFound } from '@/components/admin/RecordNotFound.tsx';
import { checkedParams, idParam } from '@/lib/route-params.ts';

export const Route = createFileRoute('/admin/bookings/$bookingId')({
  params: checkedParams({ bookingId: idParam }),
  notFoundComponent: () => <RecordNotFound what="booking" back="/admin/bookings" backLabel="All bookings" />,
  beforeLoad: ({ context }) => requirePermission(context.access, 'bookings.read'),
  component: function BookingScreen() {
    const { access } = Route.useRouteContext();
    return <BookingDetailScreen bookingId={Route.useParams().bookingId} canWrite={access.permissions.includes('bookings.write')} canRecordPayments={access.permissions.includes('payments.write')} />;
  },
});
