import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { EntryEditor } from '@/features/admin/catalogue/components/EntryEditor.tsx';
import { RecordNotFound } from '@/components/admin/RecordNotFound.tsx';
import { checkedParams, idParam } from '@/lib/route-params.ts';

export const Route = createFileRoute('/admin/activities/$entryId')({
  params: checkedParams({ entryId: idParam }),
  notFoundComponent: () => <RecordNotFound what="activity" back="/admin/activities" backLabel="Activities" />,
  beforeLoad: ({ context }) => requirePermission(context.access, 'catalogue.write'),
  component: function EntryScreen() {
    const { entryId } = Route.useParams();
    return <EntryEditor key={entryId} kind="activity" id={entryId} />;
  },
});
