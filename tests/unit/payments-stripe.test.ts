import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formEncode, fromSmallestUnit, sessionExpiry, stripeProvider, toSmallestUnit, verifyStripeSignature } from '../../server/payments/stripe.ts';
import { HoldEndsTooSoon, WebhookRejected } from '../../server/payments/types.ts';

const secret = 'whsec_unit_test';
const sign = (body: string, t: number, key = secret) => createHmac('sha256', key).update(`${t}.${body}`).digest('hex');

describe('amounts in the smallest currency unit', () => {
  it('counts cents for two-decimal currencies and rounds away float noise', () => {
    expect(toSmallestUnit(740.73, 'USD')).toBe(74073);
    expect(toSmallestUnit(0.1 + 0.2, 'eur')).toBe(30);
    expect(toSmallestUnit(1_234_567.89, 'TZS')).toBe(123_456_789);
    expect(fromSmallestUnit(74073, 'usd')).toBe(740.73);
  });

  it('counts whole units for zero-decimal currencies and thousandths for three-decimal ones', () => {
    expect(toSmallestUnit(150000, 'UGX')).toBe(150000);
    expect(toSmallestUnit(5000, 'JPY')).toBe(5000);
    expect(toSmallestUnit(12.345, 'KWD')).toBe(12345);
    expect(fromSmallestUnit(150000, 'ugx')).toBe(150000);
  });
});

describe("Stripe's form encoding", () => {
  it('writes nested objects and arrays as bracketed keys and leaves out what is not given', () => {
    const encoded = formEncode({ mode: 'payment', skip: undefined, line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: 74073 } }], metadata: { kind: 'deposit' } });
    expect([...new URLSearchParams(encoded)]).toEqual([
      ['mode', 'payment'],
      ['line_items[0][quantity]', '1'],
      ['line_items[0][price_data][currency]', 'usd'],
      ['line_items[0][price_data][unit_amount]', '74073'],
      ['metadata[kind]', 'deposit'],
    ]);
  });
});

describe('when the checkout page closes', () => {
  const now = Date.UTC(2027, 2, 1, 12, 0, 0);
  const minutes = (n: number) => new Date(now + n * 60_000);
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  it('a minute before the seats stop being held, at most 23 hours ahead; never for a confirmed booking', () => {
    expect(sessionExpiry(minutes(120), now)).toBe(seconds(minutes(119)));
    expect(sessionExpiry(minutes(32), now)).toBe(seconds(minutes(31)));
    expect(sessionExpiry(minutes(48 * 60), now)).toBe(seconds(minutes(23 * 60)));
    expect(sessionExpiry(undefined, now)).toBeUndefined();
  });

  it('refuses when the hold ends sooner than Stripe keeps a page open (30 minutes), or has ended', () => {
    for (const ends of [minutes(31), minutes(10), minutes(-5)]) {
      expect(() => sessionExpiry(ends, now)).toThrow(HoldEndsTooSoon);
    }
  });
});

describe('Stripe-Signature verification', () => {
  const body = '{"id":"evt_1","type":"checkout.session.completed"}';
  const now = 1_800_000_000;

  it('accepts the signature of the body under the secret, among others, within five minutes', () => {
    expect(() => verifyStripeSignature(body, `t=${now},v1=${sign(body, now)}`, secret, now)).not.toThrow();
    expect(() => verifyStripeSignature(body, `t=${now - 299},v1=${'0'.repeat(64)},v1=${sign(body, now - 299)}`, secret, now)).not.toThrow();
  });

  it('refuses other secrets, other bodies, old or future timestamps and malformed headers', () => {
    const refusal = (header: string | undefined, text = body) => {
      try {
        verifyStripeSignature(text, header, secret, now);
      } catch (error) {
        expect(error).toBeInstanceOf(WebhookRejected);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal(`t=${now},v1=${sign(body, now, 'whsec_other')}`)).toBe('The signature does not match');
    expect(refusal(`t=${now},v1=${sign(body, now)}`, body.replace('evt_1', 'evt_2'))).toBe('The signature does not match');
    // The timestamp is signed too: moving it breaks the signature.
    expect(refusal(`t=${now + 1},v1=${sign(body, now)}`)).toBe('The signature does not match');
    expect(refusal(`t=${now - 301},v1=${sign(body, now - 301)}`)).toBe('The event is too old or from the future');
    expect(refusal(`t=${now + 301},v1=${sign(body, now + 301)}`)).toBe('The event is too old or from the future');
    expect(refusal(undefined)).toBe('The Stripe-Signature header is missing');
    expect(refusal(`v1=${sign(body, now)}`)).toBe('The Stripe-Signature header is malformed');
    expect(refusal(`t=${now},v0=${sign(body, now)}`)).toBe('The Stripe-Signature header is malformed');
  });
});

describe('reading webhook events', () => {
  const provider = stripeProvider({ secretKey: 'sk_test', webhookSecret: secret, apiUrl: 'http://127.0.0.1:9' });
  const deliver = (event: object) => {
    const body = JSON.stringify(event);
    const t = Math.floor(Date.now() / 1000);
    return provider.readWebhook(body, `t=${t},v1=${sign(body, t)}`);
  };
  const session = { id: 'cs_1', metadata: { booking_id: 'b-1' }, client_reference_id: 'b-1', amount_total: 74073, currency: 'usd', payment_status: 'paid' };

  it('reads a paid checkout as a payment in the major unit', () => {
    expect(deliver({ id: 'evt_1', type: 'checkout.session.completed', data: { object: session } })).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      payment: { bookingId: 'b-1', amount: 740.73, currency: 'USD', reference: 'cs_1' },
    });
    expect(deliver({ id: 'evt_2', type: 'checkout.session.async_payment_succeeded', data: { object: { ...session, payment_status: 'unpaid' } } }).payment?.amount).toBe(740.73);
  });

  it('sees no payment in an unpaid checkout or in other events', () => {
    expect(deliver({ id: 'evt_3', type: 'checkout.session.completed', data: { object: { ...session, payment_status: 'unpaid' } } }).payment).toBeUndefined();
    expect(deliver({ id: 'evt_4', type: 'checkout.session.expired', data: { object: session } }).payment).toBeUndefined();
    expect(deliver({ id: 'evt_5', type: 'charge.refunded', data: { object: session } }).payment).toBeUndefined();
  });
});
