import { describe, expect, it } from 'vitest';
import { approximateMoney, convertAmount, CURRENCY_NAMES, DISPLAY_CURRENCIES, formatMoney, ratesFromRows } from '../../src/lib/money.ts';

// Money with its currency, and conversion at the rates of public.currency_rates (units per US dollar).

const rates = ratesFromRows([
  { currency: 'USD', units_per_usd: 1 },
  { currency: 'EUR', units_per_usd: '0.92' },
  { currency: 'GBP', units_per_usd: 0.79 },
  { currency: 'TZS', units_per_usd: '2650.000000' },
]);

describe('formatMoney', () => {
  it('shows cents where the amount has them, or always, or never', () => {
    expect(formatMoney(4357, 'USD')).toBe('$4,357');
    expect(formatMoney(11067.3, 'USD')).toBe('$11,067.30');
    expect(formatMoney(-1229.7, 'USD', { cents: true })).toBe('-$1,229.70');
    expect(formatMoney('1250', 'USD', { cents: true })).toBe('$1,250.00');
    expect(formatMoney(2450, 'USD', { cents: false })).toBe('$2,450');
    expect(formatMoney(1999.5, 'EUR', { cents: false })).toBe('€2,000');
  });

  it('writes a currency without a symbol by its code, and one Intl does not know still as money', () => {
    expect(formatMoney(1200000, 'TZS', { cents: false })).toBe('TZS\u00a01,200,000');
    expect(formatMoney(-15.5, 'ZZ1')).toBe('-ZZ1 15.50');
  });

  it('writes every display currency as Intl.NumberFormat does, rounding included, without building one', () => {
    // Halves that binary cannot hold exactly, whole thousands, and amounts of every size to three places.
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const amounts = [0, 0.005, 0.015, 0.125, 0.285, 1.005, 1.115, 2.675, 9.995, 999.5, 999.995, 1000, 1234.5, 99999.999, 1234567.891, 20000000, 4357.5];
    for (let index = 0; index < 300; index += 1) amounts.push(Math.round(random() * 10 ** (1 + Math.floor(random() * 9)) * 1000) / 1000);
    for (const currency of DISPLAY_CURRENCIES) {
      for (const digits of [0, 2]) {
        const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
        for (const amount of amounts.flatMap((amount) => [amount, -amount])) {
          if (amount === 0 && Object.is(amount, -0)) continue;
          expect(formatMoney(amount, currency, { cents: digits === 2 }), `${currency} ${amount} to ${digits} places`).toBe(intl.format(amount));
          // Unset: cents only where the amount has them.
          const shown = Number.isInteger(Math.round(amount * 100) / 100) ? 0 : 2;
          if (shown === digits) expect(formatMoney(amount, currency), `${currency} ${amount}`).toBe(intl.format(amount));
        }
      }
    }
  });

  it('formats each currency alike however often, cents or none', () => {
    expect([formatMoney(10, 'EUR'), formatMoney(10.5, 'EUR'), formatMoney(10, 'EUR'), formatMoney(10, 'GBP')]).toEqual(['€10', '€10.50', '€10', '£10']);
  });
});

describe('currency names', () => {
  it('names every display currency as Intl.DisplayNames does in English', () => {
    const names = new Intl.DisplayNames(['en'], { type: 'currency' });
    expect(Object.keys(CURRENCY_NAMES)).toEqual([...DISPLAY_CURRENCIES]);
    for (const code of DISPLAY_CURRENCIES) expect(CURRENCY_NAMES[code]).toBe(names.of(code));
  });
});

describe('conversion', () => {
  it('reads rates from rows, numeric strings included, and leaves out unusable ones', () => {
    expect(rates).toEqual({ USD: 1, EUR: 0.92, GBP: 0.79, TZS: 2650 });
    expect(ratesFromRows([{ currency: 'XXX', units_per_usd: 0 }, { currency: 'bad', units_per_usd: 2 }, { currency: 'KES', units_per_usd: 'n/a' }])).toEqual({});
  });

  it('converts through the US dollar', () => {
    expect(convertAmount(3450, 'USD', 'EUR', rates)).toBeCloseTo(3174, 6);
    expect(convertAmount(920, 'EUR', 'USD', rates)).toBeCloseTo(1000, 6);
    expect(convertAmount(920, 'EUR', 'GBP', rates)).toBeCloseTo(790, 6);
    expect(convertAmount(100, 'EUR', 'EUR', undefined)).toBe(100);
  });

  it('says nothing rather than guess when a rate is missing', () => {
    expect(convertAmount(100, 'USD', 'KES', rates)).toBeNull();
    expect(convertAmount(100, 'USD', 'EUR', undefined)).toBeNull();
  });

  it('approximates in the display currency in whole units, only when it differs and a rate is known', () => {
    expect(approximateMoney(3450, 'USD', 'EUR', rates)).toBe('€3,174');
    expect(approximateMoney(3450, 'USD', 'TZS', rates)).toBe('TZS\u00a09,142,500');
    expect(approximateMoney(3450, 'USD', 'USD', rates)).toBeNull();
    expect(approximateMoney(3450, 'USD', null, rates)).toBeNull();
    expect(approximateMoney(3450, 'USD', 'EUR', undefined)).toBeNull();
    expect(approximateMoney(3450, 'USD', 'KES', rates)).toBeNull();
  });
});
