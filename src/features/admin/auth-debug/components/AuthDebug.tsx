import { Badge, Button, Card, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '@/components/admin/PageHeader.tsx';
import { getSupabase } from '@/lib/supabase.ts';
import { notify } from '@/lib/notify.ts';
import { accessKeys, type StaffAccess } from '../../access/api.ts';
import { timeLeft, tokenClaims } from '../model.ts';

const sessionKey = ['admin', 'auth-debug', 'session'] as const;

/** /admin/auth-debug: what this device holds of the staff member's sign-in, to explain a refusal. */
export function AuthDebug({ access }: { access: StaffAccess }) {
  const queryClient = useQueryClient();
  const [refreshing, setRefreshing] = useState(false);
  const session = useQuery({
    queryKey: sessionKey,
    queryFn: async () => (await (await getSupabase()).auth.getSession()).data.session,
  });
  const current = session.data;
  const claims = current ? tokenClaims(current.access_token) : null;

  const refresh = async () => {
    setRefreshing(true);
    const { error } = await (await getSupabase()).auth.refreshSession();
    setRefreshing(false);
    if (error) notify.error(`The session could not be renewed: ${error.message}`);
    await queryClient.invalidateQueries({ queryKey: sessionKey });
    await queryClient.invalidateQueries({ queryKey: accessKeys.permissions(access.user.id) });
  };

  const rows: [string, ReactNode][] = [
    ['Email', access.user.email],
    ['User id', <Code key="id">{access.user.id}</Code>],
    ['Role', <Badge key="role" variant="light">{access.role}</Badge>],
    ['Token expires', current?.expires_at ? `${new Date(current.expires_at * 1000).toLocaleString()} (${timeLeft(current.expires_at, Date.now())})` : 'No session on this device'],
    ['Token role', typeof claims?.role === 'string' ? claims.role : 'none'],
  ];

  return (
    <>
      <PageHeader
        title="Sign-in details"
        description="Your session, token and permissions as this device and the database see them."
        actions={
          <Button variant="default" leftSection={<IconRefresh size={16} />} loading={refreshing} onClick={() => void refresh()}>
            Renew session
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Session
          </Title>
          <Table variant="vertical" layout="fixed" withTableBorder={false}>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={140}>{label}</Table.Th>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
        <Card withBorder radius="md" padding="lg">
          <Title order={2} size="h4" mb="sm">
            Permissions
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            What the {access.role} role may do. The database checks each of them again on every read and write.
          </Text>
          <Group gap={6} data-testid="permissions">
            {access.permissions.map((permission) => (
              <Badge key={permission} variant="outline" tt="none">
                {permission}
              </Badge>
            ))}
          </Group>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md" padding="lg" mt="lg">
        <Stack gap="xs">
          <Title order={2} size="h4">
            Token claims
          </Title>
          <Code block data-testid="claims">
            {claims ? JSON.stringify(claims, null, 2) : 'No token on this device.'}
          </Code>
        </Stack>
      </Card>
    </>
  );
}
