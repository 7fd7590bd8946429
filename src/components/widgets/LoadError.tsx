import { Alert, Button } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

/** A section that could not load: what happened, and a way to try again. */
export function LoadError({ what, onRetry, retrying }: { what: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert variant="light" color="accent" icon={<IconAlertTriangle />} title={`We could not load ${what}`} radius="lg">
      Check your connection, then try again.
      <Button
        display="flex"
        mt="sm"
        size="xs"
        variant="default"
        leftSection={<IconRefresh size={14} />}
        onClick={onRetry}
        loading={retrying}
      >
        Try again
      </Button>
    </Alert>
  );
}
