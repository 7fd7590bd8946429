import { Alert, Stack } from '@mantine/core';
import { type LinkProps } from '@tanstack/react-router';
import { BackLink } from './BackLink.tsx';

/**
 * A back-office record's not-found state, inside the back office's frame: what could not be found
 * and the way back to its list. A route shows it for an address whose id is malformed
 * (checkedParams), so the database is never asked.
 */
export function RecordNotFound({ what, back, backLabel }: { what: string; back: LinkProps['to']; backLabel: string }) {
  return (
    <Stack>
      <BackLink to={back}>{backLabel}</BackLink>
      <Alert color="red" role="alert" title="Not found">
        This {what} could not be found. The address may be mistyped, or the {what} was removed.
      </Alert>
    </Stack>
  );
}
