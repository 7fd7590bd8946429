/** What every way to pay has in common; server/payments/providers.ts says which are on offer. */

/** The ways a traveler can pay (bookings.payment_method). */
export type PaymentMethodId = 'card' | 'bank_transfer' | 'pay_on_arrival';

/** What a card checkout pays: the deposit, the balance after it, or everything left (booking_payment_schedule). */
export type CheckoutKind = 'deposit' | 'balance' | 'full';
export const CHECKOUT_KINDS: readonly CheckoutKind[] = ['deposit', 'balance', 'full'];

/** One payment, as the provider is asked to take it. Amounts are in the currency's major unit (dollars). */
export interface CheckoutRequest {
  bookingId: string;
  bookingReference: string;
  kind: CheckoutKind;
  amount: number;
  currency: string;
  /** What the traveler sees on the provider's page. */
  description: string;
  customerEmail?: string;
  successUrl: string;
  cancelUrl: string;
  /**
   * When the booking stops holding its seats: the provider's page closes before then, and the
   * checkout is refused (HoldEndsTooSoon) when that is too soon. None for a confirmed booking.
   */
  holdEndsAt?: Date;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** A payment the provider says it took (after the delivery was verified as the provider's). */
export interface ProviderPayment {
  bookingId: string | null;
  amount: number;
  currency: string;
  /** The provider's id for it; one payment per reference (payments.provider_reference). */
  reference: string;
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** Set when the event says money was taken. */
  payment?: ProviderPayment;
}

/**
 * The booking's seats are held for too little time longer for the provider's page to stay open
 * (Stripe's is open at least 30 minutes): a payment taken there could arrive after the seats are gone.
 */
export class HoldEndsTooSoon extends Error {
  constructor(readonly holdEndsAt: Date) {
    super(`The booking's hold ends at ${holdEndsAt.toISOString()}, too soon for a checkout`);
  }
}

/** A delivery that is not the provider's, or not readable: answered 400, changes nothing. */
export class WebhookRejected extends Error {}

/** A provider that takes payments on its own page and reports them back by webhook. */
export interface OnlinePaymentProvider {
  /** Stored as payments.provider. */
  readonly name: 'stripe';
  readonly method: 'card';
  /** False until the webhook signing secret is configured; without it no event can be trusted. */
  readonly acceptsWebhooks: boolean;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies a webhook delivery and reads it; throws WebhookRejected when it is not genuine. */
  readWebhook(rawBody: string, signatureHeader: string | undefined): ProviderEvent;
}
