import { Anchor, Button, SimpleGrid, Skeleton } from '@mantine/core';
import { IconMap2 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { EmptyNotice } from '@/components/widgets/EmptyNotice.tsx';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { SectionHeading } from '@/components/widgets/SectionHeading.tsx';
import { Picture } from '@/components/widgets/Picture.tsx';
import { destinationsQuery } from '../api.ts';
import type { DestinationSummary } from '@shared/destinations.ts';
import classes from './DestinationGrid.module.css';

const destinationsPath: string = '/destinations';
const contactPath: string = '/contact';

export function DestinationCard({ destination }: { destination: DestinationSummary }) {
  const href: string = `/destinations/${destination.slug}`;
  return (
    <Link to={href} className={classes.card} data-testid="destination-card">
      {destination.image_url && (
        <Picture src={destination.image_url} sizes="(min-width: 62em) 25vw, (min-width: 48em) 33vw, 50vw" alt="" loading="lazy" decoding="async" width={400} height={500} className={classes.image} />
      )}
      <span className={classes.caption}>
        <span className={classes.name}>{destination.name}</span>
        <span className={classes.place}>{destination.region ?? destination.country}</span>
      </span>
    </Link>
  );
}

/** Destinations as image cards, in display order; `limit` keeps the home page short. */
export function DestinationGrid({ limit }: { limit?: number }) {
  const destinations = useQuery(destinationsQuery());
  const shown = limit ? destinations.data?.slice(0, limit) : destinations.data;

  return (
    <section aria-labelledby="destinations-heading">
      <SectionHeading
        id="destinations-heading"
        eyebrow="Where we go"
        title="Destinations"
        description="From the Serengeti's plains to Zanzibar's shore, the places our guides know best."
        action={
          destinations.data?.length ? (
            <Anchor component={Link} to={destinationsPath} fw={700}>
              All destinations
            </Anchor>
          ) : undefined
        }
      />
      {destinations.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'sm', sm: 'lg' }} aria-busy="true" aria-label="Loading destinations">
          {Array.from({ length: limit ?? 8 }, (_, index) => (
            <Skeleton key={index} className={classes.placeholder} />
          ))}
        </SimpleGrid>
      ) : destinations.isError ? (
        <LoadError what="our destinations" onRetry={() => destinations.refetch()} retrying={destinations.isFetching} />
      ) : !shown?.length ? (
        <EmptyNotice
          icon={<IconMap2 size={28} />}
          title="Destinations are on their way"
          description="We are adding our destinations. Ask us about any place in Tanzania meanwhile."
        >
          <Button component={Link} to={contactPath} variant="default">
            Contact us
          </Button>
        </EmptyNotice>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
          {shown.map((destination) => (
            <DestinationCard key={destination.id} destination={destination} />
          ))}
        </SimpleGrid>
      )}
    </section>
  );
}
