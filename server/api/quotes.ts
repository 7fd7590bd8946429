import { Hono } from 'hono';
import type { ProductContext } from '../context.ts';
import { ApiError, sqlRefusal } from './api-error.ts';
import { asRequestRole, requestClaims } from '../platform/http/request-role.ts';
import { activeCompany, addressOf } from '../mail/company.ts';
import { quoteEmail, type SentQuote } from '../quotes/email.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /api/quotes/:id/send sends a quote to its client (and sends it again, for a resend). SQL
 * decides, as the staff member's role, whether they may and whether the quote is fit to send
 * (send_quote); the server then writes the email into the queue in the same transaction, so the
 * quote is marked sent exactly when its email is on its way.
 */
export function quoteRoutes(ctx: ProductContext): Hono {
  const app = new Hono();

  app.post('/quotes/:id/send', async (c) => {
    const id = c.req.param('id');
    try {
      if (!uuidPattern.test(id)) throw new ApiError('invalid_input', 'The quote id must be a UUID');
      const claims = await requestClaims(c, ctx.keys);
      const sent = await asRequestRole(ctx.db, claims, async (tx) => {
        const { rows } = await tx.query<{ quote: SentQuote }>('select to_jsonb(q) as quote from public.send_quote($1) q', [id]);
        const quote = rows[0].quote;
        // The queue is the server's to write: no API role may.
        await tx.query('set local role none');
        const company = await activeCompany(tx, addressOf(ctx.config.mailFrom));
        const email = quoteEmail(company, ctx.config.siteUrl, quote);
        await ctx.mail.enqueue({ to: quote.email, kind: 'quote_sent', ...email }, tx);
        return quote;
      });
      void ctx.mail.drain().catch((error: unknown) => ctx.log('quote email not sent yet', { error: String(error) }));
      return c.json({ reference: sent.reference, email: sent.email });
    } catch (error) {
      // Refusals keep SQL's words; anything else is the server's fault.
      throw sqlRefusal(error, true) ?? error;
    }
  });

  return app;
}
