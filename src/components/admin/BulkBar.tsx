import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Shown over a list while rows are selected: how many, the actions for them, and a way out. */
export function BulkBar({ count, children, onClear }: { count: number; children: ReactNode; onClear: () => void }) {
  if (count === 0) return null;
  return (
    <Paper withBorder radius="md" p="xs" mb="sm" bg="var(--mantine-primary-color-light)" role="region" aria-label="Selected rows">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {count} selected
        </Text>
        <Group gap="xs">
          {children}
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
