/** Every way money moves between a client and the company, in the words staff and clients read. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  bank_transfer: 'Bank transfer',
  mobile_money: 'Mobile money',
  cash: 'Cash',
  card: 'Card',
  paypal: 'PayPal',
  pay_on_arrival: 'On arrival',
};

const options = (methods: readonly string[]) => methods.map((value) => ({ value, label: PAYMENT_METHOD_LABELS[value] }));

/** How staff record money received by hand; card and PayPal arrive through their providers. */
export const MANUAL_PAYMENT_METHODS = options(['bank_transfer', 'mobile_money', 'cash']);

/** How money owed back can go back to a client. */
export const REFUND_METHODS = options(['bank_transfer', 'mobile_money', 'cash', 'card', 'paypal']);

/** How money owed back reaches the client, by the way it goes back, and how long it takes once sent. */
export const REFUND_WAYS: Record<string, { route: string; arrives?: string }> = {
  card: {
    route: 'to the card you paid with. A card refund usually reaches your account within five to ten working days of being sent',
    arrives: 'A card refund usually shows on your statement within five to ten working days.',
  },
  bank_transfer: {
    route: 'by bank transfer. If we do not have your bank details yet, please reply with them',
    arrives: 'A bank transfer usually reaches your account within two to four working days.',
  },
  mobile_money: { route: 'to the mobile money number you paid from' },
  cash: { route: 'in cash: we will arrange with you where to hand it over' },
  paypal: { route: 'to your PayPal account' },
};

/** How money owed back is returned, in a sentence's words ('by bank transfer. If we…'). */
export const refundRoute = (method: string | null | undefined) => REFUND_WAYS[method ?? '']?.route ?? 'the way you paid';

/** A method's name for a person, the code itself for one this list does not know yet. */
export const paymentMethodLabel = (method: string) => PAYMENT_METHOD_LABELS[method] ?? method;
