import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { ClientsList } from '@/features/admin/clients/components/ClientsList.tsx';
import { validateClientsSearch } from '@/features/admin/clients/search.ts';

export const Route = createFileRoute('/admin/clients/')({
  validateSearch: validateClientsSearch,
  beforeLoad: ({ context }) => requirePermission(context.access, 'clients.read'),
  component: function ClientsScreen() {
    const navigate = Route.useNavigate();
    return <ClientsList search={Route.useSearch()} onSearchChange={(next) => navigate({ search: (current) => ({ ...current, ...next }), replace: true })} />;
  },
});
