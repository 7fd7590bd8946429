/**
 * Money on invoices and receipts, from the exact decimal text the database sends ('1256.4',
 * '-35.00'): digits are grouped and padded as text, so no amount passes through a float.
 */
export function formatAmount(decimal: string): string {
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(decimal.trim());
  if (!match) throw new Error(`Not a decimal amount: ${decimal}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) throw new Error(`More precise than a cent: ${decimal}`);
  const grouped = whole.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = fraction.slice(0, 2).padEnd(2, '0');
  const zero = /^0+$/.test(whole) && cents === '00';
  return `${sign && !zero ? '-' : ''}${grouped}.${cents}`;
}

/** 'USD 1,256.40' */
export function formatMoney(decimal: string, currency: string): string {
  return `${currency} ${formatAmount(decimal)}`;
}
