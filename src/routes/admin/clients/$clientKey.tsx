import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { ClientDetailScreen } from '@/features/admin/clients/components/ClientDetail.tsx';
import { RecordNotFound } from '@/components/admin/RecordNotFound.tsx';
import { checkedParams, clientKeyParam } from '@/lib/route-params.ts';

export const Route = createFileRoute('/admin/clients/$clientKey')({
  params: checkedParams({ clientKey: clientKeyParam }),
  notFoundComponent: () => <RecordNotFound what="client" back="/admin/clients" backLabel="All clients" />,
  beforeLoad: ({ context }) => requirePermission(context.access, 'clients.read'),
  component: function ClientScreen() {
    const { access } = Route.useRouteContext();
    return <ClientDetailScreen clientKey={Route.useParams().clientKey} canWrite={access.permissions.includes('clients.write')} canReadEnquiries={access.permissions.includes('enquiries.read')} />;
  },
});
