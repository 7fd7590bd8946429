import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { FieldMode } from '@/features/admin/operations/components/FieldMode.tsx';

export const Route = createFileRoute('/admin/field/')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'field.work'),
  component: function FieldModeScreen() {
    const { access } = Route.useRouteContext();
    return <FieldMode userId={access.user.id} />;
  },
});
