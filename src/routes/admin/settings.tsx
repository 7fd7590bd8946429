import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { Settings } from '@/features/admin/settings/components/Settings.tsx';

export const Route = createFileRoute('/admin/settings')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'settings.write'),
  component: Settings,
});
