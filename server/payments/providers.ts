import type { Config } from '../config.ts';
import { stripeProvider } from './stripe.ts';
import type { OnlinePaymentProvider, PaymentMethodId } from './types.ts';

export interface PaymentProviders {
  /** Offered to travelers, in the order the booking page shows them; /api/config lists them. */
  methods: PaymentMethodId[];
  /** The card provider, when one is configured. */
  card?: OnlinePaymentProvider;
}

/**
 * Bank transfer and pay on arrival always work: the traveler is given payment_instructions and the
 * team records the money with record_payment. Card payments need a Stripe account (STRIPE_SECRET_KEY).
 */
export function paymentProviders(config: Config): PaymentProviders {
  const card = config.stripeSecretKey
    ? stripeProvider({ secretKey: config.stripeSecretKey, webhookSecret: config.stripeWebhookSecret, apiUrl: config.stripeApiUrl })
    : undefined;
  return { methods: [...(card ? (['card'] as const) : []), 'bank_transfer', 'pay_on_arrival'], card };
}
