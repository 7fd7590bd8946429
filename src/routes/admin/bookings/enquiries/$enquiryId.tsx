import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { EnquiryDetail } from '@/features/admin/enquiries/components/EnquiryDetail.tsx';
import { RecordNotFound } from '@/components/admin/RecordNotFound.tsx';
import { checkedParams, idParam } from '@/lib/route-params.ts';

export const Route = createFileRoute('/admin/bookings/enquiries/$enquiryId')({
  params: checkedParams({ enquiryId: idParam }),
  notFoundComponent: () => <RecordNotFound what="enquiry" back="/admin/bookings/enquiries" backLabel="Enquiries" />,
  beforeLoad: ({ context }) => requirePermission(context.access, 'enquiries.read'),
  component: function EnquiryScreen() {
    const { access } = Route.useRouteContext();
    return <EnquiryDetail enquiryId={Route.useParams().enquiryId} canWrite={access.permissions.includes('enquiries.write')} />;
  },
});
