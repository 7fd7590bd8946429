import { Container, Grid, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { PageIntro } from '@/components/widgets/PageIntro.tsx';
import { destinationsQuery } from '@/features/destinations/api.ts';
import { experienceDetailQuery } from '@/features/experiences/api.ts';
import { PlanningWizard } from '@/features/planning/components/PlanningWizard.tsx';
import { planningSearch } from '@/features/planning/model.ts';

export const Route = createFileRoute('/_public/start-planning')({
  // ?destination=<slug> or ?experience=<slug>: the page the traveler came from, filled in for them.
  validateSearch: planningSearch,
  loader: ({ context: { queryClient } }) => {
    void queryClient.prefetchQuery(destinationsQuery());
  },
  component: StartPlanningPage,
});

function StartPlanningPage() {
  const destinations = useQuery(destinationsQuery());
  const search = Route.useSearch();
  const experience = useQuery({ ...experienceDetailQuery(search.experience ?? ''), enabled: Boolean(search.experience) });
  const navigate = Route.useNavigate();
  const preset = {
    destination: destinations.data?.some((destination) => destination.slug === search.destination) ? search.destination : undefined,
    message: experience.data ? `I would love to include the ${experience.data.title}.` : undefined,
  };
  return (
    <>
      <PageIntro
        eyebrow="Tailor-made"
        title="Start planning your trip"
        lede="Five short steps. A planner in Arusha reads every request and sends you a first itinerary with prices, free and without obligation."
      />
      <Container size="lg" py={{ base: 32, md: 56 }}>
        <Grid gap={{ base: 40, md: 48 }}>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <PlanningWizard
              destinations={destinations.data ?? []}
              destinationsState={destinations.status}
              onRetryDestinations={() => void destinations.refetch()}
              preset={preset}
              onSent={(result) =>
                void navigate({ to: '/thank-you', search: { ref: result.id, ...(result.status === 'queued' ? { queued: true } : {}) } })
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="sm" component="aside" aria-labelledby="how-heading">
              <Title order={2} size="h4" id="how-heading">
                How it works
              </Title>
              <List spacing="sm" icon={<ThemeIcon size={22} radius="xl" variant="light"><IconCheck size={14} /></ThemeIcon>}>
                <List.Item>Within two working days you receive a day-by-day itinerary and a clear price.</List.Item>
                <List.Item>We adjust it with you until it feels right, by email, phone or WhatsApp.</List.Item>
                <List.Item>A 30% deposit confirms your trip; the balance is due 60 days before travel.</List.Item>
              </List>
              <Text size="sm" c="dimmed" mt="sm">
                Your details are used only to plan your trip.
              </Text>
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}
