import { Hono, type Context } from 'hono';
import { uuidPattern } from '../platform/auth/tokens.ts';
import type { ProductContext } from '../context.ts';
import type { Queryable } from '../platform/db/types.ts';
import { bookingDocuments, type RenderedDocument } from '../documents/index.ts';
import { ApiError, sqlRefusal } from './api-error.ts';
import { asRequestRole, requestClaims } from '../platform/http/request-role.ts';

/**
 * A booking's invoice, its payments' receipts and its refunds' refund notes as PDFs:
 *   GET /api/bookings/:id/invoice.pdf
 *   GET /api/bookings/:id/payments/:paymentId/receipt.pdf
 *   GET /api/bookings/:id/payments/:paymentId/refund.pdf
 * Read as the caller, so SQL decides who may have them (booking_invoice(), booking_receipt(), booking_refund_note()):
 * booking staff any booking's, a traveler their own; a visitor is refused (401) and anyone else
 * told there is no such booking (404). Emailing them is email_booking_document(), in SQL.
 */
export function documentRoutes(ctx: ProductContext): Hono {
  const app = new Hono();
  const documents = bookingDocuments(ctx.config);

  async function send(c: Context, draw: (tx: Queryable) => Promise<RenderedDocument>) {
    let authenticated = false;
    try {
      for (const id of [c.req.param('id'), c.req.param('paymentId')]) {
        if (id !== undefined && !uuidPattern.test(id)) throw new ApiError('not_found', 'This booking could not be found');
      }
      const claims = await requestClaims(c, ctx.keys);
      authenticated = claims.role === 'authenticated';
      const file = await asRequestRole(ctx.db, claims, draw);
      return c.body(new Uint8Array(file.content), 200, {
        'content-type': file.contentType,
        'content-disposition': `attachment; filename="${file.filename}"`,
        // A client's account: never kept by a shared cache, nor by the browser.
        'cache-control': 'private, no-store',
      });
    } catch (error) {
      throw sqlRefusal(error, authenticated) ?? error;
    }
  }

  app.get('/bookings/:id/invoice.pdf', (c) => send(c, (tx) => documents.invoice(tx, c.req.param('id'))));
  app.get('/bookings/:id/payments/:paymentId/receipt.pdf', (c) => send(c, (tx) => documents.receipt(tx, c.req.param('id'), c.req.param('paymentId'))));
  app.get('/bookings/:id/payments/:paymentId/refund.pdf', (c) => send(c, (tx) => documents.refundNote(tx, c.req.param('id'), c.req.param('paymentId'))));

  return app;
}
