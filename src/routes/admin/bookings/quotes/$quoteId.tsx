import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { QuoteBuilder } from '@/features/admin/enquiries/components/QuoteBuilder.tsx';

export const Route = createFileRoute('/admin/bookings/quotes/$quoteId')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'enquiries.read'),
  component: function QuoteScreen() {
    const { access } = Route.useRouteContext();
    return <QuoteBuilder quoteId={Route.useParams().quoteId} canWrite={access.permissions.includes('enquiries.write')} userId={access.user.id} />;
  },
});
