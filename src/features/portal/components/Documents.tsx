import { paymentMethodLabel } from '@shared/payment-methods.ts';
import { Divider, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney } from '@/lib/money.ts';
import type { ReactNode } from 'react';
import { useBranding } from '@/features/branding/api.ts';
import type { PaymentInstructions } from '../api.ts';
import type { useDisplay } from '../hooks.ts';
import { formatDay, formatInstantDate } from '@/lib/dates.ts';
import {
  addDays,
  balanceDue,
  balanceDueDate,
  bookingStatusLabel,
  itineraryOf,
  paymentStatusLabel,
  type Payment,
  type PortalBooking,
} from '../model.ts';
import { BankDetails } from '@/components/widgets/BankDetails.tsx';
import classes from './Portal.module.css';

export type DocumentKind = 'confirmation' | 'invoice' | 'itinerary';
type Display = ReturnType<typeof useDisplay>;

const titles: Record<DocumentKind, string> = { confirmation: 'Booking confirmation', invoice: 'Invoice', itinerary: 'Itinerary' };

/** The printed page's frame: the company's letterhead, the document title and reference, the body. */
function Letterhead({ title, reference, issued, children }: { title: string; reference: string; issued: string; children: ReactNode }) {
  const branding = useBranding();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className={classes.document} data-testid="document">
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Text fw={700} fz="lg" ff="heading">
            {branding.companyName}
          </Text>
          <Text size="xs" c="dimmed">
            {branding.address}
            <br />
            {branding.phone} · {branding.email}
          </Text>
        </div>
        <div style={{ textAlign: 'right' }}>
          <Title order={1} fz="h3">
            {title}
          </Title>
          <Text size="sm">Ref. {reference}</Text>
          <Text size="xs" c="dimmed">
            Issued {issued}
          </Text>
        </div>
      </Group>
      <Divider my="md" />
      {children}
    </Paper>
  );
}

function leadName(booking: PortalBooking): string {
  const contact = booking.contact as { name?: string; full_name?: string; email?: string } | null;
  return contact?.full_name || contact?.name || booking.travelers?.[0]?.full_name || booking.travelers?.[0]?.name || '';
}

function TripFacts({ booking, display }: { booking: PortalBooking; display: Display }) {
  const contact = booking.contact as { email?: string; phone?: string } | null;
  return (
    <dl className={classes.definition}>
      {leadName(booking) && (
        <>
          <dt>Lead traveler</dt>
          <dd>{leadName(booking)}</dd>
        </>
      )}
      {contact?.email && (
        <>
          <dt>Contact</dt>
          <dd>
            {contact.email}
            {contact.phone ? ` · ${contact.phone}` : ''}
          </dd>
        </>
      )}
      <dt>Tour</dt>
      <dd>{booking.tour?.title ?? 'Tour'}</dd>
      <dt>Dates</dt>
      <dd>
        {booking.departure
          ? `${formatDay(booking.departure.start_date, display.date_format)} – ${formatDay(booking.departure.end_date, display.date_format)}`
          : 'To be arranged'}
      </dd>
      <dt>Travelers</dt>
      <dd>
        {booking.adults} {booking.adults === 1 ? 'adult' : 'adults'}
        {booking.children > 0 ? `, ${booking.children} ${booking.children === 1 ? 'child' : 'children'}` : ''}
      </dd>
      <dt>Status</dt>
      <dd>{bookingStatusLabel[booking.status]}</dd>
    </dl>
  );
}

function Totals({ booking }: { booking: PortalBooking }) {
  return (
    <Table fz="sm" verticalSpacing={4} className={classes.documentTable}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>Total</Table.Td>
          <Table.Td>{formatMoney(booking.total_amount, booking.currency, { cents: true })}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td>Paid</Table.Td>
          <Table.Td>{formatMoney(booking.amount_paid, booking.currency, { cents: true })}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Td fw={700}>Balance due</Table.Td>
          <Table.Td fw={700}>{formatMoney(balanceDue(booking), booking.currency, { cents: true })}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** The printable confirmation, invoice or itinerary of a booking (print with the browser; save as PDF there). */
export function BookingDocument({
  kind,
  booking,
  display,
  instructions,
}: {
  kind: DocumentKind;
  booking: PortalBooking;
  display: Display;
  instructions: PaymentInstructions | null;
}) {
  const issued = formatDay(display.today, display.date_format);
  const travelers = booking.adults + booking.children;

  if (kind === 'itinerary') {
    const start = booking.departure?.start_date;
    return (
      <Letterhead title={titles.itinerary} reference={booking.booking_reference} issued={issued}>
        <Text fw={700} mb={4}>
          {booking.tour?.title}
        </Text>
        <Text size="sm" c="dimmed" mb="md">
          {start && booking.departure ? `${formatDay(start, display.date_format)} – ${formatDay(booking.departure.end_date, display.date_format)}` : 'Dates to be arranged'}
        </Text>
        <Stack gap="sm">
          {itineraryOf(booking).map((day) => (
            <div key={day.day_number} style={{ breakInside: 'avoid' }}>
              <Text fw={700} size="sm">
                Day {day.day_number}
                {start ? ` · ${formatDay(addDays(start, day.day_number - 1), display.date_format)}` : ''} — {day.title}
              </Text>
              {day.location && (
                <Text size="xs" c="dimmed">
                  {day.location}
                </Text>
              )}
              {day.description && <Text size="sm">{day.description}</Text>}
              {(day.accommodation || (day.meals?.length ?? 0) > 0) && (
                <Text size="xs" c="dimmed">
                  {[day.accommodation && `Overnight: ${day.accommodation}`, (day.meals?.length ?? 0) > 0 && `Meals: ${day.meals!.join(', ')}`].filter(Boolean).join(' · ')}
                </Text>
              )}
            </div>
          ))}
        </Stack>
      </Letterhead>
    );
  }

  if (kind === 'invoice') {
    const unitPrice = travelers > 0 ? Number(booking.total_amount) / travelers : Number(booking.total_amount);
    const due = balanceDue(booking);
    return (
      <Letterhead title={titles.invoice} reference={booking.booking_reference} issued={issued}>
        <Stack gap="md">
          <TripFacts booking={booking} display={display} />
          <Table fz="sm" verticalSpacing={6} className={classes.documentTable}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th>Qty</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{booking.tour?.title ?? 'Tour'}</Table.Td>
                <Table.Td>{travelers}</Table.Td>
                <Table.Td>{formatMoney(unitPrice, booking.currency, { cents: true })}</Table.Td>
                <Table.Td>{formatMoney(booking.total_amount, booking.currency, { cents: true })}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Totals booking={booking} />
          {due > 0 && instructions && (
            <div>
              <Text fw={700} size="sm" mb={4}>
                Please pay by bank transfer
                {balanceDueDate(booking, instructions.balance_due_days) ? ` by ${formatDay(balanceDueDate(booking, instructions.balance_due_days)!, display.date_format)}` : ''}
              </Text>
              <BankDetails instructions={instructions} reference={booking.booking_reference} />
            </div>
          )}
        </Stack>
      </Letterhead>
    );
  }

  return (
    <Letterhead title={titles.confirmation} reference={booking.booking_reference} issued={issued}>
      <Stack gap="md">
        <Text size="sm">
          {booking.status === 'confirmed' || booking.status === 'completed'
            ? 'Your booking is confirmed. Please bring this confirmation and your passport on the first day of your trip.'
            : booking.status === 'pending'
              ? 'We have your booking request and are confirming it with our camps and lodges.'
              : `This booking is ${bookingStatusLabel[booking.status].toLowerCase()}.`}
        </Text>
        <TripFacts booking={booking} display={display} />
        <Totals booking={booking} />
      </Stack>
    </Letterhead>
  );
}

/** A payment's printable receipt. */
export function PaymentReceipt({ payment, booking, display }: { payment: Payment; booking: PortalBooking; display: Display }) {
  return (
    <Letterhead title="Payment receipt" reference={booking.booking_reference} issued={formatDay(display.today, display.date_format)}>
      <Stack gap="md">
        <dl className={classes.definition}>
          <dt>Received</dt>
          <dd>{formatMoney(payment.amount, payment.currency, { cents: true })}</dd>
          <dt>Status</dt>
          <dd>{paymentStatusLabel[payment.status]}</dd>
          <dt>Method</dt>
          <dd>{paymentMethodLabel(payment.method)}</dd>
          <dt>Date</dt>
          <dd>{formatInstantDate(payment.paid_at ?? payment.created_at, display)}</dd>
          {payment.provider_reference && (
            <>
              <dt>Transaction</dt>
              <dd>{payment.provider_reference}</dd>
            </>
          )}
          <dt>For</dt>
          <dd>
            {booking.tour?.title ?? 'Tour'} · {booking.booking_reference}
          </dd>
          {leadName(booking) && (
            <>
              <dt>Received from</dt>
              <dd>{leadName(booking)}</dd>
            </>
          )}
        </dl>
        <Totals booking={booking} />
      </Stack>
    </Letterhead>
  );
}
