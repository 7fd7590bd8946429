import { Stack } from '@mantine/core';
import { BackLink } from '@/components/admin/BackLink.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { TourDetailsForm } from './TourDetailsForm.tsx';

/** /admin/tours/new: a tour starts as a draft; its prices, days and departures follow in its editor. */
export function NewTour() {
  return (
    <Stack gap="md" maw={1000}>
      <BackLink to="/admin/tours">Tours</BackLink>
      <PageHeader title="New tour" description="It is saved as a draft: nobody outside the office sees it until you publish it." />
      <TourDetailsForm tour={null} />
    </Stack>
  );
}
