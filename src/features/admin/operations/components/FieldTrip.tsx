import { Alert, Badge, Button, Card, Group, Loader, NumberInput, SegmentedControl, Select, Stack, Tabs, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { BackLink } from '@/components/admin/BackLink.tsx';
import { useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { formatOfficeDateRange, formatOfficeDateTime, formatOfficeTime, officeToday } from '@/lib/dates.ts';
import { decimalAmount, formatMoney } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { queueWrite } from '@/lib/outbox/outbox.ts';
import { useWritesOnDevice } from '@/lib/outbox/status.ts';
import { useFieldTrip } from '../field-api.ts';
import { bookingChoices, FIELD_PAYMENT_LABELS, FIELD_PAYMENT_METHODS, fieldPaymentProblems, incidentProblem, tripWhen, type FieldPaymentDraft } from '../field.ts';
import { fieldCheckIn, fieldIncident, fieldPayment, type CheckInWrite } from '../field-writes.ts';
import { emergencyOnLine, extrasLabel, kindAndAge, manifestLines, passportWarning, pickupLabel, roomLabel, type Manifest } from '../manifest.ts';
import { useFieldRefresh } from './FieldMode.tsx';
import { FieldWaiting } from './FieldWaiting.tsx';

function CheckInList({ manifest, userId }: { manifest: Manifest; userId: string }) {
  const { entries } = useWritesOnDevice(userId, ['field.checkIn']);
  const waiting = new Set(entries.map((entry) => `${(entry.payload as CheckInWrite).bookingId}:${(entry.payload as CheckInWrite).travelerIndex}`));
  const lines = manifestLines(manifest);
  const checkIn = (line: (typeof lines)[number]) => {
    const name = line.traveler.full_name ?? `a traveler of ${line.booking.reference}`;
    void queueWrite(fieldCheckIn, {
      key: crypto.randomUUID(),
      departureId: manifest.trip.id,
      bookingId: line.booking.booking_id,
      travelerIndex: line.traveler.index,
      at: new Date().toISOString(),
      label: `Check in ${name} (${line.booking.reference})`,
    });
  };
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {lines.filter((line) => line.checkedInAt).length} of {lines.length} checked in
      </Text>
      {lines.map((line) => {
        const id = `${line.booking.booking_id}:${line.traveler.index}`;
        const warning = passportWarning(line.traveler, manifest.trip);
        const emergency = emergencyOnLine(line);
        return (
          <Card key={id} withBorder radius="md" padding="sm" data-testid="check-in-line">
            <Group justify="space-between" wrap="nowrap" align="center">
              <Stack gap={0} miw={0}>
                <Text fw={600}>{line.traveler.full_name ?? 'Name not given'}</Text>
                <Text size="xs" c="dimmed">
                  {[line.booking.reference, kindAndAge(manifest, line.booking, line.traveler), line.traveler.nationality, line.traveler.passport_number ? `passport ${line.traveler.passport_number}` : null, roomLabel(line.traveler.room_preference)]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
                {(line.traveler.dietary_needs || line.traveler.medical_notes) && (
                  <Text size="xs" c="orange.8">
                    {[line.traveler.dietary_needs, line.traveler.medical_notes].filter(Boolean).join(' · ')}
                  </Text>
                )}
                {warning && (
                  <Text size="xs" c="orange.8">
                    {warning}
                  </Text>
                )}
                {line.first && (
                  <Text size="xs">
                    {[line.booking.contact.full_name, line.booking.contact.phone].filter(Boolean).join(', ')}
                    {line.booking.pickup ? ` · pickup: ${pickupLabel(line.booking)}` : ''}
                    {extrasLabel(line.booking) ? ` · extras: ${extrasLabel(line.booking)}` : ''}
                  </Text>
                )}
                {emergency && (
                  <Text size="xs" c="dimmed">
                    Emergency: {[emergency.name, emergency.phone].filter(Boolean).join(', ')}
                  </Text>
                )}
              </Stack>
              {line.checkedInAt ? (
                <Badge color={waiting.has(id) ? 'gray' : 'teal'} variant="light" size="lg" leftSection={<IconCheck size={14} />} style={{ textTransform: 'none', minWidth: 'max-content' }}>
                  {waiting.has(id) ? `Checked in ${formatOfficeTime(line.checkedInAt)}, not sent yet` : `Checked in ${formatOfficeTime(line.checkedInAt)}`}
                </Badge>
              ) : (
                <Button size="md" onClick={() => checkIn(line)} aria-label={`Check in ${line.traveler.full_name ?? line.booking.reference}`}>
                  Check in
                </Button>
              )}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

function Payments({ manifest }: { manifest: Manifest }) {
  const [draft, setDraft] = useState<FieldPaymentDraft>({ bookingId: null, amount: '', method: 'cash', reference: '' });
  const [problems, setProblems] = useState<ReturnType<typeof fieldPaymentProblems>>({});
  // The method stays as last chosen: only what was typed or picked for a payment is an edit.
  useUnsavedEdits({ bookingId: draft.bookingId, amount: draft.amount, reference: draft.reference.trim() });
  const booking = manifest.bookings.find((candidate) => candidate.booking_id === draft.bookingId);
  const edit = (patch: Partial<FieldPaymentDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setProblems({});
  };
  return (
    <Stack gap="md">
      <Stack gap={4}>
        {manifest.bookings.map((candidate) => (
          <Group key={candidate.booking_id} justify="space-between">
            <Text size="sm">
              {candidate.reference} · {candidate.contact.full_name}
            </Text>
            <Text size="sm" fw={600} c={Number(candidate.balance_due) > 0 ? 'orange.8' : 'teal.8'} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {Number(candidate.balance_due) > 0 ? `${formatMoney(Number(candidate.balance_due), candidate.currency, { cents: true })} due` : 'Paid'}
            </Text>
          </Group>
        ))}
      </Stack>
      <form
        aria-label="Record a payment"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = fieldPaymentProblems(draft, booking ? Number(booking.balance_due) : null);
          setProblems(found);
          if (Object.keys(found).length > 0 || !booking) return;
          const amount = Number(decimalAmount(draft.amount));
          void queueWrite(fieldPayment, {
            key: crypto.randomUUID(),
            departureId: manifest.trip.id,
            bookingId: booking.booking_id,
            amount,
            currency: booking.currency,
            method: draft.method,
            reference: draft.reference.trim(),
            at: new Date().toISOString(),
            label: `${FIELD_PAYMENT_LABELS[draft.method]} ${formatMoney(amount, booking.currency, { cents: true })} for ${booking.reference}`,
          });
          notify.success(`${FIELD_PAYMENT_LABELS[draft.method]} of ${formatMoney(amount, booking.currency, { cents: true })} recorded for ${booking.reference}`);
          setDraft({ bookingId: null, amount: '', method: draft.method, reference: '' });
        }}
      >
        <Stack gap="sm">
          <Select
            label="Booking"
            placeholder="Who paid"
            data={bookingChoices(manifest)}
            value={draft.bookingId}
            onChange={(bookingId) => edit({ bookingId })}
            error={problems.bookingId}
            allowDeselect={false}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={`Amount${booking ? ` (${booking.currency})` : ''}`}
              decimalScale={2}
              clampBehavior="none"
              value={draft.amount}
              onChange={(amount) => edit({ amount })}
              error={problems.amount}
            />
            <TextInput label="Receipt or transaction number" maxLength={200} value={draft.reference} onChange={(event) => edit({ reference: event.currentTarget.value })} error={problems.reference} />
          </Group>
          <SegmentedControl
            aria-label="Paid in"
            data={FIELD_PAYMENT_METHODS.map((value) => ({ value, label: FIELD_PAYMENT_LABELS[value] }))}
            value={draft.method}
            onChange={(method) => edit({ method: method as FieldPaymentDraft['method'] })}
          />
          <Group justify="flex-end">
            <Button type="submit" size="md">
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function Notes({ manifest }: { manifest: Manifest }) {
  const [note, setNote] = useState('');
  const [bookingId, setBookingId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedEdits({ note: note.trim(), bookingId });
  return (
    <Stack gap="md">
      <form
        aria-label="Add a note"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const found = incidentProblem(note);
          setProblem(found);
          if (found) return;
          const about = manifest.bookings.find((candidate) => candidate.booking_id === bookingId);
          void queueWrite(fieldIncident, {
            key: crypto.randomUUID(),
            departureId: manifest.trip.id,
            bookingId,
            note: note.trim(),
            at: new Date().toISOString(),
            label: `Note${about ? ` on ${about.reference}` : ''}: ${note.trim().slice(0, 60)}`,
          });
          setNote('');
          setBookingId(null);
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="What happened"
            placeholder="A breakdown, an injury, a late pickup…"
            autosize
            minRows={3}
            maxLength={2000}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem}
          />
          <Select
            label="About a booking"
            placeholder="The whole trip"
            data={bookingChoices(manifest)}
            value={bookingId}
            onChange={setBookingId}
            clearable
          />
          <Group justify="flex-end">
            <Button type="submit" size="md">
              Add note
            </Button>
          </Group>
        </Stack>
      </form>
      {manifest.incidents.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing noted on this trip.
        </Text>
      ) : (
        <Stack gap="xs" data-testid="incidents">
          {[...manifest.incidents].reverse().map((incident) => (
            <Card key={incident.client_id} withBorder radius="md" padding="sm">
              <Text size="sm">{incident.note}</Text>
              <Text size="xs" c="dimmed">
                {formatOfficeDateTime(incident.occurred_at)}
                {incident.recorded_by ? ` · ${incident.recorded_by}` : ''}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Itinerary({ manifest }: { manifest: Manifest }) {
  if (manifest.itinerary.length === 0) return <Text c="dimmed">No itinerary on file.</Text>;
  return (
    <Stack gap="sm">
      {manifest.itinerary.map((day) => (
        <div key={day.day_number}>
          <Text fw={600}>
            Day {day.day_number}: {day.title}
          </Text>
          <Text size="sm" c="dimmed">
            {[day.location, day.accommodation, day.meals.length ? day.meals.join(', ') : null].filter(Boolean).join(' · ')}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/** /admin/field/$tripId: one trip in the field: check-in, payments, notes and the itinerary, with or without signal. */
export function FieldTrip({ userId, tripId }: { userId: string; tripId: string }) {
  const manifest = useFieldTrip(userId, tripId);
  useFieldRefresh(userId);
  const back = (
    <BackLink to="/admin/field">Field mode</BackLink>
  );
  if (manifest === undefined) return <Loader aria-label="Loading the trip on this device" />;
  if (manifest === null) {
    return (
      <Stack gap="md">
        {back}
        <Alert color="orange" title="This trip is not on this device">
          Field mode keeps the trips under way or leaving within seven days. Open field mode with a connection to bring them here.
        </Alert>
      </Stack>
    );
  }
  const when = tripWhen(manifest.trip, officeToday());
  return (
    <Stack gap="md" maw={1000}>
      {back}
      <Stack gap={2}>
        <Group gap="sm">
          <Title order={1} fz={{ base: 24, md: 28 }}>
            {manifest.trip.tour_title}
          </Title>
          <Badge color={when.color} variant="light" style={{ textTransform: 'none' }}>
            {when.label}
          </Badge>
        </Group>
        <Text>
          {formatOfficeDateRange(manifest.trip.start_date, manifest.trip.end_date)}
          {manifest.trip.meets_at ? ` · meets at ${manifest.trip.meets_at}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {manifest.guides.length ? manifest.guides.map((guide) => [guide.full_name, guide.phone].filter(Boolean).join(', ')).join('; ') : 'No guide'}
          {manifest.vehicles.length ? ` · ${manifest.vehicles.map((vehicle) => `${vehicle.name} (${vehicle.registration})`).join(', ')}` : ''}
        </Text>
      </Stack>
      <FieldWaiting userId={userId} />
      <Tabs defaultValue="check-in" keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="check-in">Check-in</Tabs.Tab>
          <Tabs.Tab value="payments">Payments</Tabs.Tab>
          <Tabs.Tab value="notes">Notes</Tabs.Tab>
          <Tabs.Tab value="itinerary">Itinerary</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="check-in" pt="md">
          <CheckInList manifest={manifest} userId={userId} />
        </Tabs.Panel>
        <Tabs.Panel value="payments" pt="md">
          <Payments manifest={manifest} />
        </Tabs.Panel>
        <Tabs.Panel value="notes" pt="md">
          <Notes manifest={manifest} />
        </Tabs.Panel>
        <Tabs.Panel value="itinerary" pt="md">
          <Itinerary manifest={manifest} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
