import { createFileRoute } from '@tanstack/react-router';
import { requireAnyPermission } from '@/features/admin/access/guard.ts';
import { ManifestScreen } from '@/features/admin/operations/components/ManifestScreen.tsx';
import { RecordNotFound } from '@/components/admin/RecordNotFound.tsx';
import { checkedParams, idParam } from '@/lib/route-params.ts';

export const Route = createFileRoute('/admin/manifests/$tripId')({
  params: checkedParams({ tripId: idParam }),
  notFoundComponent: () => <RecordNotFound what="trip" back="/admin/calendar" backLabel="Calendar" />,
  // Operations staff print any trip's; a guide prints the trips they lead (trip_manifest() refuses the rest).
  beforeLoad: ({ context }) => requireAnyPermission(context.access, ['operations.read', 'assignments.read']),
  component: function TripManifestScreen() {
    const { tripId } = Route.useParams();
    const { access } = Route.useRouteContext();
    return <ManifestScreen key={tripId} tripId={tripId} fromCalendar={access.permissions.includes('operations.read')} />;
  },
});
