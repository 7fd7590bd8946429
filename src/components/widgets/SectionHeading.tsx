import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './SectionHeading.module.css';

/** A section's heading: a short script eyebrow, the title, an optional line of text and an action. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  action,
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="md" mb={{ base: 'lg', md: 'xl' }}>
      <Stack gap={6} maw={640}>
        {eyebrow && (
          <Text className={classes.eyebrow} aria-hidden>
            {eyebrow}
          </Text>
        )}
        <Title order={2} id={id}>
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {action}
    </Group>
  );
}
