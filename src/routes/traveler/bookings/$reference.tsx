import { createFileRoute, useParams } from '@tanstack/react-router';
import { TravelerErrorScreen } from '@/components/errors/ErrorScreens.tsx';
import { BookingDetail, BookingNotFound } from '@/features/portal/components/BookingDetail.tsx';
import { bookingReferenceParam, checkedParams } from '@/lib/route-params.ts';
import type { DocumentKind } from '@/features/portal/components/Documents.tsx';
import { usePortalUser } from '@/features/portal/hooks.ts';

const documentKinds: DocumentKind[] = ['confirmation', 'invoice', 'itinerary'];

export const Route = createFileRoute('/traveler/bookings/$reference')({
  params: checkedParams({ reference: bookingReferenceParam }),
  notFoundComponent: function MalformedReference() {
    return <BookingNotFound reference={String(useParams({ strict: false }).reference ?? '')} />;
  },
  errorComponent: TravelerErrorScreen,
  // ?doc=confirmation|invoice|itinerary opens that document as a printable page.
  validateSearch: (search: Record<string, unknown>): { doc?: DocumentKind } =>
    documentKinds.includes(search.doc as DocumentKind) ? { doc: search.doc as DocumentKind } : {},
  component: function BookingPage() {
    const { reference } = Route.useParams();
    const { doc } = Route.useSearch();
    return <BookingDetail userId={usePortalUser().id} reference={reference} doc={doc} />;
  },
});
