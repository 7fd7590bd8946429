import { downloadBlob } from './download.ts';
import { apiErrorOf } from '@shared/api-errors.ts';
import { callServer, serverAnswer } from './server-api.ts';

/** A payment's document: the receipt of money received, the refund note of money returned. */
export type PaymentDocument = 'receipt' | 'refund';

/**
 * Downloads a booking's invoice (no payment), or one payment's receipt or refund note, as the PDF the
 * server draws (server/documents): for the office on the booking page, for the traveler in their
 * portal. The server decides who may have which.
 */
export async function downloadBookingDocument(bookingId: string, paymentId?: string, document: PaymentDocument = 'receipt'): Promise<void> {
  const path = paymentId ? `/api/bookings/${bookingId}/payments/${paymentId}/${document}.pdf` : `/api/bookings/${bookingId}/invoice.pdf`;
  const response = await callServer(path);
  if (!response.ok) {
    throw new Error(apiErrorOf(await serverAnswer(response))?.message ?? 'The document could not be made. Please try again.');
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? (paymentId ? `${document}.pdf` : 'invoice.pdf');
  downloadBlob(fileName, await response.blob());
}
