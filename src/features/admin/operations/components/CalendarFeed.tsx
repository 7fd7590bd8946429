import { ActionIcon, Alert, Button, CopyButton, Group, Popover, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatOfficeDateTime } from '@/lib/dates.ts';
import { notify } from '@/lib/notify.ts';
import { calendarFeedQuery, operationsKeys, renewCalendarFeed } from '../api.ts';

/** The address a calendar app subscribes to. */
const feedAddress = (token: string) => `${window.location.origin}/api/calendar/${token}.ics`;

/**
 * A calendar feed's secret address, to paste into Google Calendar, Outlook or a phone: copied in one
 * tap, made when there is none, and renewed (the old address stops working) after one question.
 */
export function CalendarFeed({ guideId, what }: { guideId: string | null; what: string }) {
  const queryClient = useQueryClient();
  const feed = useQuery(calendarFeedQuery(guideId));
  const [asking, setAsking] = useState(false);
  const renew = useMutation({
    mutationFn: () => renewCalendarFeed(guideId),
    onSuccess: async () => {
      setAsking(false);
      notify.success(feed.data ? 'A new address is made: the old one no longer works' : 'The calendar address is ready to copy');
      await queryClient.invalidateQueries({ queryKey: [...operationsKeys.all, 'feed', guideId] });
    },
    onError: (error: Error) => notify.error(error.message),
  });
  if (feed.error) return <Alert color="red">{feed.error.message}</Alert>;
  if (feed.isPending) return null;
  if (!feed.data) {
    return (
      <Stack gap="xs" data-testid="calendar-feed">
        <Text size="sm" c="dimmed">
          Subscribe to {what} from any calendar app, kept up to date by itself.
        </Text>
        <Button variant="light" loading={renew.isPending} onClick={() => renew.mutate()} style={{ alignSelf: 'flex-start' }}>
          Make a calendar address
        </Button>
      </Stack>
    );
  }
  const address = feedAddress(feed.data.token);
  return (
    <Stack gap="xs" data-testid="calendar-feed">
      <Text size="sm" c="dimmed">
        Paste this address into Google Calendar, Outlook or a phone to see {what}. Keep it private: whoever has it reads the trips.
      </Text>
      <Group gap="xs" wrap="nowrap">
        <TextInput aria-label="Calendar address" value={address} readOnly style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
        <CopyButton value={address}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon variant="default" size="lg" aria-label="Copy the calendar address" onClick={copy}>
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Made {formatOfficeDateTime(feed.data.renewed_at)}
        </Text>
        <Popover opened={asking} onChange={setAsking} position="bottom-end" withArrow shadow="md">
          <Popover.Target>
            <Button variant="subtle" size="compact-sm" color="red" onClick={() => setAsking((open) => !open)}>
              Renew address
            </Button>
          </Popover.Target>
          <Popover.Dropdown maw={280}>
            <Stack gap="xs">
              <Text size="sm">The current address stops working at once: calendars subscribed to it need the new one.</Text>
              <Group justify="flex-end" gap="xs">
                <Button size="compact-sm" variant="default" onClick={() => setAsking(false)}>
                  Keep it
                </Button>
                <Button size="compact-sm" color="red" loading={renew.isPending} onClick={() => renew.mutate()}>
                  Renew
                </Button>
              </Group>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
    </Stack>
  );
}
