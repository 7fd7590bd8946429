import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { GuideScreen } from '@/features/admin/operations/components/GuideScreen.tsx';

export const Route = createFileRoute('/admin/guides/$guideId')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'operations.read'),
  component: function GuideRecordScreen() {
    const { access } = Route.useRouteContext();
    return <GuideScreen key={Route.useParams().guideId} guideId={Route.useParams().guideId} canWrite={access.permissions.includes('operations.write')} />;
  },
});
