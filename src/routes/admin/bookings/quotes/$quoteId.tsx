import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { QuoteBuilder } from '@/features/admin/enquiries/components/QuoteBuilder.tsx';
import { RecordNotFound } from '@/components/admin/RecordNotFound.tsx';
import { checkedParams, idParam } from '@/lib/route-params.ts';

export const Route = createFileRoute('/admin/bookings/quotes/$quoteId')({
  params: checkedParams({ quoteId: idParam }),
  notFoundComponent: () => <RecordNotFound what="quote" back="/admin/bookings/enquiries" backLabel="Enquiries" />,
  beforeLoad: ({ context }) => requirePermission(context.access, 'enquiries.read'),
  component: function QuoteScreen() {
    const { access } = Route.useRouteContext();
    return <QuoteBuilder quoteId={Route.useParams().quoteId} canWrite={access.permissions.includes('enquiries.write')} userId={access.user.id} />;
  },
});
