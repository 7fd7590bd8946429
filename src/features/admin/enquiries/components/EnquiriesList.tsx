import 'mantine-datatable/styles.layer.css';
import { Badge, Button, Group, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconTicket } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useState } from 'react';
import { EmailLines } from '@/components/admin/EmailLines.tsx';
import { FittedColumns, type FittedColumn } from '@/components/admin/FittedColumns.tsx';
import { BulkBar } from '@/components/admin/BulkBar.tsx';
import { useListSelection } from '@/components/admin/useListSelection.ts';
import { describeOutcome, forEachSelected } from '@/components/admin/bulk.ts';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { ButtonLink } from '@/components/widgets/ButtonLink.tsx';
import { formatOfficeDateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { ENQUIRIES_PAGE_SIZE, enquiriesPageQuery, enquiryKeys, enquiryTeamQuery, stageCountsQuery, updateEnquiry, type EnquiryRow } from '../api.ts';
import { ENQUIRY_KIND_LABELS, STAGE_COLORS, STAGE_LABELS, VIEW_LABELS } from '../model.ts';
import { ENQUIRY_VIEWS, type EnquiriesSearch, type EnquiryStage, type EnquiryView } from '../search.ts';

const columns: FittedColumn<EnquiryRow>[] = [
  {
    accessor: 'created_at',
    title: 'Received',
    room: 130,
    cellsStyle: () => ({ whiteSpace: 'nowrap' }),
    render: (row) => formatOfficeDateTime(row.created_at),
  },
  {
    accessor: 'name',
    title: 'From',
    room: 150,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {row.name}
        </Text>
        <Text size="xs" c="dimmed">
          {row.email && <EmailLines email={row.email} />}
        </Text>
      </Stack>
    ),
  },
  { accessor: 'kind', title: 'Kind', room: 90, yields: 1, render: (row) => ENQUIRY_KIND_LABELS[row.kind] ?? row.kind },
  {
    accessor: 'subject',
    title: 'About',
    room: 180,
    yields: 3,
    render: (row) => (
      <Text size="sm" lineClamp={2}>
        {row.subject || row.message}
      </Text>
    ),
  },
  {
    accessor: 'status',
    title: 'Stage',
    room: 110,
    render: (row) => (
      <Badge variant="light" color={STAGE_COLORS[row.status as EnquiryStage]}>
        {STAGE_LABELS[row.status as EnquiryStage] ?? row.status}
      </Badge>
    ),
  },
  { accessor: 'assignee', title: 'With', room: 100, yields: 2, render: (row) => row.assignee?.full_name ?? <Text size="sm" c="dimmed">Nobody yet</Text> },
];

/**
 * The enquiries pipeline: one tab per stage with its count, a search, and the enquiries of the stage
 * newest first. A row opens the enquiry, where it moves along, is assigned and gets its quotes.
 */
export function EnquiriesList({ search, onSearchChange, canWrite }: { search: EnquiriesSearch; onSearchChange: (next: Partial<EnquiriesSearch>) => void; canWrite: boolean }) {
  const navigate = useNavigate();
  const view: EnquiryView = search.stage ?? 'open';
  const q = search.q ?? '';
  const page = search.page ?? 1;
  const [text, setText] = useState(q);
  const applyText = useDebouncedCallback((value: string) => onSearchChange({ q: value.trim() || undefined, page: undefined }), 300);
  const list = useQuery(enquiriesPageQuery(view, q, page));
  const counts = useQuery(stageCountsQuery(q));
  const team = useQuery({ ...enquiryTeamQuery(), enabled: canWrite });
  const queryClient = useQueryClient();
  const [selected, setSelected] = useListSelection<EnquiryRow>(JSON.stringify(search));
  const bulk = useMutation({
    mutationFn: async (change: { assigned_to: string } | { status: 'contacted' }) => ({
      change,
      outcome: await forEachSelected(selected, (row) => updateEnquiry(row.id, change)),
    }),
    onSuccess: async ({ change, outcome }) => {
      const assignee = 'assigned_to' in change ? team.data?.find((member) => member.id === change.assigned_to)?.full_name : null;
      (outcome.refused.length ? notify.warning : notify.success)(
        describeOutcome(outcome, (n) => (assignee ? `${n} enquir${n === 1 ? 'y' : 'ies'} given to ${assignee}` : `${n} enquir${n === 1 ? 'y' : 'ies'} marked contacted`)),
      );
      setSelected([]);
      await queryClient.invalidateQueries({ queryKey: enquiryKeys.all });
    },
  });

  return (
    <>
      <PageHeader
        title="Enquiries"
        description="Contact messages and trip requests, from first reply to a quote the client accepts."
        actions={
          <ButtonLink to="/admin/bookings" variant="default" leftSection={<IconTicket size={16} />}>
            Bookings
          </ButtonLink>
        }
      />
      <TextInput
        aria-label="Search enquiries"
        placeholder="Search by name, email or what they asked"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          applyText(event.currentTarget.value);
        }}
        mb="md"
        maw={480}
      />
      <Tabs value={view} onChange={(value) => onSearchChange({ stage: value === 'open' ? undefined : (value as EnquiryView), page: undefined })} mb="md">
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {ENQUIRY_VIEWS.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              rightSection={
                <Badge size="sm" variant="light" color={value === 'open' ? 'dark' : STAGE_COLORS[value]}>
                  {counts.data?.[value] ?? '…'}
                </Badge>
              }
            >
              {VIEW_LABELS[value]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {list.error && (
        <Text c="red" mb="sm" role="alert">
          {list.error.message}
        </Text>
      )}
      {canWrite && (
        <BulkBar count={selected.length} onClear={() => setSelected([])}>
          <Select
            aria-label="Give the selected enquiries to"
            placeholder="Give to…"
            size="xs"
            w={180}
            data={(team.data ?? []).map((member) => ({ value: member.id, label: member.full_name || member.email || 'A member of the team' }))}
            value={null}
            onChange={(value) => value && bulk.mutate({ assigned_to: value })}
            disabled={bulk.isPending}
          />
          <Button size="compact-sm" variant="default" onClick={() => bulk.mutate({ status: 'contacted' })} loading={bulk.isPending} disabled={!selected.some((row) => row.status === 'new')}>
            Mark contacted
          </Button>
        </BulkBar>
      )}
      <FittedColumns list="enquiries" columns={columns} selectable>
        {(shown) => (
          <DataTable<EnquiryRow>
            {...(canWrite
              ? {
                  selectedRecords: selected,
                  onSelectedRecordsChange: setSelected,
                  allRecordsSelectionCheckboxProps: { 'aria-label': 'Select every enquiry on this page' },
                  getRecordSelectionCheckboxProps: (row: EnquiryRow) => ({ 'aria-label': `Select the enquiry from ${row.name}` }),
                }
              : {})}
            withTableBorder
            borderRadius="md"
            highlightOnHover
            minHeight={list.data?.rows.length ? undefined : 200}
            idAccessor="id"
            records={list.data?.rows ?? []}
            columns={shown}
            fetching={list.isFetching && !list.data}
            totalRecords={list.data?.total ?? 0}
            recordsPerPage={ENQUIRIES_PAGE_SIZE}
            page={page}
            onPageChange={(next) => onSearchChange({ page: next === 1 ? undefined : next })}
            noRecordsText={q ? `No ${VIEW_LABELS[view].toLowerCase()} enquiry matches “${q}”.` : `No ${VIEW_LABELS[view].toLowerCase()} enquiries.`}
            onRowClick={({ record }) => navigate({ to: '/admin/bookings/enquiries/$enquiryId', params: { enquiryId: record.id } })}
            rowStyle={() => ({ cursor: 'pointer' })}
            aria-label={`${VIEW_LABELS[view]} enquiries`}
          />
        )}
      </FittedColumns>
      <Group mt="xs">
        <Text size="xs" c="dimmed">
          Times are in Arusha (East Africa Time).
        </Text>
      </Group>
    </>
  );
}
