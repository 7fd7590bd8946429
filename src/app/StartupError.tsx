import { Button, Container, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { DEFAULT_BRANDING } from '@/features/branding/model.ts';
import { buildTheme } from './theme.ts';

/** Shown when the app cannot start at all (its connection settings could not be loaded). */
export function StartupError({ error }: { error: unknown }) {
  return (
    <MantineProvider theme={buildTheme(DEFAULT_BRANDING)} defaultColorScheme="light">
      <Container size="sm" py={96}>
        <Stack align="center" ta="center" gap="md">
          <Title order={1}>Something went wrong</Title>
          <Text c="dimmed">{error instanceof Error ? error.message : 'The site could not start.'}</Text>
          <Button leftSection={<IconRefresh size={18} />} onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </Stack>
      </Container>
    </MantineProvider>
  );
}
