import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { GuidesList } from '@/features/admin/operations/components/GuidesList.tsx';
import { validateRosterSearch } from '@/features/admin/operations/search.ts';

export const Route = createFileRoute('/admin/guides/')({
  validateSearch: validateRosterSearch,
  beforeLoad: ({ context }) => requirePermission(context.access, 'operations.read'),
  component: function GuidesScreen() {
    const navigate = Route.useNavigate();
    const { access } = Route.useRouteContext();
    return (
      <GuidesList
        search={Route.useSearch()}
        onSearchChange={(next) => navigate({ search: (current) => ({ ...current, ...next }), replace: true })}
        canWrite={access.permissions.includes('operations.write')}
      />
    );
  },
});
