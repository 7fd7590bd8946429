import { Alert, Button, Checkbox, Group, Loader, Modal, Select, Stack, Table, Text, Textarea } from '@mantine/core';
import { IconArrowsExchange, IconCircleCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateRange, localIsoDate } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { bookingKeys, cancellationTermsQuery, cancelUnderPolicy, changeBookingStatus, moveBooking, quoteDeparture, upcomingDeparturesQuery, type BookingDetail } from '../api.ts';
import { moveRefusalField, nextStatus } from '../model.ts';

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
        <Textarea
          label="Reason"
          description="Kept in the booking’s History."
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
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
  const targets = useQuery(upcomingDeparturesQuery(booking.tour_id, localIsoDate()));
  const [departureId, setDepartureId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ departure?: string; reason?: string; form?: string }>({});
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
      return { value: departure.id, label: `${formatDateRange(departure.start_date, departure.end_date)} · ${left} seat${left === 1 ? '' : 's'} left`, disabled: left < party };
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
        <Textarea
          label="Reason"
          description="Kept in the booking’s History."
          required
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
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
/** Confirms or completes the booking with a reason, kept in its History (change_booking_status). */
function ChangeStatus({ booking, next, onClose }: { booking: BookingDetail; next: NonNullable<ReturnType<typeof nextStatus>>; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
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
        <Textarea label="Reason" placeholder={next.status === 'confirmed' ? 'Deposit received in cash at the office' : 'Trip ended'} value={reason} maxLength={500} onChange={(event) => setReason(event.currentTarget.value)} error={problem} autosize minRows={2} data-autofocus />
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
  const [open, setOpen] = useState<'move' | 'cancel' | 'status' | null>(null);
  if (booking.status !== 'pending' && booking.status !== 'confirmed') return null;
  const close = () => setOpen(null);
  const next = nextStatus(booking, booking.tour_departures?.end_date ?? null, localIsoDate());
  return (
    <>
      {next && (
        <Button variant="light" leftSection={<IconCircleCheck size={16} />} onClick={() => setOpen('status')}>
          {next.label}
        </Button>
      )}
      <Modal opened={open === 'status'} onClose={close} title={next?.label} centered>
        {open === 'status' && next && <ChangeStatus booking={booking} next={next} onClose={close} />}
      </Modal>
      <Button variant="default" leftSection={<IconArrowsExchange size={16} />} onClick={() => setOpen('move')}>
        Change departure
      </Button>
      <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={() => setOpen('cancel')}>
        Cancel booking
      </Button>
      <Modal opened={open === 'move'} onClose={close} title="Move to another departure" centered>
        {open === 'move' && <MoveBooking booking={booking} onClose={close} />}
      </Modal>
      <Modal opened={open === 'cancel'} onClose={close} title="Cancel under the policy" centered>
        {open === 'cancel' && <CancelBooking booking={booking} onClose={close} />}
      </Modal>
    </>
  );
}
