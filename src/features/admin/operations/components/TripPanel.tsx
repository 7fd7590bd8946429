import { ActionIcon, Alert, Badge, Button, Divider, Group, Loader, NumberInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconClipboardList, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormDrawer, useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { ButtonLink } from '@/components/widgets/ButtonLink.tsx';
import { formatOfficeDate, formatOfficeDateRange, officeToday } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import {
  assignGuide,
  assignVehicle,
  moveTrip,
  operationsKeys,
  tripMoveProblems,
  tripQuery,
  unassignGuide,
  tripStaffingQuery,
  unassignVehicle,
  type TripDetail,
} from '../api.ts';
import { seatsOf, staffingGaps } from '../calendar.ts';
import { TripFieldNotes } from './FieldNotes.tsx';

const refreshAll = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: operationsKeys.all });

/** A picker's choices: who is free first, then who is not, greyed, each saying why (the rule that would refuse them). */
function pickerOptions(choices: { value: string; label: string; problem: string | null }[]) {
  const free = choices.filter((choice) => !choice.problem).map(({ value, label }) => ({ value, label }));
  const busy = choices.filter((choice) => choice.problem).map(({ value, label }) => ({ value, label, disabled: true }));
  return [...(free.length ? [{ group: 'Free on these dates', items: free }] : []), ...(busy.length ? [{ group: 'Not free', items: busy }] : [])];
}

function PickerOption({ label, problem }: { label: string; problem: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{label}</Text>
      {problem && (
        <Text size="xs" c="dimmed">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

function Guides({ trip, canWrite }: { trip: TripDetail; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const staffing = useQuery({ ...tripStaffingQuery(trip.id), enabled: canWrite });
  const [chosen, setChosen] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A guide picked but not assigned is an edit: closing the panel or leaving asks first.
  useUnsavedEdits(chosen);
  const assign = useMutation({
    mutationFn: (guideId: string) => assignGuide(trip.id, guideId),
    onSuccess: async () => {
      setChosen(null);
      await refreshAll(queryClient);
    },
    onError: (error: Error) => setRefusal(error.message),
  });
  const remove = useMutation({ mutationFn: (guideId: string) => unassignGuide(trip.id, guideId), onSuccess: () => refreshAll(queryClient), onError: (error: Error) => notify.error(error.message) });
  const guides = staffing.data?.guides ?? [];
  const options = pickerOptions(guides.map((guide) => ({ value: guide.id, label: `${guide.full_name} (${guide.languages.join(', ')})`, problem: guide.problem })));
  const problems = new Map(guides.map((guide) => [guide.id, guide.problem]));
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Guides
      </Title>
      {trip.departure_guides.length === 0 && (
        <Text size="sm" c={trip.seats_booked > 0 ? 'orange.8' : 'dimmed'}>
          No guide yet.
        </Text>
      )}
      {trip.departure_guides.map((row) => (
        <Group key={row.guide_id} justify="space-between" wrap="nowrap">
          <div>
            <Text size="sm" fw={500}>
              {row.guides?.full_name}
            </Text>
            <Text size="xs" c="dimmed">
              {[row.guides?.languages.join(', '), row.guides?.phone].filter(Boolean).join(' · ')}
            </Text>
          </div>
          {canWrite && (
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Take ${row.guides?.full_name} off the trip`} loading={remove.isPending && remove.variables === row.guide_id} onClick={() => remove.mutate(row.guide_id)}>
              <IconX size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {canWrite && (
        <form
          aria-label="Assign a guide"
          onSubmit={(event) => {
            event.preventDefault();
            setRefusal(null);
            if (chosen) assign.mutate(chosen);
            else setRefusal('Choose a guide');
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select
              label="Guide"
              placeholder="Choose a guide"
              data={options}
              renderOption={({ option }) => <PickerOption label={option.label} problem={problems.get(option.value) ?? null} />}
              value={chosen}
              onChange={(value) => {
                setChosen(value);
                setRefusal(null);
              }}
              searchable
              allowDeselect={false}
              nothingFoundMessage={staffing.isPending ? 'Loading…' : 'No other active guide'}
              style={{ flex: 1 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Button type="submit" variant="light" loading={assign.isPending}>
              Assign
            </Button>
          </Group>
          {refusal && (
            <Alert color="red" mt="xs" role="alert" p="xs">
              {refusal}
            </Alert>
          )}
        </form>
      )}
    </Stack>
  );
}

function Vehicles({ trip, canWrite }: { trip: TripDetail; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const staffing = useQuery({ ...tripStaffingQuery(trip.id), enabled: canWrite });
  const seated = trip.departure_vehicles.reduce((sum, row) => sum + row.travelers, 0);
  const [chosen, setChosen] = useState<string | null>(null);
  const [travelers, setTravelers] = useState<number | string>('');
  const [refusal, setRefusal] = useState<string | null>(null);
  useUnsavedEdits({ chosen, travelers });
  const assign = useMutation({
    mutationFn: ({ vehicleId, count }: { vehicleId: string; count: number }) => assignVehicle(trip.id, vehicleId, count),
    onSuccess: async () => {
      setChosen(null);
      setTravelers('');
      await refreshAll(queryClient);
    },
    onError: (error: Error) => setRefusal(error.message),
  });
  const remove = useMutation({ mutationFn: (vehicleId: string) => unassignVehicle(trip.id, vehicleId), onSuccess: () => refreshAll(queryClient), onError: (error: Error) => notify.error(error.message) });
  const free = staffing.data?.vehicles ?? [];
  const options = pickerOptions(free.map((vehicle) => ({ value: vehicle.id, label: `${vehicle.name} (${vehicle.registration}, ${vehicle.seats} seats)`, problem: vehicle.problem })));
  const problems = new Map(free.map((vehicle) => [vehicle.id, vehicle.problem]));
  const unseated = Math.max(0, trip.seats_booked - seated);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Vehicles
        </Title>
        <Text size="xs" c={unseated > 0 ? 'orange.8' : 'dimmed'} data-testid="seated">
          {seated} of {trip.seats_booked} travelers seated
        </Text>
      </Group>
      {trip.departure_vehicles.length === 0 && (
        <Text size="sm" c={trip.seats_booked > 0 ? 'orange.8' : 'dimmed'}>
          No vehicle yet.
        </Text>
      )}
      {trip.departure_vehicles.map((row) => (
        <Group key={row.vehicle_id} justify="space-between" wrap="nowrap">
          <div>
            <Text size="sm" fw={500}>
              {row.vehicles?.name}
            </Text>
            <Text size="xs" c="dimmed">
              {row.vehicles?.registration} · {row.travelers} of {row.vehicles?.seats} seats taken
            </Text>
          </div>
          {canWrite && (
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Take ${row.vehicles?.name} off the trip`} loading={remove.isPending && remove.variables === row.vehicle_id} onClick={() => remove.mutate(row.vehicle_id)}>
              <IconX size={18} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {canWrite && (
        <form
          aria-label="Assign a vehicle"
          onSubmit={(event) => {
            event.preventDefault();
            setRefusal(null);
            const count = travelers === '' ? NaN : Number(travelers);
            if (!chosen) setRefusal('Choose a vehicle');
            else if (!Number.isInteger(count) || count < 0) setRefusal('Say how many travelers ride in it, 0 or more');
            else assign.mutate({ vehicleId: chosen, count });
          }}
        >
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Select
              label="Vehicle"
              placeholder="Choose a vehicle"
              data={options}
              renderOption={({ option }) => <PickerOption label={option.label} problem={problems.get(option.value) ?? null} />}
              value={chosen}
              onChange={(value) => {
                setChosen(value);
                setRefusal(null);
                const seats = free.find((vehicle) => vehicle.id === value)?.seats;
                if (seats !== undefined && travelers === '') setTravelers(Math.min(seats, unseated));
              }}
              searchable
              allowDeselect={false}
              nothingFoundMessage={staffing.isPending ? 'Loading…' : 'No other vehicle in use'}
              style={{ flex: 1 }}
              comboboxProps={{ withinPortal: true }}
            />
            <NumberInput label="Travelers" w={96} min={0} allowDecimal={false} clampBehavior="none" value={travelers} onChange={setTravelers} />
            <Button type="submit" variant="light" loading={assign.isPending}>
              Assign
            </Button>
          </Group>
          {refusal && (
            <Alert color="red" mt="xs" role="alert" p="xs">
              {refusal}
            </Alert>
          )}
        </form>
      )}
    </Stack>
  );
}

/** Moving the trip: the new first day, what would stop it (asked first), then the move. */
function MoveTrip({ trip, proposed, onMoved }: { trip: TripDetail; proposed?: string; onMoved: (startDate: string) => void }) {
  const queryClient = useQueryClient();
  const [startDate, setStartDate] = useState(proposed ?? '');
  // A new first day chosen (or proposed by a drag on the calendar) and not moved to yet.
  const edits = useUnsavedEdits(startDate);
  const check = useMutation({ mutationFn: (date: string) => tripMoveProblems(trip.id, date) });
  const move = useMutation({
    mutationFn: () => moveTrip(trip.id, startDate),
    onSuccess: async (emailed) => {
      edits.markSaved();
      notify.success(`Trip moved to ${formatOfficeDate(startDate)}: ${emailed === 0 ? 'no traveler to tell' : emailed === 1 ? 'its traveler is emailed the new dates' : `${emailed} travelers are emailed the new dates`}`);
      await refreshAll(queryClient);
      onMoved(startDate);
      check.reset();
    },
  });
  const { mutate: checkDate } = check;
  useEffect(() => {
    if (proposed) checkDate(proposed);
  }, [proposed, checkDate]);
  const problems = check.data;
  return (
    <Stack gap="xs" data-testid="move-trip">
      <Title order={3} size="h5">
        Move to other dates
      </Title>
      <Text size="xs" c="dimmed">
        The trip keeps its length. Its guides and vehicles are checked at the new dates before anything moves; its travelers are emailed once it has.
      </Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          type="date"
          label="New first day"
          value={startDate}
          min={officeToday()}
          onChange={(event) => {
            setStartDate(event.currentTarget.value);
            check.reset();
            move.reset();
          }}
          style={{ flex: 1 }}
        />
        <Button variant="default" disabled={!startDate} loading={check.isPending} onClick={() => check.mutate(startDate)}>
          Check
        </Button>
      </Group>
      {check.error && <Alert color="red">{check.error.message}</Alert>}
      {problems && problems.length > 0 && (
        <Alert color="red" title="The trip cannot move there" role="alert" p="xs">
          <Stack gap={2}>
            {problems.map((problem) => (
              <Text key={problem} size="sm">
                {problem}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      {problems && problems.length === 0 && (
        <Alert color="teal" p="xs">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">Nothing stops the move to {formatOfficeDate(startDate)}.</Text>
            <Button size="compact-sm" loading={move.isPending} onClick={() => move.mutate()}>
              Move trip
            </Button>
          </Group>
        </Alert>
      )}
      {move.error && (
        <Alert color="red" role="alert" p="xs">
          {move.error.message}
        </Alert>
      )}
    </Stack>
  );
}

/** A trip's panel beside the calendar: seats, who runs it, and moving it. */
export function TripPanel({ tripId, canWrite, proposedStart, onClose, onMoved }: { tripId: string | undefined; canWrite: boolean; proposedStart?: string; onClose: () => void; onMoved: (startDate: string) => void }) {
  const found = useQuery({ ...tripQuery(tripId ?? ''), enabled: Boolean(tripId) });
  const trip = found.data;
  return (
    <FormDrawer opened={Boolean(tripId)} onClose={onClose} position="right" size="md" title={trip ? trip.tours?.title : 'Trip'} aria-label="Trip">
      {found.isPending && <Loader size="sm" aria-label="Loading the trip" />}
      {found.error && <Alert color="red">{found.error.message}</Alert>}
      {found.data === null && <Alert color="orange">This trip no longer exists.</Alert>}
      {/* Keyed by the trip: a guide picked on one trip never carries over to the next one opened. */}
      {trip && (
        <Stack gap="md" key={trip.id}>
          <div>
            <Text fw={600}>{formatOfficeDateRange(trip.start_date, trip.end_date)}</Text>
            <Group gap="xs" mt={4}>
              <ButtonLink to="/admin/manifests/$tripId" params={{ tripId: trip.id }} size="compact-sm" variant="light" leftSection={<IconClipboardList size={14} />}>
                Manifest
              </ButtonLink>
              {trip.is_private && (
                <Badge color="grape" variant="light">
                  Private
                </Badge>
              )}
              <Badge variant="light" color="gray">
                {seatsOf(trip).sold} sold · {seatsOf(trip).left} left of {trip.capacity}
              </Badge>
              {staffingGaps(trip).map((gap) => (
                <Badge key={gap} color="orange" variant="light" style={{ textTransform: 'none' }}>
                  {gap}
                </Badge>
              ))}
            </Group>
          </div>
          <TripFieldNotes tripId={trip.id} />
          <Divider />
          <Guides trip={trip} canWrite={canWrite} />
          <Divider />
          <Vehicles trip={trip} canWrite={canWrite} />
          {canWrite && (
            <>
              <Divider />
              <MoveTrip key={`${trip.id}-${trip.start_date}-${proposedStart ?? ''}`} trip={trip} proposed={proposedStart} onMoved={onMoved} />
            </>
          )}
        </Stack>
      )}
    </FormDrawer>
  );
}
