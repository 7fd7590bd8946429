import { Alert, Group, Paper, Stack, Text, Title, type PaperProps } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './Portal.module.css';

/** A portal page: its title, a line saying what it is for, actions on the right, then the content. */
export function PortalPage({ title, description, actions, children }: { title: string; description?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="lg" className={classes.page}>
      <Group justify="space-between" align="flex-end" gap="sm" className={classes.noPrint}>
        <div>
          <Title order={1} className={classes.pageTitle}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="sm" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}

/** A titled panel of a portal page. */
export function Panel({ title, action, children, ...props }: { title?: ReactNode; action?: ReactNode; children: ReactNode } & PaperProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} {...props}>
      {(title || action) && (
        <Group justify="space-between" align="center" mb="sm" gap="xs" wrap="nowrap">
          {title && (
            <Title order={2} className={classes.panelTitle}>
              {title}
            </Title>
          )}
          {action}
        </Group>
      )}
      {children}
    </Paper>
  );
}

/**
 * Shown when the device has data but could not refresh it: offline, the traveler sees what was last
 * synced; online, the refresh error with a retry.
 */
export function SyncNotice({ error, onRetry, syncedWhat }: { error: Error | null; onRetry: () => void; syncedWhat: string }) {
  if (!error) return null;
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return (
    <Alert variant="light" color={offline ? 'gray' : 'accent'} icon={<IconCloudOff size={18} />} radius="md" className={classes.noPrint}>
      {offline ? `You are offline. Showing your ${syncedWhat} as last synced on this device.` : `We could not refresh your ${syncedWhat}. Showing what this device has. `}
      {!offline && (
        <Text component="button" type="button" onClick={onRetry} className={classes.linkButton}>
          Try again
        </Text>
      )}
    </Alert>
  );
}
