import { describe, expect, it } from 'vitest';
import { amountDueNow, balanceOf, paymentFormProblems } from '../../src/features/admin/bookings/model.ts';
import { fieldPaymentProblems } from '../../src/features/admin/operations/field.ts';
import { decimalAmount, formatMoney, parseAmount, toCents } from '../../src/lib/money.ts';

// Amounts with cents, from the box they are typed in to what is sent and shown: read exactly, in
// whole cents, never compared as floats (1256.4 * 100 is 125639.99999999999: every such amount was
// refused as "not to the cent").
const amounts: [typed: string | number, cents: number, decimal: string, shown: string][] = [
  ['0.10', 10, '0.10', '$0.10'],
  [0.1, 10, '0.10', '$0.10'],
  ['1,256.40', 125_640, '1256.40', '$1,256.40'],
  [1256.4, 125_640, '1256.40', '$1,256.40'],
  ['0.01', 1, '0.01', '$0.01'],
  ['99,999.99', 9_999_999, '99999.99', '$99,999.99'],
  [99999.99, 9_999_999, '99999.99', '$99,999.99'],
  [' 1256.4 ', 125_640, '1256.40', '$1,256.40'],
  ['.5', 50, '0.50', '$0.50'],
];

describe('amounts typed with cents', () => {
  it.each(amounts)('%j is %i cents, sent as %s and shown as %s', (typed, cents, decimal, shown) => {
    expect(parseAmount(typed)).toEqual({ ok: true, cents, decimal });
    expect(decimalAmount(typed)).toBe(decimal);
    expect(formatMoney(Number(decimal), 'USD', { cents: true })).toBe(shown);
  });

  it('refuses what is no amount, and what goes past the cent', () => {
    expect(parseAmount('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseAmount(null)).toEqual({ ok: false, problem: 'empty' });
    for (const bad of ['-5', 'abc', '1e3', '1.2.3', '.', Number.NaN, 1e21, '12345678901234']) expect(parseAmount(bad)).toMatchObject({ ok: false, problem: 'not-an-amount' });
    expect(parseAmount('10.005')).toEqual({ ok: false, problem: 'past-the-cent' });
    expect(parseAmount('10.500')).toMatchObject({ ok: true, cents: 1050 });
    expect(() => decimalAmount('10.005')).toThrow();
  });

  it('the office’s payment form and the field’s take them, up to what is owed to the cent', () => {
    const today = '2026-11-27';
    for (const [typed, cents] of amounts) {
      const balance = cents / 100;
      expect(paymentFormProblems({ amount: typed, method: 'cash', reference: '', paidAt: today }, balance, 'USD', today)).toEqual({});
      expect(fieldPaymentProblems({ bookingId: 'b', amount: typed, method: 'cash', reference: '' }, balance)).toEqual({});
      // A cent more than is owed is refused.
      const over = (cents + 1) / 100;
      expect(paymentFormProblems({ amount: over, method: 'cash', reference: '', paidAt: today }, balance, 'USD', today).amount).toMatch(/^A payment can be at most the/);
      expect(fieldPaymentProblems({ bookingId: 'b', amount: over, method: 'cash', reference: '' }, balance).amount).toMatch(/the payment is more than that$/);
    }
    expect(paymentFormProblems({ amount: '10.005', method: 'cash', reference: '', paidAt: today }, 100, 'USD', today).amount).toBe('Please give the amount in USD to the cent');
    expect(fieldPaymentProblems({ bookingId: 'b', amount: '10.005', method: 'cash', reference: '' }, 100).amount).toBe('Give the amount to the cent');
  });

  it('works out what is still owed in cents', () => {
    expect(balanceOf({ total_amount: 3105.2, amount_paid: 1256.4 })).toBe(1848.8);
    expect(balanceOf({ total_amount: 0.3, amount_paid: 0.1 })).toBe(0.2);
    expect(toCents('1256.40')).toBe(125_640);
    expect(toCents(0.07)).toBe(7);
  });
});

describe('what the payment form offers', () => {
  const schedule = { deposit_due: 931.56, balance_due: 2173.64, balance_due_date: '2027-03-01', pay_in_full: false };
  it('is the deposit while it is due, saying what comes after', () => {
    const offer = amountDueNow(3105.2, schedule, 'USD');
    expect(offer.amount).toBe(931.56);
    expect(offer.note).toMatch(/^The deposit due now; \$2,173\.64 more by /);
  });
  it('is the whole balance once the deposit is in, or when the trip is paid in full at booking', () => {
    expect(amountDueNow(2173.64, { ...schedule, deposit_due: 0 }, 'USD')).toEqual({ amount: 2173.64, note: 'The whole balance' });
    expect(amountDueNow(3105.2, { ...schedule, pay_in_full: true }, 'USD').amount).toBe(3105.2);
    expect(amountDueNow(3105.2, null, 'USD').amount).toBe(3105.2);
  });
});
