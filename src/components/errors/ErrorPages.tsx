import { Alert, Button, Container, Group, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowLeft, IconCompass, IconHome, IconLogin, IconMail, IconRefresh, IconShieldCheck, IconWifiOff } from '@tabler/icons-react';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { classifyError } from '../../lib/error-reporting/classify.ts';
import { errorFacts } from '../../lib/error-reporting/facts.ts';
import { reportError } from '../../lib/error-reporting/report.ts';
import { sendFeedback, type ReportOutcome } from '../../lib/error-reporting/send.ts';
import classes from './ErrorPages.module.css';
import { reloadFresh } from './recovery.ts';

/**
 * The error pages, one per area of the site, and the generic page of the error
 * boundary. Each area's page takes the props a TanStack Router errorComponent gets ({ error, reset }),
 * so a layout route uses it as its errorComponent. The app shows them through ErrorScreens.tsx,
 * which loads this module when a page is needed.
 */

/** The HTTP-like status an error carries (PostgREST errors, Response objects, thrown { status }). */
export function errorStatus(error: unknown): number | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const candidate = error as { status?: unknown; statusCode?: unknown; code?: unknown };
  for (const value of [candidate.status, candidate.statusCode]) {
    if (typeof value === 'number') return value;
  }
  if (candidate.code === 'PGRST301' || candidate.code === 'PGRST302') return 401;
  if (candidate.code === '42501') return 403;
  return undefined;
}

const lacksAccess = (status: number | undefined) => status === 401 || status === 403;

/** Reports the error once when its screen shows; missing pages and refused access are not faults. */
function useReportedError(error: unknown, info?: { componentStack?: string }): void {
  const componentStack = info?.componentStack ?? null;
  useEffect(() => {
    const status = errorStatus(error);
    if (error === undefined || error === null || status === 404 || lacksAccess(status)) return;
    reportError(error, { source: 'route', componentStack });
  }, [error, componentStack]);
}

export interface ErrorScreenProps {
  error?: unknown;
  /** The router's reset for the boundary that caught the error. */
  reset?: () => void;
  /** Where in the component tree a render error was thrown. */
  info?: { componentStack?: string };
}

/** The shared page: a big code, the title, what happened, details (children), the buttons, then a footer. */
export function ErrorFrame({ code, title, message, children, actions, footer }: { code: string; title: string; message: ReactNode; children?: ReactNode; actions: ReactNode; footer?: ReactNode }) {
  return (
    <Container size="sm" className={classes.frame} role="alert">
      <Stack align="center" gap="md" ta="center">
        <Text className={classes.code} aria-hidden>
          {code}
        </Text>
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        <Text c="dimmed" maw={480}>
          {message}
        </Text>
        {children}
        <Group justify="center" mt="sm">
          {actions}
        </Group>
        {footer}
      </Stack>
    </Container>
  );
}

/** Runs the route's loaders again and lets its boundary render afresh. */
function useRetry(reset: (() => void) | undefined) {
  const router = useRouter();
  return () => {
    reset?.();
    void router.invalidate();
  };
}

const rootCopy: Record<'notFound' | 'denied' | 'failed', { title: string; message: string }> = {
  notFound: { title: 'Page Not Found', message: 'The page you are looking for does not exist or has moved.' },
  denied: { title: 'Access Denied', message: 'You do not have permission to see this page. Try signing in with another account.' },
  failed: { title: 'Something went wrong', message: 'An unexpected error stopped this page from loading. Please try again in a moment.' },
};

/** The root error page: Page Not Found, Access Denied or Something went wrong, with Go Home and Go Back. */
export function RootErrorScreen({ error, info }: ErrorScreenProps) {
  const router = useRouter();
  const status = errorStatus(error);
  const kind = status === 404 ? 'notFound' : lacksAccess(status) ? 'denied' : 'failed';
  useReportedError(error, info);
  return (
    <ErrorFrame
      code={status ? String(status) : 'Oops'}
      {...rootCopy[kind]}
      actions={
        <>
          <Button component={Link} to="/" leftSection={<IconHome size={18} />}>
            Go Home
          </Button>
          <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => router.history.back()}>
            Go Back
          </Button>
        </>
      }
    />
  );
}

/** The public site's error page: Page Not Found or Unable to Load Page, with Home and Browse Tours. */
export function PublicErrorScreen({ kind, error, info }: { kind: 'notFound' | 'loadFailed'; error?: unknown; info?: ErrorScreenProps['info'] }) {
  useReportedError(kind === 'loadFailed' ? error : undefined, info);
  const copy =
    kind === 'notFound'
      ? { code: '404', title: 'Page Not Found', message: 'We could not find that page. Our tours are a good place to start again.' }
      : { code: 'Oops', title: 'Unable to Load Page', message: 'This page could not be loaded. Check your connection and try again.' };
  return (
    <ErrorFrame
      {...copy}
      actions={
        <>
          <Button component={Link} to="/" variant="default" radius="xl" leftSection={<IconHome size={18} />}>
            Home
          </Button>
          <Button component={Link} to="/tours" radius="xl" leftSection={<IconCompass size={18} />}>
            Browse Tours
          </Button>
        </>
      }
    />
  );
}

/** The public layout's errorComponent: a missing page or one that failed to load. */
export function PublicRouteErrorScreen({ error, info }: ErrorScreenProps) {
  return <PublicErrorScreen kind={errorStatus(error) === 404 ? 'notFound' : 'loadFailed'} error={error} info={info} />;
}

/** The sign-in page, coming back to `href` afterwards. */
export function signInHref(href: string): string {
  return `/auth/login?redirect=${encodeURIComponent(href)}`;
}

/** The traveler portal's error page: Please Sign In (401/403) with Sign In, otherwise Dashboard Error. */
export function TravelerErrorScreen({ error, reset, info }: ErrorScreenProps) {
  const router = useRouter();
  const current = useRouterState({ select: (state) => state.location.href });
  const retry = useRetry(reset);
  useReportedError(error, info);

  if (lacksAccess(errorStatus(error))) {
    const href = signInHref(current);
    return (
      <ErrorFrame
        code="401"
        title="Please Sign In"
        message="Your trips, bookings and messages are private. Sign in to see them; you will come straight back here."
        actions={
          <Button
            component="a"
            href={href}
            leftSection={<IconLogin size={18} />}
            onClick={(event: MouseEvent) => {
              event.preventDefault();
              router.history.push(href);
            }}
          >
            Sign In
          </Button>
        }
      />
    );
  }
  return (
    <ErrorFrame
      code="Oops"
      title="Dashboard Error"
      message="Part of your dashboard could not be loaded. Your bookings are safe; please try again."
      actions={
        <Button leftSection={<IconRefresh size={18} />} onClick={retry}>
          Try Again
        </Button>
      }
    />
  );
}

/** How long the admin Loading Issue screen shows before it clears the caches and reopens /admin. */
export const ADMIN_RECOVERY_DELAY_MS = 2000;

/**
 * Safe Mode opens the back office at /admin?safe=1. The admin area reads that flag to start with
 * the least it needs (no dashboard widgets, no optional modules), so an admin can get in while a
 * part of it is broken.
 */
export const ADMIN_SAFE_MODE_URL = '/admin?safe=1';

/**
 * The admin area's error page: Access Denied (401/403); Loading Issue when a module failed to load,
 * which clears the caches after 2 s and reopens /admin; otherwise Something went wrong. Retry and
 * Safe Mode are always offered.
 */
export function AdminErrorScreen({ error, reset, info }: ErrorScreenProps) {
  const retry = useRetry(reset);
  const status = errorStatus(error);
  const denied = lacksAccess(status);
  const loadingIssue = !denied && classifyError(error) === 'Chunk Loading';
  useReportedError(error, info);

  useEffect(() => {
    if (!loadingIssue) return;
    const timer = setTimeout(() => void reloadFresh('/admin'), ADMIN_RECOVERY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loadingIssue]);

  const copy = denied
    ? { code: String(status), title: 'Access Denied', message: 'This part of the back office is for our team, and this account cannot open it. Sign in with a team account that can.' }
    : loadingIssue
      ? { code: 'Update', title: 'Loading Issue', message: 'A part of the back office could not be loaded, most likely because a new version was released. Clearing stored files and reopening the dashboard…' }
      : { code: 'Oops', title: 'Something went wrong', message: 'This back-office page stopped with an error. Try again, or open Safe Mode to work with the essentials.' };
  return (
    <ErrorFrame
      {...copy}
      actions={
        <>
          <Button leftSection={<IconRefresh size={18} />} onClick={loadingIssue ? () => void reloadFresh() : retry}>
            Retry
          </Button>
          <Button
            component="a"
            href={ADMIN_SAFE_MODE_URL}
            variant="default"
            leftSection={<IconShieldCheck size={18} />}
            onClick={(event) => {
              // Safe Mode loads the back office's code afresh: stored copies may be what broke.
              event.preventDefault();
              void reloadFresh(ADMIN_SAFE_MODE_URL);
            }}
          >
            Safe Mode
          </Button>
        </>
      }
    >
      {loadingIssue && <Loader size="sm" aria-label="Reloading the back office" />}
    </ErrorFrame>
  );
}

/** Used when no branding email is passed in: the default company's support address. */
export const FALLBACK_SUPPORT_EMAIL = 'support@kilelesafaris.co.tz';

export const CHUNK_ERROR_TEXT = 'The application has been updated with new features...';
export const NETWORK_ADVICE = 'Check your internet connection and try again. Pages you have already visited still work offline.';

/** A mail to support with the error's id, message and page filled in. */
export function reportMailHref(supportEmail: string, errorId: string | undefined, message: string, url: string): string {
  const subject = `Error report${errorId ? ` ${errorId}` : ''}`;
  const body = [`Error ID: ${errorId ?? 'not assigned'}`, `Message: ${message}`, `Page: ${url}`, '', 'What I was doing when it happened:', ''].join('\n');
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

function FeedbackForm({ errorId }: { errorId: string | undefined }) {
  const [text, setText] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | ReportOutcome>('idle');
  if (state === 'delivered' || state === 'kept') {
    return (
      <Text size="sm" c="dimmed" role="status">
        {state === 'delivered' ? 'Thank you, your note was sent.' : 'Thank you, your note will be sent when you are back online.'}
      </Text>
    );
  }
  return (
    <Stack gap="xs" w="100%" maw={480} ta="left">
      <Textarea
        label="What were you doing when this happened? (optional)"
        autosize
        minRows={2}
        maxLength={5000}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Group justify="space-between">
        <Text size="xs" c="accent.7">
          {state === 'rejected' || state === 'dropped' ? 'Your note could not be sent; please use Report this error.' : ''}
        </Text>
        <Button
          size="xs"
          variant="light"
          disabled={!text.trim()}
          loading={state === 'sending'}
          onClick={async () => {
            setState('sending');
            setState(await sendFeedback(text.trim(), errorId ?? null));
          }}
        >
          Send note
        </Button>
      </Group>
    </Stack>
  );
}

export interface GenericErrorScreenProps {
  error: unknown;
  /** The report's id, once reported. */
  errorId?: string;
  onTryAgain: () => void;
  supportEmail?: string;
}

/**
 * The generic error page: Try Again, Go Back, Home and Report this error; Refresh Page when a new
 * release replaced the code the page was using; advice when the network is the cause. Needs no
 * router, so it works anywhere inside MantineProvider.
 */
export function GenericErrorScreen({ error, errorId, onTryAgain, supportEmail = FALLBACK_SUPPORT_EMAIL }: GenericErrorScreenProps) {
  const type = classifyError(error);
  const chunk = type === 'Chunk Loading';
  const message = errorFacts(error).message || 'Unknown error';
  return (
    <ErrorFrame
      code={chunk ? 'New' : 'Oops'}
      title={chunk ? 'A new version is ready' : 'Something went wrong'}
      message={chunk ? `${CHUNK_ERROR_TEXT} Refresh the page to load the latest version.` : 'This part of the page stopped with an error. Try again, or tell us about it.'}
      actions={
        <>
          {chunk && (
            <Button leftSection={<IconRefresh size={18} />} onClick={() => void reloadFresh()}>
              Refresh Page
            </Button>
          )}
          <Button variant={chunk ? 'default' : 'filled'} leftSection={<IconRefresh size={18} />} onClick={onTryAgain}>
            Try Again
          </Button>
          <Button variant="default" leftSection={<IconArrowLeft size={18} />} onClick={() => window.history.back()}>
            Go Back
          </Button>
          <Button component="a" href="/" variant="default" leftSection={<IconHome size={18} />}>
            Home
          </Button>
          <Button
            component="a"
            href={reportMailHref(supportEmail, errorId, message, globalThis.location?.href ?? '')}
            variant="subtle"
            leftSection={<IconMail size={18} />}
          >
            Report this error
          </Button>
        </>
      }
      footer={chunk ? undefined : <FeedbackForm errorId={errorId} />}
    >
      {type === 'Network' && (
        <Alert variant="light" color="ink" icon={<IconWifiOff size={18} />} title="Connection problem" ta="left" maw={480}>
          {NETWORK_ADVICE}
        </Alert>
      )}
      {errorId && (
        <Text size="xs" c="dimmed">
          Error ID:{' '}
          <Text span inherit ff="monospace">
            {errorId}
          </Text>
        </Text>
      )}
    </ErrorFrame>
  );
}
