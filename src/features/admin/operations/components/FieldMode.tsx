import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { formatOfficeDateRange, formatOfficeDateTime, officeToday } from '@/lib/dates.ts';
import { useOnline } from '@/lib/online.ts';
import { ownGuideQuery } from '../api.ts';
import { refreshFieldTrips, useFieldTrips, useFieldTripsSavedAt } from '../field-api.ts';
import { tripsThisWeek, tripWhen } from '../field.ts';
import { manifestLines } from '../manifest.ts';
import { CalendarFeed } from './CalendarFeed.tsx';
import { FieldWaiting } from './FieldWaiting.tsx';

/** Keeps the device's trips fresh while there is a connection: on opening, and when the signal returns. */
export function useFieldRefresh(userId: string) {
  const online = useOnline();
  const refresh = useMutation({ mutationFn: () => refreshFieldTrips(userId), networkMode: 'always' });
  const { mutate } = refresh;
  useEffect(() => {
    if (online) mutate();
  }, [online, mutate]);
  return refresh;
}

/** /admin/field: the trips of today and the next seven days, kept on this tablet for when there is no signal. */
export function FieldMode({ userId }: { userId: string }) {
  const trips = useFieldTrips(userId);
  const savedAt = useFieldTripsSavedAt(userId);
  const refresh = useFieldRefresh(userId);
  const online = useOnline();
  const today = officeToday();
  const ownGuide = useQuery({ ...ownGuideQuery(userId), enabled: online });
  const shown = tripsThisWeek(trips ?? [], today);
  return (
    <Stack gap="md" maw={1100}>
      <PageHeader
        title="Field mode"
        description="Today's and the next seven days' trips, kept on this device: manifests, itineraries, contacts and balances open with no signal, and what you record is sent when it returns."
        actions={
          <Button variant="default" leftSection={<IconRefresh size={16} />} loading={refresh.isPending} disabled={!online} onClick={() => refresh.mutate()}>
            Refresh
          </Button>
        }
      />
      <Text size="sm" c="dimmed" data-testid="field-saved-at">
        {savedAt ? `Saved on this device ${formatOfficeDateTime(new Date(savedAt).toISOString())}` : 'Not yet saved on this device: open this page once with a connection.'}
        {refresh.error && online ? ` · The latest could not be fetched: ${refresh.error.message}` : ''}
      </Text>
      <FieldWaiting userId={userId} />
      {ownGuide.data && (
        <Card withBorder radius="md" padding="md">
          <Text fw={600} mb={4}>
            Your trips in your phone&rsquo;s calendar
          </Text>
          <CalendarFeed guideId={ownGuide.data.id} what="the trips you lead" />
        </Card>
      )}
      {trips === undefined ? (
        <Loader aria-label="Loading the trips on this device" />
      ) : shown.length === 0 ? (
        <Alert color="gray">{savedAt ? 'No trip of yours is under way or leaves in the next seven days.' : 'Connect once to keep your trips on this device.'}</Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {shown.map((manifest) => {
            const when = tripWhen(manifest.trip, today);
            const lines = manifestLines(manifest);
            const checkedIn = lines.filter((line) => line.checkedInAt).length;
            return (
              <Card key={manifest.trip.id} withBorder radius="md" padding="md" data-testid="field-trip">
                <Group justify="space-between" align="flex-start" wrap="nowrap" mb={4}>
                  <AnchorLink to="/admin/field/$tripId" params={{ tripId: manifest.trip.id }} fw={600}>
                    {manifest.trip.tour_title}
                  </AnchorLink>
                  <Badge color={when.color} variant="light" style={{ textTransform: 'none', minWidth: 'max-content' }}>
                    {when.label}
                  </Badge>
                </Group>
                <Text size="sm">{formatOfficeDateRange(manifest.trip.start_date, manifest.trip.end_date)}</Text>
                <Text size="sm" c="dimmed">
                  {lines.length} travelers · {checkedIn} checked in
                  {manifest.guides.length ? ` · ${manifest.guides.map((guide) => guide.full_name).join(', ')}` : ''}
                </Text>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
