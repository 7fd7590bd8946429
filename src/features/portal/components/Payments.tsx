import { paymentMethodLabel } from '@shared/payment-methods.ts';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { Money, MoneySum } from '@/components/widgets/Money.tsx';
import { formatMoney } from '@/lib/money.ts';
import { IconArrowLeft, IconPrinter, IconReceipt } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useBookings, usePaymentInstructions } from '../api.ts';
import { useDisplay } from '../hooks.ts';
import { formatInstantDate } from '@/lib/dates.ts';
import { allPayments, balanceDue, balanceDueDate, paymentStatusLabel, totalsDue, totalsPaid, type Payment } from '../model.ts';
import { PaymentReceipt } from './Documents.tsx';
import { PdfDownload } from './PdfDownload.tsx';
import { PayBalance } from './PayBalance.tsx';
import classes from './Portal.module.css';
import { Panel, PortalPage, SyncNotice } from './PortalPage.tsx';

const paymentStatusColor: Record<Payment['status'], string> = { pending: 'brand', succeeded: 'secondary', failed: 'accent', refund_due: 'gray', refunded: 'gray' };

/** Every payment with its status and receipt (a refund its refund note), what is still due and how to pay it; or one receipt. */
export function PaymentsView({ userId, receipt }: { userId: string; receipt?: string }) {
  const bookings = useBookings(userId);
  const display = useDisplay(userId);
  const instructions = usePaymentInstructions();
  const payments = allPayments(bookings.data);
  const dueBookings = bookings.data.filter((b) => balanceDue(b) > 0);
  const totals = totalsDue(bookings.data);
  const paid = totalsPaid(payments.map((p) => p.payment));

  if (receipt) {
    const found = payments.find((p) => p.payment.id === receipt);
    return (
      <Stack gap="md">
        <Group justify="space-between" className={classes.noPrint}>
          <Button component={Link} to="/traveler/payments" variant="subtle" leftSection={<IconArrowLeft size={16} />} size="sm">
            All payments
          </Button>
          {found && (
            <Group gap="xs">
              <PdfDownload bookingId={found.booking.id} paymentId={found.payment.id} />
              <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} size="sm">
                Print
              </Button>
            </Group>
          )}
        </Group>
        {found ? (
          <PaymentReceipt payment={found.payment} booking={found.booking} display={display} />
        ) : bookings.ready ? (
          <Text c="dimmed">This receipt is not among your payments.</Text>
        ) : (
          <Skeleton height={300} />
        )}
      </Stack>
    );
  }

  return (
    <PortalPage title="Payments" description="What you have paid, what is still due, and how to pay it.">
      <SyncNotice error={bookings.refreshError} onRetry={bookings.refresh} syncedWhat="payments" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Paper withBorder radius="md" p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Balance due
          </Text>
          <Text fz={28} fw={700} className={classes.number} ta="left" data-testid="balance-total">
            {totals.length === 0 ? formatMoney(0, 'USD', { cents: true }) : <MoneySum amounts={totals} cents />}
          </Text>
          <Text size="xs" c="dimmed">
            {dueBookings.length === 0 ? 'Nothing to pay right now.' : `On ${dueBookings.length} ${dueBookings.length === 1 ? 'booking' : 'bookings'}`}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Paid so far
          </Text>
          <Text fz={28} fw={700} className={classes.number} ta="left">
            {paid.length === 0 ? formatMoney(0, 'USD', { cents: true }) : <MoneySum amounts={paid} cents />}
          </Text>
          <Text size="xs" c="dimmed">
            Each payment has a receipt to print or save as PDF.
          </Text>
        </Paper>
      </SimpleGrid>

      {dueBookings.map((booking) => (
        <Panel
          key={booking.id}
          title={`${booking.tour?.title ?? 'Booking'} · ${booking.booking_reference}`}
          action={
            <Anchor component={Link} to={`/traveler/bookings/${encodeURIComponent(booking.booking_reference)}`} size="sm">
              Booking
            </Anchor>
          }
        >
          <PayBalance
            amount={balanceDue(booking)}
            currency={booking.currency}
            reference={booking.booking_reference}
            dueDate={balanceDueDate(booking, instructions?.balance_due_days ?? 60)}
            display={display}
            instructions={instructions}
          />
        </Panel>
      ))}

      <Panel title="Payment history">
        {!bookings.ready ? (
          <Skeleton height={120} />
        ) : payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payments yet. Payments you make by transfer or on arrival show here once our team records them.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={340}>
            <Table verticalSpacing="xs" fz="sm" striped highlightOnHover data-testid="payment-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th visibleFrom="sm">Booking</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th className={classes.number}>Amount</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.map(({ payment, booking }) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td>{formatInstantDate(payment.paid_at ?? payment.created_at, display)}</Table.Td>
                    <Table.Td visibleFrom="sm">{booking.booking_reference}</Table.Td>
                    <Table.Td>{paymentMethodLabel(payment.method)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" size="sm" color={paymentStatusColor[payment.status]}>
                        {paymentStatusLabel[payment.status]}
                      </Badge>
                    </Table.Td>
                    <Table.Td className={classes.number}>
                      <Money amount={Number(payment.amount)} currency={payment.currency} cents />
                    </Table.Td>
                    <Table.Td>
                      {payment.status === 'succeeded' && (
                        <Button component={Link} to={`/traveler/payments?receipt=${payment.id}`} variant="subtle" size="compact-xs" leftSection={<IconReceipt size={14} />}>
                          Receipt
                        </Button>
                      )}
                      {payment.status === 'refunded' && (
                        <PdfDownload bookingId={booking.id} paymentId={payment.id} document="refund" compact>
                          Refund note
                        </PdfDownload>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Panel>
    </PortalPage>
  );
}
