import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { FieldTrip } from '@/features/admin/operations/components/FieldTrip.tsx';
import { RecordNotFound } from '@/components/admin/RecordNotFound.tsx';
import { checkedParams, idParam } from '@/lib/route-params.ts';

export const Route = createFileRoute('/admin/field/$tripId')({
  params: checkedParams({ tripId: idParam }),
  notFoundComponent: () => <RecordNotFound what="trip" back="/admin/field" backLabel="Field mode" />,
  beforeLoad: ({ context }) => requirePermission(context.access, 'field.work'),
  component: function FieldTripScreen() {
    const { access } = Route.useRouteContext();
    const { tripId } = Route.useParams();
    return <FieldTrip key={tripId} userId={access.user.id} tripId={tripId} />;
  },
});
