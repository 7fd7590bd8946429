import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { TourEditor } from '@/features/admin/catalogue/components/TourEditor.tsx';
import { validateEditorSearch } from '@/features/admin/catalogue/search.ts';
import { RecordNotFound } from '@/components/admin/RecordNotFound.tsx';
import { checkedParams, idParam } from '@/lib/route-params.ts';

export const Route = createFileRoute('/admin/tours/$tourId')({
  params: checkedParams({ tourId: idParam }),
  notFoundComponent: () => <RecordNotFound what="tour" back="/admin/tours" backLabel="Tours" />,
  validateSearch: validateEditorSearch,
  beforeLoad: ({ context }) => requirePermission(context.access, 'catalogue.write'),
  component: function TourEditorScreen() {
    const navigate = Route.useNavigate();
    const { tourId } = Route.useParams();
    const search = Route.useSearch();
    const { access } = Route.useRouteContext();
    return <TourEditor key={tourId} tourId={tourId} userId={access.user.id} tab={search.tab ?? 'details'} field={search.field} onTabChange={(tab) => navigate({ search: { tab: tab === 'details' ? undefined : tab }, replace: true })} />;
  },
});
