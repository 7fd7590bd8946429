import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { EntryEditor } from '@/features/admin/catalogue/components/EntryEditor.tsx';

export const Route = createFileRoute('/admin/experiences/$entryId')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'catalogue.write'),
  component: function EntryScreen() {
    const { entryId } = Route.useParams();
    return <EntryEditor key={entryId} kind="experience" id={entryId} />;
  },
});
