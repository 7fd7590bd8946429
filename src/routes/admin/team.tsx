import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { Team } from '@/features/admin/team/components/Team.tsx';

export const Route = createFileRoute('/admin/team')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'team.manage'),
  component: function TeamScreen() {
    const { access } = Route.useRouteContext();
    return <Team myId={access.user.id} />;
  },
});
