import { Badge, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatOfficeDateTime } from '@/lib/dates.ts';
import { manifestQuery } from '../api.ts';
import type { Manifest } from '../manifest.ts';

/** The notes the guides wrote in field mode, oldest first, each with its booking when it is about one. */
export function FieldNotes({ manifest }: { manifest: Pick<Manifest, 'incidents' | 'bookings'> }) {
  if (manifest.incidents.length === 0) return null;
  return (
    <Stack gap={4} data-testid="field-notes">
      <Title order={2} size="h5">
        Field notes
      </Title>
      {manifest.incidents.map((incident) => (
        <Text key={incident.id} size="sm">
          {incident.booking_id && (
            <Badge variant="default" mr="xs">
              {manifest.bookings.find((booking) => booking.booking_id === incident.booking_id)?.reference ?? 'A booking'}
            </Badge>
          )}
          {incident.note}
          <Text span size="xs" c="dimmed">
            {' '}
            · {formatOfficeDateTime(incident.occurred_at)}
            {incident.recorded_by ? `, ${incident.recorded_by}` : ''}
          </Text>
        </Text>
      ))}
    </Stack>
  );
}

/** A trip's field notes on the calendar's trip panel, read with its manifest (operations staff). */
export function TripFieldNotes({ tripId }: { tripId: string }) {
  const found = useQuery(manifestQuery(tripId));
  if (!found.data) return null;
  return <FieldNotes manifest={found.data} />;
}
