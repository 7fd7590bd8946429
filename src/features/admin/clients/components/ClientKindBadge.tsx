import { Badge } from '@mantine/core';

/** Whether a client signs in (an account) or only booked (a guest): a ClientKind, as the database gives it. */
export function ClientKindBadge({ kind }: { kind: string }) {
  return (
    <Badge size="xs" variant={kind === 'account' ? 'light' : 'outline'} color={kind === 'account' ? 'teal' : 'gray'}>
      {kind === 'account' ? 'Account' : 'Guest'}
    </Badge>
  );
}
