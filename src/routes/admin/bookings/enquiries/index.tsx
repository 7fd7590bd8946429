import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { EnquiriesList } from '@/features/admin/enquiries/components/EnquiriesList.tsx';
import { validateEnquiriesSearch } from '@/features/admin/enquiries/search.ts';

export const Route = createFileRoute('/admin/bookings/enquiries/')({
  validateSearch: validateEnquiriesSearch,
  beforeLoad: ({ context }) => requirePermission(context.access, 'enquiries.read'),
  component: function EnquiriesScreen() {
    const navigate = Route.useNavigate();
    const { access } = Route.useRouteContext();
    return (
      <EnquiriesList
        search={Route.useSearch()}
        onSearchChange={(next) => navigate({ search: (current) => ({ ...current, ...next }), replace: true })}
        canWrite={access.permissions.includes('enquiries.write')}
      />
    );
  },
});
