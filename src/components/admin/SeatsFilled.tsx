import { Group, Progress, Text } from '@mantine/core';

/** Seats filled as a share of the departure, 0 to 100. */
export function seatsFilled(booked: number, capacity: number): number {
  return capacity > 0 ? Math.min(100, Math.round((booked / capacity) * 100)) : 0;
}

/** A departure's seats sold of its capacity: a bar and the two numbers. */
export function SeatsFilled({ booked, capacity }: { booked: number; capacity: number }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={seatsFilled(booked, capacity)} w={120} aria-label={`${booked} of ${capacity} seats`} />
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {booked} / {capacity}
      </Text>
    </Group>
  );
}
