import { Badge, Button, Group, Menu, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconFileExport, IconFileImport, IconPlus, IconSearch, IconStarFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { downloadText } from '@/components/admin/csv.ts';
import type { FittedColumn } from '@/components/admin/FittedColumns.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { RecordTable } from '@/components/admin/RecordTable.tsx';
import { ButtonLink } from '@/components/widgets/ButtonLink.tsx';
import { officeToday } from '@/lib/dates.ts';
import { matchesWords } from '@/lib/match-words.ts';
import { notify } from '@/lib/notify.ts';
import { exportCatalogue, LIST_DAYS_AHEAD, toursListQuery, type TourListRow } from '../api.ts';
import { TOUR_STATUS_COLORS, TOUR_STATUS_LABELS, type TourStatus } from '../model.ts';
import type { ToursSearch } from '../search.ts';
import { exportCsv } from '../transfer.ts';

const destinationsOf = (tour: TourListRow) =>
  [...tour.tour_destinations]
    .sort((a, b) => a.position - b.position)
    .map((link) => link.destination?.name)
    .filter(Boolean)
    .join(', ');
const liveDepartures = (tour: TourListRow) => tour.tour_departures.filter((departure) => departure.status !== 'cancelled');

/** The whole catalogue as a file, in the format the import takes back. */
function ExportMenu() {
  const [busy, setBusy] = useState(false);
  const download = async (kind: 'csv' | 'json') => {
    setBusy(true);
    try {
      const file = await exportCatalogue();
      const name = `tours-${officeToday()}.${kind}`;
      if (kind === 'csv') downloadText(name, exportCsv(file), 'text/csv');
      else downloadText(name, JSON.stringify(file, null, 2), 'application/json');
      notify.success(`${file.tours.length} tours exported`);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" loading={busy} leftSection={<IconFileExport size={16} />}>
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('csv')}>CSV, for a spreadsheet</Menu.Item>
        <Menu.Item onClick={() => void download('json')}>JSON, everything as it is</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function TourStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={TOUR_STATUS_COLORS[status as TourStatus] ?? 'gray'}>
      {TOUR_STATUS_LABELS[status as TourStatus] ?? status}
    </Badge>
  );
}

/** /admin/tours: every tour with its status, where it goes, and how its next 90 days sell. */
export function ToursList({ search, onSearchChange }: { search: ToursSearch; onSearchChange: (next: Partial<ToursSearch>) => void }) {
  const navigate = useNavigate();
  const tours = useQuery(toursListQuery());
  const status = search.status ?? 'all';
  const shown = (tours.data ?? []).filter(
    (tour) => (status === 'all' || tour.status === status) && matchesWords(search.q, [tour.title, tour.slug, tour.category?.name, destinationsOf(tour)]),
  );

  const columns: FittedColumn<TourListRow>[] = [
    {
      accessor: 'title',
      title: 'Tour',
      room: 220,
      render: (tour) => (
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600}>
              {tour.title}
            </Text>
            {tour.is_featured && <IconStarFilled size={14} color="var(--mantine-color-yellow-6)" aria-label="Featured" />}
          </Group>
          <Text size="xs" c="dimmed">
            /tours/{tour.slug}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'status', title: 'Status', room: 120, render: (tour) => <TourStatusBadge status={tour.status} /> },
    // On a tablet the category gives way first: the tour's page says it.
    { accessor: 'category', title: 'Category', room: 110, yields: 1, render: (tour) => <Text size="sm">{tour.category?.name ?? '—'}</Text> },
    { accessor: 'destinations', title: 'Destinations', room: 150, render: (tour) => <Text size="sm">{destinationsOf(tour) || '—'}</Text> },
    {
      accessor: 'departures',
      title: `Departures, ${LIST_DAYS_AHEAD} days`,
      room: 100,
      textAlign: 'right',
      render: (tour) => <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>{liveDepartures(tour).length}</Text>,
    },
    {
      accessor: 'seats',
      title: 'Seats sold',
      room: 91,
      textAlign: 'right',
      render: (tour) => {
        const live = liveDepartures(tour);
        const sold = live.reduce((sum, departure) => sum + departure.seats_booked, 0);
        const capacity = live.reduce((sum, departure) => sum + departure.capacity, 0);
        return <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>{capacity ? `${sold} of ${capacity}` : '—'}</Text>;
      },
    },
  ];

  return (
    <Stack gap={0} maw={1200}>
      <PageHeader
        title="Tours"
        description="The catalogue: what each tour is, what it costs, its days and its departures. Only published tours are on the site."
        actions={
          <>
            <ExportMenu />
            <ButtonLink to="/admin/tours/import" variant="default" leftSection={<IconFileImport size={16} />}>
              Import
            </ButtonLink>
            <ButtonLink to="/admin/tours/new" leftSection={<IconPlus size={16} />}>
              New tour
            </ButtonLink>
          </>
        }
      />
      <Group mb="sm" gap="sm" align="flex-end">
        <TextInput
          aria-label="Search tours"
          placeholder="Title, address, category or destination"
          leftSection={<IconSearch size={16} />}
          defaultValue={search.q ?? ''}
          onChange={(event) => onSearchChange({ q: event.currentTarget.value || undefined })}
          style={{ flex: '1 1 240px' }}
        />
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={(value) => onSearchChange({ status: value === 'all' ? undefined : (value as TourStatus) })}
          data={[
            { value: 'all', label: 'All' },
            { value: 'active', label: 'Published' },
            { value: 'draft', label: 'Drafts' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
      </Group>
      <RecordTable
        label="Tours"
        records={shown}
        columns={columns}
        error={tours.error}
        fetching={tours.isPending}
        empty={search.q || search.status ? 'No tour matches.' : 'No tour yet: add the first one.'}
        onOpen={(tour) => navigate({ to: '/admin/tours/$tourId', params: { tourId: tour.id } })}
      />
    </Stack>
  );
}
