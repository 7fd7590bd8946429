import path from 'node:path';

/**
 * The end-to-end suite runs E2E_WORKERS Playwright workers, each against a server of its own
 * (playwright.config.ts starts them): its own port, data directory (database, uploads, mail) and
 * SMTP sink, so two tests running at once never see each other's rows, emails or settings. A worker
 * uses the server of its parallel index, which a worker started again after a failure keeps.
 * Two by default: one test leaves a third of a 2-core machine idle (it waits on the browser, the
 * server, timers), so two at once finish the suite in 9.0 minutes against 12.8 with one, though
 * each test takes 1.4 times as long (measured back to back, 202 tests). Give more on more cores.
 */
export const workerCount = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const firstPort = Number(process.env.E2E_PORT ?? 3100);

export interface E2eServer {
  port: number;
  url: string;
  /** The server's DATA_DIR: admin-credentials.json, staff-credentials.json, the database. */
  dataDir: string;
  /** Where the SMTP sink beside it writes the emails it sends. */
  mailDir: string;
  smtpPort: number;
}

export function e2eServer(index: number): E2eServer {
  const port = firstPort + index;
  const dataDir = path.resolve(`.data-e2e-${port}`);
  return { port, url: `http://127.0.0.1:${port}`, dataDir, mailDir: path.join(dataDir, 'mail'), smtpPort: port + 20000 };
}

export const allServers = Array.from({ length: workerCount }, (_, index) => e2eServer(index));

/** The server of the worker this runs in (Playwright sets TEST_PARALLEL_INDEX in each worker). */
export const ownServer = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
