import { createHmac, timingSafeEqual } from 'node:crypto';
import { HoldEndsTooSoon, WebhookRejected, type CheckoutRequest, type CheckoutSession, type OnlinePaymentProvider, type ProviderEvent } from './types.ts';

/**
 * Card payments through Stripe Checkout, over Stripe's HTTP API with fetch (no SDK): the server makes
 * a Checkout Session and sends the traveler to its page; Stripe reports the payment with a signed
 * webhook event. apiUrl is https://api.stripe.com in production; the platform tests point it at a
 * local stand-in HTTP server, the one mock they use, because Stripe is the edge of our world.
 */

/** Currencies Stripe counts in whole units, and those it counts in thousandths. */
const zeroDecimal = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const threeDecimal = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

function exponent(currency: string): number {
  const code = currency.toUpperCase();
  return zeroDecimal.has(code) ? 0 : threeDecimal.has(code) ? 3 : 2;
}

/** An amount in the currency's smallest unit, as Stripe takes it: USD 930.50 -> 93050. */
export function toSmallestUnit(amount: number, currency: string): number {
  return Math.round(amount * 10 ** exponent(currency));
}

/** The reverse of toSmallestUnit: 93050 (usd) -> 930.5. */
export function fromSmallestUnit(amount: number, currency: string): number {
  const e = exponent(currency);
  return Math.round(amount) / 10 ** e;
}

/** Stripe's form encoding of nested parameters: { a: { b: 1 } } -> a[b]=1, arrays by index. */
export function formEncode(params: Record<string, unknown>): string {
  const pairs: [string, string][] = [];
  const walk = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((item, i) => walk(`${key}[${i}]`, item));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${key}[${k}]`, v);
    else pairs.push([key, String(value)]);
  };
  for (const [key, value] of Object.entries(params)) walk(key, value);
  return new URLSearchParams(pairs).toString();
}

/** How old a signed delivery may be: Stripe's own libraries allow five minutes. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * Checks a Stripe-Signature header ("t=<unix seconds>,v1=<hex>[,v1=...]"): one v1 must be the
 * HMAC-SHA256 of "<t>.<raw body>" under the endpoint's secret, compared in constant time, and t must be
 * within the tolerance of now (a replay of an old delivery is refused). Throws WebhookRejected.
 */
export function verifyStripeSignature(rawBody: string, header: string | undefined, secret: string, nowSeconds = Date.now() / 1000): void {
  if (!header) throw new WebhookRejected('The Stripe-Signature header is missing');
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) throw new WebhookRejected('The Stripe-Signature header is malformed');
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) throw new WebhookRejected('The event is too old or from the future');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest();
  if (!signatures.some((signature) => timingSafeEqual(signature, expected))) throw new WebhookRejected('The signature does not match');
}

interface StripeCheckoutSession {
  id: string;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  amount_total?: number | null;
  currency?: string | null;
  payment_status?: string;
}

/** The events that mean the money was taken: a paid checkout, or a delayed method that succeeded. */
function paymentOf(type: string, session: StripeCheckoutSession): ProviderEvent['payment'] {
  const paid =
    (type === 'checkout.session.completed' && session.payment_status === 'paid') || type === 'checkout.session.async_payment_succeeded';
  if (!paid || !session.id || typeof session.amount_total !== 'number' || !session.currency) return undefined;
  return {
    bookingId: session.metadata?.booking_id ?? session.client_reference_id ?? null,
    amount: fromSmallestUnit(session.amount_total, session.currency),
    currency: session.currency.toUpperCase(),
    reference: session.id,
  };
}

/** Stripe closes a Checkout Session 30 minutes to 24 hours after it is made; a minute's leeway each side for clocks. */
const SESSION_SHORTEST_MS = 31 * 60_000;
const SESSION_LONGEST_MS = 23 * 3_600_000;
/** The page closes this long before the hold ends, so the event of a last-moment payment finds the seats still held. */
const BEFORE_HOLD_ENDS_MS = 60_000;

/**
 * When the session stops taking money (Stripe's expires_at, in seconds): before the booking's hold
 * ends, within Stripe's range. Throws HoldEndsTooSoon when the hold ends too soon for that.
 */
export function sessionExpiry(holdEndsAt: Date | undefined, now = Date.now()): number | undefined {
  if (!holdEndsAt) return undefined;
  const closes = Math.min(now + SESSION_LONGEST_MS, holdEndsAt.getTime() - BEFORE_HOLD_ENDS_MS);
  if (closes < now + SESSION_SHORTEST_MS) throw new HoldEndsTooSoon(holdEndsAt);
  return Math.floor(closes / 1000);
}

export function stripeProvider(options: { secretKey: string; webhookSecret?: string; apiUrl: string }): OnlinePaymentProvider {
  return {
    name: 'stripe',
    method: 'card',
    acceptsWebhooks: Boolean(options.webhookSecret),

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const body = formEncode({
        mode: 'payment',
        client_reference_id: request.bookingId,
        customer_email: request.customerEmail,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        expires_at: sessionExpiry(request.holdEndsAt),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: toSmallestUnit(request.amount, request.currency),
              product_data: { name: request.description, description: `Booking ${request.bookingReference}` },
            },
          },
        ],
        metadata: { booking_id: request.bookingId, booking_reference: request.bookingReference, kind: request.kind },
        payment_intent_data: {
          description: `${request.description} (booking ${request.bookingReference})`,
          metadata: { booking_id: request.bookingId, booking_reference: request.bookingReference, kind: request.kind },
        },
      });
      const response = await fetch(`${options.apiUrl}/v1/checkout/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      const answer = (await response.json().catch(() => null)) as { id?: string; url?: string; error?: { message?: string } } | null;
      if (!response.ok || !answer?.id || !answer.url) {
        throw new Error(`Stripe refused the checkout session (${response.status}): ${answer?.error?.message ?? 'no message'}`);
      }
      return { id: answer.id, url: answer.url };
    },

    readWebhook(rawBody: string, signatureHeader: string | undefined): ProviderEvent {
      if (!options.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
      verifyStripeSignature(rawBody, signatureHeader, options.webhookSecret);
      let event: { id?: unknown; type?: unknown; data?: { object?: unknown } };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        throw new WebhookRejected('The event is not JSON');
      }
      if (typeof event.id !== 'string' || typeof event.type !== 'string') throw new WebhookRejected('The event has no id or type');
      const object = event.data?.object;
      const payment =
        event.type.startsWith('checkout.session.') && object && typeof object === 'object'
          ? paymentOf(event.type, object as StripeCheckoutSession)
          : undefined;
      return { id: event.id, type: event.type, payment };
    },
  };
}
