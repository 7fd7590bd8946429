import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The message about a whole attempt (not one field), read out when it appears. */
export function FormAlert({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="form-error">
      {message}
    </Alert>
  );
}
