import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { VehicleScreen } from '@/features/admin/operations/components/VehicleScreen.tsx';
import { RecordNotFound } from '@/components/admin/RecordNotFound.tsx';
import { checkedParams, idParam } from '@/lib/route-params.ts';

export const Route = createFileRoute('/admin/vehicles/$vehicleId')({
  params: checkedParams({ vehicleId: idParam }),
  notFoundComponent: () => <RecordNotFound what="vehicle" back="/admin/vehicles" backLabel="Vehicles" />,
  beforeLoad: ({ context }) => requirePermission(context.access, 'operations.read'),
  component: function VehicleRecordScreen() {
    const { access } = Route.useRouteContext();
    return <VehicleScreen key={Route.useParams().vehicleId} vehicleId={Route.useParams().vehicleId} canWrite={access.permissions.includes('operations.write')} />;
  },
});
