import { Alert, Button, Checkbox, Group, Loader, NumberInput, Select, Stack, Table, Text } from '@mantine/core';
import { IconArrowsExchange, IconCircleCheck, IconUsers, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormModal, useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { ReasonField } from '@/components/admin/ReasonField.tsx';
import { formatOfficeDateRange, officeToday } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { bookingKeys, cancellationTermsQuery, cancelUnderPolicy, changeBookingParty, changeBookingStatus, moveBooking, quoteDeparture, upcomingDeparturesQuery, type BookingDetail } from '../api.ts';
import { bookedExtras, moveRefusalField, nextStatus, partyProblems } from '../model.ts';
import { ExtrasPicker } from './ExtrasPicker.tsx';

const money = (amount: number, currency: string) => formatMoney(amount, currency, { cents: true });

function useAfterChange(booking: BookingDetail) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) }),
    ]);
}

/** Cancels under the company's policy: the fee and the refund shown before, waivable with a reason. */
function CancelBooking({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const terms = useQuery(cancellationTermsQuery(booking.id));
  const [waive, setWaive] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedEdits({ waive, reason: reason.trim() });
  const afterChange = useAfterChange(booking);
  const mutation = useMutation({
    mutationFn: () => cancelUnderPolicy(booking.id, reason.trim(), waive),
    onSuccess: async (result) => {
      notify.success(result.refund > 0 ? `Booking cancelled: ${money(result.refund, booking.currency)} is owed back` : 'Booking cancelled');
      await afterChange();
      onClose();
    },
    onError: (error: Error) => setProblem(error.message),
  });
  if (terms.isPending) return <Loader size="sm" aria-label="Loading the cancellation terms" />;
  if (terms.error) return <Alert color="red">{terms.error.message}</Alert>;
  const t = terms.data;
  const kept = waive ? 0 : t.fee_kept;
  const refund = waive ? t.paid : t.refund;
  return (
    <form
      aria-label="Cancel the booking"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) return setProblem('Please give the reason for the cancellation');
        mutation.mutate();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {t.days_before} days before departure, the policy’s fee is {t.fee_percent}% of the total: {money(t.fee, t.currency)}.
        </Text>
        <Table verticalSpacing={4} data-testid="cancellation-terms">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Paid</Table.Td>
              <Table.Td ta="right">{money(t.paid, t.currency)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>Fee kept</Table.Td>
              <Table.Td ta="right">{money(kept, t.currency)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td fw={700}>Owed back to the client</Table.Td>
              <Table.Td ta="right" fw={700}>
                {money(refund, t.currency)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Checkbox label="Waive the fee (say why below)" checked={waive} onChange={(event) => setWaive(event.currentTarget.checked)} />
        <ReasonField
          value={reason}
          onChange={(value) => {
            setReason(value);
            setProblem(null);
          }}
          error={problem}
        />
        <Text size="xs" c="dimmed">
          A cancellation cannot be undone: the seats are released and the client is emailed.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep the booking
          </Button>
          <Button type="submit" color="red" loading={mutation.isPending}>
            Cancel booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Moves the booking to another departure of its tour: the new price and what it changes shown before. */
function MoveBooking({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const targets = useQuery(upcomingDeparturesQuery(booking.tour_id, officeToday()));
  const [departureId, setDepartureId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ departure?: string; reason?: string; form?: string }>({});
  useUnsavedEdits({ departureId, reason: reason.trim() });
  const afterChange = useAfterChange(booking);
  const quote = useQuery({
    queryKey: ['admin', 'bookings', 'move-quote', booking.id, departureId],
    queryFn: () => quoteDeparture(departureId!, { tourId: booking.tour_id, adults: booking.adults, children: booking.children, extras: booking.extras }),
    enabled: departureId !== null,
    retry: false,
  });
  const mutation = useMutation({
    mutationFn: () => moveBooking(booking.id, departureId!, reason.trim()),
    onSuccess: async (result) => {
      const change = result.difference === 0 ? 'the price is unchanged' : result.difference > 0 ? `${money(result.difference, booking.currency)} more to pay` : `${money(-result.difference, booking.currency)} less`;
      notify.success(`Booking moved: ${change}`);
      await afterChange();
      onClose();
    },
    onError: (error: Error) => setProblems({ [moveRefusalField(error.message)]: error.message }),
  });
  const party = booking.adults + booking.children;
  const options = (targets.data ?? [])
    .filter((departure) => departure.id !== booking.departure_id)
    .map((departure) => {
      const left = departure.capacity - departure.seats_booked;
      return { value: departure.id, label: `${formatOfficeDateRange(departure.start_date, departure.end_date)} · ${left} seat${left === 1 ? '' : 's'} left`, disabled: left < party };
    });
  const newTotal = quote.data?.total;
  const paid = Number(booking.amount_paid);
  return (
    <form
      aria-label="Move the booking"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found: typeof problems = {};
        if (!departureId) found.departure = 'Please choose the departure to move to';
        if (!reason.trim()) found.reason = 'Please give the reason for the move';
        setProblems(found);
        if (Object.keys(found).length === 0) mutation.mutate();
      }}
    >
      <Stack gap="sm">
        <Select
          label="New departure"
          placeholder={targets.isPending ? 'Loading…' : options.length ? 'Choose' : 'No other departure of this tour'}
          data={options}
          value={departureId}
          onChange={(value) => {
            setDepartureId(value);
            setProblems({});
          }}
          error={problems.departure ?? (quote.error ? quote.error.message : undefined)}
          required
        />
        {newTotal !== undefined && (
          <Table verticalSpacing={4} data-testid="move-quote">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>New total</Table.Td>
                <Table.Td ta="right">{money(newTotal, booking.currency)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Paid so far</Table.Td>
                <Table.Td ta="right">{money(paid, booking.currency)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={700}>{newTotal >= paid ? 'Left to pay' : 'Owed back to the client'}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money(Math.abs(newTotal - paid), booking.currency)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
        <ReasonField
          value={reason}
          onChange={(value) => {
            setReason(value);
            setProblems((current) => ({ ...current, reason: undefined }));
          }}
          error={problems.reason}
        />
        {problems.form && <Alert color="red">{problems.form}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Move booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The booking's changes: move to another departure, cancel under the policy. */
/** Changes who travels: adults, children and extras, with the new price and the difference shown before. */
function ChangeParty({ booking, onClose }: { booking: BookingDetail; onClose: () => void }) {
  const [adults, setAdults] = useState<number | string>(booking.adults);
  const [children, setChildren] = useState<number | string>(booking.children);
  const [extras, setExtras] = useState(() => bookedExtras(booking.extras));
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<ReturnType<typeof partyProblems> & { form?: string }>({});
  useUnsavedEdits({ adults, children, extras, reason: reason.trim() });
  const afterChange = useAfterChange(booking);
  const party = { adults: Number(adults), children: Number(children) };
  const partyOk = Number.isInteger(party.adults) && party.adults >= 1 && Number.isInteger(party.children) && party.children >= 0;
  const quote = useQuery({
    queryKey: ['admin', 'bookings', 'party-quote', booking.id, party.adults, party.children, extras],
    queryFn: () => quoteDeparture(booking.departure_id!, { tourId: booking.tour_id, ...party, extras, seatsHeld: booking.adults + booking.children }),
    enabled: partyOk && booking.departure_id !== null,
    retry: false,
  });
  const mutation = useMutation({
    mutationFn: () => changeBookingParty(booking.id, { ...party, extras }, reason.trim()),
    onSuccess: async (result) => {
      const change = result.difference === 0 ? 'the price is unchanged' : result.difference > 0 ? `${money(result.difference, booking.currency)} more to pay` : `${money(-result.difference, booking.currency)} less`;
      notify.success(`Travelers changed: ${change}`);
      await afterChange();
      onClose();
    },
    onError: (error: Error) => setProblems(/reason/i.test(error.message) ? { reason: error.message } : { form: error.message }),
  });
  const paid = Number(booking.amount_paid);
  const newTotal = quote.data?.total;
  return (
    <form
      aria-label="Change who travels"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = partyProblems({ adults, children, reason });
        setProblems(found);
        if (Object.keys(found).length === 0) mutation.mutate();
      }}
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <NumberInput label="Adults" min={1} max={60} allowDecimal={false} clampBehavior="none" value={adults} onChange={setAdults} error={problems.adults} />
          <NumberInput label="Children" min={0} max={60} allowDecimal={false} clampBehavior="none" value={children} onChange={setChildren} error={problems.children} />
        </Group>
        <ExtrasPicker tourId={booking.tour_id} currency={booking.currency} value={extras} onChange={setExtras} />
        {quote.error && (
          <Text c="red" size="sm" role="alert">
            {quote.error.message}
          </Text>
        )}
        {newTotal !== undefined && !quote.error && (
          <Table verticalSpacing={4} data-testid="party-quote">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>New total</Table.Td>
                <Table.Td ta="right">{money(newTotal, booking.currency)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>Paid so far</Table.Td>
                <Table.Td ta="right">{money(paid, booking.currency)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={700}>{newTotal >= paid ? 'Left to pay' : 'Owed back to the client'}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money(Math.abs(newTotal - paid), booking.currency)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
        <ReasonField value={reason} onChange={setReason} error={problems.reason} />
        {problems.form && <Alert color="red">{problems.form}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={Boolean(quote.error)}>
            Change travelers
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Confirms or completes the booking with a reason, kept in its History (change_booking_status). */
function ChangeStatus({ booking, next, onClose }: { booking: BookingDetail; next: NonNullable<ReturnType<typeof nextStatus>>; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedEdits(reason.trim());
  const afterChange = useAfterChange(booking);
  const mutation = useMutation({
    mutationFn: () => changeBookingStatus(booking.id, next.status, reason.trim()),
    onSuccess: async () => {
      notify.success(next.status === 'confirmed' ? 'Booking confirmed' : 'Booking marked completed');
      await afterChange();
      onClose();
    },
    onError: (error: Error) => setProblem(error.message),
  });
  return (
    <form
      aria-label={next.label}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) return setProblem('Please give the reason for the change');
        mutation.mutate();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {next.status === 'confirmed'
            ? 'The booking becomes confirmed: its seats are kept whatever is paid, and the client is sent the confirmation.'
            : 'The trip is over: the booking is kept as completed.'}
        </Text>
        <ReasonField value={reason} onChange={setReason} error={problem} example={next.status === 'confirmed' ? 'Deposit received in cash at the office' : 'The trip ended'} autoFocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Keep it as it is
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {next.label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function BookingChangeActions({ booking }: { booking: BookingDetail }) {
  const [open, setOpen] = useState<'move' | 'cancel' | 'status' | 'party' | null>(null);
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return null;
  const close = () => setOpen(null);
  const next = nextStatus(booking, booking.tour_departures?.end_date ?? null, officeToday());
  return (
    <>
      {next && (
        <Button variant="light" leftSection={<IconCircleCheck size={16} />} onClick={() => setOpen('status')}>
          {next.label}
        </Button>
      )}
      <FormModal opened={open === 'status'} onClose={close} title={next?.label} centered>
        {open === 'status' && next && <ChangeStatus booking={booking} next={next} onClose={close} />}
      </FormModal>
      <Button variant="default" leftSection={<IconArrowsExchange size={16} />} onClick={() => setOpen('move')}>
        Change departure
      </Button>
      {!booking.tour_departures?.is_private && (
        <Button variant="default" leftSection={<IconUsers size={16} />} onClick={() => setOpen('party')}>
          Change travelers
        </Button>
      )}
      <FormModal opened={open === 'party'} onClose={close} title="Change who travels" centered>
        {open === 'party' && <ChangeParty booking={booking} onClose={close} />}
      </FormModal>
      <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={() => setOpen('cancel')}>
        Cancel booking
      </Button>
      <FormModal opened={open === 'move'} onClose={close} title="Move to another departure" centered>
        {open === 'move' && <MoveBooking booking={booking} onClose={close} />}
      </FormModal>
      <FormModal opened={open === 'cancel'} onClose={close} title="Cancel under the policy" centered>
        {open === 'cancel' && <CancelBooking booking={booking} onClose={close} />}
      </FormModal>
    </>
  );
}
