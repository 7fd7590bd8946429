import { getSupabase, mayHaveSession } from '../supabase.ts';
import { classifyError, errorFacts, type ErrorType } from './classify.ts';
import type { DeliveryOutcome, ReportKind } from './queue.ts';
import { parseStackFrames } from './stack-frames.ts';

/** Where an error was caught. */
export type ErrorSource = 'window.error' | 'unhandledrejection' | 'error-boundary' | 'route' | 'manual';

/** What the catcher knows beyond the error itself; anything else given is sent as the report's context. */
export interface ErrorContext {
  source?: ErrorSource;
  componentStack?: string | null;
  [key: string]: unknown;
}

/** What became of a report: posted, kept on the device for later, refused by the server, or dropped here. */
export type ReportOutcome = 'delivered' | 'kept' | 'rejected' | 'dropped';

export interface ReportHandle {
  /** Made on the device: shown to the user, quoted in feedback and mails, and the server's key. */
  id: string;
  errorType: ErrorType;
  sent: Promise<ReportOutcome>;
}

// Bodies stay well under the server's 64 KB limit (and fetch keepalive's) even with long stacks.
const LIMITS = { message: 2_000, stack: 16_000, componentStack: 8_000, context: 8_000, url: 2_000, userAgent: 500 };
// A render loop can throw the same error hundreds of times a second; a few reports say it all.
const MAX_REPEATS = 5;

const repeats = new Map<string, number>();
const reported = new WeakMap<object, ReportHandle>();
let memorySessionId: string | undefined;

/** The product endpoints live on the page's own origin, also when Supabase is hosted elsewhere. */
function endpoint(kind: ReportKind): string {
  return `${globalThis.location.origin}/api/${kind}`;
}

function clip(value: string | null | undefined, max: number): string | null {
  if (value === null || value === undefined) return null;
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/** The browser tab's visit: one id per tab until it closes, so a user's reports can be read together. */
export function sessionId(): string {
  try {
    const stored = sessionStorage.getItem('kilele:session-id');
    if (stored) return stored;
    const made = crypto.randomUUID();
    sessionStorage.setItem('kilele:session-id', made);
    return made;
  } catch {
    memorySessionId ??= crypto.randomUUID();
    return memorySessionId;
  }
}

/** Context as plain JSON: Errors become their message, cycles and functions are dropped, size is capped. */
function jsonContext(context: Record<string, unknown>): Record<string, unknown> {
  const seen = new WeakSet<object>();
  const text = JSON.stringify(context, (_key, value: unknown) => {
    if (value instanceof Error) return { name: value.name, message: value.message };
    if (typeof value === 'function' || typeof value === 'symbol') return undefined;
    if (typeof value === 'bigint') return value.toString();
    if (value && typeof value === 'object') {
      if (seen.has(value)) return undefined;
      seen.add(value);
    }
    return value;
  });
  if (!text || text.length > LIMITS.context) return text ? { truncated: true, keys: Object.keys(context).slice(0, 50) } : {};
  return JSON.parse(text) as Record<string, unknown>;
}

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

function pageUrl(): string {
  return clip(globalThis.location?.href ?? 'about:blank', LIMITS.url)!;
}

/** The signed-in user and their access token; none when signed out (a visitor's report loads no supabase-js). */
async function currentUser(): Promise<{ userId: string; accessToken: string } | null> {
  if (!mayHaveSession()) return null;
  try {
    const { data } = await (await getSupabase()).auth.getSession();
    const session = data.session;
    return session ? { userId: session.user.id, accessToken: session.access_token } : null;
  } catch {
    return null;
  }
}

/**
 * One POST. The user's token goes along so the server can stamp the report with a user it verified
 * itself; the body's userId is only what the device believed.
 */
async function post(kind: ReportKind, body: Record<string, unknown>): Promise<DeliveryOutcome> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'retry';
  const user = await currentUser();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (user) headers.authorization = `Bearer ${user.accessToken}`;
  try {
    const response = await fetch(endpoint(kind), { method: 'POST', headers, body: JSON.stringify(body), keepalive: true });
    if (response.ok) return 'delivered';
    if (response.status === 408 || response.status === 429 || response.status >= 500) return 'retry';
    console.warn(`The server refused a report to /api/${kind} (${response.status}).`);
    return 'rejected';
  } catch {
    return 'retry';
  }
}

// The device queue (Dexie) is loaded when a report has to be kept or delivered, not with the page.
let loadedQueue: Promise<typeof import('./queue.ts')> | undefined;
const deviceQueue = () => (loadedQueue ??= import('./queue.ts'));

/** Posts the reports kept on the device; called after the first render, on 'online' and after any post gets through. */
export async function deliverKept(): Promise<number> {
  return (await deviceQueue()).deliverKeptReports(post);
}

async function submit(kind: ReportKind, body: Record<string, unknown>): Promise<ReportOutcome> {
  const outcome = await post(kind, body);
  if (outcome === 'retry') {
    try {
      await (await deviceQueue()).keepReport(kind, body);
    } catch {
      // No IndexedDB (private mode, full disk): the report is lost, the page carries on.
      return 'dropped';
    }
    return 'kept';
  }
  // Once the device sync has looked (deliverKept), a post that gets through sends what is still kept;
  // before that, the web vitals of a first paint must not load Dexie for it.
  if (outcome === 'delivered' && loadedQueue) {
    void loadedQueue
      .then((queue) => queue.keptReports())
      .then((waiting) => (waiting.length ? deliverKept() : 0))
      .catch(() => 0);
  }
  return outcome;
}

/**
 * The one way errors are reported: window listeners, error boundaries and error screens all call
 * this. Returns at once with the report's id; the post (or keeping it for later) runs behind.
 * The same error object reported twice (a screen rendered again) gives back the first handle.
 */
export function reportError(error: unknown, context: ErrorContext = {}): ReportHandle {
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
    timestamp: new Date().toISOString(),
    userAgent: clip(globalThis.navigator?.userAgent ?? 'unknown', LIMITS.userAgent)!,
    url: pageUrl(),
    sessionId: sessionId(),
    errorType,
    errorSource: source,
    browserInfo: browserInfo(),
    stackFrames: parseStackFrames(stack),
    userId: null as string | null,
  };

  const sent =
    count > MAX_REPEATS
      ? Promise.resolve<ReportOutcome>('dropped')
      : currentUser().then((user) => submit('errors', { ...body, userId: user?.userId ?? null }));
  const handle: ReportHandle = { id, errorType, sent };
  if (error && typeof error === 'object') reported.set(error, handle);
  return handle;
}

/** A measured figure (web vitals, timings): POST /api/performance, kept for later when it cannot be sent. */
export function reportPerformance(metric: string, value: number, context: Record<string, unknown> = {}): Promise<ReportOutcome> {
  return submit('performance', {
    id: crypto.randomUUID(),
    metric,
    value,
    context: jsonContext(context),
    timestamp: new Date().toISOString(),
    url: pageUrl(),
    sessionId: sessionId(),
  });
}

/** What a user wrote about a problem, tied to the error report it is about: POST /api/feedback. */
export function sendFeedback(feedback: string, errorId: string | null = null): Promise<ReportOutcome> {
  return submit('feedback', {
    id: crypto.randomUUID(),
    feedback,
    errorId,
    timestamp: new Date().toISOString(),
    url: pageUrl(),
    sessionId: sessionId(),
  });
}
