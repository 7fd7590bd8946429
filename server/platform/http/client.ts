import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The address a request came from, which per-address rate limits count. It is the socket's peer,
 * unless the server runs behind `trustedProxyHops` reverse proxies of its own (TRUSTED_PROXY_HOPS):
 * then each proxy appended the address it saw to X-Forwarded-For, and the client is the entry that
 * many places from the right. Entries further left are whatever the client wrote, never trusted.
 */
export function clientAddress(c: Context, trustedProxyHops = 0): string {
  let peer = 'unknown';
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Not served by @hono/node-server (app.request in-process): there is no socket to ask.
  }
  if (trustedProxyHops <= 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return forwarded[forwarded.length - trustedProxyHops] ?? peer;
}
