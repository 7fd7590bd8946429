import { Alert, Button, Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of a back-office page: its title, an optional line on what it holds, an optional action. */
export function Section({ title, description, action, children }: { title: string; description?: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb={description ? 0 : 'sm'} wrap="nowrap" align="flex-start">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {description && (
        <Text size="sm" c="dimmed" mb="md">
          {description}
        </Text>
      )}
      {children}
    </Card>
  );
}

/** Under each form: the refusal that belongs to no field, and its save button. */
export function FormFooter({ problem, saving, label, disabled }: { problem?: string; saving: boolean; label: string; disabled?: boolean }) {
  return (
    <>
      {problem && (
        <Alert color="red" mt="sm" role="alert">
          {problem}
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={saving} disabled={disabled}>
          {label}
        </Button>
      </Group>
    </>
  );
}
