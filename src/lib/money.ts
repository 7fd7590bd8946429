/**
 * Money: amounts with their currency, and conversion between currencies at the rates of
 * public.currency_rates. Prices and payments are always in the tour's own currency; a converted
 * amount is only ever shown as an approximation beside it, or reported to analytics in US dollars.
 * Pure: no React, no supabase-js.
 */

/** The currencies a traveler may choose to see prices in (Settings, and the visitor's choice). */
export const DISPLAY_CURRENCIES = ['USD', 'EUR', 'GBP', 'TZS', 'KES', 'CHF', 'AUD', 'CAD'] as const;

/**
 * Their names, as Intl.DisplayNames gives them in English. Written out: building Intl.DisplayNames
 * loads the browser's table of every currency's name, the longest part of starting the app's code.
 */
export const CURRENCY_NAMES: Readonly<Record<(typeof DISPLAY_CURRENCIES)[number], string>> = {
  USD: 'US Dollar',
  EUR: 'Euro',
  GBP: 'British Pound',
  TZS: 'Tanzanian Shilling',
  KES: 'Kenyan Shilling',
  CHF: 'Swiss Franc',
  AUD: 'Australian Dollar',
  CAD: 'Canadian Dollar',
};

/** How many units of each currency one US dollar buys (public.currency_rates.units_per_usd); USD is 1. */
export type CurrencyRates = Readonly<Record<string, number>>;

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * An amount as the office types it, or as an amount box hands it over ('1,256.40', 1256.4, '0.1'),
 * read exactly, in whole cents: never compared as a float (1256.4 * 100 is 125639.99999999999, which
 * refused every amount like it). `decimal` is what goes to SQL ('1256.40'), where amounts are numeric.
 */
export type ParsedAmount = { ok: true; cents: number; decimal: string } | { ok: false; problem: 'empty' | 'not-an-amount' | 'past-the-cent' };

export function parseAmount(value: string | number | null | undefined): ParsedAmount {
  const text = (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '?') : (value ?? '')).trim().replace(/,/g, '');
  if (text === '') return { ok: false, problem: 'empty' };
  // Digits, a point and more digits: no sign, no exponent (String(1e21) is '1e+21'), at most 13 digits whole.
  const match = /^(\d{0,13})(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, problem: 'not-an-amount' };
  const [, whole, fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > 2) return { ok: false, problem: 'past-the-cent' };
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  return { ok: true, cents, decimal: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` };
}

/** The decimal text of an amount a form has already checked with parseAmount ('1256.40'). */
export function decimalAmount(value: string | number): string {
  const amount = parseAmount(value);
  if (!amount.ok) throw new Error(`Not an amount to the cent: ${String(value)}`);
  return amount.decimal;
}

/** A stored amount (numeric to the cent, arriving as a number or a string) in whole cents. */
export function toCents(amount: number | string): number {
  return Math.round(Number(amount) * 100);
}

/**
 * The display currencies' en-US prefixes, as Intl.NumberFormat writes them ('$4,357', 'TZS 1,200,000'
 * with a no-break space). Written out: a page's first Intl number format loads the browser's locale
 * data, some 50 ms of a public page's load on Lighthouse's phone (measured on /tours), and every price
 * on the public pages is in one of these. Any other currency still goes through Intl.
 */
const MONEY_PREFIXES: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  AUD: 'A$',
  CAD: 'CA$',
  TZS: 'TZS\u00a0',
  KES: 'KES\u00a0',
  CHF: 'CHF\u00a0',
} satisfies Record<(typeof DISPLAY_CURRENCIES)[number], string>;

/**
 * The amount without its sign, to `digits` places and grouped by thousands ('1,234,567.50'). Rounded
 * as Intl rounds: half away from zero, on the number's shortest decimal form (0.015 is '0.015', so
 * 0.02, where toFixed, working on the binary value 0.01499..., gives 0.01).
 */
function groupedDigits(value: number, digits: number): string {
  const shortest = String(Math.abs(value));
  // Exponent forms: below a millionth (nothing at two places) or past 1e21 (no amount is).
  const fixed = shortest.includes('e') ? Math.abs(value).toFixed(digits) : undefined;
  const [whole, fraction = ''] = (fixed ?? shortest).split('.');
  const scaled = BigInt(whole + fraction.slice(0, digits).padEnd(digits, '0')) + (fixed === undefined && (fraction[digits] ?? '0') >= '5' ? 1n : 0n);
  const text = scaled.toString().padStart(digits + 1, '0');
  const grouped = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return digits === 0 ? grouped : `${grouped}.${text.slice(text.length - digits)}`;
}

// Other currencies' formats, each built once: a page of tour cards formats dozens of prices.
const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, digits: number): Intl.NumberFormat {
  const key = `${currency}:${digits}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits });
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * '$4,357', '$2,879.10', '-$435.70', 'TZS 1,200,000'. `cents`: true always shows them, false rounds
 * to whole units, unset shows them only when the amount has any.
 */
export function formatMoney(amount: number | string, currency: string, options: { cents?: boolean } = {}): string {
  const value = Number(amount) || 0;
  const digits = (options.cents ?? !Number.isInteger(round2(value))) ? 2 : 0;
  const sign = value < 0 ? '-' : '';
  const prefix = MONEY_PREFIXES[currency];
  if (prefix !== undefined) return `${sign}${prefix}${groupedDigits(value, digits)}`;
  try {
    return moneyFormat(currency, digits).format(value);
  } catch {
    // A code Intl does not know still reads as money.
    return `${sign}${currency} ${groupedDigits(value, digits)}`;
  }
}

/** Rates from currency_rates rows (numeric columns may arrive as strings); unusable rows are left out. */
export function ratesFromRows(rows: readonly { currency: string; units_per_usd: number | string }[]): CurrencyRates {
  const rates: Record<string, number> = {};
  for (const row of rows) {
    const rate = Number(row.units_per_usd);
    if (/^[A-Z]{3}$/.test(row.currency) && Number.isFinite(rate) && rate > 0) rates[row.currency] = rate;
  }
  return rates;
}

/** `amount` in `from` expressed in `to`, unrounded; null when a rate is missing (never a guess). */
export function convertAmount(amount: number, from: string, to: string, rates: CurrencyRates | null | undefined): number | null {
  if (from === to) return amount;
  const fromRate = rates?.[from];
  const toRate = rates?.[to];
  if (!fromRate || !toRate) return null;
  return (amount / fromRate) * toRate;
}

/**
 * The approximation shown beside a price in the traveler's display currency, in whole units
 * ('€3,174'); null when there is nothing to show: no display currency, the same currency, or no rate.
 */
export function approximateMoney(amount: number, currency: string, displayCurrency: string | null, rates: CurrencyRates | null | undefined): string | null {
  if (!displayCurrency || displayCurrency === currency) return null;
  const converted = convertAmount(amount, currency, displayCurrency, rates);
  return converted === null ? null : formatMoney(Math.round(converted), displayCurrency, { cents: false });
}
