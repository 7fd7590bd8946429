import { paymentMethodLabel } from '@shared/payment-methods.ts';
import { Alert, Anchor, Button, Group, List, Menu, Modal, SimpleGrid, Skeleton, Stack, Table, Text, Textarea, Timeline } from '@mantine/core';
import { Money } from '@/components/widgets/Money.tsx';
import { IconArrowLeft, IconFileInvoice, IconFileText, IconMap2, IconPrinter, IconX } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { notify } from '@/lib/notify.ts';
import { queueWrite, waitForWrite } from '@/lib/outbox/outbox.ts';
import { logActivity } from '@/lib/session/index.ts';
import { useBookings, usePaymentInstructions } from '../api.ts';
import { useDisplay } from '../hooks.ts';
import { formatDay, formatInstantDate } from '@/lib/dates.ts';
import {
  addDays,
  balanceDue,
  balanceDueDate,
  daysBetween,
  isClosed,
  itineraryOf,
  paymentStatusLabel,
  type PortalBooking,
} from '../model.ts';
import { messagesSend } from '@/lib/messages/writes.ts';
import { BookingStatusBadge } from './Bookings.tsx';
import { ClosedBookingNotice } from './ClosedBookingNotice.tsx';
import { BookingDocument, type DocumentKind } from './Documents.tsx';
import { PdfDownload } from './PdfDownload.tsx';
import { PayBalance } from './PayBalance.tsx';
import { TravelerDetails } from './TravelerDetails.tsx';
import classes from './Portal.module.css';
import { Panel, PortalPage, SyncNotice } from './PortalPage.tsx';

type Display = ReturnType<typeof useDisplay>;

function travelerNames(booking: PortalBooking): string[] {
  return (booking.travelers ?? []).map((t) => t.full_name || t.name || '').filter(Boolean);
}

function Trip({ booking, display }: { booking: PortalBooking; display: Display }) {
  const names = travelerNames(booking);
  return (
    <Panel title="Trip">
      <dl className={classes.definition}>
        <dt>Reference</dt>
        <dd data-testid="booking-reference">{booking.booking_reference}</dd>
        <dt>Tour</dt>
        <dd>{booking.tour?.slug ? <Anchor component={Link} to={`/tours/${booking.tour.slug}`}>{booking.tour.title}</Anchor> : (booking.tour?.title ?? 'Tour')}</dd>
        <dt>Departure</dt>
        <dd>
          {booking.departure
            ? `${formatDay(booking.departure.start_date, display.date_format)} – ${formatDay(booking.departure.end_date, display.date_format)}`
            : 'Dates to be arranged with our team'}
        </dd>
        {booking.tour?.start_location && (
          <>
            <dt>Starts / ends</dt>
            <dd>
              {booking.tour.start_location}
              {booking.tour.end_location && booking.tour.end_location !== booking.tour.start_location ? ` / ${booking.tour.end_location}` : ''}
            </dd>
          </>
        )}
        {booking.pickup && (
          <>
            <dt>Pickup</dt>
            <dd data-testid="pickup">
              {booking.pickup}
              {booking.pickup_time ? `, ${booking.pickup_time.slice(0, 5)}` : ''}
            </dd>
          </>
        )}
        <dt>Travelers</dt>
        <dd>
          {booking.adults} {booking.adults === 1 ? 'adult' : 'adults'}
          {booking.children > 0 && `, ${booking.children} ${booking.children === 1 ? 'child' : 'children'}`}
          {names.length > 0 && (
            <Text size="sm" c="dimmed" fw={400}>
              {names.join(', ')}
            </Text>
          )}
        </dd>
        <dt>Booked</dt>
        <dd>{formatInstantDate(booking.created_at, display)}</dd>
      </dl>
    </Panel>
  );
}

function Itinerary({ booking, display }: { booking: PortalBooking; display: Display }) {
  const days = itineraryOf(booking);
  const start = booking.departure?.start_date;
  return (
    <Panel title="Itinerary" data-testid="itinerary">
      {days.length === 0 ? (
        <Text size="sm" c="dimmed">
          Your day-by-day plan is being prepared; it will show here.
        </Text>
      ) : (
        <Timeline bulletSize={22} lineWidth={2} active={-1}>
          {days.map((day) => (
            <Timeline.Item
              key={day.day_number}
              bullet={<Text size="xs" fw={700}>{day.day_number}</Text>}
              title={
                <Text fw={600} size="sm">
                  {day.title}
                </Text>
              }
            >
              <Text size="xs" c="dimmed">
                {start ? `${formatDay(addDays(start, day.day_number - 1), display.date_format)} · ` : ''}
                {day.location ?? ''}
              </Text>
              {day.description && (
                <Text size="sm" mt={4}>
                  {day.description}
                </Text>
              )}
              {(day.accommodation || (day.meals?.length ?? 0) > 0) && (
                <Text size="xs" c="dimmed" mt={4}>
                  {day.accommodation && `Overnight: ${day.accommodation}`}
                  {day.accommodation && (day.meals?.length ?? 0) > 0 && ' · '}
                  {(day.meals?.length ?? 0) > 0 && `Meals: ${day.meals!.join(', ')}`}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Panel>
  );
}

function PaymentsPanel({ booking, display }: { booking: PortalBooking; display: Display }) {
  const payments = booking.payments ?? [];
  const due = balanceDue(booking);
  return (
    <Panel title="Payments and balance" data-testid="booking-payments">
      <Table.ScrollContainer minWidth={420}>
        <Table verticalSpacing={6} fz="sm">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Total</Table.Td>
              <Table.Td className={classes.number}>
                <Money amount={Number(booking.total_amount)} currency={booking.currency} cents />
              </Table.Td>
            </Table.Tr>
            {payments.map((payment) => (
              <Table.Tr key={payment.id}>
                <Table.Td>
                  {paymentMethodLabel(payment.method)} · {paymentStatusLabel[payment.status]}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    {formatInstantDate(payment.paid_at ?? payment.created_at, display)}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.number}>
                  {/* Only money the booking keeps counts against its total. */}
                  {payment.status === 'succeeded' ? '−' : ''}
                  <Money amount={Number(payment.amount)} currency={payment.currency} cents />
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={700}>Balance due</Table.Td>
              <Table.Td fw={700} className={classes.number} data-testid="balance-due">
                <Money amount={due} currency={booking.currency} cents />
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Panel>
  );
}

const documents: { kind: DocumentKind; label: string; icon: typeof IconFileText }[] = [
  { kind: 'confirmation', label: 'Booking confirmation', icon: IconFileText },
  { kind: 'invoice', label: 'Invoice', icon: IconFileInvoice },
  { kind: 'itinerary', label: 'Itinerary', icon: IconMap2 },
];

function documentHref(booking: PortalBooking, kind: DocumentKind): string {
  return `/traveler/bookings/${encodeURIComponent(booking.booking_reference)}?doc=${kind}`;
}

function Documents({ booking }: { booking: PortalBooking }) {
  return (
    <Panel title="Documents">
      <Stack gap={6}>
        {documents.map((doc) => (
          <Button key={doc.kind} component={Link} to={documentHref(booking, doc.kind)} variant="default" justify="flex-start" leftSection={<doc.icon size={16} />} size="sm">
            {doc.label}
          </Button>
        ))}
        <Text size="xs" c="dimmed">
          Each opens as a printable page; choose “Save as PDF” when printing to keep a copy.
        </Text>
      </Stack>
    </Panel>
  );
}

function Cancellation({ booking, display }: { booking: PortalBooking; display: Display }) {
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  if (isClosed(booking) || booking.status === 'completed') return null;
  const daysLeft = booking.departure ? daysBetween(display.today, booking.departure.start_date) : null;
  if (daysLeft !== null && daysLeft < 0) return null;

  const send = async () => {
    setSending(true);
    try {
      const id = await queueWrite(messagesSend, {
        threadId: crypto.randomUUID(),
        subject: `Cancellation request ${booking.booking_reference}`,
        body: `Please cancel my booking ${booking.booking_reference} (${booking.tour?.title ?? 'tour'}).${reason.trim() ? `\n\nReason: ${reason.trim()}` : ''}`,
        bookingId: booking.id,
      });
      const outcome = await waitForWrite(id, 8_000);
      if (outcome.status === 'failed') throw new Error(outcome.error);
      notify.success(
        outcome.status === 'sent'
          ? 'Your cancellation request was sent. Our team will reply in Messages.'
          : 'Your cancellation request will be sent when you are back online.',
      );
      setOpened(false);
      setReason('');
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The request could not be sent.');
    } finally {
      setSending(false);
    }
  };

  return (
    <Panel title="Cancellation">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Cancellation charges depend on how long before departure you cancel, as set out in our{' '}
          <Anchor component={Link} to="/booking-terms">
            booking terms
          </Anchor>
          .{daysLeft !== null && ` Your trip starts in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}.`}
        </Text>
        <Text size="sm" c="dimmed">
          A request is sent to our team as a message; the booking stays as it is until we confirm the cancellation and any refund in our reply.
        </Text>
        <div>
          <Button variant="default" color="accent" size="xs" leftSection={<IconX size={14} />} onClick={() => setOpened(true)}>
            Request cancellation
          </Button>
        </div>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Cancel ${booking.booking_reference}?`} centered>
        <Stack gap="sm">
          <Text size="sm">
            We will send your request to our team. They confirm the cancellation and the refund due under the booking terms by reply in Messages.
          </Text>
          <Textarea label="Reason (optional)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={3} maxLength={2000} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpened(false)}>
              Keep my booking
            </Button>
            <Button color="accent" onClick={() => void send()} loading={sending}>
              Send request
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Panel>
  );
}

/** A booking's page, or one of its printable documents when `doc` is given. */
export function BookingDetail({ userId, reference, doc }: { userId: string; reference: string; doc?: DocumentKind }) {
  const bookings = useBookings(userId);
  const display = useDisplay(userId);
  const instructions = usePaymentInstructions();
  const booking = bookings.data.find((b) => b.booking_reference === reference);
  const logged = useRef<string | null>(null);

  useEffect(() => {
    if (!booking || logged.current === booking.booking_reference) return;
    logged.current = booking.booking_reference;
    void logActivity({ action: 'booking_view', resourceType: 'booking', resourceId: booking.booking_reference });
  }, [booking]);

  if (!bookings.ready || (!booking && bookings.refreshing)) {
    return (
      <PortalPage title="Booking">
        <Skeleton height={320} radius="md" />
      </PortalPage>
    );
  }
  if (!booking) return <BookingNotFound reference={reference} onThisDevice={Boolean(bookings.refreshError)} />;

  if (doc) {
    return (
      <Stack gap="md">
        <Group justify="space-between" className={classes.noPrint}>
          <Button component={Link} to={`/traveler/bookings/${encodeURIComponent(reference)}`} variant="subtle" leftSection={<IconArrowLeft size={16} />} size="sm">
            Back to booking
          </Button>
          <Group gap="xs">
            {doc === 'invoice' && <PdfDownload bookingId={booking.id} />}
            <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} size="sm">
              Print
            </Button>
          </Group>
        </Group>
        <BookingDocument kind={doc} booking={booking} display={display} instructions={instructions ?? null} />
      </Stack>
    );
  }

  const due = balanceDue(booking);
  const dueDate = balanceDueDate(booking, instructions?.balance_due_days ?? 60);
  return (
    <PortalPage
      title={booking.tour?.title ?? 'Booking'}
      description={
        <Group gap="xs" component="span">
          <BookingStatusBadge status={booking.status} />
          <span>Ref. {booking.booking_reference}</span>
        </Group>
      }
      actions={
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" size="xs" leftSection={<IconPrinter size={14} />}>
              Documents
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {documents.map((d) => (
              <Menu.Item key={d.kind} component={Link} to={documentHref(booking, d.kind)} leftSection={<d.icon size={16} />}>
                {d.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      }
    >
      <SyncNotice error={bookings.refreshError} onRetry={bookings.refresh} syncedWhat="booking" />
      <ClosedBookingNotice booking={booking} display={display} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <Trip booking={booking} display={display} />
          <TravelerDetails booking={booking} onSaved={bookings.refresh} />
          <Itinerary booking={booking} display={display} />
        </Stack>
        <Stack gap="md">
          <PaymentsPanel booking={booking} display={display} />
          {due > 0 && (
            <Panel title="Pay the balance">
              <PayBalance amount={due} currency={booking.currency} reference={booking.booking_reference} dueDate={dueDate} display={display} instructions={instructions} />
            </Panel>
          )}
          <Documents booking={booking} />
          {(booking.tour?.included?.length ?? 0) > 0 && (
            <Panel title="Included">
              <List size="sm" spacing={2}>
                {booking.tour!.included!.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </Panel>
          )}
          <Cancellation booking={booking} display={display} />
        </Stack>
      </SimpleGrid>
    </PortalPage>
  );
}

/** A reference that is not among this account's bookings (or, offline, among those on this device). */
export function BookingNotFound({ reference, onThisDevice = false }: { reference: string; onThisDevice?: boolean }) {
  return (
    <PortalPage title="Booking not found">
      <Alert color="accent" variant="light" radius="md" title={`We could not find booking ${reference}`}>
        It is not among the bookings of this account{onThisDevice ? ' on this device' : ''}. Check the reference, or see all your bookings.
        <Group mt="sm">
          <Button component={Link} to="/traveler/bookings" size="xs" variant="default">
            All bookings
          </Button>
        </Group>
      </Alert>
    </PortalPage>
  );
}
