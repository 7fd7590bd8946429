import { paymentMethodLabel } from '../../shared/payment-methods.ts';
import { formatMoney } from './money.ts';
import { brandColour, readableOnWhite, Sheet } from './sheet.ts';
import type { Logo, ReceiptData } from './types.ts';
import { bookingRows, dayInWords } from './words.ts';

/** The receipt of one payment: how much, how and when it came, for what, and what remains to pay after it. */
export async function renderReceipt(data: ReceiptData, logo: Logo | null): Promise<Uint8Array> {
  const { booking, receipt } = data;
  const colour = readableOnWhite(brandColour(data.company.primary_color));
  const sheet = await Sheet.create(`Receipt ${receipt.number}`, data);
  await sheet.header(data, logo, 'RECEIPT', [
    ['Receipt number', receipt.number],
    ['Date', dayInWords(receipt.paid_on)],
    ['Booking reference', booking.reference],
  ]);

  sheet.paragraph(
    `Received with thanks from ${booking.client.name ?? 'our client'} the sum of ${formatMoney(receipt.amount, receipt.currency)} for booking ${booking.reference}.`,
    { size: 11 },
  );
  sheet.heading('Payment', colour);
  const rows: [string, string][] = [
    ['Amount', formatMoney(receipt.amount, receipt.currency)],
    ['Paid by', paymentMethodLabel(receipt.method)],
    ['Date received', dayInWords(receipt.paid_on)],
  ];
  if (receipt.reference) rows.push(['Payment reference', receipt.reference]);
  sheet.rows(rows);

  sheet.heading('For', colour);
  sheet.rows(bookingRows(data));

  sheet.heading('Your account', colour);
  const settled = /^0+(\.0+)?$/.test(receipt.left_to_pay);
  sheet.rows([
    ['Total price', formatMoney(data.total, booking.currency)],
    ['Paid to date', formatMoney(receipt.paid_to_date, booking.currency)],
    [
      'Remaining to pay',
      settled
        ? 'Nothing: your trip is paid in full'
        : `${formatMoney(receipt.left_to_pay, booking.currency)}${data.balance_due_date ? `, due by ${dayInWords(data.balance_due_date)}` : ''}`,
    ],
  ]);
  return sheet.save();
}
