import type { ErrorType } from '@shared/error-types.ts';
import { classifyError } from './classify.ts';
import { errorFacts } from './facts.ts';
import { clip, currentUser, jsonContext, pageUrl, sessionId, submit, type ReportOutcome } from './send.ts';
import { parseStackFrames } from './stack-frames.ts';

/** Where an error was caught. */
export type ErrorSource = 'window.error' | 'unhandledrejection' | 'error-boundary' | 'route' | 'manual';

/** What the catcher knows beyond the error itself; anything else given is sent as the report's context. */
export interface ErrorContext {
  source?: ErrorSource;
  componentStack?: string | null;
  [key: string]: unknown;
}

export interface ReportHandle {
  /** Made on the device: shown to the user, quoted in feedback and mails, and the server's key. */
  id: string;
  errorType: ErrorType;
  sent: Promise<ReportOutcome>;
}

// Bodies stay well under the server's 64 KB limit (and fetch keepalive's) even with long stacks.
const LIMITS = { message: 2_000, stack: 16_000, componentStack: 8_000, userAgent: 500 };
// A render loop can throw the same error hundreds of times a second; a few reports say it all.
const MAX_REPEATS = 5;

const repeats = new Map<string, number>();
const reported = new WeakMap<object, ReportHandle>();

function browserInfo(): Record<string, unknown> {
  if (typeof navigator === 'undefined') return {};
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  const standalone = typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
  return {
    language: navigator.language,
    platform: navigator.platform || null,
    online: navigator.onLine,
    cookieEnabled: navigator.cookieEnabled,
    deviceMemory: (navigator as Navigator & { deviceMemory?: number }).deviceMemory ?? null,
    connection: connection ? { effectiveType: connection.effectiveType ?? null, saveData: connection.saveData ?? null } : null,
    viewport: typeof window === 'undefined' ? null : { width: window.innerWidth, height: window.innerHeight },
    screen: typeof screen === 'undefined' ? null : { width: screen.width, height: screen.height },
    standalone,
  };
}

/**
 * The one way errors are reported: window listeners, error boundaries and error screens all call
 * this. Returns at once with the report's id; the post (or keeping it for later) runs behind.
 * The same error object reported twice (a screen rendered again) gives back the first handle.
 * `occurredAt` is when the error was caught, for a caller that had to load this module first.
 */
export function reportError(error: unknown, context: ErrorContext = {}, occurredAt: Date = new Date()): ReportHandle {
  const earlier = error && typeof error === 'object' ? reported.get(error) : undefined;
  if (earlier) return earlier;

  const { source = 'manual', componentStack = null, ...rest } = context;
  const facts = errorFacts(error);
  const errorType = classifyError(error, { componentStack });
  const message = facts.message || facts.name || 'An error without a message';
  const stack = error instanceof Error ? (error.stack ?? null) : null;
  const id = crypto.randomUUID();

  const repeatKey = `${errorType}:${message}`;
  const count = (repeats.get(repeatKey) ?? 0) + 1;
  repeats.set(repeatKey, count);

  const body = {
    id,
    message: clip(message, LIMITS.message)!,
    stack: clip(stack, LIMITS.stack),
    componentStack: clip(componentStack, LIMITS.componentStack),
    context: jsonContext({ ...(facts.name ? { name: facts.name } : {}), ...(facts.code ? { code: facts.code } : {}), ...rest }),
    timestamp: occurredAt.toISOString(),
    userAgent: clip(globalThis.navigator?.userAgent ?? 'unknown', LIMITS.userAgent)!,
    url: pageUrl(),
    sessionId: sessionId(),
    errorType,
    errorSource: source,
    browserInfo: browserInfo(),
    stackFrames: parseStackFrames(stack),
    userId: null as string | null,
  };

  // A chunk that fails to load while the browser is offline says the connection is away, not that a
  // release is broken; kept, such reports would push the device's real ones out (it keeps ten).
  const offlineChunk = errorType === 'Chunk Loading' && globalThis.navigator?.onLine === false;
  const sent =
    count > MAX_REPEATS || offlineChunk
      ? Promise.resolve<ReportOutcome>('dropped')
      : currentUser().then((user) => submit('errors', { ...body, userId: user?.userId ?? null }));
  const handle: ReportHandle = { id, errorType, sent };
  if (error && typeof error === 'object') reported.set(error, handle);
  return handle;
}

