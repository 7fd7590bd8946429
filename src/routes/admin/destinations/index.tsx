import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { EntryList } from '@/features/admin/catalogue/components/EntryList.tsx';

export const Route = createFileRoute('/admin/destinations/')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'catalogue.write'),
  component: () => <EntryList kind="destination" />,
});
