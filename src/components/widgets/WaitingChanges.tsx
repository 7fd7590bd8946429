import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import type { WaitingState } from '@/lib/outbox/status.ts';

const icons = { failed: IconAlertTriangle, offline: IconCloudOff, sending: IconRefresh, waiting: IconRefresh };

/** What the page's own waiting changes mean, in the state they are in. */
export function waitingSentence(state: WaitingState, names: string[]): string {
  const listed = names.join(', ').replace(/^./, (first) => first.toUpperCase());
  const they = names.length === 1 ? 'It' : 'They';
  switch (state) {
    case 'failed':
      return `Not saved: ${listed}. Retry or discard it from the sync status at the top of the page.`;
    case 'offline':
      return `Saved on this device, not yet on your account: ${listed}. ${they} will be sent when you are back online.`;
    case 'sending':
      return `Being sent now: ${listed}.`;
    case 'waiting':
      return `Waiting to be sent: ${listed}. The next try is in a moment.`;
  }
}

/**
 * Names, on the page that shows the data, the changes made there that the server does not have yet
 * (the header's sync status counts them on every page). Nothing when all is saved.
 */
export function WaitingChanges({ state, names }: { state: WaitingState | null; names: string[] }) {
  if (state === null || names.length === 0) return null;
  const Icon = icons[state];
  return (
    <Alert
      data-testid="waiting-changes"
      data-state={state}
      variant="light"
      color={state === 'failed' ? 'red' : state === 'offline' ? 'gray' : 'blue'}
      icon={<Icon size={18} aria-hidden />}
      py="xs"
      role="status"
    >
      {waitingSentence(state, names)}
    </Alert>
  );
}
