import { localDb, type StoredErrorReport } from '../local-db.ts';

/** The three product endpoints that take reports: POST /api/errors, /api/performance, /api/feedback. */
export type ReportKind = 'errors' | 'performance' | 'feedback';

/** Stored reports kept per kind (at most 10); the oldest go first. */
export const MAX_KEPT_REPORTS = 10;

/** What one delivery attempt came to: sent, worth trying again later, or refused for good. */
export type DeliveryOutcome = 'delivered' | 'retry' | 'rejected';

export type Send = (kind: ReportKind, body: Record<string, unknown>) => Promise<DeliveryOutcome>;

interface KeptReport {
  kind: ReportKind;
  body: Record<string, unknown>;
}

function kept(row: StoredErrorReport): KeptReport {
  return row.report as unknown as KeptReport;
}

/**
 * Keeps a report that could not be posted. Each kind is capped on its own, so a burst of
 * performance metrics while offline never pushes out the error reports.
 */
export async function keepReport(kind: ReportKind, body: Record<string, unknown>): Promise<void> {
  // In the order the reports were made, not the order their posts failed: errors caught together
  // (while the reporter's code loads) are posted together, and their failures come back in any order.
  const madeAt = typeof body.timestamp === 'string' ? Date.parse(body.timestamp) : Number.NaN;
  await localDb.transaction('rw', localDb.errorReports, async () => {
    await localDb.errorReports.add({ report: { kind, body } satisfies KeptReport, createdAt: Number.isFinite(madeAt) ? madeAt : Date.now() });
    const ofKind = (await localDb.errorReports.orderBy('createdAt').toArray()).filter((row) => kept(row).kind === kind);
    const excess = ofKind.length - MAX_KEPT_REPORTS;
    if (excess > 0) await localDb.errorReports.bulkDelete(ofKind.slice(0, excess).map((row) => row.id!));
  });
}

/** The kept reports, oldest first. */
export async function keptReports(): Promise<(KeptReport & { id: number })[]> {
  const rows = await localDb.errorReports.orderBy('createdAt').toArray();
  return rows.map((row) => ({ id: row.id!, ...kept(row) }));
}

let delivering: Promise<number> | undefined;

/**
 * Posts the kept reports oldest first and forgets each one the server took (or refused for good).
 * Stops at the first that should be retried: the server is still away. One run at a time; the
 * server ignores a report id it already has, so a report sent twice (two tabs) is stored once.
 */
export function deliverKeptReports(send: Send): Promise<number> {
  delivering ??= (async () => {
    let delivered = 0;
    try {
      for (const report of await keptReports()) {
        const outcome = await send(report.kind, report.body);
        if (outcome === 'retry') break;
        await localDb.errorReports.delete(report.id);
        if (outcome === 'delivered') delivered += 1;
      }
    } finally {
      delivering = undefined;
    }
    return delivered;
  })();
  return delivering;
}
