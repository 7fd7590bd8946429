import { Badge, Group, Stack, Text } from '@mantine/core';
import { formatOfficeDateRange } from '@/lib/dates.ts';
import { tripsDone, tripsToCome, type TripRef } from '../model.ts';

/** The trips a guide leads or a vehicle carries: those to come, then the last few done. */
export function Trips<T extends TripRef>({ trips, today, detail }: { trips: (T | null)[]; today: string; detail?: (trip: T) => string | null }) {
  const coming = tripsToCome(trips, today);
  const done = tripsDone(trips, today).slice(0, 5);
  if (coming.length === 0 && done.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No trip yet.
      </Text>
    );
  }
  const line = (trip: T, past: boolean) => (
    <Group key={trip.id} justify="space-between" wrap="nowrap" gap="sm" opacity={past ? 0.7 : 1}>
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={500} truncate>
          {trip.tours?.title ?? 'A trip'}
        </Text>
        <Text size="xs" c="dimmed">
          {formatOfficeDateRange(trip.start_date, trip.end_date)}
          {detail?.(trip) ? ` · ${detail(trip)}` : ''}
        </Text>
      </Stack>
      {trip.start_date <= today && trip.end_date >= today ? (
        <Badge color="blue" variant="light" style={{ flexShrink: 0 }}>
          Under way
        </Badge>
      ) : trip.is_private ? (
        <Badge color="grape" variant="light" style={{ flexShrink: 0 }}>
          Private
        </Badge>
      ) : null}
    </Group>
  );
  return (
    <Stack gap="sm">
      {coming.length > 0 ? coming.map((trip) => line(trip, false)) : <Text size="sm" c="dimmed">No trip to come.</Text>}
      {done.length > 0 && (
        <>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" mt="xs">
            Recently
          </Text>
          {done.map((trip) => line(trip, true))}
        </>
      )}
    </Stack>
  );
}
