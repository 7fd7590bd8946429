import { paymentMethodLabel } from '../../shared/payment-methods.ts';
import { formatMoney } from './money.ts';
import { brandColour, readableOnWhite, Sheet } from './sheet.ts';
import type { Logo, RefundNoteData } from './types.ts';
import { bookingRows, dayInWords } from './words.ts';

/** The refund note of one payment returned: how much, how and when it went back, for what, and the account after it. */
export async function renderRefundNote(data: RefundNoteData, logo: Logo | null): Promise<Uint8Array> {
  const { booking, refund } = data;
  const colour = readableOnWhite(brandColour(data.company.primary_color));
  const sheet = await Sheet.create(`Refund note ${refund.number}`, data);
  await sheet.header(data, logo, 'REFUND', [
    ['Refund number', refund.number],
    ['Date', dayInWords(refund.refunded_on)],
    ['Booking reference', booking.reference],
  ]);

  sheet.paragraph(
    `Returned to ${booking.client.name ?? 'our client'} the sum of ${formatMoney(refund.amount, refund.currency)} for booking ${booking.reference}.`,
    { size: 11 },
  );
  sheet.heading('Refund', colour);
  const rows: [string, string][] = [
    ['Amount', formatMoney(refund.amount, refund.currency)],
    ['Returned by', paymentMethodLabel(refund.method)],
    ['Date sent', dayInWords(refund.refunded_on)],
  ];
  if (refund.reference) rows.push(['Refund reference', refund.reference]);
  sheet.rows(rows);

  sheet.heading('For', colour);
  sheet.rows(bookingRows(data));

  sheet.heading('Your account', colour);
  const closed = ['cancelled', 'expired'].includes(booking.status);
  const settled = /^0+(\.0+)?$/.test(refund.left_to_pay);
  sheet.rows([
    ['Total price', formatMoney(data.total, booking.currency)],
    ['Paid to date', formatMoney(refund.paid_to_date, booking.currency)],
    ['Refunded to date', formatMoney(refund.refunded_to_date, booking.currency)],
    [
      'Remaining to pay',
      closed
        ? `Nothing: this booking is ${booking.status}`
        : settled
          ? 'Nothing: your trip is paid in full'
          : `${formatMoney(refund.left_to_pay, booking.currency)}${data.balance_due_date ? `, due by ${dayInWords(data.balance_due_date)}` : ''}`,
    ],
  ]);
  return sheet.save();
}
