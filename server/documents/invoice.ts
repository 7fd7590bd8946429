import { paymentMethodLabel } from '../../shared/payment-methods.ts';
import { formatAmount, formatMoney } from './money.ts';
import { brandColour, readableOnWhite, Sheet } from './sheet.ts';
import type { InvoiceData, Logo } from './types.ts';
import { dayInWords, travelersInWords, tripDates } from './words.ts';

/**
 * A booking's invoice as a PDF: the company, the client, the trip, the price lines (tour prices and
 * extras), the total, what has been paid, the balance and its due date, and the bank details to
 * pay it by transfer, quoting the booking's reference.
 */
export async function renderInvoice(data: InvoiceData, logo: Logo | null): Promise<Uint8Array> {
  const { booking, invoice } = data;
  const currency = booking.currency;
  const colour = readableOnWhite(brandColour(data.company.primary_color));
  const sheet = await Sheet.create(`Invoice ${invoice.number}`, data);
  await sheet.header(data, logo, 'INVOICE', [
    ['Invoice number', invoice.number],
    ['Date', dayInWords(invoice.issued_on)],
    ['Booking reference', booking.reference],
  ]);

  const half = (sheet.right - sheet.left) / 2;
  const top = sheet.y;
  sheet.put('Bill to', sheet.left, { size: 9, bold: true, colour });
  sheet.y -= 14;
  for (const part of [booking.client.name ?? 'Client', booking.client.email, booking.client.phone]) {
    if (!part) continue;
    sheet.paragraph(part, {}, sheet.left, half - 20);
  }
  const clientBottom = sheet.y;
  sheet.y = top;
  sheet.put('Trip', sheet.left + half, { size: 9, bold: true, colour });
  sheet.y -= 14;
  sheet.paragraph(data.tour.title, { bold: true }, sheet.left + half, half);
  sheet.paragraph(tripDates(data.departure), {}, sheet.left + half, half);
  sheet.paragraph(travelersInWords(booking.adults, booking.children), {}, sheet.left + half, half);
  if (booking.travelers.length) sheet.paragraph(`Travelers: ${booking.travelers.join(', ')}`, { size: 9 }, sheet.left + half, half);
  sheet.y = Math.min(sheet.y, clientBottom) - 10;

  // The price lines: description, quantity, unit price, amount.
  const columns = { quantity: sheet.right - 190, unit: sheet.right - 95, amount: sheet.right };
  sheet.need(40);
  sheet.line();
  sheet.y -= 6;
  sheet.put('Description', sheet.left, { size: 9, bold: true });
  sheet.put('Qty', columns.quantity, { size: 9, bold: true }, 'right');
  sheet.put(`Unit price (${currency})`, columns.unit, { size: 9, bold: true }, 'right');
  sheet.put(`Amount (${currency})`, columns.amount, { size: 9, bold: true }, 'right');
  sheet.y -= 16;
  sheet.line();
  sheet.y -= 6;
  for (const line of data.lines) {
    const label = sheet.wrap(line.label, columns.quantity - sheet.left - 40);
    sheet.need(label.length * 14 + 4);
    sheet.put(String(line.quantity), columns.quantity, {}, 'right');
    sheet.put(formatAmount(line.unit_price), columns.unit, {}, 'right');
    sheet.put(formatAmount(line.amount), columns.amount, {}, 'right');
    for (const part of label) {
      sheet.put(part, sheet.left);
      sheet.y -= 14;
    }
    sheet.y -= 4;
  }
  sheet.line();
  sheet.y -= 8;

  // The account: total, paid so far, and what is left and by when.
  // A cancelled or expired booking owes nothing more: no balance, no bank details to pay it by.
  const closed = isClosed(data);
  const figures: [string, string, boolean][] = [['Total', formatMoney(data.total, currency), true], ['Paid so far', formatMoney(data.paid, currency), false]];
  if (!closed) figures.push(['Balance to pay', formatMoney(data.balance, currency), true]);
  sheet.need(figures.length * 16 + 20);
  for (const [label, value, strong] of figures) {
    sheet.put(label, columns.unit - 60, { bold: strong }, 'right');
    sheet.put(value, columns.amount, { bold: strong }, 'right');
    sheet.y -= 16;
  }
  sheet.y -= 4;
  sheet.paragraph(dueWords(data), { size: 9 });

  if (data.payments.length) {
    sheet.heading('Payments received', colour);
    sheet.rows(
      data.payments.map((payment) => [
        dayInWords(payment.paid_on),
        `${formatMoney(payment.amount, payment.currency)}, ${paymentMethodLabel(payment.method)}${payment.reference ? `, reference ${payment.reference}` : ''}`,
      ]),
    );
  }

  if (data.bank && !closed) {
    sheet.heading('Pay by bank transfer', colour);
    const rows: [string, string][] = [
      ['Bank', data.bank.bank_name],
      ['Account name', data.bank.account_name],
      ['Account number', data.bank.account_number],
    ];
    if (data.bank.swift_code) rows.push(['SWIFT code', data.bank.swift_code]);
    if (data.bank.branch) rows.push(['Branch', data.bank.branch]);
    rows.push(['Account currency', data.bank.currency], ['Payment reference', booking.reference]);
    sheet.rows(rows);
    sheet.y -= 4;
    sheet.paragraph(`Please quote ${booking.reference} with your transfer so that we can match it to your booking.`, { size: 9 });
  }
  return sheet.save();
}

const isClosed = (data: InvoiceData) => ['cancelled', 'expired'].includes(data.booking.status);

/** When the balance is due, in a sentence. */
function dueWords(data: InvoiceData): string {
  const currency = data.booking.currency;
  if (isClosed(data)) return `This booking is ${data.booking.status}: nothing more is to be paid.`;
  if (/^0+(\.0+)?$/.test(data.balance)) return 'Paid in full: thank you.';
  const parts: string[] = [];
  if (!/^0+(\.0+)?$/.test(data.deposit_due)) parts.push(`${data.pay_in_full ? 'Due now' : 'Deposit due now'}: ${formatMoney(data.deposit_due, currency)}.`);
  if (!/^0+(\.0+)?$/.test(data.balance_due)) {
    parts.push(`Balance of ${formatMoney(data.balance_due, currency)} due by ${data.balance_due_date ? dayInWords(data.balance_due_date) : 'the start of the trip'}.`);
  }
  return parts.join(' ');
}
