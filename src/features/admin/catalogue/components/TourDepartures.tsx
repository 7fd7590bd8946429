import { Badge, Button, Chip, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmAction } from '@/components/admin/ConfirmAction.tsx';
import { FormFooter, Section } from '@/components/admin/Section.tsx';
import { FormModal, useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { SeatsFilled } from '@/components/admin/SeatsFilled.tsx';
import { Money } from '@/components/widgets/Money.tsx';
import { formatCalendarDate, formatDateRange, officeToday } from '@/lib/dates.ts';
import { fieldOfHint } from '@/lib/field-errors.ts';
import { notify } from '@/lib/notify.ts';
import { countOf } from '@/lib/words.ts';
import { addDepartures, catalogueKeys, saveDeparture, setDepartureCancelled, type TourDepartureRow, type TourWithParts } from '../api.ts';
import { departureColumns, departureDates, departureEditProblems, departureEditRowOf, departureProblems, WEEKDAYS, type DepartureDraft, type DepartureEdit } from '../model.ts';

const emptyDraft: DepartureDraft = { mode: 'one', startDate: '', from: '', to: '', weekdays: [], capacity: 12, priceOverride: '', guaranteedThreshold: '' };
const SHOWN_DATES = 6;

function AddDepartures({ tour }: { tour: TourWithParts }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DepartureDraft>(emptyDraft);
  const [problems, setProblems] = useState<Partial<Record<keyof DepartureDraft | 'form', string>>>({});
  const today = officeToday();
  const dates = departureDates(draft);
  const edits = useUnsavedEdits(draft);
  const save = useMutation({
    mutationFn: (sent: DepartureDraft) => addDepartures(tour.id, sent),
    onSuccess: async (added, sent) => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      notify.success(`${added} ${added === 1 ? 'departure' : 'departures'} added`);
      // Ready for the next one, as the last was set up: nothing of it is left to save.
      const next = { ...emptyDraft, mode: sent.mode, capacity: sent.capacity };
      setDraft(next);
      edits.markSaved(next);
    },
    onError: (error: Error & { hint?: string }) => {
      const field = fieldOfHint(error.hint, departureColumns);
      setProblems({ [field === 'startDate' && draft.mode === 'series' ? 'from' : field]: error.message });
    },
  });
  const edit = (patch: Partial<DepartureDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  return (
    <form
      aria-label="Add departures"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = departureProblems(draft, today);
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate(draft);
      }}
    >
      <Stack gap="sm">
        <SegmentedControl
          id="add-departures"
          aria-label="How many"
          value={draft.mode}
          onChange={(mode) => edit({ mode: mode as DepartureDraft['mode'] })}
          data={[
            { value: 'one', label: 'One date' },
            { value: 'series', label: 'A series' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {draft.mode === 'one' ? (
          <TextInput type="date" label="Leaves on" withAsterisk min={today} value={draft.startDate} onChange={(event) => edit({ startDate: event.currentTarget.value })} error={problems.startDate} maw={260} />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" maw={540}>
              <TextInput type="date" label="From" withAsterisk value={draft.from} onChange={(event) => edit({ from: event.currentTarget.value })} error={problems.from} />
              <TextInput type="date" label="To" withAsterisk value={draft.to} onChange={(event) => edit({ to: event.currentTarget.value })} error={problems.to} />
            </SimpleGrid>
            <Chip.Group multiple value={draft.weekdays.map(String)} onChange={(values) => edit({ weekdays: values.map(Number).sort() })}>
              <Group gap={6} role="group" aria-label="Every">
                <Text size="sm" fw={500}>
                  Every
                </Text>
                {WEEKDAYS.map((weekday, index) => (
                  <Chip key={weekday} value={String(index)} size="sm">
                    {weekday}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {problems.weekdays && (
              <Text size="sm" c="red.8" role="alert">
                {problems.weekdays}
              </Text>
            )}
          </>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <NumberInput clampBehavior="none" label="Seats" withAsterisk min={1} max={500} allowDecimal={false} value={draft.capacity} onChange={(capacity) => edit({ capacity })} error={problems.capacity} />
          <NumberInput
            clampBehavior="none"
            decimalScale={2}
            label="Price per adult"
            description="Empty: the season’s or the tour’s"
            value={draft.priceOverride}
            onChange={(priceOverride) => edit({ priceOverride })}
            error={problems.priceOverride}
          />
          <NumberInput clampBehavior="none" label="Guaranteed at" description="Seats taken for it to run for sure" min={1} allowDecimal={false} value={draft.guaranteedThreshold} onChange={(guaranteedThreshold) => edit({ guaranteedThreshold })} error={problems.guaranteedThreshold} />
        </SimpleGrid>
        {draft.mode === 'series' && dates.length > 0 && (
          <Text size="sm" data-testid="series-dates">
            {dates.length} {dates.length === 1 ? 'departure' : 'departures'}: {dates.slice(0, SHOWN_DATES).map(formatCalendarDate).join(', ')}
            {dates.length > SHOWN_DATES ? ` … ${formatCalendarDate(dates.at(-1)!)}` : ''}
          </Text>
        )}
      </Stack>
      <FormFooter problem={problems.form} saving={save.isPending} label={draft.mode === 'series' && dates.length > 1 ? `Add ${dates.length} departures` : 'Add the departure'} />
    </form>
  );
}

function EditDeparture({ departure }: { departure: TourDepartureRow }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="compact-sm" variant="default" onClick={() => setOpened(true)} aria-label={`Change the departure of ${formatCalendarDate(departure.start_date)}`}>
        Change
      </Button>
      <FormModal opened={opened} onClose={() => setOpened(false)} title={`The departure of ${formatDateRange(departure.start_date, departure.end_date)}`}>
        <DepartureForm departure={departure} onSaved={() => setOpened(false)} />
      </FormModal>
    </>
  );
}

/** A departure's seats and prices, as it is when the form opens. */
function DepartureForm({ departure, onSaved }: { departure: TourDepartureRow; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<DepartureEdit>(() => ({
    capacity: departure.capacity,
    priceOverride: departure.price_override === null ? '' : Number(departure.price_override),
    childPriceOverride: departure.child_price_override === null ? '' : Number(departure.child_price_override),
    guaranteedThreshold: departure.guaranteed_threshold ?? '',
    season: departure.season ?? '',
  }));
  const [problems, setProblems] = useState<Partial<Record<keyof DepartureEdit | 'form', string>>>({});
  useUnsavedEdits(draft);
  const save = useMutation({
    mutationFn: () => saveDeparture(departure.id, departureEditRowOf(draft)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      notify.success('Departure saved');
      onSaved();
    },
    onError: (error: Error) => setProblems({ form: error.message }),
  });
  const edit = (patch: Partial<DepartureEdit>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  return (
    <form
      aria-label="Change the departure"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = departureEditProblems(draft, departure.seats_booked);
        setProblems(found);
        if (Object.keys(found).length === 0) save.mutate();
      }}
    >
      <Stack gap="sm">
        <NumberInput clampBehavior="none" label="Seats" description={`${departure.seats_booked} taken by bookings`} withAsterisk allowDecimal={false} value={draft.capacity} onChange={(capacity) => edit({ capacity })} error={problems.capacity} />
        <NumberInput clampBehavior="none" decimalScale={2} label="Price per adult" description="Empty: the tour’s" value={draft.priceOverride} onChange={(priceOverride) => edit({ priceOverride })} error={problems.priceOverride} />
        <NumberInput clampBehavior="none" decimalScale={2} label="Price per child" description="Empty: the tour’s" value={draft.childPriceOverride} onChange={(childPriceOverride) => edit({ childPriceOverride })} error={problems.childPriceOverride} />
        <NumberInput clampBehavior="none" label="Guaranteed at" allowDecimal={false} value={draft.guaranteedThreshold} onChange={(guaranteedThreshold) => edit({ guaranteedThreshold })} error={problems.guaranteedThreshold} />
        <TextInput label="Season" maxLength={60} value={draft.season} onChange={(event) => edit({ season: event.currentTarget.value })} error={problems.season} />
      </Stack>
      <FormFooter problem={problems.form} saving={save.isPending} label="Save the departure" />
    </form>
  );
}

function DepartureRow({ tour, departure }: { tour: TourWithParts; departure: TourDepartureRow }) {
  const queryClient = useQueryClient();
  const cancelled = departure.status === 'cancelled';
  const change = useMutation({
    mutationFn: () => setDepartureCancelled(departure.id, !cancelled),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      notify.success(cancelled ? 'Departure open again' : 'Departure cancelled');
    },
    onError: (error: Error) => notify.error(error.message),
  });
  const price = departure.price_override ?? tour.base_price;
  return (
    <Table.Tr id={`departure-${departure.id}`} style={{ opacity: cancelled ? 0.6 : 1 }}>
      <Table.Td>{formatDateRange(departure.start_date, departure.end_date)}</Table.Td>
      <Table.Td>{departure.season ?? '—'}</Table.Td>
      <Table.Td ta="right">
        <Money amount={Number(price)} currency={tour.currency} />
      </Table.Td>
      <Table.Td miw={120}>
        <SeatsFilled booked={departure.seats_booked} capacity={departure.capacity} />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={cancelled ? 'red' : departure.status === 'guaranteed' ? 'teal' : departure.status === 'sold_out' ? 'orange' : 'gray'}>
          {departure.status.replace('_', ' ')}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group justify="flex-end" wrap="nowrap">
          {cancelled ? (
            departure.seats_booked === 0 && (
              <Button size="compact-sm" variant="default" loading={change.isPending} onClick={() => change.mutate()}>
                Open again
              </Button>
            )
          ) : (
            <EditDeparture departure={departure} />
          )}
          {!cancelled && (
            <ConfirmAction
              label={`Cancel the departure of ${formatCalendarDate(departure.start_date)}`}
              question={
                departure.seats_booked > 0
                  ? `Cancel this departure? Its bookings (${departure.seats_booked} seats) are cancelled and what they paid is owed back.`
                  : 'Cancel this departure? Nobody has booked it.'
              }
              confirmLabel="Cancel departure"
              onConfirm={() => change.mutate()}
              busy={change.isPending}
            />
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The Departures tab: the dates the tour runs, their seats and prices, and new ones one by one or as a series. */
export function TourDepartures({ tour }: { tour: TourWithParts }) {
  const today = officeToday();
  const scheduled = tour.tour_departures.filter((departure) => !departure.is_private);
  const upcoming = scheduled.filter((departure) => departure.start_date > today);
  const past = scheduled.filter((departure) => departure.start_date <= today);
  const table = (rows: TourDepartureRow[], label: string) => (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Dates</Table.Th>
            <Table.Th>Season</Table.Th>
            <Table.Th ta="right">Adult</Table.Th>
            <Table.Th>Seats</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((departure) => (
            <DepartureRow key={departure.id} tour={tour} departure={departure} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
  return (
    <Stack gap="md">
      <Section title="Add departures" description={`Each lasts as long as the tour: ${countOf(tour.duration_days, 'day')}. A series adds every chosen weekday between two dates.`}>
        <AddDepartures tour={tour} />
      </Section>
      <Section title="Departures to come" description="Seats sold stay with their bookings. Cancelling a departure cancels its bookings and owes back what they paid.">
        {upcoming.length > 0 ? table(upcoming, 'Departures to come') : <Text size="sm" c="dimmed">No departure to come: visitors cannot book this tour.</Text>}
      </Section>
      {past.length > 0 && <Section title="Left in the last 90 days">{table(past, 'Departures that left')}</Section>}
    </Stack>
  );
}
