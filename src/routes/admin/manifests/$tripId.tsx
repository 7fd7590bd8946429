import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { ManifestScreen } from '@/features/admin/operations/components/ManifestScreen.tsx';

export const Route = createFileRoute('/admin/manifests/$tripId')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'operations.read'),
  component: function TripManifestScreen() {
    const { tripId } = Route.useParams();
    return <ManifestScreen key={tripId} tripId={tripId} />;
  },
});
