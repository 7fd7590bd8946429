import { Alert, Anchor, Badge, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { officeToday } from '@/lib/dates.ts';
import { filesWithoutAltQuery, toursToCheckQuery } from '../api.ts';
import { tourCheck } from '../model.ts';
import { ProblemList } from './TourEditor.tsx';

/**
 * /admin/check-itinerary: every published tour's problems in one list (the same checks its editor
 * runs before publishing), each linked to the field that fixes it.
 */
export function ItineraryChecks() {
  const tours = useQuery(toursToCheckQuery());
  const withoutAlt = useQuery(filesWithoutAltQuery());
  const today = officeToday();
  const checked = (tours.data ?? []).map((tour) => ({ tour, problems: tourCheck(tour, today, withoutAlt.data) }));
  const withProblems = checked.filter((entry) => entry.problems.length > 0);
  const count = withProblems.reduce((sum, entry) => sum + entry.problems.length, 0);
  return (
    <Stack gap="md" maw={1000}>
      <PageHeader
        title="Itinerary checks"
        description="Every published tour, checked for day numbers with gaps, nights that disagree with the days, days without a bed or meals, departures missing or left empty, seasons without a price, and pictures without alt text."
      />
      {tours.isPending && <Loader aria-label="Checking the tours" />}
      {tours.error && (
        <Alert color="red" role="alert">
          {tours.error.message}
        </Alert>
      )}
      {tours.data && (
        <Text size="sm" c="dimmed" data-testid="checks-summary">
          {checked.length} published {checked.length === 1 ? 'tour' : 'tours'} checked: {count === 0 ? 'nothing to fix' : `${count} ${count === 1 ? 'problem' : 'problems'} in ${withProblems.length} ${withProblems.length === 1 ? 'tour' : 'tours'}`}.
        </Text>
      )}
      {tours.data && count === 0 && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />}>
          Every published tour passes its checks.
        </Alert>
      )}
      {withProblems.map(({ tour, problems }) => (
        <Card key={tour.id} withBorder radius="md" padding="md" aria-label={tour.title} component="section">
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <AnchorLink to="/admin/tours/$tourId" params={{ tourId: tour.id }} fw={600}>
              {tour.title}
            </AnchorLink>
            <Badge variant="light" color="orange">
              {problems.length} {problems.length === 1 ? 'problem' : 'problems'}
            </Badge>
          </Group>
          <ProblemList tourId={tour.id} problems={problems} />
          <Anchor href={`/tours/${tour.slug}`} target="_blank" size="xs" c="dimmed" mt="xs" display="inline-block">
            /tours/{tour.slug}
          </Anchor>
        </Card>
      ))}
    </Stack>
  );
}
