import { Alert, Anchor, Badge, Button, Card, Grid, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Timeline } from '@mantine/core';
import { IconCash, IconMailForward, IconReceiptRefund } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BackLink } from '@/components/admin/BackLink.tsx';
import { BookingStatusBadge } from '@/components/admin/BookingStatusBadge.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { Section } from '@/components/admin/Section.tsx';
import { FormModal, useUnsavedEdits } from '@/components/admin/UnsavedChangesGuard.tsx';
import { formatOfficeDate, formatOfficeDateRange, formatOfficeDateTime, officeToday } from '@/lib/dates.ts';
import { decimalAmount, formatMoney } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { describeChange, type AuditNames } from '@/features/admin/audit/describe.ts';
import { bookingDetailQuery, bookingKeys, markPaymentRefunded, recordPayment, resendBookingEmail, saveBookingNotes, type AuditEntry, type BookingDetail, type BookingSchedule, type BookingEmail } from '../api.ts';
import { MANUAL_PAYMENT_METHODS, paymentMethodLabel, REFUND_METHODS } from '@shared/payment-methods.ts';
import { amountDueNow, balanceOf, ledgerLines, paymentFormProblems, paymentRefusalField, type LedgerLine, type PaymentFormProblems, type PaymentFormValues } from '../model.ts';
import { BookingChangeActions } from './BookingChanges.tsx';
import { InvoiceActions, PaymentDocumentActions } from './BookingDocuments.tsx';
import { BookingOnTrip } from './BookingOnTrip.tsx';
import { BookingConversation, BookingTravelers } from './BookingPeople.tsx';

const money = (amount: number, currency: string) => formatMoney(amount, currency, { cents: true });
const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

interface Contact {
  full_name?: string;
  email?: string;
  phone?: string;
  country?: string;
}
interface PriceLine {
  label: string;
  quantity: number;
  unit_price: number;
  amount: number;
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'alert' }) {
  return (
    <Stack gap={0}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fz={22} fw={700} c={tone === 'alert' ? 'red.8' : undefined} style={tabular} data-testid={`booking-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
    </Stack>
  );
}

/** Records a bank transfer, mobile money or cash received, with field messages before and after the database answers. */
function RecordPaymentForm({ booking, schedule, onDone }: { booking: BookingDetail; schedule: BookingSchedule | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const balance = balanceOf(booking);
  const today = officeToday();
  const dueNow = amountDueNow(balance, schedule, booking.currency);
  const [values, setValues] = useState<PaymentFormValues>({ amount: dueNow.amount, method: null, reference: '', paidAt: today });
  const [problems, setProblems] = useState<PaymentFormProblems>({});
  useUnsavedEdits(values);
  const mutation = useMutation({
    mutationFn: () =>
      recordPayment({ bookingId: booking.id, amount: decimalAmount(values.amount), method: values.method!, reference: values.reference.trim(), paidAt: values.paidAt === today ? null : `${values.paidAt}T12:00:00Z` }),
    onSuccess: async () => {
      notify.success(`Payment of ${money(Number(decimalAmount(values.amount)), booking.currency)} recorded`);
      await Promise.all([queryClient.invalidateQueries({ queryKey: bookingKeys.all }), queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] })]);
      onDone();
    },
    onError: (error: Error) => setProblems({ [paymentRefusalField(error.message)]: error.message }),
  });
  const set = (patch: Partial<PaymentFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setProblems({});
  };

  return (
    <form
      aria-label="Record a payment"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = paymentFormProblems(values, balance, booking.currency, today);
        setProblems(found);
        if (Object.keys(found).length === 0) mutation.mutate();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={`Amount received (${booking.currency})`}
            value={values.amount}
            onChange={(amount) => set({ amount })}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            description={dueNow.note}
            error={problems.amount}
            required
          />
          <Select label="How it was paid" placeholder="Choose" data={MANUAL_PAYMENT_METHODS} value={values.method} onChange={(method) => set({ method })} error={problems.method} required />
          <TextInput label="Reference" description="The bank's or the phone's transaction number" value={values.reference} onChange={(event) => set({ reference: event.currentTarget.value })} error={problems.reference} maxLength={250} />
          <TextInput label="Received on" type="date" value={values.paidAt} max={today} onChange={(event) => set({ paidAt: event.currentTarget.value })} error={problems.paidAt} />
        </SimpleGrid>
        {problems.form && (
          <Alert color="red" role="alert">
            {problems.form}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Records money owed back as returned: how it went back, on which day and its reference (mark_payment_refunded). */
function MarkRefunded({ payment, onClose }: { payment: BookingDetail['payments'][number]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const today = officeToday();
  const [method, setMethod] = useState<string | null>(REFUND_METHODS.some((option) => option.value === payment.method) ? payment.method : null);
  const [refundedOn, setRefundedOn] = useState(today);
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<{ field: 'method' | 'refundedOn' | 'form'; message: string } | null>(null);
  useUnsavedEdits({ method, refundedOn, reference });
  const mutation = useMutation({
    mutationFn: () => markPaymentRefunded({ paymentId: payment.id, method: method!, refundedOn, reference: reference.trim() }),
    onSuccess: async () => {
      notify.success(`Refund of ${money(payment.amount, payment.currency)} recorded as sent`);
      await Promise.all([queryClient.invalidateQueries({ queryKey: bookingKeys.all }), queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] })]);
      onClose();
    },
    onError: (error: Error) =>
      setProblem({ field: /how the money/i.test(error.message) ? 'method' : /dated/i.test(error.message) ? 'refundedOn' : 'form', message: error.message }),
  });
  return (
    <form
      aria-label="Record the refund"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!method) setProblem({ field: 'method', message: 'Please choose how the money was returned' });
        else if (!refundedOn || refundedOn > today) setProblem({ field: 'refundedOn', message: 'A refund cannot be dated in the future' });
        else mutation.mutate();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">Record the refund once the money has left the company’s account. The client is emailed the amount, the day, the method and the reference.</Text>
        <Text fw={700} style={tabular} data-testid="refund-amount">
          Amount returned: {money(payment.amount, payment.currency)}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="How it was returned"
            placeholder="Choose"
            data={REFUND_METHODS}
            value={method}
            onChange={(value) => {
              setMethod(value);
              setProblem(null);
            }}
            error={problem?.field === 'method' ? problem.message : undefined}
            required
            data-autofocus
          />
          <TextInput
            label="Sent on"
            type="date"
            value={refundedOn}
            max={today}
            onChange={(event) => {
              setRefundedOn(event.currentTarget.value);
              setProblem(null);
            }}
            error={problem?.field === 'refundedOn' ? problem.message : undefined}
            required
          />
        </SimpleGrid>
        <TextInput label="Reference" description="The bank’s, the phone’s or the provider’s reference" value={reference} maxLength={200} onChange={(event) => setReference(event.currentTarget.value)} />
        {problem?.field === 'form' && (
          <Alert color="red" role="alert">
            {problem.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Not yet
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Record the refund
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const LEDGER_STATE_COLORS: Record<LedgerLine['state'], string> = { received: 'green', pending: 'gray', failed: 'gray', 'owed back': 'red', refunded: 'blue' };

function Payments({ booking, schedule, canRecord, canEmail }: { booking: BookingDetail; schedule: BookingSchedule | null; canRecord: boolean; canEmail: boolean }) {
  const [recording, setRecording] = useState(false);
  const [refunding, setRefunding] = useState<BookingDetail['payments'][number] | null>(null);
  const open = booking.status !== 'cancelled' && booking.status !== 'expired' && balanceOf(booking) > 0;
  const lines = ledgerLines(booking.payments);
  return (
    <Section
      title="Payments"
      action={
        canRecord && open && !recording ? (
          <Button size="sm" leftSection={<IconCash size={16} />} onClick={() => setRecording(true)}>
            Record a payment
          </Button>
        ) : undefined
      }
    >
      {recording && (
        <Card withBorder radius="md" mb="md" bg="var(--mantine-color-gray-0)">
          <RecordPaymentForm booking={booking} schedule={schedule} onDone={() => setRecording(false)} />
        </Card>
      )}
      {lines.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing paid yet.
        </Text>
      ) : (
        <Table verticalSpacing="xs" data-testid="payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Method and reference</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.key} data-direction={line.direction}>
                <Table.Td style={tabular}>{formatOfficeDate(line.date)}</Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {line.direction === 'out' ? 'Refund' : 'Payment'}: {paymentMethodLabel(line.method)}
                  </Text>
                  {line.reference && (
                    <Text size="xs" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {line.reference}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Badge variant="light" color={LEDGER_STATE_COLORS[line.state]} style={{ overflow: 'visible' }}>
                      {line.state}
                    </Badge>
                    {line.direction === 'in' && line.payment.status === 'succeeded' && (
                      <PaymentDocumentActions bookingId={booking.id} paymentId={line.payment.id} document="receipt" canEmail={canEmail} />
                    )}
                    {line.state === 'refunded' && <PaymentDocumentActions bookingId={booking.id} paymentId={line.payment.id} document="refund" canEmail={canEmail} />}
                    {canRecord && line.state === 'owed back' && (
                      <Button size="xs" variant="light" leftSection={<IconReceiptRefund size={14} />} onClick={() => setRefunding(line.payment)}>
                        Record the refund
                      </Button>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right" style={tabular} c={line.direction === 'out' ? 'red.8' : undefined}>
                  {line.direction === 'out' ? `−${money(-line.amount, line.payment.currency)}` : money(line.amount, line.payment.currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <FormModal opened={refunding !== null} onClose={() => setRefunding(null)} title="Money returned to the client" centered>
        {refunding && <MarkRefunded payment={refunding} onClose={() => setRefunding(null)} />}
      </FormModal>
    </Section>
  );
}

function Notes({ booking, canWrite }: { booking: BookingDetail; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [notes, setNotes] = useState(booking.notes ?? '');
  const edits = useUnsavedEdits(notes, { enabled: canWrite });
  const mutation = useMutation({
    mutationFn: (sent: string) => saveBookingNotes(booking.id, sent),
    onSuccess: async (_, sent) => {
      edits.markSaved(sent);
      notify.success('Notes saved');
      await queryClient.invalidateQueries({ queryKey: bookingKeys.detail(booking.id) });
    },
    onError: (error: Error) => notify.error(error.message),
  });
  if (!canWrite) return <Text size="sm">{booking.notes || <Text span c="dimmed">No notes.</Text>}</Text>;
  return (
    <Stack gap="xs">
      <Textarea aria-label="Internal notes" placeholder="For the office only: the client never sees these." autosize minRows={3} maxLength={5000} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => mutation.mutate(notes)} loading={mutation.isPending} disabled={notes === (booking.notes ?? '')}>
          Save notes
        </Button>
      </Group>
    </Stack>
  );
}

function Emails({ emails, bookingId, canResend }: { emails: BookingEmail[]; bookingId: string; canResend: boolean }) {
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: resendBookingEmail,
    onSuccess: async () => {
      notify.success('The email will go out again within a minute, written from the booking as it is now');
      await queryClient.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) });
    },
    onError: (error: Error) => notify.error(error.message),
  });
  if (emails.length === 0) return <Text c="dimmed" size="sm">No email yet.</Text>;
  return (
    <Stack gap="xs" data-testid="emails">
      {emails.map((email) => {
        const state = email.status === 'pending' ? 'being written' : (email.email_queue?.status ?? email.status);
        return (
          // In the narrow side column the status and "Send again" go under the subject rather than off the card.
          <Group key={email.id} justify="space-between" gap="xs">
            <Stack gap={0} miw={0} style={{ flex: '1 1 12rem' }}>
              <Text size="sm" fw={500}>
                {email.email_queue?.subject ?? email.kind.replace(/_/g, ' ')}
              </Text>
              <Text size="xs" c="dimmed">
                {email.email_queue?.to_address ?? email.skip_reason ?? ''} · {formatOfficeDate(email.created_at)}
              </Text>
            </Stack>
            <Group gap={6} wrap="nowrap">
              <Badge variant="light" color={state === 'sent' ? 'green' : state === 'failed' ? 'red' : 'gray'}>
                {state}
              </Badge>
              {canResend && email.status !== 'pending' && (
                <Button size="compact-xs" variant="subtle" leftSection={<IconMailForward size={14} />} loading={resend.isPending && resend.variables === email.id} onClick={() => resend.mutate(email.id)} aria-label={`Send “${email.email_queue?.subject ?? email.kind.replace(/_/g, ' ')}” again`}>
                  Send again
                </Button>
              )}
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}

function History({ entries, names }: { entries: AuditEntry[]; names: AuditNames }) {
  if (entries.length === 0) return <Text c="dimmed" size="sm">No change recorded, or your role does not read the audit log.</Text>;
  return (
    <Timeline bulletSize={12} lineWidth={2} data-testid="history">
      {entries.map((entry) => (
        <Timeline.Item key={entry.id} title={describeChange(entry, names)}>
          <Text size="xs" c="dimmed">
            {formatOfficeDateTime(entry.occurred_at)} · {entry.actor_name ?? (entry.actor_id ? 'a signed-in user' : entry.actor_kind === 'anon' ? 'a visitor' : 'the system')}
            {entry.reason ? ` · “${entry.reason}”` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** /admin/bookings/$bookingId: one booking, its money, its people, its emails and its History. */
export function BookingDetailScreen({ bookingId, canWrite, canRecordPayments }: { bookingId: string; canWrite: boolean; canRecordPayments: boolean }) {
  const { data, error, isPending } = useQuery(bookingDetailQuery(bookingId));
  const back = (
    <BackLink to="/admin/bookings">All bookings</BackLink>
  );
  if (isPending) return <Loader aria-label="Loading the booking" />;
  if (error)
    return (
      <Stack>
        {back}
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      </Stack>
    );
  const { booking, schedule, history, names, emails } = data;
  const contact = (booking.contact ?? {}) as Contact;
  const lines = (Array.isArray(booking.price_breakdown) ? booking.price_breakdown : []) as unknown as PriceLine[];
  const balance = balanceOf(booking);
  // A cancelled or expired booking owes nothing more; what is owed back shows in its payments.
  const closed = booking.status === 'cancelled' || booking.status === 'expired';
  const departure = booking.tour_departures;

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={`Booking ${booking.booking_reference}`}
        actions={canWrite ? <BookingChangeActions booking={booking} /> : undefined}
        description={
          <Group gap="xs" component="span">
            <BookingStatusBadge status={booking.status} />
            <span>
              {booking.tours?.title}
              {departure ? ` · ${formatOfficeDateRange(departure.start_date, departure.end_date)}` : ''}
            </span>
          </Group>
        }
      />
      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label="Total" value={money(booking.total_amount, booking.currency)} />
          <Figure label="Paid" value={money(booking.amount_paid, booking.currency)} />
          {closed ? (
            <Figure label="Balance" value="Nothing due" />
          ) : (
            <Figure label="Balance" value={money(balance, booking.currency)} tone={balance > 0 && booking.status === 'confirmed' ? 'alert' : undefined} />
          )}
          <Figure label="Travelers" value={`${booking.adults + booking.children}`} />
        </SimpleGrid>
        {booking.status === 'pending' && booking.hold_expires_at && (
          <Text size="sm" c="dimmed" mt="sm">
            Seats held until {formatOfficeDateTime(booking.hold_expires_at)} unless a payment arrives.
          </Text>
        )}
        <InvoiceActions bookingId={booking.id} canEmail={canWrite} />
      </Card>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Payments booking={booking} schedule={schedule} canRecord={canRecordPayments} canEmail={canWrite} />
            <Section title="Price">
              {lines.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No price lines were kept for this booking.
                </Text>
              ) : (
                <Table verticalSpacing={4}>
                  <Table.Tbody>
                    {lines.map((line, index) => (
                      <Table.Tr key={index}>
                        <Table.Td>{line.label}</Table.Td>
                        <Table.Td ta="right" style={tabular}>
                          {line.quantity} × {money(line.unit_price, booking.currency)}
                        </Table.Td>
                        <Table.Td ta="right" style={tabular}>
                          {money(line.amount, booking.currency)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                    <Table.Tr>
                      <Table.Td fw={700}>Total</Table.Td>
                      <Table.Td />
                      <Table.Td ta="right" fw={700} style={tabular}>
                        {money(booking.total_amount, booking.currency)}
                      </Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              )}
            </Section>
            <Section title="History">
              <History entries={history} names={names} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Section title="Client">
              <Stack gap={2}>
                <Text fw={600}>{contact.full_name ?? '—'}</Text>
                {contact.email && (
                  <Anchor href={`mailto:${contact.email}`} size="sm">
                    {contact.email}
                  </Anchor>
                )}
                {contact.phone && (
                  <Anchor href={`tel:${contact.phone}`} size="sm">
                    {contact.phone}
                  </Anchor>
                )}
                <Text size="xs" c="dimmed">
                  {booking.user_id ? 'Has an account' : 'Booked as a guest'} · booked {formatOfficeDate(booking.created_at)}
                  {booking.booking_terms_version ? ` under the booking terms ${booking.booking_terms_version}` : ''}
                </Text>
              </Stack>
            </Section>
            <Section title="Travelers">
              <BookingTravelers booking={booking} canWrite={canWrite} />
            </Section>
            <BookingOnTrip booking={booking} canWrite={canWrite} />
            <Section title="Conversation">
              <BookingConversation booking={booking} />
            </Section>
            <Section title="Internal notes">
              <Notes booking={booking} canWrite={canWrite} />
            </Section>
            <Section title="Emails">
              <Emails emails={emails} bookingId={booking.id} canResend={canWrite} />
            </Section>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
