import { describe, expect, it } from 'vitest';
import { ExpiringCache } from '../../server/seo/cache.ts';
import { sitemapEntries } from '../../server/seo/index.ts';
import { matchRoute, normalizePath } from '../../server/seo/routes.ts';
import { robotsTxt, sitemapXml } from '../../server/seo/sitemap.ts';

describe('matchRoute', () => {
  it('names every public route of the spec', () => {
    expect(matchRoute('/')).toEqual({ kind: 'home' });
    expect(matchRoute('/tours/')).toEqual({ kind: 'static', page: 'tours' });
    expect(matchRoute('/start-planning')).toEqual({ kind: 'static', page: 'start-planning' });
    expect(matchRoute('/tours/serengeti-classic')).toEqual({ kind: 'tour', slug: 'serengeti-classic' });
    expect(matchRoute('/tours/serengeti-classic/book')).toEqual({ kind: 'booking', slug: 'serengeti-classic' });
    expect(matchRoute('/book-tour/serengeti-classic')).toEqual({ kind: 'booking', slug: 'serengeti-classic' });
    expect(matchRoute('/destinations/serengeti')).toEqual({ kind: 'destination', slug: 'serengeti' });
    expect(matchRoute('/experiences/balloon-safari')).toEqual({ kind: 'experience', slug: 'balloon-safari' });
    expect(matchRoute('/blog/what-to-pack')).toEqual({ kind: 'post', slug: 'what-to-pack' });
    expect(matchRoute('/blog/category/safari-tips')).toEqual({ kind: 'blog-category', slug: 'safari-tips' });
    expect(matchRoute('/blog/tag/serengeti')).toEqual({ kind: 'blog-tag', slug: 'serengeti' });
    expect(matchRoute('/privacy-policy')).toEqual({ kind: 'content', slug: 'privacy-policy' });
  });

  it('leaves the portal, back office and sign-in to the app', () => {
    expect(matchRoute('/traveler/bookings')).toEqual({ kind: 'app', title: 'My Account' });
    expect(matchRoute('/admin/heroes/1/edit')).toEqual({ kind: 'app', title: 'Admin' });
    expect(matchRoute('/auth/login')).toEqual({ kind: 'app', title: 'Sign In' });
    expect(matchRoute('/register')).toEqual({ kind: 'app', title: 'Create Account' });
    expect(matchRoute('/auth-fix')).toEqual({ kind: 'app', title: 'Account' });
    expect(matchRoute(`/quote/${'ab12'.repeat(16)}`)).toEqual({ kind: 'app', title: 'Your Quote' });
    expect(matchRoute('/quote/not-a-token')).toEqual({ kind: 'not-found' });
  });

  it('finds nothing for paths no route has or slugs no row can have', () => {
    for (const path of ['/tours/a/b', '/Tours', '/tours/Serengeti', '/blog/category/a/b', '/x/y', '/%E0%A4%A', '/logo.png', '/tours/a--b']) {
      expect(matchRoute(path), path).toEqual({ kind: 'not-found' });
    }
  });

  it('normalizes trailing slashes only', () => {
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('/tours//')).toBe('/tours');
  });
});

describe('sitemap and robots', () => {
  it('lists home, static pages and detail pages once, with W3C dates, escaped', () => {
    const site = 'https://kilele.example';
    const entries = sitemapEntries(
      site,
      [
        { kind: 'tour', slug: 'serengeti-classic', lastmod: '2026-03-01T10:00:00Z' },
        { kind: 'post', slug: 'packing', lastmod: new Date('2026-04-02T00:00:00Z') },
        { kind: 'content', slug: 'about', lastmod: '2026-01-05T00:00:00Z' },
        { kind: 'content', slug: 'faqs', lastmod: '2026-01-06T00:00:00Z' },
      ],
      new Date('2026-02-01T00:00:00Z'),
    );
    const byLoc = Object.fromEntries(entries.map((e) => [e.loc, e.lastmod && new Date(e.lastmod).toISOString().slice(0, 10)]));
    expect(byLoc).toMatchObject({
      [`${site}/`]: '2026-04-02',
      [`${site}/tours`]: '2026-03-01',
      [`${site}/blog`]: '2026-04-02',
      [`${site}/about`]: '2026-01-05',
      [`${site}/contact`]: '2026-02-01',
      [`${site}/tours/serengeti-classic`]: '2026-03-01',
      [`${site}/blog/packing`]: '2026-04-02',
      [`${site}/faqs`]: '2026-01-06',
    });
    expect(entries.filter((e) => e.loc === `${site}/about`)).toHaveLength(1);
    const xml = sitemapXml([...entries, { loc: `${site}/a?b=1&c=2`, lastmod: null }, { loc: `${site}/`, lastmod: null }]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    expect(xml).toContain(`<loc>${site}/a?b=1&amp;c=2</loc>\n  </url>`);
    expect(xml.match(new RegExp(`<loc>${site}/</loc>`, 'g'))).toHaveLength(1);
    expect(xml).toContain('<lastmod>2026-03-01</lastmod>');
  });

  it('robots.txt disallows the private areas and points at the sitemap', () => {
    expect(robotsTxt('https://kilele.example')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /traveler\nDisallow: /auth\nDisallow: /api\nDisallow: /quote\n\nSitemap: https://kilele.example/sitemap.xml\n',
    );
  });
});

describe('ExpiringCache', () => {
  it('forgets entries after the TTL and drops the least recently used beyond its size', () => {
    let now = 0;
    const cache = new ExpiringCache<string>(2, 1000, () => now);
    cache.set('a', '1');
    cache.set('b', '2');
    expect(cache.get('a')).toBe('1');
    cache.set('c', '3');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('1');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('shares one load between callers and does not keep a failure', async () => {
    const cache = new ExpiringCache<Promise<number>>(10, 1000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.through('k', load), cache.through('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    await expect(cache.through('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await Promise.resolve();
    expect(await cache.through('bad', load)).toBe(2);
  });
});
