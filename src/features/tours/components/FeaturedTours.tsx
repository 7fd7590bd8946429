import { Anchor, Button, SimpleGrid } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyNotice } from '@/components/widgets/EmptyNotice.tsx';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { SectionHeading } from '@/components/widgets/SectionHeading.tsx';
import { localIsoDate } from '@/lib/dates.ts';
import { FEATURED_TOURS_LIMIT, featuredToursQuery } from '../api.ts';

import { TourCard, TourCardSkeleton } from './TourCard.tsx';

const toursPath: string = '/tours';
const planTripPath: string = '/start-planning';

/** The home page's featured tours: six cards, with skeletons, an empty state and an error state. */
export function FeaturedTours() {
  const tours = useQuery(featuredToursQuery());
  const today = localIsoDate();

  return (
    <section aria-labelledby="featured-tours-heading">
      <SectionHeading
        id="featured-tours-heading"
        eyebrow="Handpicked"
        title="Featured journeys"
        description="Small-group safaris, summit treks and island days, each run by our own guides."
        action={
          tours.data?.length ? (
            <Anchor component={Link} to={toursPath} fw={700}>
              See all tours
            </Anchor>
          ) : undefined
        }
      />
      {tours.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label="Loading featured tours">
          {Array.from({ length: FEATURED_TOURS_LIMIT }, (_, index) => (
            <TourCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      ) : tours.isError ? (
        <LoadError what="our featured tours" onRetry={() => tours.refetch()} retrying={tours.isFetching} />
      ) : tours.data.length === 0 ? (
        <EmptyNotice
          icon={<IconCompass size={28} />}
          title="No featured tours just now"
          description="Browse every tour we run, or tell us where you would like to go and we will plan it with you."
        >
          <Button component={Link} to={toursPath}>
            Browse all tours
          </Button>
          <Button component={Link} to={planTripPath} variant="default">
            Plan my trip
          </Button>
        </EmptyNotice>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {tours.data.map((tour) => (
            <TourCard key={tour.id} tour={tour} today={today} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
