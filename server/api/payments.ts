import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { ProductContext } from '../context.ts';
import { ApiError, sqlRefusal } from './api-error.ts';
import { parseJson } from '../platform/http/body.ts';
import { clientAddress } from '../platform/http/client.ts';
import { hitRateLimit } from '../platform/http/rate-limit.ts';
import { asRequestRole } from '../platform/http/request-role.ts';
import { JwtError, type Claims } from '../platform/jwt.ts';
import type { PaymentProviders } from '../payments/providers.ts';
import { CHECKOUT_KINDS, HoldEndsTooSoon, WebhookRejected, type CheckoutKind } from '../payments/types.ts';

/**
 * POST /api/payments/checkout       starts a card payment: a Stripe Checkout Session for the deposit,
 *                                   the balance or the full amount of a booking; answers its url.
 * POST /api/payments/stripe/webhook Stripe reports a paid checkout; recorded once per event.
 *
 * Who may pay what is decided in SQL (checkout_amount, record_card_payment): the checkout runs as the
 * caller's role, so a booking is found for its owner, for the company, or for whoever gives its
 * reference (or id) and contact email, exactly as booking_payment_schedule finds it.
 */

const CHECKOUT_BODY_LIMIT = 8 * 1024;

const checkoutBody = z
  .object({
    bookingId: z.uuid({ error: 'The booking id must be a UUID' }).optional(),
    reference: z.string({ error: 'The booking reference must be text' }).trim().min(1).max(40).optional(),
    email: z.string({ error: 'The email must be text' }).trim().max(254).optional(),
    kind: z.enum(CHECKOUT_KINDS as [CheckoutKind, ...CheckoutKind[]], { error: 'Please choose to pay the deposit, the balance or the full amount' }),
    // Where the traveler comes back to on this site after paying or giving up (default /thank-you).
    returnPath: z
      .string()
      .max(500)
      .regex(/^\/(?![/\\])/, { error: 'The return path must be a path on this site' })
      .optional(),
  })
  .refine((body) => body.bookingId || body.reference, { error: 'Please give the booking id, or its reference and email' });

interface CheckoutAmount {
  booking_id: string;
  booking_reference: string;
  kind: CheckoutKind;
  amount: number;
  currency: string;
  email: string | null;
  tour_title: string | null;
  hold_expires_at: string | null;
}

const kindLabel: Record<CheckoutKind, string> = { deposit: 'Deposit', balance: 'Balance', full: 'Payment' };

/** The caller's verified claims; no token at all is a guest (anon). A bad token is refused. */
async function callerClaims(ctx: ProductContext, c: Context): Promise<Claims> {
  const token = c.req.header('authorization')?.match(/^bearer\s+(.+)$/i)?.[1]?.trim() ?? c.req.header('apikey');
  if (!token) return { role: 'anon' };
  try {
    const claims = await ctx.keys.verify(token);
    // The service key is for the company's own tools, never for a browser paying.
    return claims.role === 'service_role' ? { role: 'anon' } : claims;
  } catch (error) {
    if (error instanceof JwtError) throw new ApiError('not_signed_in', error.expired ? 'Your session has expired. Please sign in again.' : 'Invalid token');
    throw error;
  }
}

/** The same-site address to come back to, with what happened added to its query. */
function returnUrl(siteUrl: string, path: string, extra: Record<string, string>, raw = ''): string {
  const url = new URL(path, siteUrl);
  for (const [key, value] of Object.entries(extra)) url.searchParams.set(key, value);
  return url.toString() + raw;
}

export function paymentRoutes(ctx: ProductContext, providers: PaymentProviders): Hono {
  const app = new Hono();
  const { card } = providers;

  app.post(
    '/payments/checkout',
    bodyLimit({
      maxSize: CHECKOUT_BODY_LIMIT,
      onError: () => {
        throw new ApiError('payload_too_large');
      },
    }),
    async (c) => {
      if (!card) throw new ApiError('payment_unavailable');
      const ip = clientAddress(c, ctx.config.trustedProxyHops);
      // Each checkout starts a session with the payment provider: counted per address.
      await hitRateLimit(ctx.db, 'api.card_checkouts', ip);
      let raw: unknown;
      try {
        raw = parseJson(await c.req.text());
      } catch {
        throw new ApiError('invalid_input', 'The body must be a JSON object');
      }
      const parsed = checkoutBody.safeParse(raw);
      if (!parsed.success) throw new ApiError('invalid_input', parsed.error.issues[0].message);
      const body = parsed.data;
      const claims = await callerClaims(ctx, c);
      let due: CheckoutAmount;
      try {
        due = await asRequestRole(ctx.db, claims, async (tx) => {
          const { rows } = await tx.query<{ due: CheckoutAmount }>(`select to_jsonb(c) as due from public.checkout_amount($1, $2, $3, $4) c`, [
            body.kind,
            body.bookingId ?? null,
            body.reference ?? null,
            body.email ?? null,
          ]);
          return rows[0].due;
        }, { ip });
      } catch (error) {
        throw sqlRefusal(error, claims.role === 'authenticated') ?? error;
      }

      const path = body.returnPath ?? '/thank-you';
      // A guest comes back with the email that finds the booking, as the booking emails link to it.
      const back = { reference: due.booking_reference, ...(body.email && !body.bookingId ? { email: body.email } : {}) };
      let session;
      try {
        session = await card.createCheckout({
          bookingId: due.booking_id,
          bookingReference: due.booking_reference,
          kind: due.kind,
          amount: Number(due.amount),
          currency: due.currency,
          description: `${kindLabel[due.kind]} for ${due.tour_title ?? 'your trip'}`,
          customerEmail: due.email ?? undefined,
          // Stripe puts the session id where {CHECKOUT_SESSION_ID} stands, so it is added unencoded.
          successUrl: returnUrl(ctx.config.siteUrl, path, { ...back, payment: 'success' }, '&session_id={CHECKOUT_SESSION_ID}'),
          cancelUrl: returnUrl(ctx.config.siteUrl, path, { ...back, payment: 'cancelled' }),
          // The page stops taking money before the booking stops holding its seats.
          holdEndsAt: due.hold_expires_at ? new Date(due.hold_expires_at) : undefined,
        });
      } catch (error) {
        if (error instanceof HoldEndsTooSoon) {
          throw new ApiError(
            'hold_ends_too_soon',
            error.holdEndsAt.getTime() > Date.now()
              ? undefined
              : 'We no longer hold seats for this booking, so it cannot be paid by card. Please contact us and we will see what is still available.',
          );
        }
        ctx.log('card checkout not started', { booking: due.booking_reference, error: String(error) });
        throw new ApiError('payment_provider_failed');
      }
      ctx.log('card checkout started', { booking: due.booking_reference, kind: due.kind, session: session.id });
      return c.json({ url: session.url, sessionId: session.id, kind: due.kind, amount: Number(due.amount), currency: due.currency, bookingReference: due.booking_reference });
    },
  );

  app.post('/payments/stripe/webhook', async (c) => {
    if (!card) throw new ApiError('payment_unavailable');
    if (!card.acceptsWebhooks) {
      ctx.log('stripe webhook refused: STRIPE_WEBHOOK_SECRET is not set');
      throw new ApiError('payment_unavailable', 'Stripe webhooks are not set up on this site');
    }
    const rawBody = await c.req.text();
    let event;
    try {
      event = card.readWebhook(rawBody, c.req.header('stripe-signature'));
    } catch (error) {
      if (!(error instanceof WebhookRejected)) throw error;
      ctx.log('stripe webhook rejected', { reason: error.message });
      throw new ApiError('invalid_input', error.message);
    }
    // Only payments are acted on; other events are acknowledged so Stripe stops sending them.
    if (!event.payment) return c.json({ received: true });
    const { payment } = event;
    const { rows } = await ctx.db.query<{
      result: { duplicate: boolean; payment_id: string | null; payment_status: string | null; booking_id: string | null; booking_status: string | null };
    }>(
      `select public.record_card_payment($1, $2, $3, $4, $5, $6, $7) as result`,
      [card.name, event.id, event.type, payment.bookingId && /^[0-9a-f-]{36}$/i.test(payment.bookingId) ? payment.bookingId : null, payment.amount, payment.currency, payment.reference],
    );
    const result = rows[0].result;
    if (!result.duplicate && !result.payment_id) {
      ctx.log('stripe payment not recorded: no such booking, or this checkout was already recorded', { event: event.id, booking: payment.bookingId, session: payment.reference });
    } else if (result.payment_status === 'refund_due') {
      // The company is emailed (booking_notifications, kind refund_due).
      ctx.log('card payment for a booking that is no longer open: recorded as refund due', { event: event.id, booking: result.booking_id, payment: result.payment_id, status: result.booking_status });
    } else if (result.payment_id) {
      ctx.log('card payment recorded', { event: event.id, booking: result.booking_id, payment: result.payment_id, status: result.booking_status });
    }
    return c.json({ received: true, duplicate: result.duplicate, recorded: result.payment_id !== null });
  });

  return app;
}
