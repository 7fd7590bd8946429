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
      amount_paid: 0,
      refund_owed: 0,
      refund_owed_method: null,
      refund_sent: 0,
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
    const cancelled = data({ status: 'cancelled', cancelled_at: '2026-11-22T10:00:00Z', cancellation_reason: 'We had to cancel this departure', refund_owed: 900, refund_owed_method: 'card' }, {}, true);
    const email = bookingEmail('booking_cancelled', company, site, cancelled);
    expect(email.subject).toBe('Booking cancelled: Great Migration Safari (KS-2026-7K3Q9)');
    expect(email.text).toContain('we have had to cancel the departure of Great Migration Safari (12 March 2027 to 18 March 2027)');
    expect(email.text).toContain('You paid: USD 900.00');
    expect(email.text).toContain('To be refunded to you: USD 900.00');
    expect(email.text).not.toContain('fee');
    expect(email.text).toContain('We return USD 900.00 to the card you paid with.');
    expect(email.text).toContain('https://safaris.example/tours/great-migration-safari');
  });

  it('says the fee kept, what is returned and by the way the client paid, with figures that add up', () => {
    const byTeam = bookingEmail(
      'booking_cancelled',
      company,
      site,
      data({ status: 'cancelled', cancellation_reason: 'Asked by the traveler', amount_paid: 900, refund_owed: 1256.4, refund_owed_method: 'cash' }),
    );
    expect(byTeam.text).toMatch(/Reason: Asked by the traveler/);
    expect(byTeam.text).toContain('You paid: USD 2,156.40');
    expect(byTeam.text).toContain('Cancellation fee kept: USD 900.00');
    expect(byTeam.text).toContain('To be refunded to you: USD 1,256.40');
    expect(byTeam.text).toContain('Under our cancellation policy we keep a fee of USD 900.00 and return the rest.');
    expect(byTeam.text).toContain('We return USD 1,256.40 in cash');
    // Never the old double count, nor a card refund for money paid in cash.
    expect(byTeam.text).not.toContain('Refunded:');
    expect(byTeam.text).not.toContain('card');
    expect(byTeam.text).not.toContain('See other dates');
  });

  it('says the whole payment is kept when the fee takes it all, and that nothing is owed when nothing was paid', () => {
    const kept = bookingEmail('booking_cancelled', company, site, data({ status: 'cancelled', cancellation_reason: 'No show', amount_paid: 900 }));
    expect(kept.text).toContain('Cancellation fee kept: USD 900.00');
    expect(kept.text).toContain('which is all that was paid');
    expect(kept.text).not.toContain('To be refunded');
    const unpaid = bookingEmail('booking_cancelled', company, site, data({ status: 'cancelled' }));
    expect(unpaid.text).toContain('Your booking KS-2026-7K3Q9 for Great Migration Safari (12 March 2027 to 18 March 2027) is cancelled');
    expect(unpaid.text).toContain('Nothing was paid on this booking');
    expect(unpaid.text).not.toContain('Your money');
  });
});

describe('refund sent', () => {
  it('tells the client the amount, the day, the method and the reference', () => {
    const payment = {
      amount: 1256.4,
      currency: 'USD',
      method: 'cash',
      reference: null,
      paid_at: '2026-11-24T09:00:00Z',
      provider: null,
      paid_to_date: 0,
      refund_method: 'bank_transfer',
      refunded_at: '2026-11-26T21:30:00Z',
      refund_reference: 'CRDB-REF-77',
    };
    const email = bookingEmail('refund_sent', company, site, { ...data({ status: 'cancelled' }), payment });
    expect(email.subject).toBe('Refund sent: USD 1,256.40 for booking KS-2026-7K3Q9');
    expect(email.text).toContain('We have sent you a refund of USD 1,256.40 for booking KS-2026-7K3Q9, by bank transfer.');
    expect(email.text).toContain('Returned by: Bank transfer');
    expect(email.text).toContain('Reference: CRDB-REF-77');
    expect(email.text).toContain('The refund note is attached as a PDF');
    // 21:30 UTC is the next day in Arusha.
    expect(email.text).toContain('Sent on: 27 November 2026');
    // Sent again by the office, it is named as what was asked for.
    const again = bookingEmail('refund_note', company, site, { ...data({ status: 'cancelled' }), payment });
    expect(again.subject).toBe('Refund note: USD 1,256.40 for booking KS-2026-7K3Q9');
    expect(again.text).toBe(email.text);
  });
});

describe('booking moved and booking changed', () => {
  it('says where the booking was and where it is now, with the new price', () => {
    const moved = {
      ...data({ status: 'confirmed', total: 3200, lines: [{ label: 'Adults', quantity: 2, unit_price: 1600, amount: 3200 }] }),
      details: { from_start: '2027-02-01', from_end: '2027-02-07', from_tour: 'Great Migration Safari', previous_total: 3000 },
    };
    const email = bookingEmail('booking_moved', company, site, moved);
    expect(email.subject).toBe('Booking KS-2026-7K3Q9 moved: Great Migration Safari from 12 March 2027');
    expect(email.text).toContain('has moved to Great Migration Safari from 12 March 2027 to 18 March 2027 (it was 1 February 2027 to 7 February 2027)');
    expect(email.text).toContain('The total was USD 3,000.00 and is now USD 3,200.00.');
  });

  it('lists who travels and the extras before and after, and money owed back', () => {
    const changed = {
      ...data({
        status: 'confirmed',
        adults: 2,
        children: 1,
        total: 3400,
        refund_owed: 0,
        lines: [
          { label: 'Adults', quantity: 2, unit_price: 1500, amount: 3000, kind: 'adult' },
          { label: 'Balloon safari', quantity: 1, unit_price: 400, amount: 400, kind: 'extra' },
        ],
      }),
      details: { previous_adults: 2, previous_children: 0, previous_extras: [], previous_total: 3000 },
    };
    const email = bookingEmail('booking_changed', company, site, changed);
    expect(email.subject).toBe('Booking KS-2026-7K3Q9 updated: Great Migration Safari');
    expect(email.text).toContain('Travelers: 2 adults → 2 adults, 1 child');
    expect(email.text).toContain('Extras: none → Balloon safari');
    expect(email.text).toContain('The total was USD 3,000.00 and is now USD 3,400.00.');
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
