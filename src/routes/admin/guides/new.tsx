import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { GuideScreen } from '@/features/admin/operations/components/GuideScreen.tsx';

export const Route = createFileRoute('/admin/guides/new')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'operations.write'),
  component: () => <GuideScreen guideId={null} canWrite />,
});
