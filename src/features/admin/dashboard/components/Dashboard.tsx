import { Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, type LinkProps, type RegisteredRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { AnchorLink } from '@/components/widgets/AnchorLink.tsx';
import { BookingLink } from '@/components/admin/BookingLink.tsx';
import { BookingStatusBadge } from '@/components/admin/BookingStatusBadge.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { SeatsFilled } from '@/components/admin/SeatsFilled.tsx';
import { formatOfficeDate, formatLongDate } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { countOf } from '@/lib/words.ts';
import { dashboardQuery, type DashboardDeparture, type DashboardFigures } from '../api.ts';
import { comparedWithLastMonth } from '../model.ts';
import classes from './Dashboard.module.css';

const usd = (amount: number) => formatMoney(amount, 'USD');

/** The bookings list a figure counts, by the same rule (search_bookings). */
type BookingsListSearch = NonNullable<LinkProps<'a', RegisteredRouter, string, '/admin/bookings'>['search']>;

function Figure({ label, value, detail, tone, list, to }: { label: string; value: ReactNode; detail?: ReactNode; tone?: 'alert'; list?: BookingsListSearch; to?: '/admin/messages' | '/admin/bookings/enquiries' | '/admin/notifications' }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="figure"
      aria-label={label}
      className={list || to ? classes.link : undefined}
      renderRoot={
        list
          ? (props) => <Link {...props} to="/admin/bookings" search={list} />
          : to === '/admin/messages'
            ? (props) => <Link {...props} to={to} search={{ waiting: 1 }} />
            : to === '/admin/notifications'
              ? (props) => <Link {...props} to={to} search={{ tab: 'emails', status: 'failed' }} />
              : to
                ? (props) => <Link {...props} to={to} search={{ stage: 'open' }} />
                : undefined
      }
    >
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} mt={4} c={tone === 'alert' ? 'red.8' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
      {detail && (
        <Text size="sm" c="dimmed" mt={2}>
          {detail}
        </Text>
      )}
    </Card>
  );
}

function Trend({ current, previous }: { current: number; previous: number }) {
  const { text, direction } = comparedWithLastMonth(current, previous);
  const Icon = direction === 'down' ? IconArrowDownRight : IconArrowUpRight;
  return (
    <Group gap={4} component="span" wrap="nowrap">
      {direction !== 'same' && <Icon size={14} aria-hidden />}
      {text}
    </Group>
  );
}

function DepartureList({ departures, empty, date }: { departures: DashboardDeparture[]; empty: string; date: 'start' | 'end' }) {
  if (departures.length === 0) return <Text c="dimmed" size="sm">{empty}</Text>;
  return (
    <Stack gap="xs">
      {departures.map((departure) => (
        <Stack key={departure.departure_id} gap={0} data-testid="dashboard-trip">
          <Group justify="space-between" wrap="nowrap">
            <AnchorLink to="/admin/bookings" search={{ departure: departure.departure_id }} size="sm" fw={500} truncate aria-label={`Bookings of ${departure.tour_title}`}>
              {departure.tour_title}
            </AnchorLink>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {countOf(departure.seats_booked, 'traveler')} · {date === 'start' ? `until ${formatOfficeDate(departure.end_date)}` : `since ${formatOfficeDate(departure.start_date)}`}
            </Text>
          </Group>
          <Text size="xs" c={departure.guides && departure.vehicles ? 'dimmed' : 'orange.9'}>
            {departure.guides ? `Guide: ${departure.guides}` : 'No guide yet'} · {departure.vehicles ? `Vehicle: ${departure.vehicles}` : 'No vehicle yet'}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

function Figures({ figures, operations }: { figures: DashboardFigures; operations?: ReactNode }) {
  const month = figures.bookings_this_month;
  const last = figures.bookings_last_month;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <Figure label="Bookings this month" list={{ bookedFrom: `${figures.today.slice(0, 7)}-01`, status: ['pending', 'confirmed', 'completed'] }} value={month.count} detail={<Trend current={month.count} previous={last.count} />} />
        <Figure label="Revenue this month" list={{ bookedFrom: `${figures.today.slice(0, 7)}-01`, status: ['pending', 'confirmed', 'completed'] }} value={usd(month.revenue_usd)} detail={<Trend current={month.revenue_usd} previous={last.revenue_usd} />} />
        <Figure label="Balances overdue" list={{ attention: 'balance_overdue' }} value={figures.balances_overdue.count} tone={figures.balances_overdue.count ? 'alert' : undefined} detail={usd(figures.balances_overdue.usd)} />
        <Figure label="Balances due in 14 days" list={{ attention: 'balance_due' }} value={figures.balances_due.count} detail={usd(figures.balances_due.usd)} />
        <Figure label="Holds expiring in 24 h" list={{ attention: 'hold_expiring' }} value={figures.holds_expiring} detail="unpaid bookings" />
        <Figure label="Open enquiries" to="/admin/bookings/enquiries" value={figures.open_enquiries} detail="new, contacted or quoted" />
        <Figure label="Unanswered messages" to="/admin/messages" value={figures.unanswered_threads} detail="conversations waiting for us" />
        <Figure label="Refunds owed" list={{ payment: 'refund_due' }} value={figures.refunds_owed.count} tone={figures.refunds_owed.count ? 'alert' : undefined} detail={usd(figures.refunds_owed.usd)} />
        <Figure label="Failed emails" to="/admin/notifications" value={figures.failed_emails} tone={figures.failed_emails ? 'alert' : undefined} detail="not delivered" />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Leaving today
          </Title>
          <DepartureList departures={figures.departures_today} empty="No departure leaves today." date="start" />
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Returning today
          </Title>
          <DepartureList departures={figures.returning_today} empty="No trip ends today." date="end" />
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          This week's departures
        </Title>
        {figures.week_departures.length === 0 ? (
          <Text c="dimmed" size="sm">
            No departure in the next seven days.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" data-testid="week-departures">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Tour</Table.Th>
                  <Table.Th w={220}>Seats filled</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {figures.week_departures.map((departure) => (
                  <Table.Tr key={departure.departure_id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatOfficeDate(departure.start_date)}</Table.Td>
                    <Table.Td>
                      {/* The departure's travelers: the bookings list filtered to it. */}
                      <AnchorLink to="/admin/bookings" search={{ departure: departure.departure_id }} size="sm">
                        {departure.tour_title}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>
                      <SeatsFilled booked={departure.seats_booked} capacity={departure.capacity} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      {operations}

      <Card withBorder radius="md" padding="lg">
        <Title order={2} size="h4" mb="sm">
          Latest bookings
        </Title>
        {figures.recent_bookings.length === 0 ? (
          <Text c="dimmed" size="sm">
            No booking yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table verticalSpacing="sm" data-testid="recent-bookings">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Tour</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {figures.recent_bookings.map((booking) => (
                  <Table.Tr key={booking.id}>
                    <Table.Td>
                      <BookingLink id={booking.id} reference={booking.booking_reference} />
                    </Table.Td>
                    <Table.Td>{booking.name ?? '—'}</Table.Td>
                    <Table.Td>{booking.tour_title}</Table.Td>
                    <Table.Td>
                      <BookingStatusBadge status={booking.status} />
                    </Table.Td>
                    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatMoney(booking.total_amount, booking.currency)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}

/**
 * /admin for the office (dashboard.read): this morning's figures, refreshed each minute.
 * `operations` is what the trips and the fleet need, shown under the week's departures.
 */
export function Dashboard({ operations }: { operations?: ReactNode }) {
  const figures = useQuery(dashboardQuery());
  return (
    <>
      <PageHeader title="Dashboard" description={figures.data ? formatLongDate(figures.data.today) : 'Today at a glance'} />
      {figures.data ? (
        <Figures figures={figures.data} operations={operations} />
      ) : figures.isError ? (
        <Text c="red.8">The figures could not be loaded: {figures.error.message}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" aria-busy="true" aria-label="Loading the figures">
          {Array.from({ length: 9 }, (_, i) => (
            <Skeleton key={i} h={96} radius="md" />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
