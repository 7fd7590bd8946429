import { Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { RecordTable } from '@/components/admin/RecordTable.tsx';
import { ButtonLink } from '@/components/widgets/ButtonLink.tsx';
import { officeToday } from '@/lib/dates.ts';
import { vehiclesQuery, type VehicleWithRecords } from '../api.ts';
import { VEHICLE_KIND_LABELS, type VehicleDraft } from '../model.ts';
import { matchesWords } from '@/lib/match-words.ts';
import type { RosterSearch } from '../search.ts';
import { DueBadge } from './DueBadge.tsx';
import { NextTripCell, TodayCell } from './RosterCells.tsx';
import { RosterFilters } from './RosterFilters.tsx';

const tripsOf = (vehicle: VehicleWithRecords) => vehicle.departure_vehicles.map((row) => row.tour_departures);
const kindLabel = (kind: string) => VEHICLE_KIND_LABELS[kind as VehicleDraft['kind']] ?? kind;

/** /admin/vehicles: the fleet, seats, papers and services due, and where each vehicle is today. */
export function VehiclesList({ search, onSearchChange, canWrite }: { search: RosterSearch; onSearchChange: (next: Partial<RosterSearch>) => void; canWrite: boolean }) {
  const navigate = useNavigate();
  const vehicles = useQuery(vehiclesQuery());
  const today = officeToday();
  const shown = (vehicles.data ?? []).filter(
    (vehicle) => (search.inactive === 1 || vehicle.active) && matchesWords(search.q, [vehicle.name, vehicle.registration, kindLabel(vehicle.kind)]),
  );

  const columns: DataTableColumn<VehicleWithRecords>[] = [
    {
      accessor: 'name',
      title: 'Vehicle',
      render: (vehicle) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {vehicle.name}
          </Text>
          <Text size="xs" c="dimmed">
            {vehicle.registration} · {kindLabel(vehicle.kind)}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'seats', title: 'Seats', textAlign: 'right', render: (vehicle) => <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>{vehicle.seats}</Text> },
    {
      accessor: 'insurance_expires_on',
      title: 'Insurance',
      render: (vehicle) =>
        vehicle.insurance_expires_on ? <DueBadge date={vehicle.insurance_expires_on} today={today} verbs={{ past: 'Lapsed', future: 'Ends' }} /> : <Text size="sm" c="red.8">Not on file</Text>,
    },
    {
      accessor: 'next_service_on',
      title: 'Service',
      render: (vehicle) =>
        vehicle.next_service_on ? (
          <Stack gap={2} align="flex-start">
            <DueBadge date={vehicle.next_service_on} today={today} verbs={{ past: 'Overdue since', future: 'Due' }} />
            {vehicle.next_service_km !== null && (
              <Text size="xs" c="dimmed">
                or at {vehicle.next_service_km.toLocaleString('en')} km
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No date set
          </Text>
        ),
    },
    {
      accessor: 'today',
      title: 'Today',
      render: (vehicle) => <TodayCell record={vehicle} periods={vehicle.vehicle_out_of_service} trips={tripsOf(vehicle)} today={today} awayLabel="Off the road" />,
    },
    { accessor: 'next', title: 'Next trip', render: (vehicle) => <NextTripCell trips={tripsOf(vehicle)} today={today} /> },
  ];

  return (
    <Stack gap={0} maw={1200}>
      <PageHeader
        title="Vehicles"
        description="The fleet: seats for travelers, insurance, services and times off the road. A vehicle whose insurance or service lapses before a trip ends stays off it."
        actions={
          canWrite && (
            <ButtonLink to="/admin/vehicles/new" leftSection={<IconPlus size={16} />}>
              Add a vehicle
            </ButtonLink>
          )
        }
      />
      <RosterFilters search={search} onSearchChange={onSearchChange} label="Search vehicles" placeholder="Name, registration or kind" inactiveLabel="Show vehicles no longer in use" />
      <RecordTable
        label="Vehicles"
        records={shown}
        columns={columns}
        error={vehicles.error}
        fetching={vehicles.isPending}
        empty={search.q ? 'No vehicle matches these words.' : 'No vehicle yet: add the first one.'}
        onOpen={(vehicle) => navigate({ to: '/admin/vehicles/$vehicleId', params: { vehicleId: vehicle.id } })}
        dimmed={(vehicle) => !vehicle.active}
      />
      {!canWrite && (
        <Text size="sm" c="dimmed" mt="sm">
          Only administrators change vehicles.
        </Text>
      )}
    </Stack>
  );
}
