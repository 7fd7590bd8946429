import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { ToursList } from '@/features/admin/catalogue/components/ToursList.tsx';
import { validateToursSearch } from '@/features/admin/catalogue/search.ts';

export const Route = createFileRoute('/admin/tours/')({
  validateSearch: validateToursSearch,
  beforeLoad: ({ context }) => requirePermission(context.access, 'catalogue.write'),
  component: function ToursScreen() {
    const navigate = Route.useNavigate();
    return <ToursList search={Route.useSearch()} onSearchChange={(next) => navigate({ search: (current) => ({ ...current, ...next }), replace: true })} />;
  },
});
