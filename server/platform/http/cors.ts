const loopback = new Set(['localhost', '127.0.0.1', '[::1]']);

/** This machine, by any of the names a local address has in a URL. */
export function isLoopbackHost(hostname: string): boolean {
  return loopback.has(hostname);
}

/**
 * Which browser origins may call the APIs: the site's own, those listed in CORS_ORIGINS, and, while
 * the site itself runs on this machine, any local port (the Vite dev server). Everything else gets
 * no Access-Control-Allow-Origin, so its pages cannot read our answers.
 */
export function corsOriginCheck(siteUrl: string, configured: string[]): (origin: string) => boolean {
  const site = new URL(siteUrl);
  const allowed = new Set([site.origin, ...configured]);
  const siteIsLocal = isLoopbackHost(site.hostname);
  return (origin) => {
    if (allowed.has(origin)) return true;
    if (!siteIsLocal) return false;
    try {
      const url = new URL(origin);
      return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
    } catch {
      return false;
    }
  };
}
