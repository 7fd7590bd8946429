import { Anchor, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { TourDetailsForm } from './TourDetailsForm.tsx';

/** /admin/tours/new: a tour starts as a draft; its prices, days and departures follow in its editor. */
export function NewTour() {
  return (
    <Stack gap="md" maw={1000}>
      <Anchor component={Link} to="/admin/tours" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Tours
        </Group>
      </Anchor>
      <PageHeader title="New tour" description="It is saved as a draft: nobody outside the office sees it until you publish it." />
      <TourDetailsForm tour={null} />
    </Stack>
  );
}
