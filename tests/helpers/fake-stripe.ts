import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Stripe's HTTP API (POST /v1/checkout/sessions), the one mock of the platform tests:
 * Stripe is the edge of our world. It keeps each request as Stripe would read it (form fields, the
 * secret key) and answers as Stripe does; failNext makes the next call fail as Stripe's errors do.
 */
export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

export interface FakeStripe {
  url: string;
  requests: StripeRequest[];
  failNext(status: number, message: string): void;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  let failure: { status: number; message: string } | undefined;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
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
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.com/c/pay/${id}`,
          mode: form.get('mode'),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
          client_reference_id: form.get('client_reference_id'),
          metadata: { booking_id: form.get('metadata[booking_id]'), booking_reference: form.get('metadata[booking_reference]'), kind: form.get('metadata[kind]') },
          payment_status: 'unpaid',
          status: 'open',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    failNext(status, message) {
      failure = { status, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
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
