import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, type ApiErrorBody, type ApiErrorCode } from '../../shared/api-errors.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The product API's one error shape (shared/api-errors.ts, server/api/api-error.ts): every /api/*
 * route's refusals answer { error: { code, message, requestId, fields? } } with the catalogue's status,
 * the request id in x-request-id and in the server's log beside the error's code. The platform's
 * APIs keep Supabase's shapes. Card payments are configured against a Stripe that is not there,
 * so the checkout's own refusals come before any call to it.
 */
let t: TestServer;
let tokens: { admin: string; agent: string; editor: string; traveler: string };

const tokenOf = async (client: SupabaseClient) => (await client.auth.getSession()).data.session!.access_token;

beforeAll(async () => {
  t = await startTestServer({ stripeSecretKey: 'sk_test_absent', stripeApiUrl: 'http://127.0.0.1:9' }, { captureLogs: true });
  const [admin, agent, editor, traveler] = await Promise.all([t.adminClient(), t.staff('agent'), t.staff('editor'), t.traveler()]);
  tokens = { admin: await tokenOf(admin), agent: await tokenOf(agent.client), editor: await tokenOf(editor.client), traveler: await tokenOf(traveler.client) };
});

afterAll(async () => {
  await t?.close();
});

type Role = keyof typeof tokens | 'visitor';

function call(method: string, path: string, options: { as?: Role; json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.as && options.as !== 'visitor') headers.authorization = `Bearer ${tokens[options.as]}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  return fetch(`${t.url}${path}`, { method, headers, body });
}

const tooLarge = (kilobytes: number) => ({ padding: 'x'.repeat(kilobytes * 1024) });

/** Asserts the refusal's shape, status, code and request id, and its line in the log; answers its error. */
async function expectRefusal(response: Response, code: ApiErrorCode): Promise<ApiErrorBody['error']> {
  const body = (await response.json()) as ApiErrorBody;
  expect({ status: response.status, code: body.error?.code }).toEqual({ status: API_ERRORS[code].status, code });
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toEqual({ code, message: expect.any(String), requestId: expect.any(String), ...(body.error.fields ? { fields: expect.any(Object) } : {}) });
  expect(body.error.message).not.toBe('');
  expect(response.headers.get('x-request-id')).toBe(body.error.requestId);
  expect(t.logs.filter((line) => line.requestId === body.error.requestId && line.code === code)).toHaveLength(1);
  return body.error;
}

interface Refusal {
  request: () => Promise<Response>;
  code: ApiErrorCode;
  message?: string | RegExp;
  fields?: Record<string, string>;
}

const refusals: Record<string, Refusal> = {
  // Reports (server/api/reports.ts).
  'POST /api/errors, not JSON': { request: () => call('POST', '/api/errors', { body: 'nope', headers: { 'content-type': 'application/json' } }), code: 'invalid_input', message: 'The body must be a JSON object.' },
  'POST /api/errors, fields missing': {
    request: () => call('POST', '/api/errors', { json: { timestamp: 'yesterday' } }),
    code: 'invalid_input',
    message: /^Invalid error report: /,
  },
  'POST /api/errors, a bad token': { request: () => call('POST', '/api/errors', { json: {}, headers: { authorization: 'Bearer not-a-token' } }), code: 'not_signed_in', message: /^The access token was refused/ },
  'POST /api/performance, too large': { request: () => call('POST', '/api/performance', { json: tooLarge(65) }), code: 'payload_too_large', message: 'The report is too large: at most 64 KB is taken.' },
  'POST /api/feedback, fields missing': { request: () => call('POST', '/api/feedback', { json: { timestamp: new Date().toISOString() } }), code: 'invalid_input', message: /^Invalid feedback: / },
  // Enquiries (server/api/enquiries.ts).
  'POST /api/enquiries, a bad client id': {
    request: () => call('POST', '/api/enquiries', { json: { kind: 'contact', clientId: 'nope' } }),
    code: 'invalid_input',
    message: 'The client id must be a UUID.',
    fields: { clientId: 'The client id must be a UUID.' },
  },
  'POST /api/enquiries, too large': { request: () => call('POST', '/api/enquiries', { json: tooLarge(33) }), code: 'payload_too_large', message: 'The message is too long: at most 32 KB is taken.' },
  // Card payments (server/api/payments.ts).
  'POST /api/payments/checkout, a bad kind': {
    request: () => call('POST', '/api/payments/checkout', { json: { kind: 'everything', reference: 'KS-0000', email: 'nobody@example.com' } }),
    code: 'invalid_input',
    message: 'Please choose to pay the deposit, the balance or the full amount',
  },
  'POST /api/payments/checkout, no such booking': {
    request: () => call('POST', '/api/payments/checkout', { json: { kind: 'deposit', reference: 'KS-0000', email: 'nobody@example.com' } }),
    code: 'not_found',
    message: 'We could not find a booking with that reference and email',
  },
  'POST /api/payments/checkout, too large': { request: () => call('POST', '/api/payments/checkout', { json: tooLarge(9) }), code: 'payload_too_large', message: 'The request is too large.' },
  'POST /api/payments/stripe/webhook, no webhook secret': {
    request: () => call('POST', '/api/payments/stripe/webhook', { json: {} }),
    code: 'payment_unavailable',
    message: 'Stripe webhooks are not set up on this site',
  },
  // Team invitations (server/api/team.ts).
  'POST /api/team/invitations, as a traveler': {
    request: () => call('POST', '/api/team/invitations', { as: 'traveler', json: { email: 'x@example.com', role: 'agent' } }),
    code: 'forbidden',
    message: 'Only administrators can invite people to the team',
  },
  'POST /api/team/invitations, a bad address': {
    request: () => call('POST', '/api/team/invitations', { as: 'admin', json: { email: 'not-an-email', role: 'agent' } }),
    code: 'invalid_input',
    message: 'Enter a valid email address, like name@example.com',
    fields: { email: 'Enter a valid email address, like name@example.com' },
  },
  'POST /api/team/invitations, too large': { request: () => call('POST', '/api/team/invitations', { as: 'admin', json: tooLarge(5) }), code: 'payload_too_large', message: 'The request is too large.' },
  'POST /api/team/invitations/:id/resend, no such invitation': {
    request: () => call('POST', '/api/team/invitations/not-an-id/resend', { as: 'admin' }),
    code: 'not_found',
    message: 'There is no such invitation',
  },
  // Quotes (server/api/quotes.ts).
  'POST /api/quotes/:id/send, not signed in': { request: () => call('POST', `/api/quotes/${randomUUID()}/send`), code: 'not_signed_in' },
  'POST /api/quotes/:id/send, a bad id': { request: () => call('POST', '/api/quotes/nope/send', { as: 'agent' }), code: 'invalid_input', message: 'The quote id must be a UUID' },
  'POST /api/quotes/:id/send, as a traveler': { request: () => call('POST', `/api/quotes/${randomUUID()}/send`, { as: 'traveler' }), code: 'forbidden' },
  // Settings (server/api/settings.ts).
  'GET /api/settings/integrations, not signed in': { request: () => call('GET', '/api/settings/integrations', { headers: { apikey: t.anonKey } }), code: 'not_signed_in', message: 'Please sign in as an administrator' },
  'GET /api/settings/integrations, as an agent': {
    request: () => call('GET', '/api/settings/integrations', { as: 'agent' }),
    code: 'forbidden',
    message: 'Only administrators see how payments and email are set up',
  },
  // Calendar feeds (server/api/calendar.ts).
  'GET /api/calendar/:token.ics, no such feed': { request: () => call('GET', `/api/calendar/${'0'.repeat(64)}.ics`), code: 'not_found', message: 'Not found' },
  // Booking documents (server/api/documents.ts).
  'GET /api/bookings/:id/invoice.pdf, not a booking': { request: () => call('GET', '/api/bookings/nope/invoice.pdf', { as: 'admin' }), code: 'not_found', message: 'This booking could not be found' },
  'GET /api/bookings/:id/invoice.pdf, not signed in': { request: () => call('GET', `/api/bookings/${randomUUID()}/invoice.pdf`, { headers: { apikey: t.anonKey } }), code: 'not_signed_in' },
  'GET /api/bookings/:id/payments/:paymentId/receipt.pdf, no such booking': {
    request: () => call('GET', `/api/bookings/${randomUUID()}/payments/${randomUUID()}/receipt.pdf`, { as: 'admin' }),
    code: 'not_found',
  },
  'GET /api/bookings/:id/payments/:paymentId/refund.pdf, not a payment': {
    request: () => call('GET', `/api/bookings/${randomUUID()}/payments/nope/refund.pdf`, { as: 'admin' }),
    code: 'not_found',
    message: 'This booking could not be found',
  },
  // The media library (server/api/media.ts).
  'POST /api/media, not signed in': { request: () => call('POST', '/api/media', { body: 'x', headers: { 'content-type': 'image/png', 'x-file-name': 'a.png' } }), code: 'not_signed_in', message: 'Sign in to upload files' },
  'POST /api/media, as an agent': {
    request: () => call('POST', '/api/media', { as: 'agent', body: 'x', headers: { 'content-type': 'image/png', 'x-file-name': 'a.png' } }),
    code: 'forbidden',
    message: 'Only staff who manage media upload files',
  },
  'POST /api/media, not a picture': {
    request: () => call('POST', '/api/media', { as: 'editor', body: 'x', headers: { 'content-type': 'application/pdf', 'x-file-name': 'a.pdf' } }),
    code: 'unsupported_file',
    message: 'Only JPEG, PNG, WebP, GIF, SVG or AVIF pictures go in the library',
  },
  'POST /api/media, no file name': { request: () => call('POST', '/api/media', { as: 'editor', body: 'x', headers: { 'content-type': 'image/png' } }), code: 'invalid_input', message: 'Send the file’s name in x-file-name' },
  'DELETE /api/media/:id, no such file': { request: () => call('DELETE', `/api/media/${randomUUID()}`, { as: 'editor' }), code: 'not_found', message: 'No such file' },
  // Tour previews (server/seo/preview.ts).
  'POST /api/tours/:tourId/preview, not signed in': { request: () => call('POST', `/api/tours/${randomUUID()}/preview`), code: 'not_signed_in', message: 'Please sign in to preview a tour' },
  'POST /api/tours/:tourId/preview, as an agent': { request: () => call('POST', `/api/tours/${randomUUID()}/preview`, { as: 'agent' }), code: 'forbidden', message: 'Only staff who edit the catalogue preview tours' },
  'POST /api/tours/:tourId/preview, no such tour': { request: () => call('POST', `/api/tours/${randomUUID()}/preview`, { as: 'editor' }), code: 'not_found', message: 'No such tour' },
  'GET /api/tour-previews/:token, not a preview': { request: () => call('GET', '/api/tour-previews/nope'), code: 'not_found', message: 'This preview has ended: open it again from the tour’s editor' },
  // No such endpoint.
  'GET /api/nowhere': { request: () => call('GET', '/api/nowhere'), code: 'not_found', message: 'Not found' },
};

describe('refusals of the product API', () => {
  it.each(Object.entries(refusals))('%s', async (_name, refusal) => {
    const error = await expectRefusal(await refusal.request(), refusal.code);
    if (typeof refusal.message === 'string') expect(error.message).toBe(refusal.message);
    else if (refusal.message) expect(error.message).toMatch(refusal.message);
    if (refusal.fields) expect(error.fields).toEqual(refusal.fields);
  });

  it('answers with the fields of a form at fault, and all their words as the message', async () => {
    const error = await expectRefusal(await call('POST', '/api/enquiries', { json: { kind: 'contact', name: 'Amani', email: '', message: '' } }), 'invalid_input');
    expect(error.fields).toMatchObject({ email: 'Please enter your email address', message: 'Please write a message of at least 10 characters' });
    expect(error.message).toBe(Object.values(error.fields!).join(' '));
  });

  it('refuses over the rate limit, and says when to come back', async () => {
    await t.setRateLimit('api.card_checkouts', 1);
    await call('POST', '/api/payments/checkout', { json: {} });
    const limited = await call('POST', '/api/payments/checkout', { json: {} });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await expectRefusal(limited, 'rate_limited')).message).toMatch(/^Too many /);
  });
});

describe('an unexpected error in the product API', () => {
  it('answers internal without its message, and logs its stack under the request id', async () => {
    const query = t.db.query;
    t.db.query = () => Promise.reject(new Error('the disk is on fire at /var/secret'));
    let response: Response;
    try {
      response = await call('GET', '/api/health');
    } finally {
      t.db.query = query;
    }
    const error = await expectRefusal(response, 'internal');
    expect(error.message).toBe(API_ERRORS.internal.message);
    const line = t.logs.find((entry) => entry.requestId === error.requestId && entry.code === 'internal') as { level: string; err: { stack: string } };
    expect(line.level).toBe('error');
    expect(line.err.stack).toContain('the disk is on fire');
  });
});

describe('request ids', () => {
  it('takes the caller’s id when it is a short plain token', async () => {
    const response = await call('GET', '/api/config', { headers: { 'x-request-id': 'edge-7f3a_42' } });
    expect(response.headers.get('x-request-id')).toBe('edge-7f3a_42');
    expect(t.logs).toContainEqual(expect.objectContaining({ requestId: 'edge-7f3a_42', msg: 'request', method: 'GET', path: '/api/config', status: 200 }));
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['with spaces and quotes', 'x" injected="1'],
    ['with an encoded newline', 'abc%0Adef'],
  ])('replaces an id %s', async (_case, id) => {
    const response = await call('GET', '/api/nowhere', { headers: { 'x-request-id': id } });
    const error = await expectRefusal(response, 'not_found');
    expect(error.requestId).not.toBe(id);
    expect(error.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('are given on every path, the platform’s answering in its own shapes', async () => {
    const rest = await call('GET', '/rest/v1/no_such_table', { headers: { apikey: t.anonKey } });
    expect(rest.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = (await rest.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(body.error).toBeUndefined();
    const requestId = rest.headers.get('x-request-id');
    expect(t.logs).toContainEqual(expect.objectContaining({ requestId, msg: 'request', path: '/rest/v1/no_such_table', status: rest.status }));
  });

  it('keep a calendar feed’s token out of the log', async () => {
    const token = 'f'.repeat(64);
    const response = await call('GET', `/api/calendar/${token}.ics`);
    await response.body?.cancel();
    const logged = t.logs.filter((line) => line.requestId === response.headers.get('x-request-id'));
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(token);
  });
});
