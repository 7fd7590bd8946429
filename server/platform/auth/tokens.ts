import { createHash, randomBytes } from 'node:crypto';
import { isLoopbackHost } from '../http/cors.ts';

/** An unguessable token for links and refresh tokens (192 bits). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Tokens are stored hashed, so a copy of the database cannot be used to sign in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where a link may send the browser after verification: the site itself, or (when the site runs on
 * this machine) any local port, as a dev server uses. Anything else falls back, so an emailed link
 * can never be turned into an open redirect that hands tokens to another site.
 */
export function safeRedirect(siteUrl: string, requested: string | undefined, fallback: string): string {
  if (!requested) return fallback;
  let target: URL;
  try {
    target = new URL(requested, siteUrl);
  } catch {
    return fallback;
  }
  const site = new URL(siteUrl);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return fallback;
  if (target.origin === site.origin) return target.toString();
  if (isLoopbackHost(site.hostname) && isLoopbackHost(target.hostname)) return target.toString();
  return fallback;
}

/** GoTrue's ban_duration: 'none' to lift a ban, or a Go duration such as '24h' or '1h30m'. */
export function parseBanDuration(value: string): number | null | undefined {
  if (value === 'none') return null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || value === '') return undefined;
  const [, h = '0', m = '0', s = '0'] = match;
  return (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000;
}
