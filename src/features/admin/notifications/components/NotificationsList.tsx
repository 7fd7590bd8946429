import 'mantine-datatable/styles.layer.css';
import { ActionIcon, Badge, Button, Drawer, Group, Paper, SegmentedControl, Select, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconBellCheck, IconChecks, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { EmptyNotice } from '@/components/widgets/EmptyNotice.tsx';
import { formatOfficeDateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { markAllRead, markRead, notificationKeys, notificationsPageQuery, unreadCountQuery, type StaffNotification } from '../api.ts';
import { isNotificationKind, KIND_INFO, kindsFor, NOTIFICATION_PAGE_SIZE, notificationHref, timeAgo } from '../model.ts';
import type { NotificationsSearch } from '../search.ts';
import { NotificationSettings } from './NotificationSettings.tsx';
import classes from './Notifications.module.css';

const kindLabel = (kind: string) => (isNotificationKind(kind) ? KIND_INFO[kind].label : kind);

export function NotificationsList({
  search,
  onSearchChange,
  userId,
  permissions,
}: {
  search: NotificationsSearch;
  onSearchChange: (next: Partial<NotificationsSearch>) => void;
  userId: string;
  permissions: readonly string[];
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [settingsOpened, settings] = useDisclosure(false);
  const unreadOnly = search.unread === 1;
  const page = search.page ?? 1;
  const { data, isFetching, error } = useQuery(notificationsPageQuery(unreadOnly, search.kind ?? null, page));
  const unread = useQuery(unreadCountQuery());
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

  const read = useMutation({ mutationFn: markRead, onSettled: refresh, onError: (problem: Error) => notify.error(problem.message) });
  const readAll = useMutation({
    mutationFn: markAllRead,
    onSuccess: () => notify.success('All notifications marked read'),
    onError: (problem: Error) => notify.error(problem.message),
    onSettled: refresh,
  });

  async function open(notification: StaffNotification) {
    if (!notification.read_at) await read.mutateAsync(notification.id).catch(() => undefined);
    await router.navigate({ href: notificationHref(notification.link) });
  }

  const now = new Date();
  const columns: DataTableColumn<StaffNotification>[] = [
    {
      accessor: 'title',
      title: 'Notification',
      render: (row) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <span className={classes.dot} data-unread={row.read_at ? undefined : true} aria-label={row.read_at ? undefined : 'Unread'} />
          <Stack gap={2} miw={0}>
            <a
              href={notificationHref(row.link)}
              className={classes.title}
              data-unread={row.read_at ? undefined : true}
              onClick={(event) => {
                // The row opens it (marking it read); a new tab opens the page as it is.
                if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                event.preventDefault();
              }}
            >
              {row.title}
            </a>
            {row.body && (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {row.body}
              </Text>
            )}
            <Badge size="xs" variant="light" color="gray" className={classes.kind}>
              {kindLabel(row.kind)}
            </Badge>
          </Stack>
        </Group>
      ),
    },
    {
      accessor: 'created_at',
      title: 'When',
      width: 130,
      render: (row) => (
        <Text size="sm" c="dimmed" title={formatOfficeDateTime(row.created_at)} style={{ whiteSpace: 'nowrap' }}>
          {timeAgo(row.created_at, now, formatOfficeDateTime)}
        </Text>
      ),
    },
    {
      accessor: 'actions',
      title: '',
      width: 64,
      textAlign: 'right',
      render: (row) =>
        row.read_at ? null : (
          <Tooltip label="Mark read">
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={`Mark read: ${row.title}`}
              onClick={(event) => {
                event.stopPropagation();
                read.mutate(row.id);
              }}
            >
              <IconCheck size={18} />
            </ActionIcon>
          </Tooltip>
        ),
    },
  ];

  const kinds = kindsFor(permissions);
  const filtered = unreadOnly || Boolean(search.kind);
  const empty = data?.total === 0;
  return (
    <>
      <Paper withBorder radius="md" p="sm" mb="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <SegmentedControl
              aria-label="Which notifications"
              data={[
                { value: 'all', label: 'All' },
                { value: 'unread', label: unread.data ? `Unread (${unread.data})` : 'Unread' },
              ]}
              value={unreadOnly ? 'unread' : 'all'}
              onChange={(value) => onSearchChange({ unread: value === 'unread' ? 1 : undefined, page: undefined })}
            />
            <Select
              aria-label="Kind"
              placeholder="Every kind"
              data={kinds.map((kind) => ({ value: kind, label: KIND_INFO[kind].label }))}
              value={search.kind ?? null}
              onChange={(value) => onSearchChange({ kind: value && isNotificationKind(value) ? value : undefined, page: undefined })}
              clearable
              w={190}
            />
          </Group>
          <Group gap="xs">
            <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={settings.open}>
              Choose what you hear about
            </Button>
            <Button leftSection={<IconChecks size={16} />} onClick={() => readAll.mutate()} loading={readAll.isPending} disabled={!unread.data}>
              Mark all read
            </Button>
          </Group>
        </Group>
      </Paper>
      {error && (
        <Text c="red.8" role="alert" mb="sm">
          {error.message}
        </Text>
      )}
      {empty ? (
        <EmptyNotice
          icon={<IconBellCheck size={24} />}
          title={unreadOnly && !search.kind ? 'All caught up' : filtered ? 'Nothing here' : 'No notifications yet'}
          description={
            unreadOnly && !search.kind
              ? 'Every notification is read. New ones show here as they arrive.'
              : filtered
                ? 'No notification of this kind. Show all of them to see the rest.'
                : 'New bookings, payments, messages and enquiries show here as they happen.'
          }
        >
          {filtered && (
            <Button variant="default" onClick={() => onSearchChange({ unread: undefined, kind: undefined, page: undefined })}>
              Show all notifications
            </Button>
          )}
        </EmptyNotice>
      ) : (
        <DataTable<StaffNotification>
          withTableBorder
          borderRadius="md"
          highlightOnHover
          verticalSpacing="sm"
          minHeight={data?.rows.length ? undefined : 220}
          idAccessor="id"
          records={data?.rows ?? []}
          columns={columns}
          fetching={isFetching && !data}
          totalRecords={data?.total ?? 0}
          recordsPerPage={NOTIFICATION_PAGE_SIZE}
          page={page}
          onPageChange={(next) => onSearchChange({ page: next === 1 ? undefined : next })}
          noRecordsText=""
          onRowClick={({ record }) => void open(record)}
          rowStyle={() => ({ cursor: 'pointer' })}
          aria-label="Notifications"
        />
      )}
      <Drawer opened={settingsOpened} onClose={settings.close} position="right" title="What you hear about" padding="lg">
        <NotificationSettings userId={userId} kinds={kinds} />
      </Drawer>
    </>
  );
}
