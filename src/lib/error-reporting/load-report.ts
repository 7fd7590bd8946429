import type { ErrorContext, ReportHandle } from './report.ts';

/**
 * reportError for the code every page runs (the start, the error boundary, the idle queue): the
 * reporter and its classification load with the first error instead of with the page, since most
 * visits have none. Offline, the service worker's precache has them. Resolves with the report's
 * handle, or with nothing when the reporter could not load, so a failed load never raises another
 * error for the page's listeners to report.
 */
export function loadAndReportError(error: unknown, context?: ErrorContext): Promise<ReportHandle | undefined> {
  const occurredAt = new Date();
  return import('./report.ts').then(
    ({ reportError }) => reportError(error, context, occurredAt),
    () => undefined,
  );
}
