import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApiErrorBody } from '../../shared/api-errors.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // The shipped allowance of 60 (public.rate_limits), over an hour so that the rate-limit test below
  // never straddles two windows.
  await server.setRateLimit('api.feedback', 60, 3600);
  await server.setRateLimit('api.error_reports', 60, 3600);
});

afterAll(async () => {
  await server?.close();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function errorReport(overrides: Record<string, unknown> = {}) {
  return {
    id: randomUUID(),
    message: "Cannot read properties of undefined (reading 'title')",
    stack: "TypeError: Cannot read properties of undefined (reading 'title')\n    at TourCard (http://localhost/assets/tours.js:12:34)",
    componentStack: '\n    at TourCard\n    at FeaturedTours',
    context: { route: '/tours' },
    timestamp: new Date().toISOString(),
    userAgent: 'Mozilla/5.0 (test)',
    url: 'http://localhost/tours',
    sessionId: 'session-1',
    errorType: 'React',
    errorSource: 'error-boundary',
    browserInfo: { language: 'en', online: true },
    stackFrames: [{ function: 'TourCard', file: 'http://localhost/assets/tours.js', line: 12, column: 34 }],
    userId: null,
    ...overrides,
  };
}

describe('POST /api/errors', () => {
  test('stores a valid report with every field, readable by admins only', async () => {
    const report = errorReport();
    const response = await post('/api/errors', report);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ id: report.id });

    const admin = await server.adminClient();
    const { data, error } = await admin.from('error_reports').select('*').eq('id', report.id).single();
    expect(error).toBeNull();
    expect(data).toMatchObject({
      message: report.message,
      stack: report.stack,
      component_stack: report.componentStack,
      context: report.context,
      user_agent: report.userAgent,
      url: report.url,
      session_id: report.sessionId,
      error_type: 'React',
      error_source: 'error-boundary',
      browser_info: report.browserInfo,
      stack_frames: report.stackFrames,
      user_id: null,
    });
    expect(new Date(data!.occurred_at as string).toISOString()).toBe(report.timestamp);

    const { client } = await server.traveler();
    const asTraveler = await client.from('error_reports').select('id').eq('id', report.id);
    expect(asTraveler.data).toEqual([]);
    const anonymous = await server.client().from('error_reports').select('id').eq('id', report.id);
    expect(anonymous.data).toEqual([]);
    const forged = await client.from('error_reports').insert({ ...report, id: randomUUID() });
    expect(forged.error).not.toBeNull();
  });

  test('takes the user from a verified token, never from the body alone', async () => {
    const traveler = await server.traveler();
    const other = await server.traveler();
    const { data: session } = await traveler.client.auth.getSession();
    const signed = errorReport({ userId: other.userId });
    expect((await post('/api/errors', signed, { authorization: `Bearer ${session.session!.access_token}` })).status).toBe(202);
    const claimedOnly = errorReport({ userId: traveler.userId });
    expect((await post('/api/errors', claimedOnly)).status).toBe(202);

    const { rows } = await server.db.query<{ id: string; user_id: string | null }>(
      'select id, user_id from public.error_reports where id = any($1::uuid[])',
      [[signed.id, claimedOnly.id]],
    );
    const userOf = Object.fromEntries(rows.map((row) => [row.id, row.user_id]));
    expect(userOf[signed.id]).toBe(traveler.userId);
    expect(userOf[claimedOnly.id]).toBeNull();

    const refused = await post('/api/errors', errorReport(), { authorization: 'Bearer not-a-token' });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error.message).toMatch(/access token was refused/);
  });

  test('a report delivered twice is stored once', async () => {
    const report = errorReport();
    expect((await post('/api/errors', report)).status).toBe(202);
    const again = await post('/api/errors', report);
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ id: report.id });
    const { rows } = await server.db.query('select 1 from public.error_reports where id = $1', [report.id]);
    expect(rows).toHaveLength(1);
  });

  test('bad input is refused with a message that says what is wrong', async () => {
    const missing = await post('/api/errors', errorReport({ message: undefined, errorType: 'Cosmic Rays' }));
    expect(missing.status).toBe(400);
    const { error } = (await missing.json()) as ApiErrorBody;
    expect(error.message).toMatch(/^Invalid error report: /);
    expect(Object.keys(error.fields!)).toEqual(expect.arrayContaining(['message', 'errorType']));
    expect(error.message).toContain('errorType must be one of Network, Chunk Loading, Authentication');

    const badDate = await post('/api/errors', errorReport({ timestamp: 'yesterday' }));
    expect(badDate.status).toBe(400);
    expect((await badDate.json()).error.message).toContain('timestamp must be an ISO 8601 date and time');

    for (const notAnObject of ['{"message": ', '[1, 2]', '"text"']) {
      const response = await post('/api/errors', notAnObject);
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe('The body must be a JSON object.');
    }
  });

  test('an oversized body is refused with 413', async () => {
    const response = await post('/api/errors', errorReport({ stack: 'x'.repeat(70 * 1024) }));
    expect(response.status).toBe(413);
    expect((await response.json()).error.message).toMatch(/too large: at most 64 KB/);
  });
});

describe('POST /api/performance and /api/feedback', () => {
  test('store valid measurements and feedback', async () => {
    const metric = { id: randomUUID(), metric: 'LCP', value: 1834.2, context: { rating: 'good' }, timestamp: new Date().toISOString(), url: 'http://localhost/', sessionId: 's-2' };
    const stored = await post('/api/performance', metric);
    expect(stored.status).toBe(202);
    const note = { feedback: 'The map did not load on the tour page.', errorId: metric.id, timestamp: new Date().toISOString(), url: 'http://localhost/tours/x', sessionId: 's-2' };
    const sent = await post('/api/feedback', note);
    expect(sent.status).toBe(202);
    const { id: feedbackId } = (await sent.json()) as { id: string };

    const admin = await server.adminClient();
    const metrics = await admin.from('performance_metrics').select('metric, value, context, session_id').eq('id', metric.id).single();
    expect(metrics.data).toEqual({ metric: 'LCP', value: 1834.2, context: { rating: 'good' }, session_id: 's-2' });
    const feedback = await admin.from('feedback').select('feedback, error_id, url').eq('id', feedbackId).single();
    expect(feedback.data).toEqual({ feedback: note.feedback, error_id: metric.id, url: note.url });

    const badValue = await post('/api/performance', { ...metric, id: randomUUID(), value: 'fast' });
    expect(badValue.status).toBe(400);
    expect((await badValue.json()).error.message).toContain('value must be a number');
    const empty = await post('/api/feedback', { ...note, feedback: '   ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error.message).toContain('feedback is required');
  });

  test('more than 60 requests in the window from one address are refused with 429', async () => {
    const note = { feedback: 'Again', timestamp: new Date().toISOString(), url: 'http://localhost/', sessionId: 's-3' };
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await post('/api/feedback', note)).status);
    const accepted = statuses.filter((status) => status === 202).length;
    expect(statuses.at(-1)).toBe(429);
    // The earlier feedback test used two of this address's minute.
    expect(accepted).toBe(58);
    const limited = await post('/api/feedback', note);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect((await limited.json()).error.message).toMatch(/^Too many feedback messages from this address\. Please try again in \d+ (seconds|minutes)\.$/);
    // Each endpoint has its own allowance.
    expect((await post('/api/errors', errorReport())).status).toBe(202);
  });
});
