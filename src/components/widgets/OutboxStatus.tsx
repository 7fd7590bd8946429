import { Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { discardWrite, retryWrite } from '@/lib/outbox/outbox.ts';
import { useOutboxStatus, type OutboxItem, type OutboxStatus as Status } from '@/lib/outbox/status.ts';
import classes from './OutboxStatus.module.css';

function changes(count: number): string {
  return count === 1 ? '1 change' : `${count} changes`;
}

/** The sentence that sums up the outbox, used as the indicator's label and the popover's heading. */
export function outboxSummary({ online, waiting, failed }: Status): string {
  if (failed.length > 0) return `${changes(failed.length)} could not be saved`;
  if (!online) return 'Offline — changes will sync when you reconnect';
  return `${changes(waiting)} waiting to sync`;
}

function FailedWrite({ item }: { item: OutboxItem }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <li className={classes.item}>
      <Text size="sm" fw={500}>
        {item.description}
      </Text>
      {item.lastError && (
        <Text size="xs" c="dimmed" className={classes.error}>
          {item.lastError}
        </Text>
      )}
      {confirming ? (
        <Group gap="xs" mt={6}>
          <Text size="xs">Discard this change? It cannot be undone.</Text>
          <Button size="compact-xs" color="red" onClick={() => void discardWrite(item.id)}>
            Discard
          </Button>
          <Button size="compact-xs" variant="default" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </Group>
      ) : (
        <Group gap="xs" mt={6}>
          <Button size="compact-xs" variant="light" onClick={() => void retryWrite(item.id)}>
            Retry
          </Button>
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
            Discard
          </Button>
        </Group>
      )}
    </li>
  );
}

/**
 * A small header indicator for changes made on this device that the server does not have yet:
 * offline, waiting, or failed (with Retry and Discard). Shows nothing when all is in sync.
 */
export function OutboxStatus() {
  const status = useOutboxStatus();
  const { online, waiting, failed } = status;
  if (online && waiting === 0 && failed.length === 0) return null;

  const tone = failed.length > 0 ? 'failed' : online ? 'waiting' : 'offline';
  const Icon = tone === 'failed' ? IconAlertTriangle : tone === 'offline' ? IconCloudOff : IconRefresh;
  const count = tone === 'failed' ? failed.length : waiting;
  const summary = outboxSummary(status);
  // Each waiting write is named, with what its waiting means where the kind says (a booking is not confirmed yet).
  const waitingItems = status.items.filter((item) => item.status !== 'failed');
  const shownItems = waitingItems.slice(0, 5);
  const sendingNow = waitingItems.some((item) => item.status === 'sending');

  return (
    <Popover position="bottom-end" width={320} shadow="md" withArrow>
      <Popover.Target>
        <UnstyledButton className={classes.indicator} data-tone={tone} aria-label={summary} title={summary}>
          <Icon size={18} stroke={1.8} className={tone === 'waiting' ? classes.spin : undefined} />
          {tone === 'offline' && <span className={classes.label}>Offline</span>}
          {count > 0 && <span className={classes.count}>{count}</span>}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text fw={700} size="sm">
            {summary}
          </Text>
          {failed.length > 0 && (
            <ul className={classes.list}>
              {failed.map((item) => (
                <FailedWrite key={item.id} item={item} />
              ))}
            </ul>
          )}
          {shownItems.length > 0 && (
            <ul className={classes.list} data-testid="outbox-waiting">
              {shownItems.map((item) => (
                <li key={item.id} className={classes.item}>
                  <Text size="sm" fw={500}>
                    {item.description}
                  </Text>
                  {item.waitingNote && (
                    <Text size="xs" c="dimmed">
                      {item.waitingNote}
                    </Text>
                  )}
                </li>
              ))}
              {waitingItems.length > shownItems.length && (
                <li className={classes.item}>
                  <Text size="xs" c="dimmed">
                    and {changes(waitingItems.length - shownItems.length)} more
                  </Text>
                </li>
              )}
            </ul>
          )}
          {failed.length > 0 && waiting > 0 && (
            <Text size="xs" c="dimmed">
              {online ? `${changes(waiting)} waiting to sync.` : `Offline — ${changes(waiting)} will sync when you reconnect.`}
            </Text>
          )}
          {failed.length === 0 && (
            <Text size="xs" c="dimmed">
              {!online
                ? 'Everything you change is kept on this device and saved in order once you are back online.'
                : sendingNow
                  ? 'They are being sent now and will be saved in the order you made them.'
                  : 'They will be sent in a moment, in the order you made them.'}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
