import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { EntryEditor } from '@/features/admin/catalogue/components/EntryEditor.tsx';

export const Route = createFileRoute('/admin/destinations/new')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'catalogue.write'),
  component: () => <EntryEditor kind="destination" id={null} />,
});
