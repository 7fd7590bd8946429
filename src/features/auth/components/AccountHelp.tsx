import { Alert, Anchor, Badge, Button, Card, Code, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconLogin, IconMail, IconTool } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PageLoader } from '@/components/widgets/PageLoader.tsx';
import { loginHref, useSession, type SessionState } from '@/lib/session/index.ts';
import { repairSession } from '../api.ts';
import { allowancesOf, hasBackOffice } from '../roles.ts';
import { AuthCard } from './AuthCard.tsx';

function expiryText(expiresAt: number | null, now = Date.now()): string {
  if (!expiresAt) return 'Unknown';
  const minutes = Math.round((expiresAt * 1000 - now) / 60_000);
  const at = new Date(expiresAt * 1000).toLocaleString();
  if (minutes <= 0) return `${at} (expired; it is renewed on the next request)`;
  return `${at} (in ${minutes} minute${minutes === 1 ? '' : 's'}; renewed automatically)`;
}

/** Who the visitor is signed in as: email, id, role and when the session runs out. */
function WhoAmI({ session }: { session: SessionState }) {
  const { user } = session;
  if (!user) return null;
  const rows: [string, ReactNode][] = [
    ['Email', user.email],
    ['Name', user.profile?.full_name ?? '—'],
    ['User id', <Code key="id">{user.id}</Code>],
    [
      'Role',
      <Group gap="xs" key="role">
        <Badge variant="light">{allowancesOf(user.role).label}</Badge>
        {!user.profile?.role && (
          <Text size="xs" c="dimmed">
            no role in the profile: treated as traveler
          </Text>
        )}
      </Group>,
    ],
    ['Session expires', expiryText(session.expiresAt)],
  ];
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="xs">
        Who you are signed in as
      </Title>
      <Table variant="vertical" layout="fixed" data-testid="who-am-i">
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
  );
}

function Allowances({ role }: { role: string }) {
  const { label, allows } = allowancesOf(role);
  return (
    <Stack gap={6}>
      <Text fw={500}>As {/^[aeiou]/i.test(label) ? 'an' : 'a'} {label.toLowerCase()} you can use:</Text>
      <List spacing={4} size="sm">
        {allows.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function GetAccess({ contactEmail, email }: { contactEmail: string; email?: string }) {
  const subject = encodeURIComponent('Back-office access');
  const body = encodeURIComponent(`Hello,\n\nPlease give back-office access to my account${email ? ` (${email})` : ''}.\n\nThank you.`);
  return (
    <Alert variant="light" color="brand" icon={<IconMail size={18} />} title="Need more access?">
      Email{' '}
      <Anchor href={`mailto:${contactEmail}?subject=${subject}&body=${body}`} inherit fw={500}>
        {contactEmail}
      </Anchor>{' '}
      from the address you sign in with, and tell us what you need. An administrator changes roles; nobody can change
      their own.
    </Alert>
  );
}

function SignInPrompt({ returnTo, children }: { returnTo: string; children?: ReactNode }) {
  return (
    <Stack gap="md" align="flex-start">
      <Text>{children ?? 'You are not signed in.'}</Text>
      <Button component="a" href={loginHref(returnTo)} leftSection={<IconLogin size={18} />}>
        Sign in
      </Button>
    </Stack>
  );
}

/** /admin-access: whether this account reaches the back office, and how to get access when it does not. */
export function AdminAccessPage({ contactEmail }: { contactEmail: string }) {
  const session = useSession();
  if (session.status === 'loading') return <PageLoader />;
  const role = session.user?.role;
  return (
    <AuthCard title="Back-office access" subtitle="The back office is for our team. Here is what your account can do.">
      {!session.user || !role ? (
        <SignInPrompt returnTo="/admin">Sign in with your team account to open the back office.</SignInPrompt>
      ) : (
        <Stack gap="md">
          <WhoAmI session={session} />
          {hasBackOffice(role) ? (
            <Button component="a" href="/admin">
              Open the back office
            </Button>
          ) : (
            <>
              <Allowances role={role} />
              <GetAccess contactEmail={contactEmail} email={session.user.email} />
            </>
          )}
        </Stack>
      )}
    </AuthCard>
  );
}

/** /user-role-debug: the signed-in user, their role as the profile holds it, and what it allows. */
export function UserRoleDebugPage({ contactEmail }: { contactEmail: string }) {
  const session = useSession();
  if (session.status === 'loading') return <PageLoader />;
  return (
    <AuthCard title="Your account and role" subtitle="What this device knows about your sign-in.">
      {!session.user ? (
        <SignInPrompt returnTo="/user-role-debug" />
      ) : (
        <Stack gap="md">
          <WhoAmI session={session} />
          <Allowances role={session.user.role} />
          {!hasBackOffice(session.user.role) && <GetAccess contactEmail={contactEmail} email={session.user.email} />}
          <Text size="sm" c="dimmed">
            Something looks wrong?{' '}
            <Anchor component={Link} to="/auth-fix" size="sm">
              Fix sign-in problems
            </Anchor>
          </Text>
        </Stack>
      )}
    </AuthCard>
  );
}

/**
 * /auth-fix: for a sign-in stuck in a bad state. 'Repair my session' forgets this device's session
 * and cached data, then opens the sign-in page, coming back to `returnTo` afterwards.
 */
export function AuthFixPage({ contactEmail, returnTo }: { contactEmail: string; returnTo: string | null }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const repair = useMutation({
    mutationFn: () => repairSession(queryClient),
    networkMode: 'always',
    onSuccess: () => void navigate({ href: returnTo ? loginHref(returnTo) : '/auth/login', replace: true }),
  });
  if (session.status === 'loading') return <PageLoader />;
  return (
    <AuthCard title="Fix sign-in problems" subtitle="Pages that say you are signed out when you are not, or keep asking you to sign in.">
      <Stack gap="md">
        {session.user ? (
          <WhoAmI session={session} />
        ) : (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
            This device has no session: you are signed out.
          </Alert>
        )}
        <Text size="sm">
          Repairing signs this device out, forgets the sign-in it stored and the data it cached, then takes you to the sign-in
          page. Anything you changed offline that has not reached us yet is removed from this device.
        </Text>
        <Button leftSection={<IconTool size={18} />} onClick={() => repair.mutate()} loading={repair.isPending || repair.isSuccess}>
          Repair my session
        </Button>
        <GetAccess contactEmail={contactEmail} email={session.user?.email} />
      </Stack>
    </AuthCard>
  );
}
