import { Container, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DetailHero } from '@/components/widgets/DetailHero.tsx';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';
import { Paragraphs } from '@/components/widgets/Paragraphs.tsx';
import { PlanTripButton } from '@/components/widgets/PlanTripButton.tsx';
import { destinationsQuery, type DestinationDetail as DestinationDetailData } from '../api.ts';
import { DestinationCard } from './DestinationGrid.tsx';
import gridClasses from './DestinationGrid.module.css';
import detail from '@/components/widgets/DetailPage.module.css';

const SKELETON_CARDS = 8;

/** /destinations: every published destination in the company's order. */
export function DestinationsIndex() {
  const destinations = useQuery(destinationsQuery());
  return (
    <>
      <PageIntro
        eyebrow="Where we go"
        title="Destinations"
        lede="From the Serengeti's plains and the Ngorongoro Crater to Kilimanjaro's summit and Zanzibar's shore: the places our guides know best."
      />
      <Container size="lg" py={{ base: 32, md: 56 }}>
        {destinations.isPending ? (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'sm', sm: 'lg' }} aria-busy="true" aria-label="Loading destinations">
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <Skeleton key={index} className={gridClasses.placeholder} />
            ))}
          </SimpleGrid>
        ) : destinations.isError ? (
          <LoadError what="our destinations" onRetry={() => destinations.refetch()} retrying={destinations.isFetching} />
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
            {destinations.data.map((destination) => (
              <DestinationCard key={destination.id} destination={destination} />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}

function FactList({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <>
      <Title order={2}>{title}</Title>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}

/** /destinations/{slug}: the place, what to see there, when to go, and its tours (`tours`). */
export function DestinationDetail({ destination, tours }: { destination: DestinationDetailData; tours: ReactNode }) {
  const destinationsPath: string = '/destinations';
  return (
    <article>
      <DetailHero
        image={destination.image_url}
        imageAlt={`Landscape of ${destination.name}`}
        trail={[
          { label: 'Home', to: '/' },
          { label: 'Destinations', to: destinationsPath },
        ]}
        title={destination.name}
        lead={[destination.region, destination.country].filter(Boolean).join(', ')}
      />
      <Container size="lg" py={{ base: 32, md: 56 }}>
        <div className={detail.layout}>
          <Stack gap="sm">
            {destination.summary && (
              <Text fz="lg" fw={500} className={detail.prose}>
                {destination.summary}
              </Text>
            )}
            <Paragraphs text={destination.description} className={detail.prose} />
          </Stack>
          <aside className={detail.facts} aria-label={`About ${destination.name}`}>
            <FactList title="Highlights" items={destination.highlights} />
            <FactList title="Wildlife" items={destination.wildlife} />
            {destination.best_time_to_visit && (
              <>
                <Title order={2}>Best time to visit</Title>
                <Text>{destination.best_time_to_visit}</Text>
              </>
            )}
            <PlanTripButton label="Plan a trip here" preset={{ destination: destination.slug }} />
          </aside>
        </div>
        <section aria-labelledby="destination-tours-heading">
          <Title order={2} id="destination-tours-heading" mt={56} mb="lg">
            Tours to {destination.name}
          </Title>
          {tours}
        </section>
      </Container>
    </article>
  );
}
