import { isBrowserExtensionNoise } from './facts.ts';
import { loadAndReportError } from './load-report.ts';
import { deliverKept, reportPerformance } from './send.ts';
import { measureWebVitals } from './web-vitals.ts';

let started = false;

/**
 * Error, performance and feedback reporting for the whole page: uncaught errors and unhandled
 * rejections are reported, reports kept while offline are sent whenever the browser comes back
 * online (and once the first page has painted: app/device-sync.ts), and the web vitals are measured.
 * main.tsx calls it once; calling again does nothing.
 */
export function startErrorReporting(): void {
  if (started) return;
  started = true;

  const onError = (event: ErrorEvent) => {
    const error: unknown = event.error ?? event.message;
    if (isBrowserExtensionNoise(error, event.filename)) {
      event.preventDefault();
      return;
    }
    void loadAndReportError(error, { source: 'window.error', filename: event.filename || null, line: event.lineno || null, column: event.colno || null });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    if (isBrowserExtensionNoise(event.reason)) {
      event.preventDefault();
      return;
    }
    void loadAndReportError(event.reason, { source: 'unhandledrejection' });
  };
  const onOnline = () => void deliverKept().catch(() => 0);

  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('online', onOnline);
  measureWebVitals((metric, value, context) => void reportPerformance(metric, value, context));
}
