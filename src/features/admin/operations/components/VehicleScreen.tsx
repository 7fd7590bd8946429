import { BackLink } from '@/components/admin/BackLink.tsx';
import { fieldOfHint } from '@/lib/field-errors.ts';
import { Alert, Grid, Loader, NumberInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useRecordDraft } from '@/components/admin/UnsavedChangesGuard.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { FormFooter, Section } from '@/components/admin/Section.tsx';
import { officeToday } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { countOf } from '@/lib/words.ts';
import { addRecord, operationsKeys, removeRecord, saveVehicle, vehicleQuery, type VehicleWithRecords } from '../api.ts';
import { normalRegistration, VEHICLE_KIND_LABELS, VEHICLE_KINDS, vehicleColumns, vehicleDraftOf, vehicleProblems, vehicleRowOf, type VehicleDraft } from '../model.ts';
import { Periods } from './Periods.tsx';
import { Trips } from './Trips.tsx';

/** The vehicle's record: name, kind, registration, seats, insurance, service, notes. */
function VehicleForm({ vehicle, canWrite }: { vehicle: VehicleWithRecords | null; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { draft, setDraft, edits } = useRecordDraft<VehicleDraft>(vehicle?.updated_at ?? null, () => vehicleDraftOf(vehicle), { enabled: canWrite });
  const [problems, setProblems] = useState<ReturnType<typeof vehicleProblems> & { form?: string }>({});
  const save = useMutation({
    mutationFn: (sent: VehicleDraft) => saveVehicle(vehicle?.id ?? null, vehicleRowOf(sent)),
    onSuccess: async (id, sent) => {
      edits.markSaved({ ...sent, registration: normalRegistration(sent.registration) });
      await queryClient.invalidateQueries({ queryKey: operationsKeys.vehicles });
      if (vehicle) {
        setDraft((current) => ({ ...current, registration: normalRegistration(current.registration) }));
        notify.success(`${draft.name.trim()} saved`);
      } else {
        notify.success(`${draft.name.trim()} added`);
        await navigate({ to: '/admin/vehicles/$vehicleId', params: { vehicleId: id }, replace: true });
      }
    },
    onError: (error: Error & { hint?: string }) => setProblems({ [fieldOfHint(error.hint, vehicleColumns)]: error.message }),
  });
  const edit = (patch: Partial<VehicleDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  return (
    <form
      aria-label="Vehicle details"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = vehicleProblems(draft);
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate(draft);
      }}
    >
      <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Name" withAsterisk placeholder="Land Cruiser 6" maxLength={80} value={draft.name} onChange={(event) => edit({ name: event.currentTarget.value })} error={problems.name} />
            <Select
              label="Kind"
              data={VEHICLE_KINDS.map((value) => ({ value, label: VEHICLE_KIND_LABELS[value] }))}
              value={draft.kind}
              onChange={(kind) => edit({ kind: (kind as VehicleDraft['kind']) ?? 'safari_vehicle' })}
              allowDeselect={false}
            />
            <TextInput
              label="Registration"
              withAsterisk
              placeholder="T 123 ABC"
              maxLength={15}
              value={draft.registration}
              onChange={(event) => edit({ registration: event.currentTarget.value })}
              error={problems.registration}
            />
            <NumberInput
              clampBehavior="none"
              label="Seats for travelers"
              description="The driver's not counted"
              withAsterisk
              min={1}
              max={60}
              allowDecimal={false}
              value={draft.seats}
              onChange={(seats) => edit({ seats })}
              error={problems.seats}
            />
            <TextInput type="date" label="Insurance valid until" value={draft.insuranceExpiresOn} onChange={(event) => edit({ insuranceExpiresOn: event.currentTarget.value })} error={problems.insuranceExpiresOn} />
            <TextInput type="date" label="Next service by" value={draft.nextServiceOn} onChange={(event) => edit({ nextServiceOn: event.currentTarget.value })} error={problems.nextServiceOn} />
            <NumberInput clampBehavior="none" label="Next service at (km)" min={0} allowDecimal={false} thousandSeparator="," value={draft.nextServiceKm} onChange={(nextServiceKm) => edit({ nextServiceKm })} error={problems.nextServiceKm} />
            <NumberInput clampBehavior="none" label="Odometer (km)" min={0} allowDecimal={false} thousandSeparator="," value={draft.odometerKm} onChange={(odometerKm) => edit({ odometerKm })} error={problems.odometerKm} />
          </SimpleGrid>
          <Textarea label="Notes" autosize minRows={2} maxLength={2000} value={draft.notes} onChange={(event) => edit({ notes: event.currentTarget.value })} error={problems.notes} />
          <Switch
            label="In use"
            description="A vehicle no longer in use keeps its history and is offered for no trip"
            checked={draft.active}
            onChange={(event) => edit({ active: event.currentTarget.checked })}
          />
        </Stack>
      </fieldset>
      {canWrite && <FormFooter problem={problems.form} saving={save.isPending} label={vehicle ? 'Save vehicle' : 'Add the vehicle'} />}
    </form>
  );
}

/** /admin/vehicles/$vehicleId and /admin/vehicles/new: a vehicle's record, its times off the road and its trips. */
export function VehicleScreen({ vehicleId, canWrite }: { vehicleId: string | null; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const found = useQuery({ ...vehicleQuery(vehicleId ?? ''), enabled: vehicleId !== null });
  const today = officeToday();
  const back = (
    <BackLink to="/admin/vehicles">Vehicles</BackLink>
  );
  if (vehicleId === null) {
    return (
      <Stack gap="md" maw={720}>
        {back}
        <PageHeader title="Add a vehicle" description="Times off the road are added once the vehicle is saved." />
        <Section title="Details">
          <VehicleForm vehicle={null} canWrite={canWrite} />
        </Section>
      </Stack>
    );
  }
  if (found.isPending) return <Loader aria-label="Loading the vehicle" />;
  if (found.error) return <Alert color="red">{found.error.message}</Alert>;
  const vehicle = found.data;
  if (!vehicle) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="orange" title="No such vehicle">
          This vehicle was removed, or the address is wrong.
        </Alert>
      </Stack>
    );
  }
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: operationsKeys.vehicle(vehicle.id) }), queryClient.invalidateQueries({ queryKey: operationsKeys.vehicles })]);
  const travelersOn = new Map(vehicle.departure_vehicles.map((row) => [row.tour_departures?.id, row.travelers]));
  return (
    <Stack gap="md" maw={1200}>
      {back}
      <PageHeader
        title={vehicle.name}
        description={[vehicle.registration, VEHICLE_KIND_LABELS[vehicle.kind as VehicleDraft['kind']], `${vehicle.seats} seats`, vehicle.active ? null : 'No longer in use'].filter(Boolean).join(' · ')}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Section title="Details">
            <VehicleForm vehicle={vehicle} canWrite={canWrite} />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Section title="Off the road" description="Repairs, services and other days the vehicle is given no trip.">
              <Periods
                periods={vehicle.vehicle_out_of_service}
                today={today}
                canWrite={canWrite}
                nouns={{ one: 'Time off the road', add: 'Add time off the road', empty: 'Nothing planned.' }}
                onAdd={async (draft) => {
                  await addRecord('vehicle_out_of_service', { vehicle_id: vehicle.id, starts_on: draft.startsOn, ends_on: draft.endsOn, reason: draft.reason.trim() || null });
                  await refresh();
                }}
                onRemove={async (id) => {
                  await removeRecord('vehicle_out_of_service', id);
                  await refresh();
                }}
              />
            </Section>
            <Section title="Trips">
              <Trips trips={vehicle.departure_vehicles.map((row) => row.tour_departures)} today={today} detail={(trip) => countOf(travelersOn.get(trip.id) ?? 0, 'traveler')} />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
