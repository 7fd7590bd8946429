import { Button, Container, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { LoadError } from '@/components/widgets/LoadError.tsx';
import { useBranding } from '@/features/branding/api.ts';
import { BranchOffices, ReachUs } from '@/features/contact/components/OfficeDetails.tsx';
import { contentPageQuery, partnersQuery, teamQuery } from '@/features/content/api.ts';
import { Markdown } from '@/features/content/components/Markdown.tsx';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';
import { PartnerLogos } from '@/features/content/components/PartnerLogos.tsx';
import { TeamGrid } from '@/features/content/components/TeamGrid.tsx';

const ABOUT_SLUG = 'about';

export const Route = createFileRoute('/_public/about')({
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(contentPageQuery(ABOUT_SLUG));
    void queryClient.prefetchQuery(teamQuery());
    void queryClient.prefetchQuery(partnersQuery());
  },
  component: AboutPage,
});

/** The company's story (the 'about' content page), its team, partners and offices. */
function AboutPage() {
  const branding = useBranding();
  const story = useQuery(contentPageQuery(ABOUT_SLUG));
  const title = story.data?.title ?? `About ${branding.companyName}`;

  return (
    <>
      <PageIntro eyebrow="Our story" title={story.isPending ? <Skeleton height={44} width={320} /> : title} lede={story.data?.meta_description ?? branding.tagline} />
      <Container size="lg" py={{ base: 40, md: 72 }}>
        <Grid gap={{ base: 40, md: 64 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            {story.isPending ? (
              <Stack gap="md" aria-busy="true" aria-label="Loading our story">
                {Array.from({ length: 7 }, (_, index) => (
                  <Skeleton key={index} height={16} width={index % 3 === 2 ? '65%' : '100%'} />
                ))}
              </Stack>
            ) : story.isError ? (
              <LoadError what="our story" onRetry={() => story.refetch()} retrying={story.isFetching} />
            ) : story.data ? (
              <Markdown source={story.data.content} />
            ) : (
              <Text size="lg">{branding.tagline}</Text>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <ReachUs company={branding} />
          </Grid.Col>
        </Grid>
      </Container>
      <Container size="lg" pb={{ base: 56, md: 88 }}>
        <Stack gap={80}>
          <TeamGrid />
          <PartnerLogos />
          <BranchOffices company={branding} />
          <Stack align="center" ta="center" gap="sm" py="xl">
            <Title order={2}>Let us plan your Tanzania</Title>
            <Text c="dimmed" maw={520}>
              Tell us your dates, your budget and what you dream of seeing. We reply with a first itinerary within two working days.
            </Text>
            <Group justify="center" mt="sm">
              <Button component={Link} to="/start-planning" size="md" radius="xl">
                Start planning
              </Button>
              <Button component={Link} to="/contact" size="md" radius="xl" variant="default">
                Contact us
              </Button>
            </Group>
          </Stack>
        </Stack>
      </Container>
    </>
  );
}
