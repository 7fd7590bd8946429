import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { BookingsList } from '@/features/admin/bookings/components/BookingsList.tsx';
import { validateBookingsSearch } from '@/features/admin/bookings/search.ts';

export const Route = createFileRoute('/admin/bookings/')({
  validateSearch: validateBookingsSearch,
  beforeLoad: ({ context }) => requirePermission(context.access, 'bookings.read'),
  component: function BookingsScreen() {
    const navigate = Route.useNavigate();
    const { access } = Route.useRouteContext();
    return (
      <BookingsList
        search={Route.useSearch()}
        onSearchChange={(next) => navigate({ search: (current) => ({ ...current, ...next }), replace: true })}
        canWrite={access.permissions.includes('bookings.write')}
      />
    );
  },
});
