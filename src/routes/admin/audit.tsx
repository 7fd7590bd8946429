import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { AuditTrail } from '@/features/admin/audit/components/AuditTrail.tsx';
import { validateAuditSearch } from '@/features/admin/audit/search.ts';

export const Route = createFileRoute('/admin/audit')({
  validateSearch: validateAuditSearch,
  beforeLoad: ({ context }) => requirePermission(context.access, 'audit.read'),
  component: function AuditScreen() {
    const navigate = Route.useNavigate();
    return <AuditTrail search={Route.useSearch()} onSearchChange={(next) => navigate({ search: (current) => ({ ...current, ...next }), replace: true })} />;
  },
});
