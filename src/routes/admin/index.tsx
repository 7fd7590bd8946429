import { createFileRoute } from '@tanstack/react-router';
import { screensFor } from '@/components/admin/navigation.ts';
import { Dashboard } from '@/features/admin/dashboard/components/Dashboard.tsx';
import { StaffHome } from '@/features/admin/dashboard/components/StaffHome.tsx';
import { OperationsDue } from '@/features/admin/operations/components/OperationsDue.tsx';
import { useSession } from '@/lib/session/index.ts';

export const Route = createFileRoute('/admin/')({
  component: function AdminHome() {
    const { access } = Route.useRouteContext();
    const profile = useSession().user?.profile;
    if (access.permissions.includes('dashboard.read')) return <Dashboard operations={access.permissions.includes('operations.read') ? <OperationsDue /> : undefined} />;
    return <StaffHome name={profile?.full_name || access.user.email} screens={screensFor(access.permissions)} />;
  },
});
