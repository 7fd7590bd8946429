import 'fake-indexeddb/auto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { MAX_KEPT_REPORTS, keepReport, keptReports } from '../../src/lib/error-reporting/queue.ts';
import { reportError } from '../../src/lib/error-reporting/report.ts';
import { deliverKept, reportPerformance, sendFeedback } from '../../src/lib/error-reporting/send.ts';
import { localDb } from '../../src/lib/local-db.ts';

/**
 * The network edge is a real HTTP listener on a fixed port: "down" is nothing listening there
 * (the connection is refused, as when the server or the network is away), "up" answers like the
 * product endpoints. Everything between reportError and the wire is the real code over IndexedDB.
 */
let port: number;
let server: Server | undefined;
let received: { path: string; body: Record<string, unknown> }[] = [];
let answer = 202;

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return JSON.parse(text) as Record<string, unknown>;
}

async function serverUp(): Promise<void> {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    received.push({ path: request.url!, body });
    response.writeHead(answer, { 'content-type': 'application/json' }).end(JSON.stringify({ id: body.id }));
  });
  await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
}

async function serverDown(): Promise<void> {
  if (!server) return;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server!.close(() => resolve()));
  server = undefined;
}

beforeAll(async () => {
  await serverUp();
  port = (server!.address() as AddressInfo).port;
  await serverDown();
  vi.stubGlobal('location', { origin: `http://127.0.0.1:${port}`, href: `http://127.0.0.1:${port}/tours/serengeti-migration` });
});

afterEach(async () => {
  await serverDown();
  await localDb.errorReports.clear();
  received = [];
  answer = 202;
});

afterAll(() => {
  vi.unstubAllGlobals();
  localDb.close();
});

describe('error reports while the server is away', () => {
  test('are kept on the device, never more than 10, the oldest dropped first', async () => {
    for (let i = 1; i <= 12; i += 1) {
      expect(await reportError(new Error(`Booking step ${i} failed`), { source: 'manual', step: i }).sent).toBe('kept');
    }
    // Other kinds are capped on their own and never push error reports out.
    expect(await reportPerformance('LCP', 2100)).toBe('kept');
    expect(await sendFeedback('The page went blank')).toBe('kept');

    const kept = await keptReports();
    const errors = kept.filter((report) => report.kind === 'errors');
    expect(errors).toHaveLength(MAX_KEPT_REPORTS);
    expect(errors.map((report) => report.body.message)).toEqual(Array.from({ length: 10 }, (_, i) => `Booking step ${i + 3} failed`));
    expect(kept.filter((report) => report.kind !== 'errors').map((report) => report.kind)).toEqual(['performance', 'feedback']);
    expect(await localDb.errorReports.count()).toBe(12);
  });

  test('are not made for a chunk that fails to load while the browser is offline: those would push the real ones out', async () => {
    vi.stubGlobal('navigator', { onLine: false, userAgent: 'unit' });
    try {
      const offline = reportError(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/toast-MZN4ZLfa.js'), { source: 'unhandledrejection' });
      expect(offline.errorType).toBe('Chunk Loading');
      expect(await offline.sent).toBe('dropped');
      expect(await reportError(new Error('Itinerary sync failed'), { source: 'window.error' }).sent).toBe('kept');
    } finally {
      vi.stubGlobal('navigator', undefined);
    }
    // Online, a chunk that fails to load is a broken release: kept, and sent when the server is back.
    expect(await reportError(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/ChatWidget-Cp8hoUxD.js')).sent).toBe('kept');
    expect((await keptReports()).map((report) => report.body.message)).toEqual([
      'Itinerary sync failed',
      'Failed to fetch dynamically imported module: http://127.0.0.1/assets/ChatWidget-Cp8hoUxD.js',
    ]);
  });

  test('are kept in the order they were made, whichever post failed first', async () => {
    const madeAt = (second: number) => new Date(Date.UTC(2026, 10, 23, 8, 0, second)).toISOString();
    // The report made first fails last; eleven reports: the one made first is the one dropped.
    for (let second = 11; second >= 1; second -= 1) await keepReport('errors', { message: `Sync ${second} failed`, timestamp: madeAt(second) });
    expect((await keptReports()).map((report) => report.body.message)).toEqual(Array.from({ length: 10 }, (_, i) => `Sync ${i + 2} failed`));
  });

  test('are delivered in order when it returns, then forgotten', async () => {
    const first = reportError(new TypeError('Failed to fetch'), { source: 'window.error' });
    const second = reportError(new SyntaxError('Unexpected token < in JSON at position 0'), { source: 'unhandledrejection' });
    expect(await first.sent).toBe('kept');
    expect(await second.sent).toBe('kept');
    expect(await reportPerformance('TTFB', 320, { rating: 'good' })).toBe('kept');
    expect(received).toEqual([]);

    await serverUp();
    expect(await deliverKept()).toBe(3);
    expect(received.map((request) => [request.path, request.body.message ?? request.body.metric])).toEqual([
      ['/api/errors', 'Failed to fetch'],
      ['/api/errors', 'Unexpected token < in JSON at position 0'],
      ['/api/performance', 'TTFB'],
    ]);
    expect(received.slice(0, 2).map((request) => request.body.id)).toEqual([first.id, second.id]);
    expect(await localDb.errorReports.count()).toBe(0);
    // Nothing is sent twice.
    expect(await deliverKept()).toBe(0);
    expect(received).toHaveLength(3);
  });

  test('a server error keeps the report; a refusal (4xx) does not', async () => {
    await serverUp();
    answer = 503;
    expect(await reportError(new Error('Upstream down')).sent).toBe('kept');
    answer = 400;
    expect(await reportError(new Error('Malformed')).sent).toBe('rejected');
    expect((await keptReports()).map((report) => report.body.message)).toEqual(['Upstream down']);
  });
});

describe('reportError', () => {
  test('posts every field of the spec, classified, once per error object', async () => {
    await serverUp();
    const error = new TypeError("Cannot read properties of undefined (reading 'price')");
    const handle = reportError(error, { source: 'error-boundary', componentStack: '\n    at PriceTag\n    at TourCard', tourSlug: 'serengeti' });
    expect(reportError(error, { source: 'window.error' })).toBe(handle);
    expect(await handle.sent).toBe('delivered');
    expect(received).toHaveLength(1);

    const { path, body } = received[0];
    expect(path).toBe('/api/errors');
    expect(Object.keys(body).sort()).toEqual(
      ['browserInfo', 'componentStack', 'context', 'errorSource', 'errorType', 'id', 'message', 'sessionId', 'stack', 'stackFrames', 'timestamp', 'url', 'userAgent', 'userId'].sort(),
    );
    expect(body).toMatchObject({
      id: handle.id,
      message: "Cannot read properties of undefined (reading 'price')",
      componentStack: '\n    at PriceTag\n    at TourCard',
      context: { name: 'TypeError', tourSlug: 'serengeti' },
      url: `http://127.0.0.1:${port}/tours/serengeti-migration`,
      errorType: 'React',
      errorSource: 'error-boundary',
      userId: null,
    });
    expect(body.stack).toContain('TypeError');
    expect(Array.isArray(body.stackFrames) && body.stackFrames.length).toBeGreaterThan(0);
    expect(new Date(body.timestamp as string).toISOString()).toBe(body.timestamp);
    expect(typeof body.sessionId).toBe('string');
  });

  test('a render loop throwing the same error is reported a few times, not hundreds', async () => {
    await serverUp();
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => reportError(new Error('Maximum update depth exceeded in Map')).sent));
    expect(outcomes.filter((outcome) => outcome === 'delivered')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'dropped')).toHaveLength(3);
  });
});
