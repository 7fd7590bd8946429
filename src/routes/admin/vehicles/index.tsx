import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { VehiclesList } from '@/features/admin/operations/components/VehiclesList.tsx';
import { validateRosterSearch } from '@/features/admin/operations/search.ts';

export const Route = createFileRoute('/admin/vehicles/')({
  validateSearch: validateRosterSearch,
  beforeLoad: ({ context }) => requirePermission(context.access, 'operations.read'),
  component: function VehiclesScreen() {
    const navigate = Route.useNavigate();
    const { access } = Route.useRouteContext();
    return (
      <VehiclesList
        search={Route.useSearch()}
        onSearchChange={(next) => navigate({ search: (current) => ({ ...current, ...next }), replace: true })}
        canWrite={access.permissions.includes('operations.write')}
      />
    );
  },
});
