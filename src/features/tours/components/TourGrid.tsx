import { Button, SimpleGrid } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { localIsoDate } from '@/lib/dates.ts';
import { type TourCardData } from '../model.ts';
import { TourCard } from './TourCard.tsx';
import { EmptyNotice } from '@/components/widgets/EmptyNotice.tsx';

const toursPath: string = '/tours';
const planTripPath: string = '/start-planning';

/** Tour cards for a destination or an experience; when there are none, where to look instead. */
export function TourGrid({ tours, emptyTitle }: { tours: TourCardData[]; emptyTitle: string }) {
  const today = localIsoDate();
  if (tours.length === 0) {
    return (
      <EmptyNotice
        icon={<IconCompass size={28} />}
        title={emptyTitle}
        description="Browse all our tours, or tell us what you have in mind and we will plan a trip around it."
      >
        <Button component={Link} to={toursPath}>
          Browse all tours
        </Button>
        <Button component={Link} to={planTripPath} variant="default">
          Plan my trip
        </Button>
      </EmptyNotice>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {tours.map((tour) => (
        <TourCard key={tour.id} tour={tour} today={today} />
      ))}
    </SimpleGrid>
  );
}
