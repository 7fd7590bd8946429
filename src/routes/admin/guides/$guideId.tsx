import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { GuideScreen } from '@/features/admin/operations/components/GuideScreen.tsx';
import { RecordNotFound } from '@/components/admin/RecordNotFound.tsx';
import { checkedParams, idParam } from '@/lib/route-params.ts';

export const Route = createFileRoute('/admin/guides/$guideId')({
  params: checkedParams({ guideId: idParam }),
  notFoundComponent: () => <RecordNotFound what="guide" back="/admin/guides" backLabel="Guides" />,
  beforeLoad: ({ context }) => requirePermission(context.access, 'operations.read'),
  component: function GuideRecordScreen() {
    const { access } = Route.useRouteContext();
    return <GuideScreen key={Route.useParams().guideId} guideId={Route.useParams().guideId} canWrite={access.permissions.includes('operations.write')} />;
  },
});
