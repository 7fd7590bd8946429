// Posting reports to the product endpoints, and keeping them on the device when that fails. Every
// page loads this (its web vitals are reported from the first paint on); the error reporter that
// builds error reports (report.ts) loads with the first error.

import { getSupabase, mayHaveSession } from '../supabase.ts';
import type { DeliveryOutcome, ReportKind } from './queue.ts';

/** What became of a report: posted, kept on the device for later, refused by the server, or dropped here. */
export type ReportOutcome = 'delivered' | 'kept' | 'rejected' | 'dropped';

// Context and the page's address are capped like the error reports' fields (report.ts).
const LIMITS = { context: 8_000, url: 2_000 };

let memorySessionId: string | undefined;

/** The product endpoints live on the page's own origin, also when Supabase is hosted elsewhere. */
function endpoint(kind: ReportKind): string {
  return `${globalThis.location.origin}/api/${kind}`;
}

export function clip(value: string | null | undefined, max: number): string | null {
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
export function jsonContext(context: Record<string, unknown>): Record<string, unknown> {
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

export function pageUrl(): string {
  return clip(globalThis.location?.href ?? 'about:blank', LIMITS.url)!;
}

/** The signed-in user and their access token; none when signed out (a visitor's report loads no supabase-js). */
export async function currentUser(): Promise<{ userId: string; accessToken: string } | null> {
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

export async function submit(kind: ReportKind, body: Record<string, unknown>): Promise<ReportOutcome> {
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
