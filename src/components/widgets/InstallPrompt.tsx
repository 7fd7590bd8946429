import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDeviceMobileDown } from '@tabler/icons-react';
import type { AnyRouter } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { acceptInstall, declineInstall, installDismissedAt, installPrompt, notePageView, pageViews, shouldOfferInstall } from '@/lib/pwa/install.ts';
import { updateStatus } from '@/lib/pwa/update.ts';
import classes from './PwaNotice.module.css';

/**
 * Offers to install the site once the visitor has seen a second page (never on arrival), when the
 * browser allows it, unless they said Not now in the last 30 days. An update notice goes first.
 */
export function InstallPrompt({ router }: { router: AnyRouter }) {
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.fromLocation && event.pathChanged) notePageView();
      }),
    [router],
  );
  const prompt = useSyncExternalStore(installPrompt.subscribe, installPrompt.get, installPrompt.initial);
  const views = useSyncExternalStore(pageViews.subscribe, pageViews.get, pageViews.initial);
  const update = useSyncExternalStore(updateStatus.subscribe, updateStatus.get, updateStatus.initial);

  if (!prompt || update === 'available' || !shouldOfferInstall(views, installDismissedAt(), Date.now())) return null;

  return (
    <section className={classes.notice} role="dialog" aria-label="Install the app">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <IconDeviceMobileDown className={classes.icon} size={22} aria-hidden />
        <Stack gap={4}>
          <Text fw={700}>Install the app</Text>
          <Text size="sm" c="dimmed">
            Open it from your home screen and keep your trip details with you, even without signal.
          </Text>
          <Group gap="xs" mt={6}>
            <Button size="xs" onClick={() => void acceptInstall()}>
              Install
            </Button>
            <Button size="xs" variant="subtle" color="gray" onClick={declineInstall}>
              Not now
            </Button>
          </Group>
        </Stack>
      </Group>
    </section>
  );
}
