import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The top of every back-office screen: its title, a line on what it is for, and its actions. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
      <Stack gap={4} miw={0}>
        <Title order={1} fz={{ base: 24, md: 28 }}>
          {title}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
