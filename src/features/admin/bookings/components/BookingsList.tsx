import 'mantine-datatable/styles.layer.css';
import { Badge, Button, CloseButton, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconFilterOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { BookingLink } from '@/components/admin/BookingLink.tsx';
import { BookingStatusBadge } from '@/components/admin/BookingStatusBadge.tsx';
import { BulkBar } from '@/components/admin/BulkBar.tsx';
import { EmailLines } from '@/components/admin/EmailLines.tsx';
import { FittedColumns, type FittedColumn } from '@/components/admin/FittedColumns.tsx';
import { useListSelection } from '@/components/admin/useListSelection.ts';
import { describeOutcome, forEachSelected } from '@/components/admin/bulk.ts';
import { downloadCsv } from '@/components/admin/csv.ts';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { SavedViewsMenu } from '@/components/admin/SavedViewsMenu.tsx';
import { formatOfficeDate } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { allMatchingBookings, approveBookingHold, bookingKeys, bookingsPageQuery, tourChoicesQuery, type BookingListRow } from '../api.ts';
import { ATTENTION_LABELS, dateRangeProblems, isFiltered, PAYMENT_STATE_LABELS, paymentStateLabel } from '../model.ts';
import { BOOKING_STATUSES, PAGE_SIZES, PAYMENT_STATES, validateBookingsSearch, type BookingsSearch } from '../search.ts';

const money = (amount: number, currency: string) => formatMoney(amount, currency, { cents: true });
const clearedFilters: Partial<BookingsSearch> = {
  q: undefined,
  status: undefined,
  payment: undefined,
  tour: undefined,
  departure: undefined,
  travelFrom: undefined,
  travelUntil: undefined,
  bookedFrom: undefined,
  bookedUntil: undefined,
  attention: undefined,
};
/** What a saved view keeps: the filters and the order, not the page. */
const viewOf = ({ page: _page, ...view }: BookingsSearch): Record<string, unknown> => view;
const numeric = { textAlign: 'right' as const, cellsStyle: () => ({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' as const }) };

/**
 * Fitted to 1280 px side by side (the travelers under the tour, the payment state under the
 * balance); on a tablet the tour, the totals and the booking date give way to the column menu.
 */
const columns: FittedColumn<BookingListRow>[] = [
  {
    accessor: 'booking_reference',
    title: 'Reference',
    sortable: true,
    room: 164,
    cellsStyle: () => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' }),
    // A link as well as a row click: reachable by keyboard, and opens in a new tab.
    render: (row) => (
      <BookingLink id={row.id} reference={row.booking_reference} />
    ),
  },
  {
    accessor: 'name',
    title: 'Client',
    sortable: true,
    room: 130,
    yields: 5,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {row.client_name ?? '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {row.client_email && <EmailLines email={row.client_email} />}
        </Text>
      </Stack>
    ),
  },
  {
    accessor: 'tour_title',
    title: 'Tour',
    room: 140,
    yields: 4,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{row.tour_title}</Text>
        <Text size="xs" c="dimmed">
          {row.travelers} {row.travelers === 1 ? 'traveler' : 'travelers'}
        </Text>
      </Stack>
    ),
  },
  { accessor: 'start_date', title: 'Travel', sortable: true, room: 96, render: (row) => (row.start_date ? formatOfficeDate(row.start_date) : '—'), cellsStyle: () => ({ whiteSpace: 'nowrap' }) },
  { accessor: 'status', title: 'Status', sortable: true, room: 106, render: (row) => <BookingStatusBadge status={row.status} /> },
  { accessor: 'total_amount', title: 'Total', sortable: true, room: 86, yields: 2, ...numeric, render: (row) => money(row.total_amount, row.currency) },
  {
    accessor: 'balance',
    title: 'Balance',
    room: 90,
    ...numeric,
    render: (row) => (
      <Stack gap={0} align="flex-end">
        <span>{money(Math.max(0, row.total_amount - row.amount_paid), row.currency)}</span>
        <Text size="xs" c="dimmed">
          {paymentStateLabel(row.payment_state)}
        </Text>
      </Stack>
    ),
  },
  { accessor: 'created_at', title: 'Booked', sortable: true, room: 97, yields: 1, render: (row) => formatOfficeDate(row.created_at), cellsStyle: () => ({ whiteSpace: 'nowrap' }) },
];

const exportColumns: { label: string; value: (row: BookingListRow) => string | number | null }[] = [
  { label: 'Reference', value: (row) => row.booking_reference },
  { label: 'Status', value: (row) => row.status },
  { label: 'Client', value: (row) => row.client_name },
  { label: 'Email', value: (row) => row.client_email },
  { label: 'Phone', value: (row) => row.client_phone },
  { label: 'Tour', value: (row) => row.tour_title },
  { label: 'Travel start', value: (row) => row.start_date },
  { label: 'Travel end', value: (row) => row.end_date },
  { label: 'Travelers', value: (row) => row.travelers },
  { label: 'Currency', value: (row) => row.currency },
  { label: 'Total', value: (row) => row.total_amount },
  { label: 'Paid', value: (row) => row.amount_paid },
  { label: 'Payment', value: (row) => paymentStateLabel(row.payment_state) },
  { label: 'Booked at', value: (row) => row.created_at },
];

/**
 * /admin/bookings: one search box (reference, name, email, phone) and filters, held in the address;
 * the page, its order and its size too. Export gives exactly the rows the filters match.
 */
export function BookingsList({ search, onSearchChange, canWrite }: { search: BookingsSearch; onSearchChange: (next: Partial<BookingsSearch>) => void; canWrite: boolean }) {
  const navigate = useNavigate();
  const { data, isFetching, error } = useQuery(bookingsPageQuery(search));
  const tours = useQuery(tourChoicesQuery());
  const [text, setText] = useState(search.q ?? '');
  const [exporting, setExporting] = useState<string | null>(null);
  const [selected, setSelected] = useListSelection<BookingListRow>(JSON.stringify(search));
  const queryClient = useQueryClient();
  const approveHolds = useMutation({
    mutationFn: () => forEachSelected(selected, (row) => approveBookingHold(row.id)),
    onSuccess: async (outcome) => {
      (outcome.refused.length ? notify.warning : notify.success)(describeOutcome(outcome, (n) => `${n} hold${n === 1 ? '' : 's'} approved: their seats are kept longer`));
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: bookingKeys.all });
    },
  });
  const applyText = useDebouncedCallback((value: string) => onSearchChange({ q: value.trim() || undefined, page: undefined }), 300);
  const problems = dateRangeProblems(search);
  const filter = (next: Partial<BookingsSearch>) => onSearchChange({ ...next, page: undefined });

  async function exportRows() {
    setExporting('Preparing…');
    try {
      const rows = await allMatchingBookings(search, (done, total) => setExporting(`${done} of ${total}…`));
      downloadCsv(`bookings-${new Date().toISOString().slice(0, 10)}.csv`, rows, exportColumns);
    } catch (problem) {
      notify.error(problem instanceof Error ? problem.message : 'The export could not be made. Please try again.');
    } finally {
      setExporting(null);
    }
  }

  return (
    <>
      <PageHeader
        title="Bookings"
        description="Every booking, found by reference, name, email or phone."
        actions={
          <>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportRows} loading={exporting !== null} disabled={!data?.total}>
              {exporting ?? `Export ${data?.total ?? ''} to CSV`}
            </Button>
            {canWrite && (
              <Button component={Link} to="/admin/bookings/new" leftSection={<IconPlus size={16} />}>
                New booking
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder radius="md" p="md" mb="md">
        <Stack gap="sm">
          <TextInput
            aria-label="Search bookings"
            placeholder="Reference, name, email or phone"
            leftSection={<IconSearch size={16} />}
            value={text}
            maxLength={200}
            onChange={(event) => {
              setText(event.currentTarget.value);
              applyText(event.currentTarget.value);
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <MultiSelect
              label="Status"
              placeholder="Any status"
              data={BOOKING_STATUSES.map((value) => ({ value, label: value[0].toUpperCase() + value.slice(1) }))}
              value={search.status ?? []}
              onChange={(value) => filter({ status: value.length ? (value as BookingsSearch['status']) : undefined })}
              clearable
            />
            <Select
              label="Payment"
              placeholder="Any payment"
              data={PAYMENT_STATES.map((value) => ({ value, label: PAYMENT_STATE_LABELS[value] }))}
              value={search.payment ?? null}
              onChange={(value) => filter({ payment: (value as BookingsSearch['payment']) ?? undefined })}
              clearable
            />
            <Select
              label="Tour"
              placeholder="Any tour"
              data={(tours.data ?? []).map((tour) => ({ value: tour.id, label: tour.status === 'active' ? tour.title : `${tour.title} (${tour.status})` }))}
              value={search.tour ?? null}
              onChange={(value) => filter({ tour: value ?? undefined, departure: undefined })}
              searchable
              clearable
            />
            <Group grow gap="xs" align="flex-start">
              <TextInput label="Travel from" type="date" value={search.travelFrom ?? ''} onChange={(event) => filter({ travelFrom: event.currentTarget.value || undefined })} />
              <TextInput
                label="until"
                type="date"
                value={search.travelUntil ?? ''}
                error={problems.travelUntil}
                onChange={(event) => filter({ travelUntil: event.currentTarget.value || undefined })}
              />
            </Group>
            <Group grow gap="xs" align="flex-start">
              <TextInput label="Booked from" type="date" value={search.bookedFrom ?? ''} onChange={(event) => filter({ bookedFrom: event.currentTarget.value || undefined })} />
              <TextInput
                label="until"
                type="date"
                value={search.bookedUntil ?? ''}
                error={problems.bookedUntil}
                onChange={(event) => filter({ bookedUntil: event.currentTarget.value || undefined })}
              />
            </Group>
          </SimpleGrid>
          {search.attention && (
            <Group gap="xs">
              <Badge size="lg" variant="light" rightSection={
                <CloseButton size="xs" aria-label={`Show all bookings, not only ${ATTENTION_LABELS[search.attention].toLowerCase()}`} onClick={() => filter({ attention: undefined })} />
              }>
                {ATTENTION_LABELS[search.attention]}
              </Badge>
            </Group>
          )}
          <Group justify="space-between">
            <SavedViewsMenu
              screen="bookings"
              search={viewOf(search)}
              onApply={(view) => {
                const next = validateBookingsSearch(view);
                setText(next.q ?? '');
                onSearchChange({ ...clearedFilters, ...next, page: undefined });
              }}
            />
            {isFiltered(search) && (
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconFilterOff size={14} />}
                onClick={() => {
                  setText('');
                  onSearchChange({ ...clearedFilters, page: undefined });
                }}
              >
                Clear filters
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
      {error && (
        <Text c="red.8" role="alert" mb="sm">
          {error.message}
        </Text>
      )}
      <BulkBar count={selected.length} onClear={() => setSelected([])}>
        <Button size="compact-sm" variant="default" leftSection={<IconDownload size={14} />} onClick={() => downloadCsv(`bookings-selected-${new Date().toISOString().slice(0, 10)}.csv`, selected, exportColumns)}>
          Export selected
        </Button>
        {canWrite && (
          <Button size="compact-sm" onClick={() => approveHolds.mutate()} loading={approveHolds.isPending} disabled={!selected.some((row) => row.status === 'pending')}>
            Approve holds
          </Button>
        )}
      </BulkBar>
      <FittedColumns list="bookings" columns={columns} selectable>
        {(shown) => (
          <DataTable<BookingListRow>
            selectedRecords={selected}
            onSelectedRecordsChange={setSelected}
            allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select every booking on this page' }}
            getRecordSelectionCheckboxProps={(row) => ({ 'aria-label': `Select ${row.booking_reference}` })}
            withTableBorder
            borderRadius="md"
            highlightOnHover
            minHeight={data?.rows.length ? undefined : 220}
            idAccessor="id"
            records={data?.rows ?? []}
            columns={shown}
            horizontalSpacing={8}
            fetching={isFetching && !data}
            totalRecords={data?.total ?? 0}
            recordsPerPage={search.size ?? 25}
            recordsPerPageOptions={[...PAGE_SIZES]}
            onRecordsPerPageChange={(size) => onSearchChange({ size: size === 25 ? undefined : (size as BookingsSearch['size']), page: undefined })}
            page={search.page ?? 1}
            onPageChange={(page) => onSearchChange({ page: page === 1 ? undefined : page })}
            sortStatus={{ columnAccessor: search.sort ?? 'created_at', direction: search.asc === 1 ? 'asc' : 'desc' }}
            onSortStatusChange={({ columnAccessor, direction }) =>
              onSearchChange({ sort: columnAccessor === 'created_at' ? undefined : (columnAccessor as BookingsSearch['sort']), asc: direction === 'asc' ? 1 : undefined, page: undefined })
            }
            noRecordsText={isFiltered(search) ? 'No booking matches these filters.' : 'No booking yet.'}
            onRowClick={({ record }) => navigate({ to: '/admin/bookings/$bookingId', params: { bookingId: record.id } })}
            rowStyle={() => ({ cursor: 'pointer' })}
            aria-label="Bookings"
          />
        )}
      </FittedColumns>
    </>
  );
}
