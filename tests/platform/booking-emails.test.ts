import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, until, type ReceivedEmail, type SmtpSink } from '../helpers/smtp.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { companyDay } from '../helpers/company-days.ts';

// The emails of a booking's life, from the booking to the review request, as a real SMTP server
// receives them: each one once, with what the traveler needs in it, in the company's name.

let server: TestServer;
let smtp: SmtpSink;
let service: SupabaseClient;
let admin: SupabaseClient;
let tour: { id: string; slug: string };

const inDays = companyDay;
/** A date as the emails write it: 12 March 2027. */
const longDay = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const guestEmail = () => `guest-${randomUUID().slice(0, 8)}@example.com`;

interface Booking {
  id: string;
  booking_reference: string;
  contact: { email: string };
}

async function ok<T>(request: PromiseLike<{ data: unknown; error: { message: string } | null }>): Promise<T> {
  const { data, error } = await request;
  if (error) throw new Error(error.message);
  return data as T;
}

async function departure(days: number, length = 2): Promise<string> {
  const row = await ok<{ id: string }>(
    service.from('tour_departures').insert({ tour_id: tour.id, start_date: inDays(days), end_date: inDays(days + length), capacity: 100 }).select('id').single(),
  );
  return row.id;
}

/** Writes the emails the bookings are owed and sends them to the SMTP server. */
async function deliver() {
  await server.platform.jobs.bookingEmails.drain();
  await server.platform.ctx.mail.drain();
}

const emailsTo = (address: string, subject?: string) =>
  smtp.received.filter((m) => m.to.includes(address.toLowerCase()) && (subject === undefined || m.subject.startsWith(subject)));

/** Waits for the one email to the address whose subject starts so; fails if a second one came. */
async function theEmail(address: string, subject: string): Promise<ReceivedEmail> {
  const email = await until(() => emailsTo(address, subject)[0]);
  await deliver();
  expect(emailsTo(address, subject)).toHaveLength(1);
  return email;
}

/** The links in an email's text. */
const linksIn = (email: ReceivedEmail) => [...email.text.matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0]));

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startTestServer({ smtpUrl: smtp.url });
  service = server.service();
  admin = await server.adminClient();
  const suffix = randomUUID().slice(0, 6);
  tour = await ok<{ id: string; slug: string }>(
    service
      .from('tours')
      .insert({
        slug: `emails-test-safari-${suffix}`, title: 'Emails Test Safari', status: 'active', base_price: 1500, duration_days: 3,
        start_location: 'Arusha', included: ['Park fees', 'Full board on safari'],
      })
      .select('id, slug')
      .single(),
  );
  await ok(service.from('tour_itinerary').insert({ tour_id: tour.id, day_number: 1, title: 'Arrival in Arusha' }));
  await ok(service.from('tour_extras').insert({ tour_id: tour.id, code: 'bush-dinner', name: 'Bush dinner', unit: 'per_booking', price: 120 }));
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('booking received', () => {
  it("tells a guest the reference, the trip, the total, what happens next and how to pay, and invites them to an account", async () => {
    const email = guestEmail();
    const booking = await ok<Booking>(
      server.client().rpc('create_booking', {
        p_departure_id: await departure(100),
        p_adults: 2,
        p_extras: ['bush-dinner'],
        p_contact: { full_name: 'Neema Guest', email },
      }),
    );
    await deliver();
    const received = await theEmail(email, 'Booking received');
    expect(received.from).toBe('hello@kilelesafaris.co.tz');
    expect(received.subject).toBe(`Booking received: Emails Test Safari (${booking.booking_reference})`);
    const { text } = received;
    expect(text).toContain('Dear Neema Guest,');
    for (const line of [
      `Reference: ${booking.booking_reference}`,
      'Trip: Emails Test Safari',
      `Dates: ${longDay(inDays(100))} to ${longDay(inDays(102))}`,
      'Travelers: 2 adults',
      'Adults, 2 x USD 1,500.00: USD 3,000.00',
      'Bush dinner: USD 120.00',
      'Total: USD 3,120.00',
      'WHAT HAPPENS NEXT',
      'please pay the deposit of USD 936.00 (30% of the total)',
      `The balance of USD 2,184.00 is due by ${longDay(inDays(40))}, 60 days before departure.`,
      'HOW TO PAY',
      'Account number: 0150 2345 6789 00',
      `Payment reference: ${booking.booking_reference}`,
      'On arrival: You may settle the balance in cash',
      'Warm regards,\nThe Kilele Safaris team',
    ]) {
      expect(text).toContain(line);
    }
    // No card payments on this site, so none are offered.
    expect(text).not.toContain('Pay securely by card');
    const register = linksIn(received).find((link) => link.pathname === '/auth/register')!;
    expect(register.origin).toBe(server.config.siteUrl);
    expect(Object.fromEntries(register.searchParams)).toEqual({ email, redirect: `/traveler/bookings?claim=${booking.booking_reference}` });
    expect(received.html).toContain('Create your account');
    expect(received.html).toContain('/auth/register?email=');
  });

  it('shows a traveler their portal instead, and asks for everything when the trip is within 60 days', async () => {
    const me = await server.traveler({ fullName: 'Amani Traveler' });
    await ok(me.client.rpc('create_booking', { p_departure_id: await departure(30), p_adults: 1 }));
    await deliver();
    const received = await theEmail(me.email, 'Booking received');
    expect(received.text).toContain('Dear Amani Traveler,');
    expect(received.text).toContain('As your trip starts within 60 days, the full amount of USD 1,500.00 is due now.');
    expect(received.text).not.toContain('Create your account');
    expect(linksIn(received).map((link) => link.toString())).toContain(`${server.config.siteUrl}/traveler/bookings`);
  });
});

describe('booking confirmed', () => {
  it('is sent once when the team confirms the booking', async () => {
    const email = guestEmail();
    const booking = await ok<Booking>(server.client().rpc('create_booking', { p_departure_id: await departure(100), p_adults: 2, p_contact: { full_name: 'Neema Guest', email } }));
    await ok(admin.rpc('set_booking_status', { p_booking_id: booking.id, p_status: 'confirmed' }));
    await deliver();
    const received = await theEmail(email, 'Your trip is confirmed');
    expect(received.subject).toBe(`Your trip is confirmed: Emails Test Safari (${booking.booking_reference})`);
    expect(received.text).toContain(`Great news: your booking ${booking.booking_reference} is confirmed`);
    expect(received.text).toContain('Paid so far: USD 0.00');
    expect(received.text).toContain('Deposit still due: USD 900.00');
    expect(received.text).toContain(`Balance: USD 2,100.00, due by ${longDay(inDays(40))}`);
  });

  it('is sent once when the deposit arrives, after the receipt of that payment', async () => {
    const email = guestEmail();
    const booking = await ok<Booking>(server.client().rpc('create_booking', { p_departure_id: await departure(100), p_adults: 2, p_contact: { full_name: 'Neema Guest', email } }));
    await ok(admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: 900, p_method: 'bank_transfer', p_reference: 'CRDB-55' }));
    await deliver();
    const receipt = await theEmail(email, 'Payment received');
    expect(receipt.subject).toBe(`Payment received: USD 900.00 for booking ${booking.booking_reference}`);
    expect(receipt.text).toContain('This email is your receipt.');
    expect(receipt.text).toContain(`Still to pay: USD 2,100.00, due by ${longDay(inDays(40))}`);
    const confirmed = await theEmail(email, 'Your trip is confirmed');
    expect(confirmed.text).toContain('Paid so far: USD 900.00');
    expect(emailsTo(email).map((m) => m.subject.split(':')[0]).sort()).toEqual(['Booking received', 'Payment received', 'Your trip is confirmed']);
  });
});

describe('a departure the company cancels', () => {
  it('cancels its open bookings, releases the seats, owes back what was paid, and tells each traveler and the company once', async () => {
    const departureId = await departure(120);
    const [paidEmail, unpaidEmail] = [guestEmail(), guestEmail()];
    const paid = await ok<Booking>(server.client().rpc('create_booking', { p_departure_id: departureId, p_adults: 2, p_contact: { full_name: 'Neema Guest', email: paidEmail } }));
    const unpaid = await ok<Booking>(server.client().rpc('create_booking', { p_departure_id: departureId, p_adults: 1, p_contact: { full_name: 'Juma Guest', email: unpaidEmail } }));
    await ok(admin.rpc('record_payment', { p_booking_id: paid.id, p_amount: 900, p_method: 'bank_transfer', p_reference: 'CRDB-77' }));
    // A booking cancelled earlier is left as it was.
    const earlier = await ok<Booking>(server.client().rpc('create_booking', { p_departure_id: departureId, p_adults: 1, p_contact: { full_name: 'Early Guest', email: guestEmail() } }));
    await ok(admin.rpc('cancel_booking', { p_booking_id: earlier.id, p_reason: 'Asked by the traveler' }));
    await deliver();

    await ok(admin.from('tour_departures').update({ status: 'cancelled' }).eq('id', departureId));

    const { rows: bookings } = await server.db.query<{ id: string; status: string; amount_paid: string; cancellation_reason: string }>(
      'select id, status, amount_paid::text, cancellation_reason from public.bookings where departure_id = $1 order by created_at',
      [departureId],
    );
    expect(bookings).toEqual([
      { id: paid.id, status: 'cancelled', amount_paid: '0.00', cancellation_reason: 'We had to cancel this departure' },
      { id: unpaid.id, status: 'cancelled', amount_paid: '0.00', cancellation_reason: 'We had to cancel this departure' },
      { id: earlier.id, status: 'cancelled', amount_paid: '0.00', cancellation_reason: 'Asked by the traveler' },
    ]);
    const { rows: seats } = await server.db.query('select status, seats_booked from public.tour_departures where id = $1', [departureId]);
    expect(seats).toEqual([{ status: 'cancelled', seats_booked: 0 }]);
    // The payment in stays received (its receipt with it); a payment out owes all of it back.
    const { rows: payments } = await server.db.query('select amount::text, status, method from public.payments where booking_id = $1 order by created_at, status desc', [paid.id]);
    expect(payments).toEqual([
      { amount: '900.00', status: 'succeeded', method: 'bank_transfer' },
      { amount: '900.00', status: 'refund_due', method: 'bank_transfer' },
    ]);
    const { rows: [received] } = await server.db.query<{ id: string }>(`select id from public.payments where booking_id = $1 and status = 'succeeded'`, [paid.id]);
    const receipt = await ok<{ receipt: { amount: string; paid_to_date: string } }>(admin.rpc('booking_receipt', { p_booking_id: paid.id, p_payment_id: received.id }));
    expect(receipt.receipt).toMatchObject({ amount: '900.00', paid_to_date: '900.00' });

    await deliver();
    const toPaid = await theEmail(paidEmail, 'Booking cancelled');
    expect(toPaid.subject).toBe(`Booking cancelled: Emails Test Safari (${paid.booking_reference})`);
    expect(toPaid.text).toContain(`we have had to cancel the departure of Emails Test Safari (${longDay(inDays(120))} to ${longDay(inDays(122))}), and with it your booking ${paid.booking_reference}`);
    expect(toPaid.text).toContain('You paid: USD 900.00');
    expect(toPaid.text).toContain('To be refunded to you: USD 900.00');
    // The company cancelled: no fee is kept, and the money goes back the way it came.
    expect(toPaid.text).not.toContain('fee');
    expect(toPaid.text).toContain('We return USD 900.00 by bank transfer.');
    expect(linksIn(toPaid).map(String)).toContain(`${server.config.siteUrl}/tours/${tour.slug}`);
    const toUnpaid = await theEmail(unpaidEmail, 'Booking cancelled');
    expect(toUnpaid.text).not.toContain('Your money');
    const notice = await until(() => smtp.received.find((m) => m.subject === `Refund due: USD 900.00 bank transfer payment for cancelled booking ${paid.booking_reference}`));
    expect(notice.text).toContain(`Booking ${paid.booking_reference} was cancelled with its departure after this payment of USD 900.00 reached us`);
    expect(notice.text).toContain('Return the payment the way it came');

    // Cancelling again, or opening the departure once more, announces nothing twice.
    await ok(admin.from('tour_departures').update({ status: 'open' }).eq('id', departureId));
    await ok(admin.from('tour_departures').update({ status: 'cancelled' }).eq('id', departureId));
    await deliver();
    expect(emailsTo(paidEmail, 'Booking cancelled')).toHaveLength(1);
    expect(smtp.received.filter((m) => m.subject.startsWith('Refund due') && m.text.includes(paid.booking_reference))).toHaveLength(1);
  });
});

describe('the daily round', () => {
  it('reminds of a balance due within 7 days, once', async () => {
    const email = guestEmail();
    const soon = await ok<Booking>(server.client().rpc('create_booking', { p_departure_id: await departure(65), p_adults: 2, p_contact: { full_name: 'Neema Guest', email } }));
    const later = await ok<Booking>(server.client().rpc('create_booking', { p_departure_id: await departure(100), p_adults: 2, p_contact: { full_name: 'Neema Guest', email } }));
    for (const booking of [soon, later]) await ok(admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: 900, p_method: 'bank_transfer' }));

    const round = await server.platform.jobs.bookingSchedule.run();
    expect(round.balance_reminders).toBeGreaterThanOrEqual(1);
    await deliver();
    const reminder = await theEmail(email, 'Your balance');
    expect(reminder.subject).toBe(`Your balance for Emails Test Safari is due by ${longDay(inDays(5))}`);
    expect(reminder.text).toContain(`the balance of USD 2,100.00 for booking ${soon.booking_reference} is due by ${longDay(inDays(5))}`);
    expect(reminder.text).toContain('Account number: 0150 2345 6789 00');

    // The next day's round (and the one after) sends nothing more; the later trip's balance is not due yet.
    await server.platform.jobs.bookingSchedule.run();
    await server.platform.jobs.bookingSchedule.run();
    await deliver();
    expect(emailsTo(email, 'Your balance')).toHaveLength(1);
    const { rows } = await server.db.query<{ booking_id: string }>(`select booking_id from public.booking_notifications where kind = 'balance_reminder' and booking_id = any($1)`, [
      [soon.id, later.id],
    ]);
    expect(rows).toEqual([{ booking_id: soon.id }]);
  });

  it('sends the pre-departure information 7 days before, once', async () => {
    const me = await server.traveler({ fullName: 'Amani Traveler' });
    const booking = await ok<Booking>(me.client.rpc('create_booking', { p_departure_id: await departure(6), p_adults: 1 }));
    await ok(admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: 1500, p_method: 'cash' }));
    await server.platform.jobs.bookingSchedule.run();
    await server.platform.jobs.bookingSchedule.run();
    await deliver();
    const info = await theEmail(me.email, 'Emails Test Safari starts on');
    expect(info.subject).toBe(`Emails Test Safari starts on ${longDay(inDays(6))}: what to know before you travel`);
    for (const line of [`Reference: ${booking.booking_reference}`, 'Starts from: Arusha', 'Day 1: Arrival in Arusha', '- Park fees', 'Passports valid']) {
      expect(info.text).toContain(line);
    }
    expect(info.text).not.toContain('There is still');
    // Paid in full: no balance reminder either.
    expect(emailsTo(me.email, 'Your balance')).toHaveLength(0);
  });

  it('completes a trip the day after it ends and asks for a review, once; then the traveler can review', async () => {
    const me = await server.traveler({ fullName: 'Amani Traveler' });
    const departureId = await departure(6);
    const booking = await ok<Booking>(me.client.rpc('create_booking', { p_departure_id: departureId, p_adults: 1 }));
    await ok(admin.rpc('record_payment', { p_booking_id: booking.id, p_amount: 1500, p_method: 'card' }));
    const status = async () => (await server.db.query<{ status: string }>('select status from public.bookings where id = $1', [booking.id])).rows[0].status;

    // The trip ends today: still confirmed.
    await server.db.query('update public.tour_departures set start_date = public.company_today() - 2, end_date = public.company_today() where id = $1', [departureId]);
    await server.platform.jobs.bookingSchedule.run();
    expect(await status()).toBe('confirmed');
    // A day later it is completed, and the review request is owed.
    await server.db.query('update public.tour_departures set start_date = public.company_today() - 3, end_date = public.company_today() - 1 where id = $1', [departureId]);
    const round = await server.platform.jobs.bookingSchedule.run();
    expect(round.completed).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe('completed');
    await server.platform.jobs.bookingSchedule.run();
    await deliver();
    const ask = await theEmail(me.email, 'How was');
    expect(ask.subject).toBe('How was Emails Test Safari?');
    expect(linksIn(ask).map((link) => link.toString())).toContain(`${server.config.siteUrl}/tours/${tour.slug}#reviews`);
    expect(ask.text).toContain('Asante sana for travelling with Kilele Safaris');
    const review = await me.client.from('reviews').insert({ tour_id: tour.id, rating: 5, title: 'Unforgettable' }).select('booking_id').single();
    expect(review.data).toEqual({ booking_id: booking.id });
  });
});

describe('a guest who creates an account', () => {
  it('adds a booking by the reference in its invitation; signing up with the email alone takes nothing', async () => {
    const email = guestEmail();
    const departureId = await departure(100);
    const guest = { full_name: 'Baraka Guest', email: email.toUpperCase() };
    const mine = await Promise.all([1, 2].map(() => ok<Booking>(server.client().rpc('create_booking', { p_departure_id: departureId, p_adults: 1, p_contact: guest }))));
    const someoneElse = await ok<Booking>(server.client().rpc('create_booking', { p_departure_id: departureId, p_adults: 1, p_contact: { full_name: 'Other Guest', email: guestEmail() } }));
    await deliver();
    const invitations = await until(() => {
      const received = emailsTo(email, 'Booking received');
      return received.length === 2 ? received : undefined;
    });
    const claimOf = (message: (typeof invitations)[number]) =>
      new URL(linksIn(message).find((link) => link.pathname === '/auth/register')!.searchParams.get('redirect')!, server.url).searchParams.get('claim');
    const invitation = invitations.find((message) => claimOf(message) === mine[0].booking_reference)!;
    expect(invitation).toBeDefined();

    // Confirmation is off here, so signing up proves nothing: no booking moves on its own.
    const me = await server.traveler({ email, fullName: 'Baraka Guest' });
    const owned = async () => ((await me.client.from('bookings').select('id').order('created_at')).data ?? []).map((b) => b.id).sort();
    expect(await owned()).toEqual([]);

    const claimed = await me.client.rpc('claim_guest_booking', { p_reference: claimOf(invitation)!.toLowerCase() });
    expect(claimed.error).toBeNull();
    expect(claimed.data).toMatchObject({ id: mine[0].id, user_id: me.userId });
    expect(await owned()).toEqual([mine[0].id]);
    // Again: the same booking, nothing else.
    expect((await me.client.rpc('claim_guest_booking', { p_reference: mine[0].booking_reference })).data).toMatchObject({ id: mine[0].id });

    // Another guest's reference, or a reference without a session, is not found and changes nothing.
    const foreign = await me.client.rpc('claim_guest_booking', { p_reference: someoneElse.booking_reference });
    expect(foreign.error?.message).toBe('We could not find a booking with that reference for your email address');
    const anonymous = await server.client().rpc('claim_guest_booking', { p_reference: mine[1].booking_reference });
    expect(anonymous.error).not.toBeNull();
    const { rows } = await server.db.query<{ id: string; user_id: string | null }>('select id, user_id from public.bookings where id = any($1::uuid[]) order by id', [[someoneElse.id, mine[1].id]]);
    expect(rows.map((row) => row.user_id)).toEqual([null, null]);
  });
});

describe('a guest who creates an account where emails must be confirmed', () => {
  let strict: TestServer;
  beforeAll(async () => {
    strict = await startTestServer({ smtpUrl: smtp.url, emailConfirmRequired: true });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('gets the bookings only once the address is confirmed, so nobody claims them by signing up with it', async () => {
    const email = guestEmail();
    const open = await strict.db.query<{ id: string }>(
      `select id from public.tour_departures where status = 'open' and not is_private and start_date > public.company_today() + 1 order by start_date limit 1`,
    );
    const booking = await ok<Booking>(strict.client().rpc('create_booking', { p_departure_id: open.rows[0].id, p_adults: 1, p_contact: { full_name: 'Zuri Guest', email } }));
    const owner = async () => (await strict.db.query<{ user_id: string | null }>('select user_id from public.bookings where id = $1', [booking.id])).rows[0].user_id;

    const signUp = await strict.client().auth.signUp({ email, password: 'Kilimanjaro-2026!' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(await owner()).toBeNull();

    await strict.platform.ctx.mail.drain();
    const confirmation = await until(() => emailsTo(email, 'Confirm your')[0]);
    const link = linksIn(confirmation)[0];
    const opened = await fetch(`${strict.url}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(await owner()).toBe(signUp.data.user!.id);
  });
});
