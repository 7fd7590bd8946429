import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { latestPostsQuery } from '@/features/blog/api.ts';
import { LatestPosts } from '@/features/blog/components/LatestPosts.tsx';
import { useBranding } from '@/features/branding/api.ts';
import { partnersQuery } from '@/features/content/api.ts';
import { PartnerLogos } from '@/features/content/components/PartnerLogos.tsx';
import { destinationsQuery } from '@/features/destinations/api.ts';
import { DestinationGrid } from '@/features/destinations/components/DestinationGrid.tsx';
import { experiencesQuery } from '@/features/experiences/api.ts';
import { ExperienceHighlights } from '@/features/experiences/components/ExperienceHighlights.tsx';
import { activeHeroesQuery } from '@/features/heroes/api.ts';
import { HomeHero } from '@/features/heroes/components/HomeHero.tsx';
import { HomeSection } from '@/features/home/components/HomeSection.tsx';
import { WhyTravelWithUs } from '@/features/home/components/WhyTravelWithUs.tsx';
import { featuredToursQuery, latestReviewsQuery } from '@/features/tours/api.ts';
import { FeaturedTours } from '@/features/tours/components/FeaturedTours.tsx';
import { TravelerReviews } from '@/features/tours/components/TravelerReviews.tsx';

export const Route = createFileRoute('/_public/')({
  // Start every request at once; sections render their own skeletons meanwhile.
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(activeHeroesQuery());
    void queryClient.prefetchQuery(featuredToursQuery());
    void queryClient.prefetchQuery(destinationsQuery());
    void queryClient.prefetchQuery(experiencesQuery());
    void queryClient.prefetchQuery(latestReviewsQuery());
    void queryClient.prefetchQuery(latestPostsQuery());
    void queryClient.prefetchQuery(partnersQuery());
  },
  component: HomePage,
});

const HOME_DESTINATIONS = 8;
const HOME_EXPERIENCES = 3;

/** Tours first, then why us, where we go and what to add; travelers' words, stories and partners close it. */
function HomePage() {
  const branding = useBranding();
  const destinations = useQuery(destinationsQuery());
  const heroImage = destinations.data?.find((destination) => destination.image_url)?.image_url ?? null;

  return (
    <>
      <HomeHero fallbackImageUrl={heroImage} />
      <HomeSection py={{ base: 48, md: 80 }}>
        <FeaturedTours />
      </HomeSection>
      <WhyTravelWithUs companyName={branding.companyName} />
      <HomeSection pt={{ base: 48, md: 80 }}>
        <DestinationGrid limit={HOME_DESTINATIONS} />
      </HomeSection>
      <HomeSection py={{ base: 48, md: 80 }}>
        <ExperienceHighlights limit={HOME_EXPERIENCES} />
      </HomeSection>
      <TravelerReviews />
      <HomeSection py={{ base: 48, md: 80 }}>
        <LatestPosts />
      </HomeSection>
      <HomeSection pb={{ base: 48, md: 80 }}>
        <PartnerLogos />
      </HomeSection>
    </>
  );
}
