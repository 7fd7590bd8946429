import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useBranding } from '@/features/branding/api.ts';
import { destinationsQuery } from '@/features/destinations/api.ts';
import { DestinationGrid } from '@/features/destinations/components/DestinationGrid.tsx';
import { activeHeroesQuery } from '@/features/heroes/api.ts';
import { HomeHero } from '@/features/heroes/components/HomeHero.tsx';
import { WhyTravelWithUs } from '@/features/home/components/WhyTravelWithUs.tsx';
import { featuredToursQuery } from '@/features/tours/api.ts';
import { FeaturedTours } from '@/features/tours/components/FeaturedTours.tsx';

export const Route = createFileRoute('/_public/')({
  // Start every request at once; sections render their own skeletons meanwhile.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(activeHeroesQuery());
    void queryClient.prefetchQuery(featuredToursQuery());
    void queryClient.prefetchQuery(destinationsQuery());
  },
  component: HomePage,
});

const HOME_DESTINATIONS = 8;

function HomePage() {
  const branding = useBranding();
  const destinations = useQuery(destinationsQuery());
  const heroImage = destinations.data?.find((destination) => destination.image_url)?.image_url ?? null;

  return (
    <>
      <HomeHero fallbackImageUrl={heroImage} />
      <Container size="lg" py={{ base: 48, md: 80 }}>
        <FeaturedTours />
      </Container>
      <WhyTravelWithUs companyName={branding.companyName} />
      <Container size="lg" py={{ base: 48, md: 80 }}>
        <DestinationGrid limit={HOME_DESTINATIONS} />
      </Container>
    </>
  );
}
