import { Button, Group, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { applyUpdate, postponeUpdate, updateStatus } from '@/lib/pwa/update.ts';
import classes from './PwaNotice.module.css';

/** A new version is installed and waiting: Refresh switches to it now, Later keeps this one. */
export function UpdateNotice() {
  const status = useSyncExternalStore(updateStatus.subscribe, updateStatus.get, updateStatus.initial);
  if (status !== 'available' && status !== 'applying') return null;

  return (
    <section className={classes.notice} role="status" aria-label="Update available">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <IconRefresh className={classes.icon} size={22} aria-hidden />
        <Stack gap={4}>
          <Text fw={700}>A new version is ready</Text>
          <Text size="sm" c="dimmed">
            Refresh to use it now, or carry on: it loads next time you open the site.
          </Text>
          <Group gap="xs" mt={6}>
            <Button size="xs" onClick={applyUpdate} loading={status === 'applying'}>
              Refresh
            </Button>
            <Button size="xs" variant="subtle" color="gray" onClick={postponeUpdate} disabled={status === 'applying'}>
              Later
            </Button>
          </Group>
        </Stack>
      </Group>
    </section>
  );
}
