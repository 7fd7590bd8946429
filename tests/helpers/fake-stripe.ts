import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeNow } from '../../server/platform/http/listen.ts';

/**
 * A stand-in for Stripe: its HTTP API (POST /v1/checkout/sessions), the one mock of the tests, because
 * Stripe is the edge of our world; and, for the browser tests, its hosted checkout page. It keeps each
 * API request as Stripe would read it (form fields, the secret key) and answers as Stripe does;
 * failNext makes the next call fail as Stripe's errors do.
 *
 * A session's url is the fake's own page (/c/pay/<id>): Pay sends the webhook endpoint a
 * checkout.session.completed event signed with the endpoint's secret as Stripe signs it, then sends
 * the browser to the session's success_url; Cancel sends it to cancel_url. After expires_at the page
 * takes nothing, as Stripe's does.
 */
export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

export interface CheckoutSessionRecord {
  id: string;
  form: URLSearchParams;
  amountTotal: number;
  currency: string;
  bookingId: string;
  expiresAt: number | null;
  status: 'open' | 'complete' | 'expired';
}

/** A webhook delivery the fake made: the raw body and Stripe-Signature header it sent, and the answer. */
export interface WebhookDelivery {
  body: string;
  signature: string;
  status: number;
  answer: unknown;
}

export interface FakeStripe {
  url: string;
  requests: StripeRequest[];
  sessions: Map<string, CheckoutSessionRecord>;
  deliveries: WebhookDelivery[];
  failNext(status: number, message: string): void;
  /** Where Pay delivers its event, and the endpoint's signing secret (the Stripe dashboard's webhook endpoint). */
  setWebhookEndpoint(url: string, secret: string): void;
  close(): Promise<void>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
button{font:inherit;padding:.75rem 2rem;border:0;border-radius:.5rem;background:#635bff;color:#fff;cursor:pointer}
a{color:#635bff}</style></head><body>${body}</body></html>`;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, CheckoutSessionRecord>();
  const deliveries: WebhookDelivery[] = [];
  let endpoint: { url: string; secret: string } | undefined;
  let failure: { status: number; message: string } | undefined;

  const html = (res: ServerResponse, status: number, title: string, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(page(title, body));
  };
  const redirect = (res: ServerResponse, location: string) => res.writeHead(303, { location }).end();
  /** An open session, or why it takes nothing (answered as a page). */
  const openSession = (res: ServerResponse, id: string): CheckoutSessionRecord | undefined => {
    const session = sessions.get(id);
    if (!session) return void html(res, 404, 'Not found', '<h1>Something went wrong</h1><p>The page you were looking for could not be found.</p>');
    if (session.status === 'open' && session.expiresAt !== null && Date.now() / 1000 >= session.expiresAt) session.status = 'expired';
    if (session.status !== 'open') return void html(res, 410, 'Expired', '<h1>This checkout session is no longer available</h1>');
    return session;
  };

  /** Pay: the signed event goes to the webhook endpoint first, then the browser goes back, as with Stripe. */
  async function pay(res: ServerResponse, session: CheckoutSessionRecord) {
    session.status = 'complete';
    if (endpoint) {
      const body = JSON.stringify(checkoutCompletedEvent(session));
      const signature = stripeSignature(body, endpoint.secret);
      const response = await fetch(endpoint.url, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body });
      deliveries.push({ body, signature, status: response.status, answer: await response.json().catch(() => null) });
    }
    redirect(res, session.form.get('success_url')!.replace('{CHECKOUT_SESSION_ID}', session.id));
  }

  function createSession(form: URLSearchParams) {
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const session: CheckoutSessionRecord = {
      id,
      form,
      amountTotal: Number(form.get('line_items[0][price_data][unit_amount]')),
      currency: form.get('line_items[0][price_data][currency]') ?? '',
      bookingId: form.get('metadata[booking_id]') ?? form.get('client_reference_id') ?? '',
      expiresAt: form.has('expires_at') ? Number(form.get('expires_at')) : null,
      status: 'open',
    };
    sessions.set(id, session);
    return {
      id,
      object: 'checkout.session',
      url: `${fake.url}/c/pay/${id}`,
      mode: form.get('mode'),
      amount_total: session.amountTotal,
      currency: session.currency,
      client_reference_id: form.get('client_reference_id'),
      metadata: { booking_id: form.get('metadata[booking_id]'), booking_reference: form.get('metadata[booking_reference]'), kind: form.get('metadata[kind]') },
      expires_at: session.expiresAt,
      payment_status: 'unpaid',
      status: 'open',
    };
  }

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const hosted = url.pathname.match(/^\/c\/pay\/(cs_test_[0-9a-f]+)(\/pay|\/cancel)?$/);
      if (hosted) {
        const [, id, action] = hosted;
        const session = openSession(res, id);
        if (!session) return;
        if (req.method === 'POST' && action === '/pay') {
          pay(res, session).catch((error: unknown) => html(res, 500, 'Error', `<h1>${escapeHtml(String(error))}</h1>`));
        } else if (action === '/cancel') {
          redirect(res, session.form.get('cancel_url')!);
        } else {
          const amount = (session.amountTotal / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
          const name = session.form.get('line_items[0][price_data][product_data][name]') ?? '';
          html(
            res,
            200,
            'Pay with card',
            `<h1>${escapeHtml(name)}</h1><p data-testid="checkout-amount">${session.currency.toUpperCase()} ${amount}</p>
<p>${escapeHtml(session.form.get('customer_email') ?? '')}</p>
<form method="post" action="/c/pay/${id}/pay"><button type="submit">Pay</button></form>
<p><a href="/c/pay/${id}/cancel">Cancel</a></p>`,
          );
        }
        return;
      }

      const form = new URLSearchParams(body);
      requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization, form });
      res.setHeader('content-type', 'application/json');
      if (failure) {
        res.statusCode = failure.status;
        res.end(JSON.stringify({ error: { type: 'api_error', message: failure.message } }));
        failure = undefined;
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } }));
        return;
      }
      // Stripe's own rule: a session closes 30 minutes to 24 hours after it is made.
      const expiresAt = form.has('expires_at') ? Number(form.get('expires_at')) : null;
      const now = Date.now() / 1000;
      if (expiresAt !== null && (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600)) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', param: 'expires_at', message: 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.' } }));
        return;
      }
      res.end(JSON.stringify(createSession(form)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const fake: FakeStripe = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    sessions,
    deliveries,
    failNext(status, message) {
      failure = { status, message };
    },
    setWebhookEndpoint(url, secret) {
      endpoint = { url, secret };
    },
    close: () => closeNow(server),
  };
  return fake;
}

/** A checkout.session.completed event as Stripe sends it, and its signed delivery headers. */
export function checkoutCompletedEvent(session: { id: string; bookingId: string; amountTotal: number; currency: string }, eventId = `evt_${randomBytes(12).toString('hex')}`) {
  return {
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: session.id,
        object: 'checkout.session',
        client_reference_id: session.bookingId,
        metadata: { booking_id: session.bookingId },
        amount_total: session.amountTotal,
        currency: session.currency,
        payment_status: 'paid',
        payment_intent: `pi_${randomBytes(12).toString('hex')}`,
        status: 'complete',
      },
    },
  };
}

/** The Stripe-Signature header Stripe sends: t=<seconds>,v1=<HMAC-SHA256 of "t.body" under the endpoint secret>. */
export function stripeSignature(body: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Posts an event to the webhook as Stripe does: the raw JSON body, signed with the endpoint's secret. */
export async function deliverWebhook(baseUrl: string, event: unknown, secret: string, options: { timestamp?: number; signature?: string } = {}) {
  const body = JSON.stringify(event);
  const signature = options.signature ?? stripeSignature(body, secret, options.timestamp);
  const response = await fetch(`${baseUrl}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
