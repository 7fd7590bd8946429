import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCompass, IconHome } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import classes from './ErrorScreens.module.css';

/** The HTTP-like status an error carries (PostgREST errors, Response objects, thrown { status }). */
export function errorStatus(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const candidate = error as { status?: unknown; statusCode?: unknown; code?: unknown };
  for (const value of [candidate.status, candidate.statusCode]) {
    if (typeof value === 'number') return value;
  }
  if (candidate.code === 'PGRST301' || candidate.code === '42501') return 403;
  return undefined;
}

const rootCopy: Record<'notFound' | 'denied' | 'failed', { title: string; message: string }> = {
  notFound: { title: 'Page Not Found', message: 'The page you are looking for does not exist or has moved.' },
  denied: { title: 'Access Denied', message: 'You do not have permission to see this page. Try signing in with another account.' },
  failed: { title: 'Something went wrong', message: 'An unexpected error stopped this page from loading. Please try again in a moment.' },
};

function Frame({ code, title, message, children }: { code: string; title: string; message: string; children: React.ReactNode }) {
  return (
    <Container size="sm" className={classes.frame}>
      <Stack align="center" gap="md" ta="center">
        <Text className={classes.code} aria-hidden>
          {code}
        </Text>
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        <Text c="dimmed" maw={460}>
          {message}
        </Text>
        <Group justify="center" mt="sm">
          {children}
        </Group>
      </Stack>
    </Container>
  );
}

/** The root error page: Page Not Found, Access Denied or Something went wrong, with Go Home and Go Back. */
export function RootErrorScreen({ error }: { error?: unknown }) {
  const router = useRouter();
  const status = errorStatus(error);
  const kind = status === 404 ? 'notFound' : status === 401 || status === 403 ? 'denied' : 'failed';
  return (
    <Frame code={status ? String(status) : 'Oops'} {...rootCopy[kind]}>
      <Button component={Link} to="/" leftSection={<IconHome size={18} />}>
        Go Home
      </Button>
      <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => router.history.back()}>
        Go Back
      </Button>
    </Frame>
  );
}

/** The public site's error page: Page Not Found or Unable to Load Page, with Home and Browse Tours. */
export function PublicErrorScreen({ kind }: { kind: 'notFound' | 'loadFailed' }) {
  const copy =
    kind === 'notFound'
      ? { code: '404', title: 'Page Not Found', message: 'We could not find that page. Our tours are a good place to start again.' }
      : { code: 'Oops', title: 'Unable to Load Page', message: 'This page could not be loaded. Check your connection and try again.' };
  return (
    <Frame {...copy}>
      <Button component={Link} to="/" variant="default" leftSection={<IconHome size={18} />}>
        Home
      </Button>
      <Button component={Link} to="/tours" leftSection={<IconCompass size={18} />}>
        Browse Tours
      </Button>
    </Frame>
  );
}
