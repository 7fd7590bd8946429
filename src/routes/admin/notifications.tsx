import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { NotificationsScreen } from '@/features/admin/notifications/components/NotificationsScreen.tsx';
import { validateNotificationsSearch } from '@/features/admin/notifications/search.ts';

export const Route = createFileRoute('/admin/notifications')({
  validateSearch: validateNotificationsSearch,
  // Every staff member has notifications; the email log is the admins' (emails.read).
  beforeLoad: ({ context, search }) => {
    requirePermission(context.access, 'backoffice.open');
    if (search.tab === 'emails') requirePermission(context.access, 'emails.read');
  },
  component: function NotificationsRoute() {
    const navigate = Route.useNavigate();
    const { access } = Route.useRouteContext();
    return (
      <NotificationsScreen
        search={Route.useSearch()}
        onSearchChange={(next) => navigate({ search: (current) => ({ ...current, ...next }), replace: true })}
        userId={access.user.id}
        permissions={access.permissions}
      />
    );
  },
});
