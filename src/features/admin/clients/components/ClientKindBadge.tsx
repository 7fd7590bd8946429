import { Badge } from '@mantine/core';
import type { ClientKind } from '../model.ts';

/** Whether a client signs in (an account) or only booked (a guest). */
export function ClientKindBadge({ kind }: { kind: ClientKind }) {
  return (
    <Badge size="xs" variant={kind === 'account' ? 'light' : 'outline'} color={kind === 'account' ? 'teal' : 'gray'}>
      {kind === 'account' ? 'Account' : 'Guest'}
    </Badge>
  );
}
