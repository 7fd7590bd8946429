import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalAmount, formatMoney } from '../../src/lib/money.ts';
import { addressOf } from '../../server/mail/company.ts';
import { checkoutCompletedEvent, deliverWebhook, startFakeStripe, stripeSignature, type FakeStripe } from '../helpers/fake-stripe.ts';
import { startSmtp, until, type SmtpSink } from '../helpers/smtp.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { companyDay } from '../helpers/company-days.ts';

// Paying for a booking: the schedule (30% deposit, balance 60 days before departure), the team
// recording a bank transfer, and card payments through Stripe Checkout (a local stand-in for Stripe's
// API, and webhook events signed here with the endpoint secret as Stripe signs them).

const webhookSecret = 'whsec_test_kilele_0123456789';
const secretKey = 'sk_test_kilele_0123456789';

let server: TestServer;
let smtp: SmtpSink;
let stripe: FakeStripe;
let service: SupabaseClient;
let admin: SupabaseClient;
let tourId: string;
let far: string;
let near: string;

const inDays = companyDay;

interface Booking {
  id: string;
  booking_reference: string;
  status: string;
  total_amount: number;
  amount_paid: number;
  created_at: string;
  hold_expires_at: string;
  contact: { email: string };
}

interface Schedule {
  total: number;
  paid: number;
  outstanding: number;
  deposit_percent: number;
  pay_in_full: boolean;
  deposit_amount: number;
  deposit_due: number;
  balance_due: number;
  balance_due_date: string | null;
  payment_method: string | null;
  hold_expires_at: string | null;
  payable: { deposit: number | null; balance: number | null; full: number | null };
}

async function ok<T>(request: PromiseLike<{ data: unknown; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data as T;
}

/** A guest books two adults on the departure: USD 2,469.10 (1,234.55 each). */
async function guestBooking(departureId: string, email = `guest-${randomUUID().slice(0, 8)}@example.com`): Promise<Booking> {
  return ok<Booking>(server.client().rpc('create_booking', { p_departure_id: departureId, p_adults: 2, p_contact: { full_name: 'Neema Guest', email } }));
}

async function bookingRow(id: string): Promise<{ status: string; amount_paid: number }> {
  const { rows } = await server.db.query<{ status: string; amount_paid: string }>('select status, amount_paid::text from public.bookings where id = $1', [id]);
  return { status: rows[0].status, amount_paid: Number(rows[0].amount_paid) };
}

/** Everything a payment could write. */
async function ledger(bookingId: string): Promise<string> {
  const { rows } = await server.db.query(
    `select (select count(*)::int from public.payments where booking_id = $1) as payments,
            (select count(*)::int from public.payment_provider_events) as events,
            (select amount_paid::text from public.bookings where id = $1) as amount_paid,
            (select status from public.bookings where id = $1) as status`,
    [bookingId],
  );
  return JSON.stringify(rows[0]);
}

async function checkout(body: unknown, token?: string, base = server.url) {
  const response = await fetch(`${base}/api/payments/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an untyped JSON answer, read by the assertions
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** Writes the emails the bookings are owed and sends them. */
async function deliverEmails() {
  await server.platform.jobs.bookingEmails.drain();
  await server.platform.ctx.mail.drain();
}

beforeAll(async () => {
  [smtp, stripe] = await Promise.all([startSmtp(), startFakeStripe()]);
  server = await startTestServer({ smtpUrl: smtp.url, stripeSecretKey: secretKey, stripeWebhookSecret: webhookSecret, stripeApiUrl: stripe.url });
  service = server.service();
  admin = await server.adminClient();
  const suffix = randomUUID().slice(0, 6);
  const tour = await ok<{ id: string }>(
    service
      .from('tours')
      .insert({ slug: `paid-test-safari-${suffix}`, title: 'Paid Test Safari', status: 'active', base_price: 1234.55, duration_days: 3 })
      .select('id')
      .single(),
  );
  tourId = tour.id;
  const departure = async (days: number) =>
    (
      await ok<{ id: string }>(
        service.from('tour_departures').insert({ tour_id: tourId, start_date: inDays(days), end_date: inDays(days + 2), capacity: 200 }).select('id').single(),
      )
    ).id;
  far = await departure(120);
  near = await departure(30);
});

afterAll(async () => {
  await server?.close();
  await Promise.all([smtp?.close(), stripe?.close()]);
});

describe('the payment schedule', () => {
  it('a trip booked more than 60 days ahead takes a 30% deposit now and the balance 60 days before departure', async () => {
    const booking = await guestBooking(far);
    const schedule = await ok<Schedule>(
      server.client().rpc('booking_payment_schedule', { p_reference: booking.booking_reference.toLowerCase(), p_email: booking.contact.email.toUpperCase() }),
    );
    expect(schedule).toMatchObject({
      total: 2469.1,
      paid: 0,
      outstanding: 2469.1,
      deposit_percent: 30,
      pay_in_full: false,
      deposit_amount: 740.73,
      deposit_due: 740.73,
      balance_due: 1728.37,
      balance_due_date: inDays(60),
      payable: { deposit: 740.73, balance: null, full: 2469.1 },
    });
    // Its owner's key is the contact email; anyone else reads nothing.
    const stranger = await server.client().rpc('booking_payment_schedule', { p_booking_id: booking.id, p_email: 'someone@example.com' });
    expect(stranger.error?.message).toBe('We could not find a booking with that reference and email');
    const byId = await ok<Schedule>(admin.rpc('booking_payment_schedule', { p_booking_id: booking.id }));
    expect(byId.deposit_due).toBe(740.73);
  });

  it('a trip booked 60 days or less ahead is paid in full at booking', async () => {
    const booking = await guestBooking(near);
    const schedule = await ok<Schedule>(server.client().rpc('booking_payment_schedule', { p_booking_id: booking.id, p_email: booking.contact.email }));
    expect(schedule).toMatchObject({
      pay_in_full: true,
      deposit_amount: 2469.1,
      deposit_due: 2469.1,
      balance_due: 0,
      balance_due_date: null,
      payable: { deposit: null, balance: null, full: 2469.1 },
    });
  });

  it('the portal reads the same balance terms from payment_instructions', async () => {
    const { data } = await server.client().from('payment_instructions').select('balance_due_days').single();
    expect(data).toEqual({ balance_due_days: 60 });
  });

  it('choosing to pay by bank transfer or on arrival holds the seats seven days, once the hold is secured', async () => {
    const booking = await guestBooking(far);
    const refused = await server.client().rpc('choose_payment_method', { p_booking_id: booking.id, p_email: booking.contact.email, p_method: 'cheque' });
    expect(refused.error?.message).toBe('Please choose to pay by card, by bank transfer or on arrival');
    const schedule = await ok<Schedule>(
      server.client().rpc('choose_payment_method', { p_reference: booking.booking_reference, p_email: booking.contact.email, p_method: 'bank_transfer' }),
    );
    expect(schedule.payment_method).toBe('bank_transfer');
    // A guest's unproven hold stays short (booking_hold_rules.unverified_hold)...
    const held = () => new Date(schedule.hold_expires_at!).getTime() - new Date(booking.created_at).getTime();
    expect(held()).toBe(2 * 3_600_000);
    // ...until the team vouches for it (or the guest confirms the email address): then seven days.
    await ok(admin.rpc('approve_booking_hold', { p_booking_id: booking.id }));
    Object.assign(schedule, await ok<Schedule>(server.client().rpc('booking_payment_schedule', { p_booking_id: booking.id, p_email: booking.contact.email })));
    expect(held()).toBe(7 * 86_400_000);
  });
});

describe('the team records a bank transfer', () => {
  it('amounts with cents go through exactly: as the form sends them, as SQL keeps them, as the receipt says them', async () => {
    const booking = await guestBooking(far);
    await server.db.query(`update public.bookings set total_amount = 101256.50 where id = $1`, [booking.id]);
    // What the office's form sends: the amount it read to the cent (decimalAmount), as supabase-js puts it in JSON.
    for (const typed of ['0.10', '1,256.40', '0.01', '99,999.99']) {
      const { data, error } = await admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: Number(decimalAmount(typed)), p_method: 'cash' });
      expect(error, typed).toBeNull();
      expect(formatMoney((data as { amount: number }).amount, 'USD', { cents: true })).toBe(`$${typed}`);
    }
    const { rows } = await server.db.query<{ amount: string }>(`select amount::text from public.payments where booking_id = $1 order by created_at`, [booking.id]);
    expect(rows.map((row) => row.amount)).toEqual(['0.10', '1256.40', '0.01', '99999.99']);
    const { rows: paid } = await server.db.query<{ amount_paid: string; due: string }>(`select amount_paid::text, (total_amount - amount_paid)::text as due from public.bookings where id = $1`, [booking.id]);
    expect(paid).toEqual([{ amount_paid: '101256.50', due: '0.00' }]);
    // The database refuses past the cent, whatever sent it.
    const other = await guestBooking(far);
    expect((await admin.rpc('record_payment', { p_booking_id: other.id, p_amount: 10.005, p_method: 'cash' })).error?.message).toBe('Please give the amount in USD to the cent');
    await deliverEmails();
    const receipt = await until(() => smtp.received.find((m) => m.to.includes(booking.contact.email) && m.subject.startsWith('Payment received: USD 1,256.40')));
    expect(receipt.subject).toBe(`Payment received: USD 1,256.40 for booking ${booking.booking_reference}`);
  });

  it('amount_paid and the status follow the payments, and each payment gets a receipt by email', async () => {
    const booking = await guestBooking(far);
    const first = await ok<{ amount: number; currency: string; method: string; status: string; provider_reference: string }>(
      admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: 300, p_method: 'bank_transfer', p_reference: 'CRDB-TT-0001' }),
    );
    expect(first).toMatchObject({ amount: 300, currency: 'USD', method: 'bank_transfer', status: 'succeeded', provider_reference: 'CRDB-TT-0001' });
    expect(await bookingRow(booking.id)).toEqual({ status: 'pending', amount_paid: 300 });
    await deliverEmails();

    // The rest of the deposit confirms the booking.
    await ok(admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: 440.73, p_method: 'bank_transfer', p_reference: 'CRDB-TT-0002' }));
    expect(await bookingRow(booking.id)).toEqual({ status: 'confirmed', amount_paid: 740.73 });
    const tooMuch = await admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: 2000, p_method: 'bank_transfer' });
    expect(tooMuch.error?.message).toBe('A payment can be at most the USD 1,728.37 still due');
    const badMethod = await admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: 10, p_method: 'goats' });
    expect(badMethod.error?.message).toBe('Please choose how the payment was made: bank transfer, mobile money, cash, card or PayPal');
    expect(await bookingRow(booking.id)).toEqual({ status: 'confirmed', amount_paid: 740.73 });
    await deliverEmails();

    const receipts = await until(() => {
      const mine = smtp.received.filter((m) => m.to.includes(booking.contact.email) && m.subject.startsWith('Payment received'));
      return mine.length === 2 ? mine : undefined;
    });
    const [one, two] = [300, 440.73].map((amount) => receipts.find((m) => m.subject === `Payment received: USD ${amount.toFixed(2)} for booking ${booking.booking_reference}`)!);
    expect(one.text).toContain('Paid by: Bank transfer');
    expect(one.text).toContain('Payment reference: CRDB-TT-0001');
    expect(one.text).toContain('Paid to date: USD 300.00');
    expect(one.text).toContain('Still to pay: USD 2,169.10');
    expect(two.text).toContain('Paid to date: USD 740.73');
    expect(two.text).toMatch(/Still to pay: USD 1,728\.37, due by \d{1,2} \w+ \d{4}/);
    expect(two.text).toContain('Kilele Safaris');
  });

  it('nobody but admins can record a payment', async () => {
    const me = await server.traveler();
    const mine = await ok<Booking>(me.client.rpc('create_booking', { p_departure_id: far, p_adults: 1 }));
    const before = await ledger(mine.id);
    const asTraveler = await me.client.rpc('record_payment', { p_booking_id: mine.id, p_amount: 100, p_method: 'cash' });
    expect(asTraveler.error?.message).toBe('Only administrators can record payments');
    const asGuest = await server.client().rpc('record_payment', { p_booking_id: mine.id, p_amount: 100, p_method: 'cash' });
    expect(asGuest.error?.code).toBe('42501');
    const direct = await me.client.from('payments').insert({ booking_id: mine.id, amount: 100, method: 'cash', status: 'succeeded' });
    expect(direct.error).not.toBeNull();
    const forged = await me.client.from('bookings').update({ amount_paid: 500 }).eq('id', mine.id).select('amount_paid');
    expect(forged.data ?? []).toEqual([]);
    // Not even an admin sets it by hand: a payment is recorded instead.
    const byHand = await admin.from('bookings').update({ amount_paid: 500 }).eq('id', mine.id);
    expect(byHand.error?.code).toBe('42501');
    expect((await admin.from('bookings').update({ notes: 'Vegetarian meals' }).eq('id', mine.id)).error).toBeNull();
    // Nor types a payment in: record_payment checks the amount and currency, a direct row would not.
    const typedIn = await admin.from('payments').insert({ booking_id: mine.id, amount: 100000, method: 'cash', status: 'succeeded' });
    expect(typedIn.error?.code).toBe('42501');
    expect(await ledger(mine.id)).toBe(before);
  });

  it('travelers read only their own payments', async () => {
    const [alice, bob] = await Promise.all([server.traveler(), server.traveler()]);
    const hers = await ok<Booking>(alice.client.rpc('create_booking', { p_departure_id: far, p_adults: 1 }));
    await ok(admin.rpc('record_payment', { p_booking_id: hers.id, p_amount: 250, p_method: 'mobile_money', p_reference: 'MPESA-77' }));
    const seen = await alice.client.from('payments').select('amount, method, booking_id');
    expect(seen.data).toEqual([{ amount: 250, method: 'mobile_money', booking_id: hers.id }]);
    expect((await bob.client.from('payments').select('id').eq('booking_id', hers.id)).data).toEqual([]);
    expect((await server.client().from('payments').select('id').eq('booking_id', hers.id)).data ?? []).toEqual([]);
  });
});

describe('card payments through Stripe Checkout', () => {
  it('asks Stripe for a Checkout Session of the deposit, in cents, and answers its address', async () => {
    const booking = await guestBooking(far);
    const asked = stripe.requests.length;
    const res = await checkout({ reference: booking.booking_reference, email: booking.contact.email, kind: 'deposit' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'deposit', amount: 740.73, currency: 'USD', bookingReference: booking.booking_reference });
    expect(res.body.url).toBe(`${stripe.url}/c/pay/${res.body.sessionId}`);

    expect(stripe.requests).toHaveLength(asked + 1);
    const request = stripe.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.authorization).toBe(`Bearer ${secretKey}`);
    const form = Object.fromEntries(request.form);
    expect(form).toMatchObject({
      mode: 'payment',
      client_reference_id: booking.id,
      customer_email: booking.contact.email,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '74073',
      'line_items[0][price_data][product_data][name]': 'Deposit for Paid Test Safari',
      'metadata[booking_id]': booking.id,
      'metadata[kind]': 'deposit',
    });
    const success = new URL(form.success_url.replace('{CHECKOUT_SESSION_ID}', 'cs_x'));
    expect(`${success.origin}${success.pathname}`).toBe(`${server.config.siteUrl}/thank-you`);
    // The guest comes back with the email that finds their booking, on any device.
    expect(Object.fromEntries(success.searchParams)).toEqual({ reference: booking.booking_reference, email: booking.contact.email, payment: 'success', session_id: 'cs_x' });
    expect(form.success_url).toContain('session_id={CHECKOUT_SESSION_ID}');
    expect(Object.fromEntries(new URL(form.cancel_url).searchParams)).toEqual({ reference: booking.booking_reference, email: booking.contact.email, payment: 'cancelled' });
    // A guest who has not confirmed the email yet is held 2 hours: the page closes a minute before that.
    const holdEnds = new Date(booking.hold_expires_at).getTime() / 1000;
    expect(Number(form.expires_at)).toBeGreaterThan(holdEnds - 120);
    expect(Number(form.expires_at)).toBeLessThanOrEqual(holdEnds - 60);
  });

  it('the page closes before the seats stop being held, and no page is opened when that is under 30 minutes away', async () => {
    const booking = await guestBooking(far);
    const key = { reference: booking.booking_reference, email: booking.contact.email, kind: 'deposit' };
    const holdFor = async (minutes: number) => {
      const { rows } = await server.db.query<{ hold_expires_at: Date }>(
        `update public.bookings set hold_expires_at = now() + make_interval(mins => $2) where id = $1 returning hold_expires_at`,
        [booking.id, minutes],
      );
      return new Date(rows[0].hold_expires_at).getTime() / 1000;
    };

    const holdEnds = await holdFor(90);
    expect((await checkout(key)).status).toBe(200);
    const closes = Number(stripe.requests.at(-1)!.form.get('expires_at'));
    expect(closes).toBeLessThan(holdEnds);
    expect(closes).toBeGreaterThan(holdEnds - 5 * 60);

    const asked = stripe.requests.length;
    await holdFor(20);
    expect(await checkout(key)).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'hold_ends_too_soon',
          message: 'We hold your seats for less than half an hour more, too little time to pay by card. Please contact us and we will keep them for you.',
        },
      },
    });
    // Run out, and not yet expired by the hold job.
    await holdFor(-1);
    expect((await checkout(key)).body.error.code).toBe('hold_ends_too_soon');
    expect(stripe.requests).toHaveLength(asked);
  });

  it("a signed-in traveler pays their own booking by id, in full, and comes back to the portal; nobody else can", async () => {
    const me = await server.traveler();
    const other = await server.traveler();
    const mine = await ok<Booking>(me.client.rpc('create_booking', { p_departure_id: near, p_adults: 1 }));
    const token = (await me.client.auth.getSession()).data.session!.access_token;
    const res = await checkout({ bookingId: mine.id, kind: 'full', returnPath: '/traveler/bookings' }, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'full', amount: 1234.55 });
    const form = Object.fromEntries(stripe.requests.at(-1)!.form);
    expect(form['line_items[0][price_data][unit_amount]']).toBe('123455');
    expect(form.success_url.startsWith(`${server.config.siteUrl}/traveler/bookings?reference=`)).toBe(true);

    const asked = stripe.requests.length;
    const otherToken = (await other.client.auth.getSession()).data.session!.access_token;
    const stolen = await checkout({ bookingId: mine.id, kind: 'full' }, otherToken);
    expect(stolen).toMatchObject({ status: 404, body: { error: { message: 'We could not find a booking with that reference and email' } } });
    const guessed = await checkout({ bookingId: mine.id, kind: 'full' });
    expect(guessed.status).toBe(404);
    expect(stripe.requests).toHaveLength(asked);
  });

  it('refuses what cannot be paid, in words the traveler understands, without asking Stripe', async () => {
    const booking = await guestBooking(far);
    const inFull = await guestBooking(near);
    const asked = stripe.requests.length;
    const key = { reference: booking.booking_reference, email: booking.contact.email };
    expect(await checkout({ ...key, kind: 'balance' })).toMatchObject({ status: 409, body: { error: { message: 'Please pay the deposit first, or the full amount' } } });
    expect(await checkout({ reference: inFull.booking_reference, email: inFull.contact.email, kind: 'deposit' })).toMatchObject({
      status: 409,
      body: { error: { message: 'Your trip starts within 60 days, so the full amount is due now' } },
    });
    expect(await checkout({ ...key, kind: 'everything' })).toMatchObject({ status: 400, body: { error: { message: 'Please choose to pay the deposit, the balance or the full amount' } } });
    expect(await checkout({ kind: 'deposit' })).toMatchObject({ status: 400, body: { error: { message: 'Please give the booking id, or its reference and email' } } });
    expect(await checkout({ ...key, kind: 'deposit', returnPath: 'https://evil.example/' })).toMatchObject({ status: 400, body: { error: { message: 'The return path must be a path on this site' } } });
    await ok(admin.rpc('cancel_booking', { p_booking_id: booking.id }));
    expect(await checkout({ ...key, kind: 'full' })).toMatchObject({ status: 409, body: { error: { message: 'This booking is cancelled: there is nothing to pay' } } });
    expect(stripe.requests).toHaveLength(asked);
  });

  it('says so when Stripe cannot be reached', async () => {
    const booking = await guestBooking(far);
    stripe.failNext(500, 'Something went wrong on our end');
    const res = await checkout({ reference: booking.booking_reference, email: booking.contact.email, kind: 'deposit' });
    expect(res).toMatchObject({
      status: 502,
      body: { error: { code: 'payment_provider_failed', message: 'We could not start the card payment. Please try again in a moment, or pay by bank transfer.' } },
    });
  });

  it('a signed checkout.session.completed records the payment once: a replayed or repeated event changes nothing', async () => {
    const booking = await guestBooking(far);
    const session = { id: `cs_test_${randomUUID().replace(/-/g, '')}`, bookingId: booking.id, amountTotal: 74073, currency: 'usd' };
    const event = checkoutCompletedEvent(session);

    expect(await deliverWebhook(server.url, event, webhookSecret)).toEqual({ status: 200, body: { received: true, duplicate: false, recorded: true } });
    expect(await bookingRow(booking.id)).toEqual({ status: 'confirmed', amount_paid: 740.73 });
    const { rows } = await server.db.query<{ amount: string; currency: string; method: string; status: string; provider: string; provider_reference: string }>(
      'select amount::text, currency, method, status, provider, provider_reference from public.payments where booking_id = $1',
      [booking.id],
    );
    expect(rows).toEqual([{ amount: '740.73', currency: 'USD', method: 'card', status: 'succeeded', provider: 'stripe', provider_reference: session.id }]);
    const after = await ledger(booking.id);

    // Stripe delivers again (a retry, or a replay of the same signed event).
    expect(await deliverWebhook(server.url, event, webhookSecret)).toEqual({ status: 200, body: { received: true, duplicate: true, recorded: false } });
    // Another event about the same checkout is not a second payment.
    const again = checkoutCompletedEvent(session);
    expect(await deliverWebhook(server.url, { ...again, type: 'checkout.session.async_payment_succeeded' }, webhookSecret)).toEqual({
      status: 200,
      body: { received: true, duplicate: false, recorded: false },
    });
    expect(JSON.parse(await ledger(booking.id))).toMatchObject({ ...JSON.parse(after), events: JSON.parse(after).events + 1 });

    await deliverEmails();
    await until(() => smtp.received.find((m) => m.to.includes(booking.contact.email) && m.subject.startsWith('Payment received')));
    await deliverEmails();
    const receipts = smtp.received.filter((m) => m.to.includes(booking.contact.email) && m.subject.startsWith('Payment received'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].subject).toBe(`Payment received: USD 740.73 for booking ${booking.booking_reference}`);
    expect(receipts[0].text).toContain('Paid by: Card');
  });

  it('the same event delivered five times at once is recorded once', async () => {
    const booking = await guestBooking(far);
    const event = checkoutCompletedEvent({ id: `cs_test_${randomUUID().slice(0, 8)}`, bookingId: booking.id, amountTotal: 246910, currency: 'usd' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliverWebhook(server.url, event, webhookSecret)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.recorded)).toHaveLength(1);
    expect(JSON.parse(await ledger(booking.id))).toMatchObject({ payments: 1, amount_paid: '2469.10', status: 'confirmed' });
  });

  it('money taken after the hold ran out is recorded as owed back: the booking stays expired, and the company is emailed', async () => {
    const booking = await guestBooking(far);
    await server.db.query(`update public.bookings set hold_expires_at = now() - interval '1 minute' where id = $1`, [booking.id]);
    await ok(service.rpc('expire_unpaid_bookings'));
    const session = { id: `cs_test_${randomUUID().slice(0, 8)}`, bookingId: booking.id, amountTotal: 74073, currency: 'usd' };
    const event = checkoutCompletedEvent(session);
    expect(await deliverWebhook(server.url, event, webhookSecret)).toEqual({ status: 200, body: { received: true, duplicate: false, recorded: true } });
    // Not applied to the booking: it is neither revived nor counted as paid.
    expect(await bookingRow(booking.id)).toEqual({ status: 'expired', amount_paid: 0 });
    const payments = await ok<{ amount: number; status: string; provider_reference: string }[]>(
      admin.from('payments').select('amount, status, provider_reference').eq('booking_id', booking.id),
    );
    expect(payments).toEqual([{ amount: 740.73, status: 'refund_due', provider_reference: session.id }]);
    expect(await deliverWebhook(server.url, event, webhookSecret)).toEqual({ status: 200, body: { received: true, duplicate: true, recorded: false } });

    await deliverEmails();
    const notice = await until(() => smtp.received.find((m) => m.subject.startsWith('Refund due') && m.text.includes(booking.booking_reference)));
    const branding = await ok<{ email: string | null }>(service.from('branding_settings').select('email').eq('is_active', true).single());
    expect(notice.to).toContain(branding.email ?? addressOf(server.config.mailFrom));
    expect(notice.to).not.toContain(booking.contact.email);
    expect(notice.subject).toBe(`Refund due: USD 740.73 card payment for expired booking ${booking.booking_reference}`);
    expect(notice.text).toContain('Booking status: expired: its hold ran out unpaid');
    expect(notice.text).toContain(`Traveler: Neema Guest, ${booking.contact.email}`);
    expect(notice.text).toContain(`Stripe Checkout Session: ${session.id}`);
    // The traveler is sent no receipt for money that is not counted towards the booking.
    expect(smtp.received.filter((m) => m.to.includes(booking.contact.email) && m.subject.startsWith('Payment received'))).toEqual([]);

    // Once the company has given the money back in Stripe, it records the refund: how, when, its
    // reference; staff who take payments only, once, never dated in the future.
    const { rows: owed } = await server.db.query<{ id: string }>('select id from public.payments where provider_reference = $1', [session.id]);
    const asTraveler = await (await server.traveler()).client.rpc('mark_payment_refunded', { p_payment_id: owed[0].id, p_method: 'card' });
    expect(asTraveler.error?.message).toBe('Only the office team may record refunds');
    expect((await admin.rpc('mark_payment_refunded', { p_payment_id: owed[0].id, p_method: 'cheque' })).error?.message).toBe(
      'Please choose how the money was returned: bank transfer, mobile money, cash, card or PayPal',
    );
    expect((await admin.rpc('mark_payment_refunded', { p_payment_id: owed[0].id, p_method: 'card', p_refunded_on: companyDay(1) })).error?.message).toBe(
      'A refund cannot be dated in the future',
    );
    expect((await admin.rpc('mark_payment_refunded', { p_payment_id: owed[0].id, p_method: 'card', p_refunded_on: companyDay(-3) })).error?.message).toMatch(
      /^A refund cannot be dated before the money was owed back/,
    );
    const refunded = await ok<{ status: string; refund_reference: string; refund_method: string; refunded_at: string }>(
      admin.rpc('mark_payment_refunded', { p_payment_id: owed[0].id, p_method: 'card', p_refunded_on: companyDay(0), p_reference: 're_test_123' }),
    );
    expect(refunded).toMatchObject({ status: 'refunded', refund_reference: 're_test_123', refund_method: 'card' });
    expect(refunded.refunded_at).not.toBeNull();
    expect((await admin.rpc('mark_payment_refunded', { p_payment_id: owed[0].id, p_method: 'card' })).error?.message).toBe('Only a payment that is owed back can be marked refunded');
    // The client is told, once, in the refund's own words.
    await deliverEmails();
    const sent = await until(() => smtp.received.find((m) => m.to.includes(booking.contact.email) && m.subject.startsWith('Refund sent')));
    expect(sent.subject).toBe(`Refund sent: USD 740.73 for booking ${booking.booking_reference}`);
    expect(sent.text).toContain('Returned by: Card');
    expect(sent.text).toContain('Reference: re_test_123');
    expect(await bookingRow(booking.id)).toEqual({ status: 'expired', amount_paid: 0 });
  });

  it('money taken for a booking cancelled meanwhile is owed back too, and the booking stays cancelled', async () => {
    const booking = await guestBooking(near);
    await ok(admin.rpc('cancel_booking', { p_booking_id: booking.id, p_reason: 'Departure moved' }));
    const event = checkoutCompletedEvent({ id: `cs_test_${randomUUID().slice(0, 8)}`, bookingId: booking.id, amountTotal: 246910, currency: 'usd' });
    expect((await deliverWebhook(server.url, event, webhookSecret)).body).toMatchObject({ recorded: true });
    expect(await bookingRow(booking.id)).toEqual({ status: 'cancelled', amount_paid: 0 });
    const { rows } = await server.db.query<{ status: string; kinds: string[] }>(
      `select p.status, array(select n.kind from public.booking_notifications n where n.payment_id = p.id) as kinds
         from public.payments p where p.booking_id = $1`,
      [booking.id],
    );
    expect(rows).toEqual([{ status: 'refund_due', kinds: ['refund_due'] }]);
    await deliverEmails();
    await until(() => smtp.received.find((m) => m.subject === `Refund due: USD 2,469.10 card payment for cancelled booking ${booking.booking_reference}`));
  });

  it('a second checkout paid for a booking already paid, or money in another currency, is owed back, never counted', async () => {
    const booking = await guestBooking(far);
    const pay = (amountTotal: number, currency = 'usd') =>
      deliverWebhook(server.url, checkoutCompletedEvent({ id: `cs_test_${randomUUID().slice(0, 8)}`, bookingId: booking.id, amountTotal, currency }), webhookSecret);
    // Two tabs, two payment pages for the whole amount, both paid.
    expect((await pay(246910)).body).toMatchObject({ recorded: true });
    expect((await pay(246910)).body).toMatchObject({ recorded: true });
    expect((await pay(10000, 'eur')).body).toMatchObject({ recorded: true });
    expect(await bookingRow(booking.id)).toEqual({ status: 'confirmed', amount_paid: 2469.1 });
    const { rows } = await server.db.query<{ amount: string; currency: string; status: string }>(
      'select amount::text, currency, status from public.payments where booking_id = $1 order by created_at',
      [booking.id],
    );
    expect(rows).toEqual([
      { amount: '2469.10', currency: 'USD', status: 'succeeded' },
      { amount: '2469.10', currency: 'USD', status: 'refund_due' },
      { amount: '100.00', currency: 'EUR', status: 'refund_due' },
    ]);
    await deliverEmails();
    const twice = await until(() => smtp.received.find((m) => m.subject === `Refund due: USD 2,469.10 card payment for confirmed booking ${booking.booking_reference}`));
    expect(twice.text).toContain(`more than the USD 0.00 it still owed (two payment pages paid, most likely)`);
    const euros = await until(() => smtp.received.find((m) => m.subject === `Refund due: EUR 100.00 card payment for confirmed booking ${booking.booking_reference}`));
    expect(euros.text).toContain('which is priced in USD');
  });

  it('events that are not payments are acknowledged and change nothing', async () => {
    const booking = await guestBooking(far);
    const before = await ledger(booking.id);
    const unpaid = checkoutCompletedEvent({ id: 'cs_test_unpaid', bookingId: booking.id, amountTotal: 74073, currency: 'usd' });
    unpaid.data.object.payment_status = 'unpaid';
    expect(await deliverWebhook(server.url, unpaid, webhookSecret)).toEqual({ status: 200, body: { received: true } });
    expect(await deliverWebhook(server.url, { id: 'evt_other', type: 'customer.created', data: { object: {} } }, webhookSecret)).toEqual({
      status: 200,
      body: { received: true },
    });
    expect(await ledger(booking.id)).toBe(before);
  });

  it('refuses a delivery that is not signed by Stripe, or is old, and changes nothing', async () => {
    const booking = await guestBooking(far);
    const event = checkoutCompletedEvent({ id: `cs_test_${randomUUID().slice(0, 8)}`, bookingId: booking.id, amountTotal: 74073, currency: 'usd' });
    const before = await ledger(booking.id);
    const body = JSON.stringify(event);

    const wrongSecret = await deliverWebhook(server.url, event, 'whsec_someone_else');
    expect(wrongSecret).toMatchObject({ status: 400, body: { error: { message: 'The signature does not match' } } });
    // A signature of another body does not cover this one (the amount was changed on the way).
    const tampered = await deliverWebhook(server.url, { ...event, data: { object: { ...event.data.object, amount_total: 1 } } }, webhookSecret, {
      signature: stripeSignature(body, webhookSecret),
    });
    expect(tampered.status).toBe(400);
    const old = await deliverWebhook(server.url, event, webhookSecret, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(old).toMatchObject({ status: 400, body: { error: { message: 'The event is too old or from the future' } } });
    const unsigned = await fetch(`${server.url}/api/payments/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(unsigned.status).toBe(400);
    expect(await unsigned.json()).toMatchObject({ error: { code: 'invalid_input', message: 'The Stripe-Signature header is missing' } });
    expect(await ledger(booking.id)).toBe(before);

    // The same event, signed now with the right secret, is taken: the refusals did not mark it seen.
    expect((await deliverWebhook(server.url, event, webhookSecret)).body).toMatchObject({ recorded: true });
  });

  it('/api/config offers card payments with bank transfer and pay on arrival', async () => {
    const config = await (await fetch(`${server.url}/api/config`)).json();
    expect(config.payments).toEqual({ methods: ['card', 'bank_transfer', 'pay_on_arrival'] });
  });
});

describe('without a Stripe key', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });
  });
  afterAll(async () => {
    await plain?.close();
  });

  it('offers bank transfer and pay on arrival only, and says card payments are not available', async () => {
    const config = await (await fetch(`${plain.url}/api/config`)).json();
    expect(config.payments).toEqual({ methods: ['bank_transfer', 'pay_on_arrival'] });
    const open = await plain.db.query<{ id: string }>(
      `select id from public.tour_departures where status = 'open' and not is_private and start_date > public.company_today() + 1 order by start_date limit 1`,
    );
    const booking = await ok<Booking>(
      plain.client().rpc('create_booking', { p_departure_id: open.rows[0].id, p_adults: 1, p_contact: { full_name: 'Neema Guest', email: 'neema@example.com' } }),
    );
    const unavailable = {
      status: 501,
      body: { error: { code: 'payment_unavailable', message: 'Card payments are not available on this site. Please pay by bank transfer or on arrival.' } },
    };
    expect(await checkout({ reference: booking.booking_reference, email: 'neema@example.com', kind: 'full' }, undefined, plain.url)).toMatchObject(unavailable);
    const event = checkoutCompletedEvent({ id: 'cs_test_nokey', bookingId: booking.id, amountTotal: 100, currency: 'usd' });
    expect(await deliverWebhook(plain.url, event, webhookSecret)).toMatchObject(unavailable);
    // Bank transfers still work: the team records one.
    const staff = await plain.adminClient();
    await ok(staff.rpc('record_payment', { p_booking_id: booking.id, p_amount: 100, p_method: 'bank_transfer' }));
    const { rows } = await plain.db.query<{ amount_paid: string }>('select amount_paid::text from public.bookings where id = $1', [booking.id]);
    expect(rows).toEqual([{ amount_paid: '100.00' }]);
  });
});
