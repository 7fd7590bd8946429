import { escapeHtml } from './html.ts';

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  lastmod: Date | string | null;
}

/** W3C date (YYYY-MM-DD), as sitemaps take it. */
function w3cDate(value: Date | string): string | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** The sitemaps.org XML for the given pages, each listed once in the given order. */
export function sitemapXml(entries: SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    if (seen.has(entry.loc)) continue;
    seen.add(entry.loc);
    const lastmod = entry.lastmod ? w3cDate(entry.lastmod) : null;
    urls.push(`  <url>\n    <loc>${escapeHtml(entry.loc)}</loc>${lastmod ? `\n    <lastmod>${lastmod}</lastmod>` : ''}\n  </url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** Areas crawlers have no business in: the portal, the back office, sign-in and the APIs. */
export const DISALLOWED_PREFIXES = ['/admin', '/traveler', '/auth', '/api', '/quote'];

/** robots.txt: everything else allowed, and where the sitemap is. */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PREFIXES.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}
