import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { formatOfficeDate, formatOfficeDateRange } from '@/lib/dates.ts';
import { countOf } from '@/lib/words.ts';
import { operationsDueQuery } from '../api.ts';
import { DueBadge } from './DueBadge.tsx';

const MISSING_LABELS: Record<string, string> = { guide: 'No guide', vehicle: 'No vehicle', seats: 'Travelers without a seat' };
const CANNOT_STAFF_LABELS: Record<string, string> = { guide: 'No guide free', vehicle: 'No vehicle free' };
/** Trips shown before "Show all": those nobody can take come first, so they are never behind it. */
const FIRST_TRIPS = 6;

/** The dashboard's operations cards: booked trips still to staff, however far ahead, and what falls due within 60 days. */
export function OperationsDue() {
  const found = useQuery(operationsDueQuery());
  const [showAll, setShowAll] = useState(false);
  if (!found.data) return found.isError ? <Text c="red.8">What is due could not be loaded: {found.error.message}</Text> : null;
  const { unstaffed, due, today } = found.data;
  const urgent = unstaffed.filter((trip) => trip.cannot_staff.length > 0).length;
  const shown = showAll ? unstaffed : unstaffed.slice(0, Math.max(FIRST_TRIPS, urgent));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Card withBorder radius="md" padding="lg" data-testid="trips-to-staff">
        <Title order={2} size="h4" mb="sm">
          Trips to staff{unstaffed.length > 0 ? ` (${unstaffed.length})` : ''}
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          Booked trips from today on without a guide, a vehicle or a seat for everyone; those nobody is free to take come first.
        </Text>
        {unstaffed.length === 0 ? (
          <Text size="sm" c="dimmed">
            Every booked trip has its guide and vehicles.
          </Text>
        ) : (
          <Stack gap="sm">
            {shown.map((trip) => (
              <Group key={trip.departure_id} justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} miw={0}>
                  <AnchorLink to="/admin/calendar" search={{ date: trip.start_date, trip: trip.departure_id }} size="sm" fw={500}>
                    {trip.tour_title}
                  </AnchorLink>
                  <Text size="xs" c="dimmed">
                    {formatOfficeDateRange(trip.start_date, trip.end_date)} · {countOf(trip.seats_booked, 'traveler')}
                  </Text>
                </Stack>
                <Group gap={4} justify="flex-end">
                  {trip.cannot_staff.map((gap) => (
                    <Badge key={`none-${gap}`} color="red" variant="filled" size="sm" style={{ textTransform: 'none', minWidth: 'max-content' }}>
                      {CANNOT_STAFF_LABELS[gap] ?? gap}
                    </Badge>
                  ))}
                  {trip.missing.filter((gap) => !trip.cannot_staff.includes(gap)).map((gap) => (
                    <Badge key={gap} color="orange" variant="light" size="sm" style={{ textTransform: 'none', minWidth: 'max-content' }}>
                      {MISSING_LABELS[gap] ?? gap}
                    </Badge>
                  ))}
                </Group>
              </Group>
            ))}
            {unstaffed.length > shown.length || showAll ? (
              <Button variant="subtle" size="compact-sm" style={{ alignSelf: 'flex-start' }} onClick={() => setShowAll((current) => !current)}>
                {showAll ? 'Show fewer' : `Show all ${unstaffed.length} trips to staff`}
              </Button>
            ) : null}
          </Stack>
        )}
      </Card>
      <Card withBorder radius="md" padding="lg" data-testid="papers-due">
        <Title order={2} size="h4" mb="sm">
          Licences, insurance and services due
        </Title>
        <Text size="xs" c="dimmed" mb="sm">
          Within 60 days, or already lapsed, for the guides and vehicles in use.
        </Text>
        {due.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing falls due in the next 60 days.
          </Text>
        ) : (
          <Stack gap="sm">
            {due.map((item) => (
              <Group key={`${item.record_id}-${item.kind}-${item.what}`} justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} miw={0}>
                  {item.record_type === 'guide' ? (
                    <AnchorLink to="/admin/guides/$guideId" params={{ guideId: item.record_id }} size="sm" fw={500}>
                      {item.name}
                    </AnchorLink>
                  ) : (
                    <AnchorLink to="/admin/vehicles/$vehicleId" params={{ vehicleId: item.record_id }} size="sm" fw={500}>
                      {item.name}
                    </AnchorLink>
                  )}
                  <Text size="xs" c="dimmed">
                    {item.what} · {formatOfficeDate(item.due_on)}
                  </Text>
                </Stack>
                <DueBadge date={item.due_on} today={today} verbs={item.kind === 'service' ? { past: 'Overdue since', future: 'Due' } : { past: 'Lapsed', future: 'Ends' }} />
              </Group>
            ))}
          </Stack>
        )}
      </Card>
    </SimpleGrid>
  );
}
