import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { PlatformConfig } from '../config.ts';

/**
 * The headers that keep a page of ours from being framed, sniffed, or made to run script we did not
 * write. Every response says nosniff and how much of its address to pass on; HTML pages also carry a
 * Content-Security-Policy whose script-src is our own origin plus the hashes of the page's inline
 * scripts (worked out from the page as sent, so a page and its policy always agree, also when the
 * service worker serves a stored copy with its stored headers). HSTS is sent when the site is served
 * over HTTPS.
 */

/** Inline scripts that run: no src, and a JavaScript type (JSON and JSON-LD data do not run). */
const inlineScript = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi;
const dataType = /\btype\s*=\s*["']?(application\/(ld\+)?json)/i;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body] of html.matchAll(inlineScript)) {
    if (/\bsrc\s*=/i.test(attributes) || dataType.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The origins of a hosted Supabase project the app is configured to talk to, if any. */
function supabaseOrigins(publicSupabaseUrl: string | undefined): string[] {
  if (!publicSupabaseUrl) return [];
  try {
    const url = new URL(publicSupabaseUrl);
    return [url.origin, `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`];
  } catch {
    return [];
  }
}

export function contentSecurityPolicy(html: string, publicSupabaseUrl: string | undefined, https: boolean): string {
  const supabase = supabaseOrigins(publicSupabaseUrl);
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    // Mantine sets style attributes and a <style> of theme variables.
    "style-src 'self' 'unsafe-inline'",
    // Pictures an editor links to may live elsewhere; a picture cannot run script.
    `img-src 'self' data: blob: https:${supabase.length ? ` ${supabase[0]}` : ''}`,
    "font-src 'self' data:",
    `connect-src 'self'${supabase.length ? ` ${supabase.join(' ')}` : ''}`,
    "media-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** What every HTML page says besides its policy. */
const pageHeaders = {
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/**
 * An HTML page answered with its policy worked out from the text in hand, so the middleware below
 * need not read the page back into a new response (for a public page of 180 KB, milliseconds of
 * every request).
 */
export function sendHtml(c: Context, html: string, status: ContentfulStatusCode, config: Pick<PlatformConfig, 'siteUrl'>): Response {
  c.header('content-security-policy', contentSecurityPolicy(html, process.env.PUBLIC_SUPABASE_URL, config.siteUrl.startsWith('https:')));
  return c.html(html, status);
}

export function securityHeaders(config: Pick<PlatformConfig, 'siteUrl'>): MiddlewareHandler {
  const https = config.siteUrl.startsWith('https:');
  return async (c, next) => {
    await next();
    // Every header is set before the body is touched: on @hono/node-server's light responses, reading
    // the body makes a new Response, and what was set on the headers read before it is lost (pages
    // answered with their policy went out without the headers below).
    const headers = c.res.headers;
    headers.set('x-content-type-options', 'nosniff');
    // A page with a secret in its address (a tour's preview) sends no referrer at all.
    if (!headers.has('referrer-policy')) headers.set('referrer-policy', 'strict-origin-when-cross-origin');
    if (https) headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (!(headers.get('content-type') ?? '').startsWith('text/html')) return;
    for (const [name, value] of Object.entries(pageHeaders)) headers.set(name, value);
    if (headers.has('content-security-policy') || c.res.body === null) return;
    const html = await c.res.text();
    const response = new Response(html, c.res);
    response.headers.set('content-security-policy', contentSecurityPolicy(html, process.env.PUBLIC_SUPABASE_URL, https));
    for (const [name, value] of Object.entries(pageHeaders)) response.headers.set(name, value);
    c.res = undefined;
    c.res = response;
  };
}
