import { Hono } from 'hono';
import type { Config } from '../config.ts';
import type { ProductContext } from '../context.ts';
import { ApiError, sqlRefusal } from './api-error.ts';
import { asRequestRole, requestClaims } from '../platform/http/request-role.ts';
import { addressOf } from '../mail/company.ts';
import type { Integrations } from '../../shared/integrations.ts';

/** The Stripe key's mode from its prefix (sk_test_, rk_live_ ...), never the key. */
function stripeMode(key: string): 'test' | 'live' | 'unknown' {
  const mode = /^[sr]k_(test|live)_/.exec(key)?.[1];
  return mode === 'test' || mode === 'live' ? mode : 'unknown';
}

/** The SMTP server's host and port; user and password stay in the URL, unread. */
function smtpHost(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.host || null;
  } catch {
    return null;
  }
}

/**
 * What the server is set up with for payments and email, for the settings screen: whether card
 * payments are configured and in which mode, the bank details travelers are given, and how email
 * goes out and from whom. Read from the environment, so only the server can answer; never a secret,
 * nor any part of one (the Stripe key's mode is told in words, the SMTP server by its host alone).
 */
function integrations(config: Config, bank: { bank_name: string; pay_on_arrival: string | null } | null): Integrations {
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(config.mailFrom)?.[1]?.trim() || null;
  return {
    card: {
      provider: 'stripe',
      configured: Boolean(config.stripeSecretKey),
      mode: config.stripeSecretKey ? stripeMode(config.stripeSecretKey) : null,
      webhook: Boolean(config.stripeWebhookSecret),
    },
    bankTransfer: { active: bank !== null, bankName: bank?.bank_name ?? null },
    payOnArrival: { offered: true, instructions: Boolean(bank?.pay_on_arrival?.trim()) },
    email: {
      from: config.mailFrom,
      name,
      address: addressOf(config.mailFrom),
      transport: config.smtpUrl ? 'smtp' : 'file',
      host: config.smtpUrl ? smtpHost(config.smtpUrl) : null,
    },
  };
}

/** GET /api/settings/integrations: for admins (settings.write), asked of SQL as the caller. */
export function settingsRoutes(ctx: ProductContext): Hono {
  const app = new Hono();

  app.get('/settings/integrations', async (c) => {
    try {
      const claims = await requestClaims(c, ctx.keys);
      if (claims.role !== 'authenticated') throw new ApiError('not_signed_in', 'Please sign in as an administrator');
      const bank = await asRequestRole(ctx.db, claims, async (tx) => {
        const { rows } = await tx.query<{ allowed: boolean }>(`select public.has_permission('settings.write') as allowed`);
        if (!rows[0].allowed) throw new ApiError('forbidden', 'Only administrators see how payments and email are set up');
        const active = await tx.query<{ bank_name: string; pay_on_arrival: string | null }>(
          `select bank_name, pay_on_arrival from public.payment_instructions where is_active limit 1`,
        );
        return active.rows[0] ?? null;
      });
      c.header('cache-control', 'no-store');
      return c.json(integrations(ctx.config, bank));
    } catch (error) {
      throw sqlRefusal(error, true) ?? error;
    }
  });

  return app;
}
