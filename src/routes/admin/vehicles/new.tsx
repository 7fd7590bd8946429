import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { VehicleScreen } from '@/features/admin/operations/components/VehicleScreen.tsx';

export const Route = createFileRoute('/admin/vehicles/new')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'operations.write'),
  component: () => <VehicleScreen vehicleId={null} canWrite />,
});
