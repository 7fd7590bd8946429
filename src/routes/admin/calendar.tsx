import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { Calendar } from '@/features/admin/operations/components/Calendar.tsx';
import { validateCalendarSearch } from '@/features/admin/operations/search.ts';

export const Route = createFileRoute('/admin/calendar')({
  validateSearch: validateCalendarSearch,
  beforeLoad: ({ context }) => requirePermission(context.access, 'operations.read'),
  component: function CalendarScreen() {
    const navigate = Route.useNavigate();
    const { access } = Route.useRouteContext();
    return (
      <Calendar
        search={Route.useSearch()}
        onSearchChange={(next) => navigate({ search: (current) => ({ ...current, ...next }), replace: true })}
        canWrite={access.permissions.includes('operations.write')}
      />
    );
  },
});
