import { describe, expect, it } from 'vitest';
import { type NewBookingValues, balanceOf, bookedExtras, conversationsOf, dateRangeProblems, isFiltered, moveRefusalField, newBookingProblems, newBookingRefusalField, paymentStateLabel, phonePaymentCents, nextStatus, partyProblems, paymentFormProblems, paymentRefusalField, searchArguments, travelerRowProblems, travelerRows, travelersToSave } from '../../src/features/admin/bookings/model.ts';
import { validateBookingsSearch } from '../../src/features/admin/bookings/search.ts';

describe('the bookings list in the address', () => {
  it('keeps what is valid and drops what is not, so an old or edited link still opens the list', () => {
    expect(
      validateBookingsSearch({ q: 'KS-12', status: ['pending', 'lost'], payment: 'paid', tour: 'not-a-uuid', travelFrom: '2026-12-01', travelUntil: 'soon', sort: 'name', asc: 1, page: 3, size: 50 }),
    ).toEqual({ q: 'KS-12', payment: 'paid', travelFrom: '2026-12-01', sort: 'name', asc: 1, page: 3, size: 50 });
    expect(validateBookingsSearch({ page: 0, size: 30, sort: 'password' })).toEqual({});
    expect(validateBookingsSearch({ status: ['pending', 'confirmed'] })).toEqual({ status: ['pending', 'confirmed'] });
  });

  it('asks search_bookings for the page shown, or any page of the export', () => {
    expect(searchArguments({ q: '  Amani ', status: ['pending'], sort: 'total_amount', asc: 1, page: 3, size: 50 })).toMatchObject({
      p_query: 'Amani',
      p_statuses: ['pending'],
      p_sort: 'total_amount',
      p_descending: false,
      p_limit: 50,
      p_offset: 100,
    });
    expect(searchArguments({}, 2, 500)).toMatchObject({ p_query: null, p_sort: 'created_at', p_descending: true, p_limit: 500, p_offset: 500 });
  });

  it('says when filters narrow the list, and when their dates contradict each other', () => {
    expect(isFiltered({ sort: 'name', page: 2 })).toBe(false);
    expect(isFiltered({ payment: 'unpaid' })).toBe(true);
    expect(dateRangeProblems({ travelFrom: '2026-12-10', travelUntil: '2026-12-01' })).toEqual({ travelUntil: 'The end of the travel dates is before their start' });
    expect(dateRangeProblems({ bookedFrom: '2026-01-01', bookedUntil: '2026-01-01' })).toEqual({});
  });

  it('names each payment state search_bookings gives, and shows one it does not know as it is', () => {
    expect(paymentStateLabel('part_paid')).toBe('Part paid');
    expect(paymentStateLabel('refund_due')).toBe('Refund owed');
    expect(paymentStateLabel('written_off')).toBe('written_off');
  });
});

describe('recording a payment', () => {
  const values = { amount: 250, method: 'bank_transfer', reference: 'TT-88', paidAt: '2026-11-20' };
  const today = '2026-11-25';

  it('accepts a payment up to the balance', () => {
    expect(paymentFormProblems(values, 250, 'USD', today)).toEqual({});
  });

  it('says what is wrong with each field, as record_payment would', () => {
    expect(paymentFormProblems({ ...values, amount: '' }, 250, 'USD', today).amount).toBe('Please give the amount received');
    expect(paymentFormProblems({ ...values, amount: -5 }, 250, 'USD', today).amount).toBe('Please give the amount received');
    expect(paymentFormProblems({ ...values, amount: 10.005 }, 250, 'USD', today).amount).toBe('Please give the amount in USD to the cent');
    expect(paymentFormProblems({ ...values, amount: 300 }, 250, 'USD', today).amount).toBe('A payment can be at most the $250.00 still due');
    expect(paymentFormProblems(values, 0, 'USD', today).amount).toBe('This booking is paid in full');
    expect(paymentFormProblems({ ...values, method: null }, 250, 'USD', today).method).toBe('Please choose how the payment was made');
    expect(paymentFormProblems({ ...values, reference: 'x'.repeat(201) }, 250, 'USD', today).reference).toBe('The payment reference is too long');
    expect(paymentFormProblems({ ...values, paidAt: '2026-11-26' }, 250, 'USD', today).paidAt).toBe('The payment cannot be received in the future');
  });

  it("puts the database's refusal beside the field it is about", () => {
    expect(paymentRefusalField('A payment can be at most the USD 20.00 still due')).toBe('amount');
    expect(paymentRefusalField('Please choose how the payment was made: bank transfer, mobile money, cash, card or PayPal')).toBe('method');
    expect(paymentRefusalField('This booking is cancelled: no payment can be recorded on it')).toBe('form');
  });

  it('computes the balance to the cent', () => {
    expect(balanceOf({ total_amount: 100.1, amount_paid: 33.37 })).toBe(66.73);
    expect(balanceOf({ total_amount: 100, amount_paid: 120 })).toBe(0);
  });
});

describe('moving a booking', () => {
  it("puts the database's refusal beside the field it is about", () => {
    expect(moveRefusalField('Only 1 seat is left on this departure')).toBe('departure');
    expect(moveRefusalField('This departure is sold out')).toBe('departure');
    expect(moveRefusalField('Please give the reason for the move')).toBe('reason');
    expect(moveRefusalField('This booking is cancelled: it cannot be moved')).toBe('form');
  });
});

describe('a booking taken by phone', () => {
  const values: NewBookingValues = {
    tourId: 't',
    departureId: 'd',
    adults: 2,
    children: 0,
    fullName: 'Amani Mollel',
    email: 'amani@example.com',
    phone: '',
    country: '',
    notes: '',
    byHand: false,
    total: '',
    reason: '',
    extras: [],
    pickup: '',
    pickupTime: '',
    payment: 'none',
    paymentAmount: '',
    paymentMethod: null,
    paymentReference: '',
  };

  it('accepts a complete booking', () => {
    expect(newBookingProblems(values, 4)).toEqual({});
  });

  it('says what is missing or impossible at each field', () => {
    expect(newBookingProblems({ ...values, tourId: null, departureId: null, adults: 0, children: -1, fullName: ' ', email: 'amani' }, null)).toEqual({
      tourId: 'Please choose the tour',
      departureId: 'Please choose the departure',
      adults: 'At least one adult travels',
      children: 'Please give the number of children, or 0',
      fullName: 'Please give the lead traveler’s name',
      email: 'Please give a valid email address',
    });
    expect(newBookingProblems({ ...values, adults: 3, children: 1 }, 3).departureId).toBe('Only 3 seats are left on this departure');
    expect(newBookingProblems({ ...values, byHand: true, total: -4 }, 4)).toEqual({ total: 'Please give the new total', reason: 'Please give the reason for the new price' });
    expect(newBookingProblems({ ...values, byHand: true, total: 99.999, reason: 'Agent rate' }, 4)).toEqual({ total: 'Please give the total to the cent' });
  });

  it('asks how a payment taken on the phone was made, and its amount to the cent; a pickup time needs its point', () => {
    expect(newBookingProblems({ ...values, payment: 'deposit' }, 4)).toEqual({ paymentMethod: 'Please choose how the payment was made' });
    expect(newBookingProblems({ ...values, payment: 'other', paymentAmount: 1256.405, paymentMethod: 'cash' }, 4)).toEqual({ paymentAmount: 'Please give the amount to the cent' });
    expect(newBookingProblems({ ...values, payment: 'other', paymentAmount: '1,256.40', paymentMethod: 'cash' }, 4)).toEqual({});
    expect(newBookingProblems({ ...values, pickupTime: '07:30' }, 4)).toEqual({ pickup: 'Give the pickup point for the pickup time' });
  });

  it('works out the deposit, the full price or the amount typed, in cents', () => {
    const terms = { depositPercent: 30, balanceDueDays: 60, daysToDeparture: 90 };
    expect(phonePaymentCents({ payment: 'none', paymentAmount: '' }, 418_880, terms)).toBeNull();
    expect(phonePaymentCents({ payment: 'deposit', paymentAmount: '' }, 418_880, terms)).toBe(125_664);
    expect(phonePaymentCents({ payment: 'full', paymentAmount: '' }, 418_880, terms)).toBe(418_880);
    expect(phonePaymentCents({ payment: 'other', paymentAmount: '1,256.40' }, 418_880, terms)).toBe(125_640);
    // Within the days the balance falls due, the deposit is the whole price.
    expect(phonePaymentCents({ payment: 'deposit', paymentAmount: '' }, 418_880, { ...terms, daysToDeparture: 20 })).toBe(418_880);
  });

  it("puts the database's refusal beside the field it is about", () => {
    expect(newBookingRefusalField('A payment can be at most the USD 1,000.00 still due')).toBe('paymentAmount');
    expect(newBookingRefusalField('Please choose how the payment was made: bank transfer, mobile money, cash, card or PayPal')).toBe('paymentMethod');
    expect(newBookingRefusalField('The pickup point is up to 200 characters')).toBe('pickup');
    expect(newBookingRefusalField('This departure is sold out')).toBe('departureId');
    expect(newBookingRefusalField('Please give a valid email address')).toBe('email');
    expect(newBookingRefusalField('This tour is for travelers aged 12 and over')).toBe('children');
  });
});

describe('the booking page’s office actions', () => {
  it('offers to confirm a pending booking, and to complete a confirmed one only once its trip has ended', () => {
    expect(nextStatus({ status: 'pending' }, '2026-12-10', '2026-11-26')).toEqual({ status: 'confirmed', label: 'Confirm booking' });
    expect(nextStatus({ status: 'confirmed' }, '2026-12-10', '2026-11-26')).toBeNull();
    expect(nextStatus({ status: 'confirmed' }, '2026-11-20', '2026-11-26')).toEqual({ status: 'completed', label: 'Mark completed' });
    expect(nextStatus({ status: 'cancelled' }, '2026-11-20', '2026-11-26')).toBeNull();
  });

  it('edits one row per traveler, keeps what the form does not show, and writes no blanks', () => {
    const stored = [{ full_name: 'Asha', nationality: 'Tanzania', dietary: 'vegetarian' }];
    const rows = travelerRows(stored, 2);
    expect(rows).toEqual([
      { full_name: 'Asha', age: '', nationality: 'Tanzania', passport_number: '' },
      { full_name: '', age: '', nationality: '', passport_number: '' },
    ]);
    expect(travelerRowProblems(rows, '')).toEqual({ rows: { 1: 'Please give the full name of every traveler' }, reason: 'Please give the reason for the change' });
    rows[1] = { full_name: ' Ben ', age: '12a', nationality: '', passport_number: '' };
    expect(travelerRowProblems(rows, 'Passports').rows).toEqual({ 1: 'Please give each traveler’s age in years' });
    rows[1].age = '12';
    expect(travelersToSave(rows, stored)).toEqual([
      { full_name: 'Asha', nationality: 'Tanzania', dietary: 'vegetarian' },
      { full_name: 'Ben', age: '12' },
    ]);
  });

  it('groups messages into conversations, this booking’s first', () => {
    const message = (id: string, thread: string, at: string, sender: string, booking: string | null, subject: string | null = null) => ({
      id,
      thread_id: thread,
      subject,
      sender,
      body: id,
      created_at: at,
      booking_id: booking,
    });
    const threads = conversationsOf(
      [
        message('a1', 'a', '2026-11-01T10:00:00Z', 'traveler', null, 'Visa'),
        message('a2', 'a', '2026-11-20T10:00:00Z', 'staff', null),
        message('b1', 'b', '2026-11-05T10:00:00Z', 'traveler', 'bk', 'Our booking'),
      ],
      'bk',
    );
    expect(threads.map((thread) => [thread.threadId, thread.subject, thread.count, thread.waiting, thread.about])).toEqual([
      ['b', 'Our booking', 1, true, true],
      ['a', 'Visa', 2, false, false],
    ]);
  });
});


describe('changing who travels', () => {
  it('reads the booked extras as codes and quantities', () => {
    expect(bookedExtras([{ code: 'balloon', name: 'Balloon', quantity: 2, amount: 1100 }, { code: 'transfer' }, null, { name: 'no code' }])).toEqual([
      { code: 'balloon', quantity: 2 },
      { code: 'transfer', quantity: 1 },
    ]);
    expect(bookedExtras({})).toEqual([]);
  });

  it('asks for at least one adult, a number of children and a reason', () => {
    expect(partyProblems({ adults: 0, children: '', reason: ' ' })).toEqual({
      adults: 'At least one adult travels',
      children: 'Please give the number of children, or 0',
      reason: 'Please give the reason for the change',
    });
    expect(partyProblems({ adults: 2, children: 0, reason: 'Friend joins' })).toEqual({});
  });
});
