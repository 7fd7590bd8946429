import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowLeft, IconHome, IconMail, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { classifyError, errorFacts } from '../../lib/error-reporting/classify.ts';
import { reportError, sendFeedback, type ReportOutcome } from '../../lib/error-reporting/report.ts';
import { ErrorFrame } from './ErrorScreens.tsx';
import { reloadFresh } from './recovery.ts';

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

interface ErrorBoundaryProps {
  children: ReactNode;
  /** The branding's email; support@… of the default company when not given. */
  supportEmail?: string;
  /** Called when the user chooses Try Again, before the children render again. */
  onReset?: () => void;
  /** For an optional widget (the chat): on failure it reports and disappears instead of taking the page. */
  quiet?: boolean;
}

interface ErrorBoundaryState {
  error: unknown;
  failed: boolean;
  errorId?: string;
}

/** Catches render errors below it, reports them with their component stack and shows the generic error page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ errorId: reportError(error, { source: 'error-boundary', componentStack: info.componentStack ?? null }).id });
  }

  private readonly reset = () => {
    this.props.onReset?.();
    this.setState({ error: undefined, failed: false, errorId: undefined });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.quiet) return null;
    return <GenericErrorScreen error={this.state.error} errorId={this.state.errorId} onTryAgain={this.reset} supportEmail={this.props.supportEmail} />;
  }
}
