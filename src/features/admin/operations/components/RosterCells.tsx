import { Badge, Stack, Text } from '@mantine/core';
import { formatOfficeDateRange } from '@/lib/dates.ts';
import { availabilityToday, tripsToCome, type TripRef } from '../model.ts';

/** The guides' and vehicles' lists' "Today" cell: not in use, away, on a trip or free. */
export function TodayCell({ record, periods, trips, today, awayLabel }: { record: { active: boolean }; periods: { starts_on: string; ends_on: string }[]; trips: (TripRef | null)[]; today: string; awayLabel: string }) {
  const now = availabilityToday(record, periods, trips, today, awayLabel);
  return (
    <Badge variant="light" color={now.color} style={{ textTransform: 'none', minWidth: 'max-content' }}>
      {now.label}
    </Badge>
  );
}

/** The lists' "Next trip" cell: the soonest trip not yet over, or none planned. */
export function NextTripCell({ trips, today }: { trips: (TripRef | null)[]; today: string }) {
  const next = tripsToCome(trips, today)[0];
  return next ? (
    <Stack gap={0}>
      <Text size="sm">{next.tours?.title}</Text>
      <Text size="xs" c="dimmed">
        {formatOfficeDateRange(next.start_date, next.end_date)}
      </Text>
    </Stack>
  ) : (
    <Text size="sm" c="dimmed">
      None planned
    </Text>
  );
}
