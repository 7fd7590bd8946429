import { describe, expect, it } from 'vitest';
import { bookingEmail, confirmEmailLink, day, money, type BookingEmailData } from '../../server/bookings/emails.ts';
import type { Company } from '../../server/mail/company.ts';

const company: Company = { name: 'Kilele & Sons <Safaris>', email: 'hello@example.com', phone: '+255 754 200 300', signature: null, primaryColor: '#e39f48', timeZone: 'Africa/Dar_es_Salaam' };
const site = { url: 'https://safaris.example', cardPayments: false };

function data(
  overrides: Partial<BookingEmailData['booking']> = {},
  schedule: Partial<BookingEmailData['schedule']> = {},
  departureCancelled = false,
): BookingEmailData {
  return {
    booking: {
      reference: 'KS-2026-7K3Q9',
      status: 'pending',
      currency: 'USD',
      total: 3000,
      adults: 2,
      children: 0,
      contact: { full_name: 'Neema Guest', email: 'neema@example.com' },
      lines: [{ label: 'Adults', quantity: 2, unit_price: 1500, amount: 3000 }],
      owned: false,
      payment_method: null,
      cancelled_at: null,
      cancellation_reason: null,
      refunded_amount: 0,
      refund_owed: 0,
      hold_secured: true,
      ...overrides,
    },
    has_account: false,
    tour: { title: 'Great Migration Safari', slug: 'great-migration-safari', start_location: 'Arusha', included: [] },
    departure: { start_date: '2027-03-12', end_date: '2027-03-18', departure_cancelled: departureCancelled },
    first_day: null,
    schedule: {
      currency: 'USD',
      total: 3000,
      paid: 0,
      outstanding: 3000,
      deposit_percent: 30,
      balance_due_days: 60,
      pay_in_full: false,
      deposit_amount: 900,
      deposit_due: 900,
      balance_due: 2100,
      balance_due_date: '2027-01-11',
      start_date: '2027-03-12',
      hold_expires_at: '2026-11-24T21:30:00Z',
      ...schedule,
    },
    payment: null,
    instructions: null,
  };
}

describe('booking received, for a hold not yet secured', () => {
  it('says how long the seats are held and links to the confirmation of the email address', () => {
    const link = confirmEmailLink(site, 'KS-2026-7K3Q9-M4XPA', 'neema@example.com', 'token-123');
    expect(link).toBe('https://safaris.example/thank-you?reference=KS-2026-7K3Q9-M4XPA&email=neema%40example.com&confirm=token-123');
    const email = bookingEmail('booking_received', company, site, { ...data({ hold_secured: false }), confirm_link: link });
    expect(email.text).toContain(
      'We hold your places until 00:30 on 25 November (East Africa Time). Confirm your email address and we keep them for you while you arrange payment: for two days, or for a week if you pay by bank transfer or on arrival.',
    );
    expect(email.text).toContain(`Confirm my email address: ${link}`);
    // A hold already secured has nothing to confirm.
    expect(bookingEmail('booking_received', company, site, data()).text).not.toContain('Confirm my email address');
  });

  it('gives the time and the day in the time zone of the company’s settings', () => {
    const inLondon = bookingEmail('booking_received', { ...company, timeZone: 'Europe/London' }, site, { ...data({ hold_secured: false }), confirm_link: 'https://safaris.example/x' });
    expect(inLondon.text).toContain('We hold your places until 21:30 on 24 November (Greenwich Mean Time).');
    expect(inLondon.text).toContain('(30% of the total) by 24 November 2026.');
  });
});

describe('money and dates in emails', () => {
  it('writes amounts with their currency and dates in words', () => {
    expect(money(2184, 'USD')).toBe('USD 2,184.00');
    expect(money(0.5, 'EUR')).toBe('EUR 0.50');
    expect(day('2027-01-11')).toBe('11 January 2027');
  });
});

describe('booking received', () => {
  it('gives the hold as the day it ends in Arusha', () => {
    // 21:30 UTC is already the next day in Arusha (UTC+3).
    expect(bookingEmail('booking_received', company, site, data()).text).toContain('(30% of the total) by 25 November 2026.');
  });

  it('invites a guest without an account to create one, and nobody else', () => {
    const guest = bookingEmail('booking_received', company, site, data()).text;
    expect(guest).toContain('Create your account: https://safaris.example/auth/register?email=neema%40example.com&redirect=%2Ftraveler%2Fbookings%3Fclaim%3DKS-2026-7K3Q9');
    const traveler = bookingEmail('booking_received', company, site, data({ owned: true })).text;
    expect(traveler).not.toContain('Create your account');
    expect(traveler).toContain('View your booking: https://safaris.example/traveler/bookings');
    const known = bookingEmail('booking_received', company, site, { ...data(), has_account: true }).text;
    expect(known).not.toContain('Create your account');
    expect(known).toContain('Add this booking to your account: https://safaris.example/traveler/bookings?claim=KS-2026-7K3Q9');
  });

  it('offers card payment only when the site takes cards', () => {
    expect(bookingEmail('booking_received', company, site, data()).text).not.toContain('Pay securely by card');
    expect(bookingEmail('booking_received', company, { ...site, cardPayments: true }, data()).text).toContain('Pay securely by card: https://safaris.example/thank-you?');
  });

  it('escapes the company name in HTML and signs off in its name without a signature', () => {
    const email = bookingEmail('booking_received', company, site, data());
    expect(email.html).toContain('Kilele &#38; Sons &#60;Safaris&#62;');
    expect(email.html).not.toContain('<Safaris>');
    expect(email.text.trimEnd().endsWith('Warm regards,\nThe Kilele & Sons <Safaris> team')).toBe(true);
  });
});

describe('review request', () => {
  it("sends a traveler to the tour's reviews, and a guest to create an account first", () => {
    const traveler = bookingEmail('review_request', company, site, data({ owned: true })).text;
    expect(traveler).toContain('Write your review: https://safaris.example/tours/great-migration-safari#reviews');
    const guest = bookingEmail('review_request', company, site, data()).text;
    expect(guest).toContain('/auth/register?email=neema%40example.com&redirect=%2Ftraveler%2Fbookings%3Fclaim%3DKS-2026-7K3Q9');
  });
});

describe('booking cancelled', () => {
  it('tells a traveler whose departure was cancelled that they are refunded in full, and offers other dates', () => {
    const cancelled = data({ status: 'cancelled', cancelled_at: '2026-11-22T10:00:00Z', cancellation_reason: 'We had to cancel this departure', refund_owed: 900 }, {}, true);
    const email = bookingEmail('booking_cancelled', company, site, cancelled);
    expect(email.subject).toBe('Booking cancelled: Great Migration Safari (KS-2026-7K3Q9)');
    expect(email.text).toContain('we have had to cancel the departure of Great Migration Safari (12 March 2027 to 18 March 2027)');
    expect(email.text).toMatch(/To be refunded in full: USD 900\.00/);
    expect(email.text).toContain('https://safaris.example/tours/great-migration-safari');
  });

  it('gives the reason and what was refunded when the team cancels; nothing about money when nothing was paid', () => {
    const byTeam = bookingEmail('booking_cancelled', company, site, data({ status: 'cancelled', cancellation_reason: 'Asked by the traveler', refunded_amount: 450 }));
    expect(byTeam.text).toMatch(/Reason: Asked by the traveler/);
    expect(byTeam.text).toMatch(/Refunded: USD 450\.00/);
    expect(byTeam.text).not.toContain('See other dates');
    const unpaid = bookingEmail('booking_cancelled', company, site, data({ status: 'cancelled' }));
    expect(unpaid.text).toContain('Your booking KS-2026-7K3Q9 for Great Migration Safari (12 March 2027 to 18 March 2027) is cancelled');
    expect(unpaid.text).not.toContain('Your money');
  });
});

describe('refund due, to the company', () => {
  it('says which booking, whose money, how much and which Stripe checkout, and what to do', () => {
    const payment = { amount: 900, currency: 'USD', method: 'card', reference: 'cs_test_abc', paid_at: '2026-11-24T22:10:00Z', provider: 'stripe', paid_to_date: 0 };
    const email = bookingEmail('refund_due', company, site, { ...data({ status: 'expired', contact: { full_name: 'Neema Guest', email: 'neema@example.com', phone: '+255 700 000 001' } }), payment });
    expect(email.subject).toBe('Refund due: USD 900.00 card payment for expired booking KS-2026-7K3Q9');
    expect(email.text).toContain('A card payment of USD 900.00 arrived for booking KS-2026-7K3Q9 after the booking had expired.');
    expect(email.text).toContain('Traveler: Neema Guest, neema@example.com, +255 700 000 001');
    expect(email.text).toContain('Trip: Great Migration Safari, 12 March 2027 to 18 March 2027');
    expect(email.text).toContain('Paid by: Card (Stripe)');
    // Paid late in the evening in Arusha (UTC+3): the next day there.
    expect(email.text).toContain('Paid on: 25 November 2026');
    expect(email.text).toContain('Stripe Checkout Session: cs_test_abc');
    expect(email.text).toContain('Refund the payment in the Stripe dashboard');
    expect(email.text).not.toContain('Dear Neema');
  });
});
