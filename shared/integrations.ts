/**
 * How the server is set up for payments and email (GET /api/settings/integrations, answered by
 * server/api/settings.ts). Never a secret: the card key's mode in words, the SMTP server's host.
 */
export interface Integrations {
  card: { provider: 'stripe'; configured: boolean; mode: 'test' | 'live' | 'unknown' | null; webhook: boolean };
  bankTransfer: { active: boolean; bankName: string | null };
  payOnArrival: { offered: true; instructions: boolean };
  email: { from: string; name: string | null; address: string; transport: 'smtp' | 'file'; host: string | null };
}
