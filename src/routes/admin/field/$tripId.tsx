import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { FieldTrip } from '@/features/admin/operations/components/FieldTrip.tsx';

export const Route = createFileRoute('/admin/field/$tripId')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'field.work'),
  component: function FieldTripScreen() {
    const { access } = Route.useRouteContext();
    const { tripId } = Route.useParams();
    return <FieldTrip key={tripId} userId={access.user.id} tripId={tripId} />;
  },
});
