import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useOnline } from '@/lib/online.ts';
import { discardWrite, retryWrite } from '@/lib/outbox/outbox.ts';
import { writeRegistry } from '@/lib/outbox/registry.ts';
import { useWritesOnDevice } from '@/lib/outbox/status.ts';
import { formatOfficeDateTime } from '@/lib/dates.ts';
import { FIELD_WRITE_KINDS } from '../field-api.ts';
import '../field-writes.ts';

/**
 * What this device recorded in the field that the server does not have yet, always in view: each
 * write waiting or being sent, and each the server refused since (a conflict: the booking changed
 * meanwhile) with the server's words and what the staff member can do about it.
 */
export function FieldWaiting({ userId }: { userId: string }) {
  const online = useOnline();
  const { entries } = useWritesOnDevice(userId, FIELD_WRITE_KINDS);
  const conflicts = entries.filter((entry) => entry.status === 'failed');
  const waiting = entries.filter((entry) => entry.status !== 'failed');
  return (
    <Stack gap="sm" data-testid="field-waiting">
      {!online && (
        <Alert color="gray" icon={<IconCloudOff size={18} />} role="status">
          No connection: everything you record is kept on this device and sent when the signal returns.
        </Alert>
      )}
      {conflicts.length > 0 && (
        <Card withBorder radius="md" padding="md" style={{ borderColor: 'var(--mantine-color-red-5)' }} data-testid="field-conflicts">
          <Title order={2} size="h5" c="red.8" mb={4}>
            {conflicts.length === 1 ? 'One record needs you' : `${conflicts.length} records need you`}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            The office changed these bookings while you were out of signal, so the server did not take what you recorded. Check with the traveler or the office, then try again or
            discard it.
          </Text>
          <Stack gap="sm">
            {conflicts.map((entry) => (
              <Group key={entry.id} justify="space-between" wrap="nowrap" align="flex-start">
                <div>
                  <Text size="sm" fw={600}>
                    {writeRegistry.get(entry.kind)?.describe(entry.payload) ?? 'A record made on this device'}
                  </Text>
                  <Text size="sm" c="red.8" role="alert">
                    {entry.lastError}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Recorded {formatOfficeDateTime(new Date(entry.createdAt).toISOString())}
                  </Text>
                </div>
                <Group gap="xs" wrap="nowrap">
                  <Button size="compact-sm" variant="default" onClick={() => void retryWrite(entry.id)}>
                    Try again
                  </Button>
                  <Button size="compact-sm" color="red" variant="light" onClick={() => void discardWrite(entry.id)}>
                    Discard
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
      {waiting.length > 0 && (
        <Card withBorder radius="md" padding="md" data-testid="field-pending">
          <Group justify="space-between" mb={4}>
            <Title order={2} size="h5">
              Waiting to send
            </Title>
            <Badge color={online ? 'blue' : 'gray'} variant="light">
              {waiting.length} {online ? 'being sent' : 'on this device'}
            </Badge>
          </Group>
          <Stack gap={4}>
            {waiting.map((entry) => (
              <Text key={entry.id} size="sm">
                {writeRegistry.get(entry.kind)?.describe(entry.payload) ?? 'A record made on this device'}
              </Text>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
