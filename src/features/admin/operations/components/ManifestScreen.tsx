import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { BackLink } from '@/components/admin/BackLink.tsx';
import { downloadCsv } from '@/components/admin/csv.ts';
import { formatOfficeDate, formatOfficeDateRange, formatOfficeTime } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { countOf } from '@/lib/words.ts';
import { manifestQuery } from '../api.ts';
import { emergencyOnLine, extrasLabel, kindAndAge, manifestCsvColumns, manifestCsvRows, passportWarning, pickupLabel, roomLabel, seatTravelers, type Manifest, type VehicleGroup } from '../manifest.ts';
import { FieldNotes } from './FieldNotes.tsx';
import classes from './Manifest.module.css';

function TripHeader({ manifest }: { manifest: Manifest }) {
  const { trip, guides } = manifest;
  return (
    <Stack gap={2}>
      <Title order={1} fz={{ base: 24, md: 28 }}>
        {trip.tour_title}
      </Title>
      <Text>
        {formatOfficeDateRange(trip.start_date, trip.end_date)} · {countOf(trip.seats_booked, 'traveler')}
        {trip.meets_at ? ` · meets at ${trip.meets_at}` : ''}
      </Text>
      <Text size="sm" c="dimmed">
        {guides.length ? `Guide: ${guides.map((guide) => [guide.full_name, guide.phone].filter(Boolean).join(', ')).join('; ')}` : 'No guide yet'}
      </Text>
    </Stack>
  );
}

function VehicleSheet({ group, manifest }: { group: VehicleGroup; manifest: Manifest }) {
  const { vehicle } = group;
  return (
    <section className={classes.vehicle} aria-label={vehicle ? `${vehicle.name} (${vehicle.registration})` : 'Travelers without a seat'}>
      <Group justify="space-between" align="flex-end" mb="xs">
        <Title order={2} size="h4">
          {vehicle ? `${vehicle.name} · ${vehicle.registration}` : 'Without a seat yet'}
        </Title>
        <Text size="sm" c={vehicle ? 'dimmed' : 'orange.8'}>
          {vehicle ? `${group.lines.length} of ${vehicle.seats} seats` : `${countOf(group.lines.length, 'traveler')}: assign a vehicle on the calendar`}
        </Text>
      </Group>
      {/* Whole on a 768 px tablet held upright; narrower screens scroll it sideways. */}
      <Table.ScrollContainer minWidth={720}>
        <Table withTableBorder verticalSpacing={6} fz="sm" layout="fixed" data-testid="manifest-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th w="18%">Traveler</Table.Th>
              <Table.Th w="13%">Passport</Table.Th>
              <Table.Th w="7%">Room</Table.Th>
              <Table.Th w="18%">Dietary and medical</Table.Th>
              <Table.Th>Booking and contacts</Table.Th>
              <Table.Th w="11%" ta="right">
                Balance due
              </Table.Th>
              <Table.Th w="11%">Checked in</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.lines.map((line, index) => {
              const { booking, traveler, first, checkedInAt } = line;
              const warning = passportWarning(traveler, manifest.trip);
              const emergency = emergencyOnLine(line);
              return (
                <Table.Tr key={`${booking.booking_id}-${traveler.index}`}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {traveler.full_name ?? 'Name not given'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[kindAndAge(manifest, booking, traveler), traveler.nationality].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{traveler.passport_number ?? '—'}</Text>
                    {traveler.passport_expiry && (
                      <Text size="xs" c="dimmed">
                        expires {formatOfficeDate(traveler.passport_expiry)}
                      </Text>
                    )}
                    {warning && (
                      <Text size="xs" className={classes.warning}>
                        {warning}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{roomLabel(traveler.room_preference) || '—'}</Table.Td>
                  <Table.Td>
                    {traveler.dietary_needs && <Text size="sm">{traveler.dietary_needs}</Text>}
                    {traveler.medical_notes && (
                      <Text size="sm" className={classes.warning}>
                        {traveler.medical_notes}
                      </Text>
                    )}
                    {!traveler.dietary_needs && !traveler.medical_notes && '—'}
                  </Table.Td>
                  <Table.Td>
                    {first ? (
                      <>
                        <Text size="sm" fw={500}>
                          {booking.reference}
                          {booking.status === 'pending' ? ' (not yet confirmed)' : ''}
                        </Text>
                        <Text size="xs">{[booking.contact.full_name, booking.contact.phone].filter(Boolean).join(', ')}</Text>
                        {booking.pickup && <Text size="xs">Pickup: {pickupLabel(booking)}</Text>}
                        {extrasLabel(booking) && <Text size="xs">Extras: {extrasLabel(booking)}</Text>}
                      </>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {booking.reference}
                      </Text>
                    )}
                    {emergency && (
                      <Text size="xs" c="dimmed">
                        Emergency: {[emergency.name, emergency.phone].filter(Boolean).join(', ')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {first ? (booking.balance_due > 0 ? <Text size="sm" fw={600} c="orange.8">{formatMoney(booking.balance_due, booking.currency, { cents: true })}</Text> : 'Paid') : ''}
                  </Table.Td>
                  {/* The time when checked in; on paper, a box to tick at the gate. */}
                  <Table.Td>{checkedInAt ? formatOfficeTime(checkedInAt) : <span className={classes.tick} aria-label="Not checked in" />}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </section>
  );
}

/** /admin/manifests/$tripId: who travels on a trip, vehicle by vehicle, to print (a page per vehicle) or download. */
export function ManifestScreen({ tripId, fromCalendar }: { tripId: string; fromCalendar: boolean }) {
  const found = useQuery(manifestQuery(tripId));
  // Operations staff came from the calendar; a guide, who has none, from their trip in field mode.
  const back = fromCalendar ? (
    <BackLink to="/admin/calendar" search={found.data ? { date: found.data.trip.start_date, trip: tripId } : {}} className={classes.noPrint}>Calendar</BackLink>
  ) : (
    <BackLink to="/admin/field/$tripId" params={{ tripId }} className={classes.noPrint}>Field mode</BackLink>
  );
  if (found.isPending) return <Loader aria-label="Loading the manifest" />;
  if (found.error) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="red" title="The manifest could not be opened">
          {found.error.message}
        </Alert>
      </Stack>
    );
  }
  const manifest = found.data;
  const groups = seatTravelers(manifest);
  const total = groups.reduce((sum, group) => sum + group.lines.length, 0);
  return (
    <Stack gap="md" maw={1400} className={classes.sheet}>
      {back}
      <Group justify="space-between" align="flex-end">
        <TripHeader manifest={manifest} />
        <Group gap="xs" className={classes.noPrint}>
          <Button variant="default" leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            Print
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            disabled={total === 0}
            onClick={() => downloadCsv(`manifest-${manifest.trip.start_date}-${manifest.trip.tour_title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.csv`, manifestCsvRows(groups), manifestCsvColumns(manifest))}
          >
            Download CSV
          </Button>
        </Group>
      </Group>
      {manifest.trip.status === 'cancelled' && <Alert color="red">This trip is cancelled.</Alert>}
      {total === 0 ? (
        <Text c="dimmed">Nobody is booked on this trip yet.</Text>
      ) : (
        groups.map((group) => <VehicleSheet key={group.vehicle?.vehicle_id ?? 'unseated'} group={group} manifest={manifest} />)
      )}
      <FieldNotes manifest={manifest} />
      {manifest.bookings.some((booking) => booking.notes) && (
        <Stack gap={4}>
          <Title order={2} size="h5">
            Booking notes
          </Title>
          {manifest.bookings
            .filter((booking) => booking.notes)
            .map((booking) => (
              <Text key={booking.booking_id} size="sm">
                <Badge variant="default" mr="xs">
                  {booking.reference}
                </Badge>
                {booking.notes}
              </Text>
            ))}
        </Stack>
      )}
    </Stack>
  );
}
