import '@mantine/charts/styles.layer.css';
import { BarChart, DonutChart, FunnelChart } from '@mantine/charts';
import { Alert, Button, Card, ColorSwatch, Group, Menu, Progress, SegmentedControl, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { downloadCsv } from '@/components/admin/csv.ts';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { SeatsFilled } from '@/components/admin/SeatsFilled.tsx';
import { addDays, formatOfficeDate, formatOfficeDateRange, officeToday } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { analyticsQuery } from '../api.ts';
import { changeFrom, funnelSteps, PRESETS, rangeOf, rangeProblem, SOURCE_LABELS, USER_TYPE_LABELS, type AnalyticsReport } from '../model.ts';
import type { AnalyticsSearch } from '../search.ts';

const usd = (amount: number) => formatMoney(Number(amount), 'USD');
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
const SOURCE_COLORS: Record<string, string> = { website: 'teal.6', office: 'orange.6', quote: 'grape.6' };

function Change({ previous, current, label }: { previous: number; current: number; label: string }) {
  const change = changeFrom(previous, current);
  if (change === null) return <Text size="xs" c="dimmed">Nothing in the range before</Text>;
  const Icon = change >= 0 ? IconArrowUpRight : IconArrowDownRight;
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={14} color={change >= 0 ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-red-7)'} aria-hidden />
      <Text size="xs" c={change >= 0 ? 'teal.8' : 'red.8'} style={tabular}>
        {change >= 0 ? '+' : ''}
        {change}% on {label}
      </Text>
    </Group>
  );
}

function Figure({ label, value, previous, current, before }: { label: string; value: ReactNode; previous: number; current: number; before: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="analytics-figure" aria-label={label}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} style={tabular}>
        {value}
      </Text>
      <Change previous={previous} current={current} label={before} />
    </Card>
  );
}

function Panel({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} size="h4">
        {title}
      </Title>
      {description && (
        <Text size="xs" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      {children}
    </Card>
  );
}

function RangePicker({ from, to, onChange }: { from: string; to: string; onChange: (next: AnalyticsSearch) => void }) {
  const today = officeToday();
  const [draft, setDraft] = useState({ from, to });
  const problem = rangeProblem(draft.from, draft.to);
  const preset = PRESETS.find((candidate) => to === today && from === addDays(today, 1 - candidate.days))?.value ?? 'custom';
  return (
    <Card withBorder radius="md" padding="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <SegmentedControl
          aria-label="Range"
          data={[...PRESETS.map(({ value, label }) => ({ value, label })), { value: 'custom', label: 'Custom' }]}
          value={preset}
          onChange={(value) => {
            const chosen = PRESETS.find((candidate) => candidate.value === value);
            if (!chosen) return;
            const next = { from: addDays(today, 1 - chosen.days), to: today };
            setDraft(next);
            onChange(chosen.days === 30 ? {} : next);
          }}
        />
        <form
          aria-label="Custom range"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!problem) onChange({ from: draft.from, to: draft.to });
          }}
        >
          <Group align="flex-start" gap="xs">
            <TextInput type="date" label="From" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })} error={problem ? ' ' : undefined} />
            <TextInput type="date" label="To" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.currentTarget.value })} error={problem ?? undefined} />
            <Button type="submit" variant="default" mt={25}>
              Show
            </Button>
          </Group>
        </form>
      </Group>
    </Card>
  );
}

function exportMenu(report: AnalyticsReport) {
  const name = (what: string) => `analytics-${what}-${report.from}-to-${report.to}.csv`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />}>
          Download CSV
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          onClick={() =>
            downloadCsv(name(`by-${report.bucket}`), report.series, [
              { label: report.bucket === 'week' ? 'Week of' : 'Day', value: (row) => row.period },
              { label: 'Bookings', value: (row) => row.bookings },
              { label: 'Booked value (USD)', value: (row) => Number(row.revenue_usd) },
            ])
          }
        >
          Bookings and booked value by {report.bucket}
        </Menu.Item>
        <Menu.Item
          onClick={() =>
            downloadCsv(name('by-tour'), report.by_tour, [
              { label: 'Tour', value: (row) => row.tour_title },
              { label: 'Bookings', value: (row) => row.bookings },
              { label: 'Booked value (USD)', value: (row) => Number(row.revenue_usd) },
            ])
          }
        >
          By tour
        </Menu.Item>
        <Menu.Item
          onClick={() =>
            downloadCsv(name('occupancy'), report.occupancy, [
              { label: 'Departure', value: (row) => row.start_date },
              { label: 'Tour', value: (row) => row.tour_title },
              { label: 'Seats sold', value: (row) => row.seats_booked },
              { label: 'Capacity', value: (row) => row.capacity },
              { label: 'Occupancy (%)', value: (row) => row.percent ?? 0 },
            ])
          }
        >
          Occupancy per departure
        </Menu.Item>
        <Menu.Item
          onClick={() =>
            downloadCsv(name('funnel'), funnelSteps(report.funnel.current), [
              { label: 'Step', value: (row) => row.name },
              { label: 'Count', value: (row) => row.value },
              { label: 'Of the step before (%)', value: (row) => row.share },
            ])
          }
        >
          Funnel
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * Each tour's booked value as a bar under its name: the name wraps above its own bar and the
 * amount stands beside it, so a long title never runs over the next (a chart's labels inside its
 * bars did).
 */
function ByTour({ rows }: { rows: AnalyticsReport['by_tour'] }) {
  const most = Math.max(...rows.map((row) => Number(row.revenue_usd)), 1);
  return (
    <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Booked value by tour" data-testid="by-tour">
      {rows.map((row) => (
        <li key={row.tour_title}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text size="sm">
              {row.tour_title}{' '}
              <Text span size="sm" c="dimmed">
                ({row.bookings} {row.bookings === 1 ? 'booking' : 'bookings'})
              </Text>
            </Text>
            <Text size="sm" fw={600} style={{ ...tabular, whiteSpace: 'nowrap' }}>
              {usd(row.revenue_usd)}
            </Text>
          </Group>
          <Progress value={(Number(row.revenue_usd) / most) * 100} color="teal.6" size="sm" mt={4} aria-hidden />
        </li>
      ))}
    </Stack>
  );
}

function Report({ report }: { report: AnalyticsReport }) {
  const before = `${formatOfficeDateRange(report.previous_from, report.previous_to)}`;
  const { totals, previous } = report;
  const conversion = (funnel: AnalyticsReport['funnel']['current']) => (funnel.tour_views ? (funnel.booked / funnel.tour_views) * 100 : 0);
  const series = report.series.map((point) => ({ period: formatOfficeDate(point.period), Bookings: point.bookings, 'Booked value': Number(point.revenue_usd) }));
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Figure label="Bookings" value={totals.bookings} previous={previous.bookings} current={totals.bookings} before="the range before" />
        <Figure label="Booked value" value={usd(totals.revenue_usd)} previous={Number(previous.revenue_usd)} current={Number(totals.revenue_usd)} before="the range before" />
        <Figure label="Cancellations" value={totals.cancelled} previous={previous.cancelled} current={totals.cancelled} before="the range before" />
        <Figure
          label="Views to bookings"
          value={`${conversion(report.funnel.current).toFixed(1)}%`}
          previous={conversion(report.funnel.previous)}
          current={conversion(report.funnel.current)}
          before="the range before"
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Compared with {before}. Booked value is what the bookings made in the range are worth, in US dollars at today&rsquo;s exchange rates,
        cancelled bookings left out: it is not the cash received, which each booking&rsquo;s payments show.
      </Text>

      <Panel title={`Bookings and booked value by ${report.bucket}`}>
        <BarChart
          h={260}
          data={series}
          dataKey="period"
          series={[{ name: 'Booked value', color: 'teal.6' }]}
          valueFormatter={(value) => usd(value)}
          yAxisProps={{ width: 80 }}
          tickLine="y"
          aria-label="Booked value over the range"
        />
        <BarChart h={140} data={series} dataKey="period" series={[{ name: 'Bookings', color: 'orange.6' }]} yAxisProps={{ width: 80 }} tickLine="y" mt="md" aria-label="Bookings over the range" />
      </Panel>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title="From a tour viewed to paid" description="Tour views and booking starts from the site's own events; bookings made in the range, and those of them with a payment.">
          <Group align="center" wrap="nowrap" gap="lg">
            <FunnelChart data={funnelSteps(report.funnel.current).map((step, index) => ({ name: step.name, value: step.value, color: ['teal.3', 'teal.5', 'teal.7', 'teal.9'][index] }))} size={180} withTooltip aria-label="Funnel" />
            <Table data-testid="funnel" verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Step</Table.Th>
                  <Table.Th ta="right">Range</Table.Th>
                  <Table.Th ta="right">Before</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {funnelSteps(report.funnel.current).map((step, index) => (
                  <Table.Tr key={step.name}>
                    <Table.Td>
                      {step.name}
                      {step.share !== null && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          {step.share}%
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={tabular}>
                      {step.value}
                    </Table.Td>
                    <Table.Td ta="right" c="dimmed" style={tabular}>
                      {funnelSteps(report.funnel.previous)[index].value}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Group>
        </Panel>
        <Panel title="Where bookings came from">
          <Group align="center" wrap="nowrap" gap="lg">
            <DonutChart
              size={160}
              thickness={24}
              data={report.by_source.map((row) => ({ name: SOURCE_LABELS[row.source] ?? row.source, value: row.bookings, color: SOURCE_COLORS[row.source] ?? 'gray.5' }))}
              withTooltip
              aria-label="Bookings by source"
            />
            <Stack gap={4} data-testid="by-source">
              {report.by_source.map((row) => (
                <Group key={row.source} gap={8} wrap="nowrap">
                  <ColorSwatch size={12} color={`var(--mantine-color-${(SOURCE_COLORS[row.source] ?? 'gray.5').replace('.', '-')})`} aria-hidden />
                  <Text size="sm">
                    {SOURCE_LABELS[row.source] ?? row.source}: {row.bookings} ({usd(row.revenue_usd)})
                  </Text>
                </Group>
              ))}
              {report.viewers.length > 0 && (
                <Text size="xs" c="dimmed" mt="xs">
                  Tour views: {report.viewers.map((row) => `${USER_TYPE_LABELS[row.user_type] ?? row.user_type} ${row.views}`).join(' · ')}
                </Text>
              )}
            </Stack>
          </Group>
        </Panel>
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Panel title="By tour">
          {report.by_tour.length === 0 ? (
            <Text size="sm" c="dimmed">
              No booking in this range.
            </Text>
          ) : (
            <ByTour rows={report.by_tour.slice(0, 12)} />
          )}
        </Panel>
        <Panel title="Cancellations and their reasons">
          {report.cancellations.length === 0 ? (
            <Text size="sm" c="dimmed">
              No booking was cancelled in this range.
            </Text>
          ) : (
            <Table verticalSpacing={4} fz="sm" data-testid="cancellations">
              <Table.Tbody>
                {report.cancellations.map((row) => (
                  <Table.Tr key={row.reason}>
                    <Table.Td>{row.reason}</Table.Td>
                    <Table.Td ta="right" style={tabular}>
                      {row.bookings}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Panel>
      </SimpleGrid>

      <Panel title="Occupancy per departure" description="Scheduled departures leaving in the range: seats sold of the seats on sale.">
        {report.occupancy.length === 0 ? (
          <Text size="sm" c="dimmed">
            No scheduled departure leaves in this range.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={520} mah={420}>
            <Table verticalSpacing={4} fz="sm" stickyHeader data-testid="occupancy">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Departure</Table.Th>
                  <Table.Th>Tour</Table.Th>
                  <Table.Th w={220}>Seats sold</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.occupancy.map((row) => (
                  <Table.Tr key={row.departure_id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatOfficeDate(row.start_date)}</Table.Td>
                    <Table.Td>{row.tour_title}</Table.Td>
                    <Table.Td>
                      <SeatsFilled booked={row.seats_booked} capacity={row.capacity} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Panel>
    </Stack>
  );
}

/** /admin/analytics: bookings, revenue, the funnel, occupancy and cancellations over a range, beside the range before. */
export function Analytics({ search, onSearchChange }: { search: AnalyticsSearch; onSearchChange: (next: AnalyticsSearch) => void }) {
  const { from, to } = rangeOf(search, officeToday());
  const report = useQuery(analyticsQuery(from, to));
  return (
    <Stack gap="md" maw={1300}>
      <PageHeader title="Analytics" description={`${formatOfficeDateRange(from, to)}: how the site sells, and how the trips fill.`} actions={report.data ? exportMenu(report.data) : undefined} />
      <RangePicker key={`${from}-${to}`} from={from} to={to} onChange={onSearchChange} />
      {report.error ? (
        <Alert color="red" role="alert">
          {report.error.message}
        </Alert>
      ) : report.data ? (
        <Report report={report.data} />
      ) : (
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" aria-busy="true" aria-label="Loading the figures">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} h={100} radius="md" />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
