import { ActionIcon, Button, Group, Popover, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A remove button that asks once, beside itself, before it acts: what goes and that it cannot be
 * undone (the audit log still holds it).
 */
export function ConfirmAction({ label, question, confirmLabel = 'Remove', onConfirm, busy, disabled }: { label: string; question: string; confirmLabel?: string; onConfirm: () => void; busy?: boolean; disabled?: boolean }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} disabled={disabled} onClick={() => setOpened((open) => !open)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown maw={280}>
        <Stack gap="xs">
          <Text size="sm">{question}</Text>
          <Text size="xs" c="dimmed">
            This cannot be undone here; the audit log keeps what it was.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="compact-sm" onClick={() => setOpened(false)}>
              Keep
            </Button>
            <Button
              color="red"
              size="compact-sm"
              loading={busy}
              onClick={() => {
                setOpened(false);
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
