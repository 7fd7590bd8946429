import 'mantine-datatable/styles.layer.css';
import { ActionIcon, Alert, Badge, Button, Group, Modal, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarShare, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { formatOfficeDate, formatOfficeDateRange, officeToday } from '@/lib/dates.ts';
import { calendarQuery, guidesQuery, tourChoicesQuery, vehiclesQuery, type CalendarTrip } from '../api.ts';
import { seatsOf, staffingGaps, stepDate, tripsRunBy, viewRange, weeksOf, weekStart } from '../calendar.ts';
import { CALENDAR_VIEWS, type CalendarSearch, type CalendarView } from '../search.ts';
import { CalendarFeed } from './CalendarFeed.tsx';
import classes from './Calendar.module.css';
import { tripColor, WeekOfTrips } from './TripBars.tsx';
import { TripPanel } from './TripPanel.tsx';

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', list: 'List' };
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
/** Lanes of trips a week of the month shows before it says how many more. */
const MONTH_LANES = 7;

function periodTitle(view: CalendarView, date: string): string {
  if (view === 'week') {
    const monday = weekStart(date);
    const { to } = viewRange('week', date);
    return `Week of ${formatOfficeDateRange(monday, to)}`;
  }
  return new Date(`${date.slice(0, 7)}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Whether trips are dragged here: with a mouse, not on a touch screen (there the panel's Move does it). */
const canDrag = () => typeof window !== 'undefined' && window.matchMedia('(pointer: fine)').matches;

function TripList({ trips, onOpen }: { trips: CalendarTrip[]; onOpen: (tripId: string) => void }) {
  return (
    <DataTable<CalendarTrip>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      minHeight={trips.length ? undefined : 200}
      idAccessor="id"
      records={trips}
      noRecordsText="No trip in this month."
      onRowClick={({ record }) => onOpen(record.id)}
      rowStyle={() => ({ cursor: 'pointer' })}
      aria-label="Trips"
      columns={[
        { accessor: 'start_date', title: 'Dates', render: (trip) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatOfficeDateRange(trip.start_date, trip.end_date)}</Text> },
        {
          accessor: 'tours.title',
          title: 'Trip',
          render: (trip) => (
            <Group gap={6} wrap="nowrap">
              <Badge size="xs" circle color={tripColor(trip)} aria-hidden>
                {' '}
              </Badge>
              <Text size="sm" fw={500}>
                {trip.tours?.title}
              </Text>
            </Group>
          ),
        },
        {
          accessor: 'seats_booked',
          title: 'Seats',
          render: (trip) => (
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {seatsOf(trip).sold} sold · {seatsOf(trip).left} left
            </Text>
          ),
        },
        { accessor: 'guides', title: 'Guide', render: (trip) => trip.departure_guides.map((row) => row.guides?.full_name).join(', ') || <Text size="sm" c="dimmed">None</Text> },
        {
          accessor: 'vehicles',
          title: 'Vehicles',
          render: (trip) => trip.departure_vehicles.map((row) => `${row.vehicles?.name} (${row.travelers})`).join(', ') || <Text size="sm" c="dimmed">None</Text>,
        },
        {
          accessor: 'gaps',
          title: 'To do',
          render: (trip) => (
            <Group gap={4}>
              {staffingGaps(trip).map((gap) => (
                <Badge key={gap} size="sm" color="orange" variant="light" style={{ textTransform: 'none', minWidth: 'max-content' }}>
                  {gap}
                </Badge>
              ))}
            </Group>
          ),
        },
      ]}
    />
  );
}

/** /admin/calendar: the trips by month, week or as a list, who runs them, and moving them. */
export function Calendar({ search, onSearchChange, canWrite }: { search: CalendarSearch; onSearchChange: (next: Partial<CalendarSearch>) => void; canWrite: boolean }) {
  const today = officeToday();
  const view = search.view ?? 'month';
  const date = search.date ?? today;
  const range = viewRange(view, date);
  const calendar = useQuery(calendarQuery(range.from, range.to, search.tour));
  const tours = useQuery(tourChoicesQuery());
  const guides = useQuery(guidesQuery());
  const vehicles = useQuery(vehiclesQuery());
  const [proposed, setProposed] = useState<{ tripId: string; day: string } | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const trips = tripsRunBy(calendar.data ?? [], search);
  const draggable = canWrite && canDrag();
  const open = (tripId: string) => {
    setProposed(null);
    onSearchChange({ trip: tripId });
  };
  const dropped = (tripId: string, day: string) => {
    setProposed({ tripId, day });
    onSearchChange({ trip: tripId });
  };

  return (
    <Stack gap={0} maw={1400}>
      <PageHeader
        title="Calendar"
        description="Every trip, scheduled or private, with its seats and who runs it. Open one to assign guides and vehicles or to move it."
        actions={
          <>
            {canWrite && (
              <Button variant="default" leftSection={<IconCalendarShare size={16} />} onClick={() => setSubscribing(true)}>
                Subscribe
              </Button>
            )}
            <SegmentedControl aria-label="View" data={CALENDAR_VIEWS.map((value) => ({ value, label: VIEW_LABELS[value] }))} value={view} onChange={(value) => onSearchChange({ view: value === 'month' ? undefined : (value as CalendarView) })} />
          </>
        }
      />
      <Modal opened={subscribing} onClose={() => setSubscribing(false)} title="Every trip in your calendar app" centered size="lg">
        <CalendarFeed guideId={null} what="every trip of the company" />
      </Modal>
      <Paper withBorder radius="md" p="md" mb="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="xs">
              <ActionIcon variant="default" size="lg" aria-label="Previous" onClick={() => onSearchChange({ date: stepDate(view, date, -1) })}>
                <IconChevronLeft size={18} />
              </ActionIcon>
              <Button variant="default" onClick={() => onSearchChange({ date: undefined })}>
                Today
              </Button>
              <ActionIcon variant="default" size="lg" aria-label="Next" onClick={() => onSearchChange({ date: stepDate(view, date, 1) })}>
                <IconChevronRight size={18} />
              </ActionIcon>
              <Title order={2} size="h4" ml="xs" data-testid="calendar-period">
                {periodTitle(view, date)}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {trips.length} {trips.length === 1 ? 'trip' : 'trips'}
              {draggable ? ' · drag a trip to another day to move it' : ''}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select label="Tour" placeholder="All tours" data={(tours.data ?? []).map((tour) => ({ value: tour.id, label: tour.title }))} value={search.tour ?? null} onChange={(tour) => onSearchChange({ tour: tour ?? undefined })} searchable clearable />
            <Select label="Guide" placeholder="Any guide" data={(guides.data ?? []).map((guide) => ({ value: guide.id, label: guide.full_name }))} value={search.guide ?? null} onChange={(guide) => onSearchChange({ guide: guide ?? undefined })} searchable clearable />
            <Select
              label="Vehicle"
              placeholder="Any vehicle"
              data={(vehicles.data ?? []).map((vehicle) => ({ value: vehicle.id, label: `${vehicle.name} (${vehicle.registration})` }))}
              value={search.vehicle ?? null}
              onChange={(vehicle) => onSearchChange({ vehicle: vehicle ?? undefined })}
              searchable
              clearable
            />
          </SimpleGrid>
        </Stack>
      </Paper>
      {calendar.error && (
        <Alert color="red" role="alert" mb="sm">
          {calendar.error.message}
        </Alert>
      )}
      {view === 'list' ? (
        <TripList trips={trips} onOpen={open} />
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-busy={calendar.isPending} data-testid={`calendar-${view}`}>
          <div className={classes.weekdays}>
            {WEEKDAYS.map((weekday, index) => (
              <div key={weekday}>
                {weekday}
                {view === 'week' ? ` ${formatOfficeDate(weeksOf(range.from, range.to)[0][index]).replace(/\/?\d{4}\/?/, '')}` : ''}
              </div>
            ))}
          </div>
          {weeksOf(range.from, range.to).map((days) => (
            <WeekOfTrips
              key={days[0]}
              days={days}
              trips={trips}
              today={today}
              month={view === 'month' ? date.slice(0, 7) : undefined}
              detailed={view === 'week'}
              maxLanes={view === 'month' ? MONTH_LANES : undefined}
              draggable={draggable}
              onOpen={open}
              onDropTrip={dropped}
              onMore={() => onSearchChange({ view: 'week', date: days[0] })}
            />
          ))}
        </Paper>
      )}
      <TripPanel
        tripId={search.trip}
        canWrite={canWrite}
        proposedStart={proposed && proposed.tripId === search.trip ? proposed.day : undefined}
        onClose={() => {
          setProposed(null);
          onSearchChange({ trip: undefined });
        }}
        onMoved={(startDate) => {
          setProposed(null);
          onSearchChange({ date: startDate });
        }}
      />
    </Stack>
  );
}
