import type { Config } from '../config.ts';
import type { Queryable } from '../platform/db/types.ts';
import { renderInvoice } from './invoice.ts';
import { loadLogo } from './logo.ts';
import { renderReceipt } from './receipt.ts';
import { renderRefundNote } from './refund-note.ts';
import type { InvoiceData, ReceiptData, RefundNoteData } from './types.ts';
import { documentFileName } from './words.ts';

/** A document named in an email's attachments (email_queue.attachments), drawn when the email is sent. */
export type DocumentAttachment =
  | { document: 'invoice'; booking_id: string }
  | { document: 'receipt' | 'refund_note'; booking_id: string; payment_id: string };

export interface RenderedDocument {
  filename: string;
  contentType: 'application/pdf';
  content: Uint8Array;
}

export interface BookingDocuments {
  /** The booking's invoice, read as tx's role: booking_invoice() refuses whoever may not have it. */
  invoice(tx: Queryable, bookingId: string): Promise<RenderedDocument>;
  /** The receipt of one payment the booking received, read as tx's role. */
  receipt(tx: Queryable, bookingId: string, paymentId: string): Promise<RenderedDocument>;
  /** The refund note of one payment the booking returned, read as tx's role. */
  refundNote(tx: Queryable, bookingId: string, paymentId: string): Promise<RenderedDocument>;
  /** An email's attachment, drawn by the sender. */
  attachment(tx: Queryable, attachment: DocumentAttachment): Promise<RenderedDocument>;
}

export function bookingDocuments(config: Config): BookingDocuments {
  /** Reads a document's data as tx's role (its SQL function decides who may), then draws it with the company's logo. */
  async function draw<T extends { company: { logo_url: string | null } }>(
    tx: Queryable,
    sql: string,
    params: string[],
    name: (data: T) => string,
    render: (data: T, logo: Awaited<ReturnType<typeof loadLogo>>) => Promise<Uint8Array>,
  ): Promise<RenderedDocument> {
    const { rows } = await tx.query<{ data: T }>(sql, params);
    const data = rows[0].data;
    return { filename: name(data), contentType: 'application/pdf', content: await render(data, await loadLogo(config, data.company.logo_url)) };
  }
  const invoice: BookingDocuments['invoice'] = (tx, bookingId) =>
    draw<InvoiceData>(tx, 'select public.booking_invoice($1) as data', [bookingId], (data) => documentFileName('invoice', data.invoice.number), renderInvoice);
  const receipt: BookingDocuments['receipt'] = (tx, bookingId, paymentId) =>
    draw<ReceiptData>(tx, 'select public.booking_receipt($1, $2) as data', [bookingId, paymentId], (data) => documentFileName('receipt', data.receipt.number), renderReceipt);
  const refundNote: BookingDocuments['refundNote'] = (tx, bookingId, paymentId) =>
    draw<RefundNoteData>(tx, 'select public.booking_refund_note($1, $2) as data', [bookingId, paymentId], (data) => documentFileName('refund-note', data.refund.number), renderRefundNote);
  return {
    invoice,
    receipt,
    refundNote,
    attachment: (tx, attachment) => {
      if (attachment.document === 'invoice') return invoice(tx, attachment.booking_id);
      return (attachment.document === 'receipt' ? receipt : refundNote)(tx, attachment.booking_id, attachment.payment_id);
    },
  };
}
