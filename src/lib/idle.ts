import { startTransition } from 'react';
import { loadAndReportError } from './error-reporting/load-report.ts';

/** Work for after the page: it may return a promise (a module loading), which the next job waits for. */
export type IdleJob = () => unknown;

const queue: IdleJob[] = [];
let draining = false;
let showFirstPage: () => void;
const firstPageShown = new Promise<void>((resolve) => (showFirstPage = resolve));

/**
 * Opens the queue: called once the first page has rendered, or for a server-rendered page once it
 * has hydrated (main.tsx, hydration.ts). Work started earlier would run between hydration's slices.
 */
export function startIdleWork(): void {
  showFirstPage();
}

/** Resolves in the browser's next idle period, or after `timeout` ms if there is none. */
function nextIdlePeriod(timeout: number): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, Math.min(timeout, 1_500));
  });
}

function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * One job per idle period, each after the one before has finished (its module evaluated, its
 * requests answered): started together they would land in the same few tasks and hold the page up
 * just when a visitor first scrolls or taps.
 */
async function drain(): Promise<void> {
  draining = true;
  // A page that never shows (its first render failed) still gets its service worker and chat.
  const notShown = new Promise((resolve) => setTimeout(resolve, 10_000));
  await Promise.all([Promise.race([firstPageShown, notShown]), pageLoaded()]);
  while (queue.length > 0) {
    await nextIdlePeriod(2_000);
    const job = queue.shift();
    // A job that fails is reported, and the queue goes on.
    await Promise.resolve()
      .then(job)
      .catch((error: unknown) => void loadAndReportError(error, { source: 'manual', during: 'work after the page was idle' }));
  }
  draining = false;
}

/**
 * Runs `job` once the page has loaded and shown and the browser is idle, in turn with the other jobs
 * waiting for that. Returns a cancel function (for effects): a job not yet started is dropped.
 */
export function afterPageIdle(job: IdleJob): () => void {
  queue.push(job);
  if (!draining) void drain();
  return () => {
    const index = queue.indexOf(job);
    if (index >= 0) queue.splice(index, 1);
  };
}

/**
 * afterPageIdle for a state change that shows something (a widget, a menu's code): `load` fetches
 * and evaluates its code first, and the change renders in a later idle period as a transition,
 * which React cuts into short tasks, so it never holds up a press made meanwhile.
 */
export function renderAfterPageIdle(update: () => void, load?: () => Promise<unknown>): () => void {
  let cancelled = false;
  let cancelRender: (() => void) | undefined;
  const render = () => startTransition(update);
  const cancelLoad = afterPageIdle(() => {
    if (!load) return render();
    return load().then(() => {
      if (!cancelled) cancelRender = afterPageIdle(render);
    });
  });
  return () => {
    cancelled = true;
    cancelLoad();
    cancelRender?.();
  };
}
