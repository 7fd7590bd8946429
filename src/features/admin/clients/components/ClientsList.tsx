import 'mantine-datatable/styles.layer.css';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { downloadCsv } from '@/components/admin/csv.ts';
import { EmailLines } from '@/components/admin/EmailLines.tsx';
import { FittedColumns, type FittedColumn } from '@/components/admin/FittedColumns.tsx';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { SavedViewsMenu } from '@/components/admin/SavedViewsMenu.tsx';
import { formatOfficeDate } from '@/lib/dates.ts';
import { formatMoney } from '@/lib/money.ts';
import { notify } from '@/lib/notify.ts';
import { allMatchingClients, clientsPageQuery, tagChoicesQuery, type ClientListRow } from '../api.ts';
import { CLIENT_KIND_LABELS, isFiltered } from '../model.ts';
import { CLIENT_KINDS, PAGE_SIZES, validateClientsSearch, type ClientsSearch } from '../search.ts';
import { ClientKindBadge } from './ClientKindBadge.tsx';

const clearedFilters: Partial<ClientsSearch> = { q: undefined, kind: undefined, tag: undefined, upcoming: undefined };
/** What a saved view keeps: the filters and the order, not the page. */
const viewOf = ({ page: _page, ...view }: ClientsSearch): Record<string, unknown> => view;
const numeric = { textAlign: 'right' as const, cellsStyle: () => ({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' as const }) };
const date = (value: string | null) => (value ? formatOfficeDate(value) : '—');

const columns: FittedColumn<ClientListRow>[] = [
  {
    accessor: 'name',
    title: 'Client',
    sortable: true,
    room: 140,
    render: (row) => (
      <Stack gap={2} align="flex-start">
        <Text size="sm" fw={500} lineClamp={2}>
          {row.name}
        </Text>
        <ClientKindBadge kind={row.kind} />
        {row.account_id && (
          <Text size="xs" c="orange.9">
            Has an account with this email: merge
          </Text>
        )}
      </Stack>
    ),
  },
  {
    accessor: 'email',
    title: 'Email and phone',
    sortable: true,
    room: 200,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">
          <EmailLines email={row.email} />
        </Text>
        {row.phone && (
          <Text size="xs" c="dimmed">
            {row.phone}
          </Text>
        )}
      </Stack>
    ),
  },
  { accessor: 'bookings', title: 'Bookings', sortable: true, room: 110, ...numeric },
  { accessor: 'spent', title: 'Spent (USD)', sortable: true, room: 135, ...numeric, render: (row) => formatMoney(row.spent_usd, 'USD', { cents: true }) },
  // On a tablet the list keeps what the office scans for; the last trip shows on the client's page.
  {
    accessor: 'last_trip',
    title: 'Last trip',
    sortable: true,
    render: (row) => date(row.last_trip),
    room: 115,
    yields: 1,
    cellsStyle: () => ({ whiteSpace: 'nowrap' }),
  },
  { accessor: 'next_trip', title: 'Next trip', sortable: true, room: 118, yields: 3, render: (row) => date(row.next_trip), cellsStyle: () => ({ whiteSpace: 'nowrap' }) },
  {
    accessor: 'tags',
    title: 'Tags',
    room: 110,
    yields: 2,
    render: (row) => (
      <Group gap={4}>
        {row.tags.map((tag) => (
          <Badge key={tag} size="sm" variant="light" color="gray" tt="none" maw="100%">
            {tag}
          </Badge>
        ))}
      </Group>
    ),
  },
];

const exportColumns: { label: string; value: (row: ClientListRow) => string | number | null }[] = [
  { label: 'Name', value: (row) => row.name },
  { label: 'Email', value: (row) => row.email },
  { label: 'Phone', value: (row) => row.phone },
  { label: 'Account', value: (row) => (row.kind === 'account' ? 'Account' : 'Guest') },
  { label: 'Bookings', value: (row) => row.bookings },
  { label: 'Spent (USD)', value: (row) => row.spent_usd },
  { label: 'Last trip', value: (row) => row.last_trip },
  { label: 'Next trip', value: (row) => row.next_trip },
  { label: 'Tags', value: (row) => row.tags.join(', ') },
  { label: 'Client since', value: (row) => row.created_at },
];

/**
 * /admin/clients: every traveler with an account and every guest, one row each, found by name,
 * email or phone, filtered, sorted and paged in SQL with the state in the address. Export gives
 * exactly the rows the filters match.
 */
export function ClientsList({ search, onSearchChange }: { search: ClientsSearch; onSearchChange: (next: Partial<ClientsSearch>) => void }) {
  const navigate = useNavigate();
  const { data, isFetching, error } = useQuery(clientsPageQuery(search));
  const tags = useQuery(tagChoicesQuery());
  const [text, setText] = useState(search.q ?? '');
  const [exporting, setExporting] = useState<string | null>(null);
  const applyText = useDebouncedCallback((value: string) => onSearchChange({ q: value.trim() || undefined, page: undefined }), 300);
  const filter = (next: Partial<ClientsSearch>) => onSearchChange({ ...next, page: undefined });

  async function exportRows() {
    setExporting('Preparing…');
    try {
      const rows = await allMatchingClients(search, (done, total) => setExporting(`${done} of ${total}…`));
      downloadCsv(`clients-${new Date().toISOString().slice(0, 10)}.csv`, rows, exportColumns);
    } catch (problem) {
      notify.error(problem instanceof Error ? problem.message : 'The export could not be made. Please try again.');
    } finally {
      setExporting(null);
    }
  }

  return (
    <>
      <PageHeader
        title="Clients"
        description="Every traveler with an account and every guest who booked, found by name, email or phone."
        actions={
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportRows} loading={exporting !== null} disabled={!data?.total}>
            {exporting ?? `Export ${data?.total ?? ''} to CSV`}
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md" mb="md">
        <Stack gap="sm">
          <TextInput
            aria-label="Search clients"
            placeholder="Name, email or phone"
            leftSection={<IconSearch size={16} />}
            value={text}
            maxLength={200}
            size="md"
            onChange={(event) => {
              setText(event.currentTarget.value);
              applyText(event.currentTarget.value);
            }}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label="Account"
              placeholder="Accounts and guests"
              data={CLIENT_KINDS.map((value) => ({ value, label: CLIENT_KIND_LABELS[value] }))}
              value={search.kind ?? null}
              onChange={(value) => filter({ kind: (value as ClientsSearch['kind']) ?? undefined })}
              clearable
            />
            <Select
              label="Tag"
              placeholder="Any tag"
              data={tags.data ?? []}
              value={search.tag ?? null}
              onChange={(value) => filter({ tag: value ?? undefined })}
              searchable
              clearable
              nothingFoundMessage="No tag yet"
            />
            <Select
              label="Trips"
              placeholder="Upcoming or not"
              data={[
                { value: '1', label: 'Has an upcoming trip' },
                { value: '0', label: 'No upcoming trip' },
              ]}
              value={search.upcoming === undefined ? null : String(search.upcoming)}
              onChange={(value) => filter({ upcoming: value === null ? undefined : value === '1' ? 1 : 0 })}
              clearable
            />
          </SimpleGrid>
          <Group justify="space-between">
            <SavedViewsMenu
              screen="clients"
              search={viewOf(search)}
              onApply={(view) => {
                const next = validateClientsSearch(view);
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
      <FittedColumns list="clients" columns={columns}>
        {(shown) => (
          <DataTable<ClientListRow>
            withTableBorder
            borderRadius="md"
            highlightOnHover
            minHeight={data?.rows.length ? undefined : 220}
            idAccessor="client_key"
            records={data?.rows ?? []}
            columns={shown}
            fetching={isFetching && !data}
            totalRecords={data?.total ?? 0}
            recordsPerPage={search.size ?? 25}
            recordsPerPageOptions={[...PAGE_SIZES]}
            onRecordsPerPageChange={(size) => onSearchChange({ size: size === 25 ? undefined : (size as ClientsSearch['size']), page: undefined })}
            page={search.page ?? 1}
            onPageChange={(page) => onSearchChange({ page: page === 1 ? undefined : page })}
            sortStatus={{ columnAccessor: search.sort ?? 'name', direction: search.desc === 1 ? 'desc' : 'asc' }}
            onSortStatusChange={({ columnAccessor, direction }) =>
              onSearchChange({ sort: columnAccessor === 'name' ? undefined : (columnAccessor as ClientsSearch['sort']), desc: direction === 'desc' ? 1 : undefined, page: undefined })
            }
            noRecordsText={isFiltered(search) ? 'No client matches these filters. Try fewer words, or clear the filters.' : 'No client yet: they appear here once someone signs up or books.'}
            onRowClick={({ record }) => navigate({ to: '/admin/clients/$clientKey', params: { clientKey: record.client_key } })}
            rowStyle={() => ({ cursor: 'pointer' })}
            aria-label="Clients"
          />
        )}
      </FittedColumns>
    </>
  );
}
