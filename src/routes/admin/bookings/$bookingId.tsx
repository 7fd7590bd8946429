import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { BookingDetailScreen } from '@/features/admin/bookings/components/BookingDetail.tsx';

export const Route = createFileRoute('/admin/bookings/$bookingId')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'bookings.read'),
  component: function BookingScreen() {
    const { access } = Route.useRouteContext();
    return <BookingDetailScreen bookingId={Route.useParams().bookingId} canWrite={access.permissions.includes('bookings.write')} canRecordPayments={access.permissions.includes('payments.write')} />;
  },
});
