import 'mantine-datatable/styles.layer.css';
import { Alert, Badge, Button, Group, Paper, SegmentedControl, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconLock, IconMailForward, IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { FittedColumns, type FittedColumn } from '@/components/admin/FittedColumns.tsx';
import { useState } from 'react';
import { formatOfficeDateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { emailContentQuery, emailLogQuery, notificationKeys, retryEmail, type EmailLogRow } from '../api.ts';
import { canRetry, EMAIL_PAGE_SIZE, EMAIL_STATUS_LABELS, emailKindLabel, isEmailStatus } from '../model.ts';
import { EMAIL_STATUSES, type EmailStatus, type NotificationsSearch } from '../search.ts';
import classes from './Notifications.module.css';

const statusColor: Record<EmailStatus, string> = { pending: 'yellow', sent: 'green', failed: 'red' };

function EmailStatusBadge({ status }: { status: string }) {
  const known = isEmailStatus(status);
  return (
    <Badge variant="light" color={known ? statusColor[status] : 'gray'}>
      {known ? EMAIL_STATUS_LABELS[status] : status}
    </Badge>
  );
}

/** An opened email: its text (fetched now), why it failed, and Send again for a failed one. */
function EmailContent({ email }: { email: EmailLogRow }) {
  const queryClient = useQueryClient();
  const content = useQuery({ ...emailContentQuery(email.id), enabled: !email.withheld });
  const retry = useMutation({
    mutationFn: () => retryEmail(email.id),
    onSuccess: () => notify.success(`The email to ${email.to_address} will be sent again in a moment`),
    onError: (problem: Error) => notify.error(problem.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.emails }),
  });
  return (
    <Stack gap="sm" p="md" className={classes.opened} aria-label={`Email to ${email.to_address}`}>
      {email.last_error && (
        <Text size="sm" c="red.8">
          <strong>Last error:</strong> {email.last_error}
        </Text>
      )}
      {email.withheld ? (
        <Alert color="gray" icon={<IconLock size={18} />} title="Content withheld">
          This email carries a one-time sign-in link, so nobody may read it here. Its recipient can ask for a new one.
        </Alert>
      ) : content.error ? (
        <Text c="red.8" role="alert" size="sm">
          {content.error.message}
        </Text>
      ) : content.data ? (
        <Paper withBorder radius="sm" p="sm">
          <pre className={classes.body}>{content.data.body_text}</pre>
        </Paper>
      ) : (
        <Skeleton height={120} />
      )}
      {canRetry(email) && (
        <Group>
          <Button leftSection={<IconMailForward size={16} />} onClick={() => retry.mutate()} loading={retry.isPending}>
            Send again
          </Button>
          <Text size="sm" c="dimmed">
            It goes back in the queue and is tried again up to 10 times.
          </Text>
        </Group>
      )}
    </Stack>
  );
}

const columns: FittedColumn<EmailLogRow>[] = [
  {
    accessor: 'to_address',
    title: 'To',
    room: 160,
    render: (row) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.to_address}
      </Text>
    ),
  },
  {
    accessor: 'subject',
    title: 'Email',
    room: 200,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" fw={500} lineClamp={1}>
          {row.subject}
        </Text>
        <Text size="xs" c="dimmed">
          {emailKindLabel(row.kind)}
        </Text>
      </Stack>
    ),
  },
  { accessor: 'status', title: 'Status', room: 110, render: (row) => <EmailStatusBadge status={row.status} /> },
  {
    accessor: 'attempts',
    title: 'Tries',
    textAlign: 'right',
    room: 72,
    yields: 1,
    cellsStyle: () => ({ fontVariantNumeric: 'tabular-nums' }),
  },
  {
    accessor: 'created_at',
    title: 'Queued',
    room: 170,
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatOfficeDateTime(row.created_at)}
        </Text>
        {row.sent_at && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            sent {formatOfficeDateTime(row.sent_at)}
          </Text>
        )}
      </Stack>
    ),
  },
];

/** The email queue's delivery log, newest first: filtered and paged in SQL (email_log), each opened on demand. */
export function EmailLog({ search, onSearchChange }: { search: NotificationsSearch; onSearchChange: (next: Partial<NotificationsSearch>) => void }) {
  const { data, isFetching, error } = useQuery(emailLogQuery(search));
  const [text, setText] = useState(search.to ?? '');
  const [openedIds, setOpenedIds] = useState<string[]>([]);
  const applyText = useDebouncedCallback((value: string) => onSearchChange({ to: value.trim() || undefined, page: undefined }), 300);
  const filter = (next: Partial<NotificationsSearch>) => onSearchChange({ ...next, page: undefined });
  const filtered = Boolean(search.status || search.type || search.to);

  return (
    <>
      <Paper withBorder radius="md" p="sm" mb="md">
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            aria-label="Status"
            data={[{ value: 'any', label: 'All' }, ...EMAIL_STATUSES.map((value) => ({ value, label: EMAIL_STATUS_LABELS[value] }))]}
            value={search.status ?? 'any'}
            onChange={(value) => filter({ status: value === 'any' ? undefined : (value as EmailStatus) })}
          />
          <Select
            aria-label="Kind of email"
            placeholder="Every kind"
            data={(data?.kinds ?? (search.type ? [search.type] : [])).map((kind) => ({ value: kind, label: emailKindLabel(kind) }))}
            value={search.type ?? null}
            onChange={(value) => filter({ type: value ?? undefined })}
            clearable
            searchable
            w={200}
          />
          <TextInput
            aria-label="Search by address"
            placeholder="Address"
            leftSection={<IconSearch size={16} />}
            value={text}
            maxLength={200}
            onChange={(event) => {
              setText(event.currentTarget.value);
              applyText(event.currentTarget.value);
            }}
            style={{ flex: '1 1 200px' }}
          />
        </Group>
      </Paper>
      {error && (
        <Text c="red.8" role="alert" mb="sm">
          {error.message}
        </Text>
      )}
      <FittedColumns list="the email log" columns={columns}>
        {(shown) => (
          <DataTable<EmailLogRow>
            withTableBorder
            borderRadius="md"
            highlightOnHover
            minHeight={data?.rows.length ? undefined : 220}
            idAccessor="id"
            records={data?.rows ?? []}
            columns={shown}
            fetching={isFetching && !data}
            totalRecords={data?.total ?? 0}
            recordsPerPage={EMAIL_PAGE_SIZE}
            page={search.page ?? 1}
            onPageChange={(page) => onSearchChange({ page: page === 1 ? undefined : page })}
            noRecordsText={filtered ? 'No email matches these filters.' : 'No email sent yet.'}
            rowExpansion={{
              allowMultiple: true,
              expanded: { recordIds: openedIds, onRecordIdsChange: setOpenedIds },
              content: ({ record }) => <EmailContent email={record} />,
            }}
            rowStyle={() => ({ cursor: 'pointer' })}
            aria-label="Email log"
          />
        )}
      </FittedColumns>
    </>
  );
}
