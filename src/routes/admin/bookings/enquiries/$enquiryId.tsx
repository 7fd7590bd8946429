import { createFileRoute } from '@tanstack/react-router';
import { requirePermission } from '@/features/admin/access/guard.ts';
import { EnquiryDetail } from '@/features/admin/enquiries/components/EnquiryDetail.tsx';

export const Route = createFileRoute('/admin/bookings/enquiries/$enquiryId')({
  beforeLoad: ({ context }) => requirePermission(context.access, 'enquiries.read'),
  component: function EnquiryScreen() {
    const { access } = Route.useRouteContext();
    return <EnquiryDetail enquiryId={Route.useParams().enquiryId} canWrite={access.permissions.includes('enquiries.write')} />;
  },
});
