import { Hono, type Context } from 'hono';
import type { ProductContext } from '../context.ts';
import { asRequestRole } from '../platform/http/request-role.ts';
import { sendHtml } from '../platform/http/security-headers.ts';
import type { Claims } from '../platform/jwt.ts';
import type { RenderedPage } from '../../shared/rendered-page.ts';
import { ExpiringCache } from './cache.ts';
import { renderShell } from './html.ts';
import { largestImageTag } from './preload.ts';
import { isServerRendered, loadRenderer } from './render.ts';
import { readClientManifest, routeScripts } from './route-scripts.ts';
import { readPageDataEntries, type PageDataReader, type RestFetch } from './page-data.ts';
import { companyFromBranding, describePage, twitterHandle, type AnonRead, type BrandingFacts, type SeoPage } from './pages.ts';
import type { TourPreviews } from './preview.ts';
import { matchRoute, normalizePath, STATIC_PAGES, type Route, type StaticPage } from './routes.ts';
import { robotsTxt, sitemapXml, type SitemapEntry } from './sitemap.ts';

/** How long what a page read stays in memory: edits (branding too) show within this time. */
export const SEO_CACHE_TTL_MS = 60_000;
/** Paths kept at once; crawlers asking for endless made-up paths only push old ones out. */
const SEO_CACHE_ENTRIES = 500;

interface SitemapRow {
  kind: 'tour' | 'destination' | 'experience' | 'post' | 'blog-category' | 'blog-tag' | 'content';
  slug: string;
  lastmod: string | Date;
}

// Read as the anonymous visitor: only what RLS shows everyone (active tours, published posts, ...).
// Blog categories and tags are listed when they have a visible post.
const sitemapSql = `
  select 'tour' as kind, slug, updated_at as lastmod from public.tours
  union all select 'destination', slug, updated_at from public.destinations
  union all select 'experience', slug, updated_at from public.experiences
  union all select 'post', slug, greatest(updated_at, published_at) from public.blog_posts
  union all select 'blog-category', c.slug, max(greatest(p.updated_at, p.published_at))
    from public.blog_categories c join public.blog_posts p on p.category_id = c.id group by c.slug
  union all select 'blog-tag', g.slug, max(greatest(p.updated_at, p.published_at))
    from public.blog_tags g join public.blog_post_tags pt on pt.tag_id = g.id join public.blog_posts p on p.id = pt.post_id group by g.slug
  union all select 'content', slug, updated_at from public.content_pages
  order by 1, 2`;

const detailPaths: Record<SitemapRow['kind'], (slug: string) => string> = {
  tour: (slug) => `/tours/${slug}`,
  destination: (slug) => `/destinations/${slug}`,
  experience: (slug) => `/experiences/${slug}`,
  post: (slug) => `/blog/${slug}`,
  'blog-category': (slug) => `/blog/category/${slug}`,
  'blog-tag': (slug) => `/blog/tag/${slug}`,
  content: (slug) => `/${slug}`,
};

/** The list page each kind of detail page belongs to, whose lastmod is its newest entry's. */
const listOf: Partial<Record<SitemapRow['kind'], StaticPage>> = { tour: 'tours', destination: 'destinations', experience: 'experiences', post: 'blog' };

/** Static pages worth a crawler's visit (not search results or the thank-you confirmation). */
const sitemapStaticPages: StaticPage[] = ['about', 'tours', 'destinations', 'experiences', 'blog', 'contact', 'start-planning'];

/** Every published page with its last change: home, static pages, then each detail page. */
export function sitemapEntries(siteUrl: string, rows: SitemapRow[], brandingUpdatedAt: Date | null): SitemapEntry[] {
  const time = (value: string | Date | null) => (value ? new Date(value).getTime() : 0);
  const newest = (values: (string | Date | null)[]) => {
    const max = Math.max(0, ...values.map(time));
    return max > 0 ? new Date(max) : null;
  };
  const newestOverall = newest([brandingUpdatedAt, ...rows.map((row) => row.lastmod)]);
  const statics: SitemapEntry[] = sitemapStaticPages.map((page) => {
    const listed = rows.filter((row) => listOf[row.kind] === page || (page === 'about' && row.kind === 'content' && row.slug === 'about'));
    const lastmod = page === 'contact' || page === 'start-planning' ? brandingUpdatedAt : newest(listed.map((row) => row.lastmod));
    return { loc: `${siteUrl}/${page}`, lastmod: lastmod ?? newestOverall };
  });
  const details = rows
    .filter((row) => !(row.kind === 'content' && Object.hasOwn(STATIC_PAGES, row.slug)))
    .map((row) => ({ loc: `${siteUrl}${detailPaths[row.kind](row.slug)}`, lastmod: row.lastmod }));
  return [{ loc: `${siteUrl}/`, lastmod: newestOverall }, ...statics, ...details];
}

export interface SeoPages {
  /** GET /sitemap.xml and GET /robots.txt. */
  routes: Hono;
  /** Answers a page of the app: shell is index.html with the runtime config already inlined. */
  sendPage(c: Context, shell: string): Promise<Response>;
}

/** Who a page is read as: its SQL facts and its inlined data. */
interface PageSource {
  read: AnonRead;
  reader: PageDataReader;
}

/**
 * SEO without JavaScript: each public route answers the app shell with its own title, description,
 * canonical URL, preview tags, JSON-LD, inlined page data and the right status (404 for what does
 * not exist). rest answers PostgREST requests in-process (the app's own /rest/v1). A tour's preview
 * address (previews) is rendered the same way, read as the staff member who made it.
 */
export function seoPages(ctx: ProductContext, rest: RestFetch, previews: TourPreviews): SeoPages {
  const siteUrl = ctx.config.siteUrl;
  const cache = new ExpiringCache<Promise<unknown>>(SEO_CACHE_ENTRIES, SEO_CACHE_TTL_MS);
  const cached = <T>(key: string, load: () => Promise<T>) => cache.through(key, load) as Promise<T>;
  // Every write to what public pages show draws a number (20261127002400_public_pages_changed.sql):
  // when it has moved since the last request, everything kept was read before the change.
  let pagesVersion: string | null = null;
  const readPagesVersion = async () => {
    const [row] = (await ctx.db.query<{ last_value: string }>('select last_value::text from public.public_pages_changes')).rows;
    if (row.last_value !== pagesVersion) {
      cache.clear();
      pagesVersion = row.last_value;
    }
  };
  // One read of the number at a time: requests arriving while one is under way share the next,
  // which starts after they arrived, so none is answered from before a change it follows; a burst
  // of visitors costs a read or two instead of one each.
  let reading: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const dropWhatChanged = (): Promise<void> => {
    if (!reading) {
      reading = readPagesVersion().finally(() => (reading = null));
      return reading;
    }
    queued ??= reading
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return dropWhatChanged();
      });
    return queued;
  };

  const readAs =
    (claims: Claims): AnonRead =>
    async <T>(sql: string, params: unknown[] = []) =>
      (await asRequestRole(ctx.db, claims, (tx) => tx.query<T>(sql, params))).rows;
  const read = readAs({ role: 'anon' });

  // Read afresh for every page built, so no cached page outlives a branding change by more than the TTL.
  const branding = async () => {
    const [row] = await read<BrandingFacts & { updated_at: string | Date }>('select * from public.branding_settings where is_active limit 1');
    return { company: companyFromBranding(row, siteUrl), twitterSite: twitterHandle(row?.twitter_url), updatedAt: row ? new Date(row.updated_at) : null };
  };

  // The address a listed tour has now, when slug was one of its earlier ones.
  const tourMovedTo = async (slug: string) => {
    const [row] = await read<{ slug: string }>('select t.slug from public.tour_slug_redirects r join public.tours t on t.id = r.tour_id where r.slug = $1', [slug]);
    return row?.slug ?? null;
  };

  const buildPage = async (route: Route, path: string, source: PageSource): Promise<SeoPage> => {
    const [{ company, twitterSite }, entries] = await Promise.all([branding(), readPageDataEntries(route, rest, ctx.apiKeys.anonKey, ctx.log, source.reader)]);
    const facts = await describePage(route, path, company, twitterSite, source.read);
    return { ...facts, pageData: { updatedAt: Date.now(), entries: facts.status === 200 ? entries : { 'branding:active': entries['branding:active'] } } };
  };
  const page = (path: string) => cached(`page:${path}`, () => buildPage(matchRoute(path), path, { read, reader: {} }));

  // Loaded from the start, so the first visitor does not wait for it.
  const renderer = loadRenderer(ctx.log);
  const clientManifest = readClientManifest(ctx.config.distDir);
  const serverRenderedRoot = (page: RenderedPage | null) =>
    page && { html: page.html, scripts: clientManifest ? routeScripts(clientManifest, page.routeIds) : [] };
  // Rendered once per page read and kept with it, so the HTML always matches the data inlined beside
  // it; a URL with a query (a filtered list) is rendered for each request.
  const rendered = new WeakMap<SeoPage, Promise<RenderedPage | null>>();
  const renderPage = async (page: SeoPage, url: string) => {
    const render = await renderer;
    if (!render) return null;
    if (url.includes('?')) return render(url, page.pageData);
    let html = rendered.get(page);
    if (!html) {
      // A page that failed or timed out is tried again by the next request.
      html = render(url, page.pageData).then((result) => {
        if (result === null) rendered.delete(page);
        return result;
      });
      rendered.set(page, html);
    }
    return html;
  };
  // A fresh server's first render is slow (about a second: its code is not compiled yet), so home,
  // where most visits start, is rendered once as soon as the renderer is there.
  void renderer
    .then((render) => (render ? page('/').then((home) => renderPage(home, '/')) : null))
    .catch((error: unknown) => ctx.log('home page render at start failed', { error: error instanceof Error ? error.message : String(error) }));

  const routes = new Hono();
  routes.get('/robots.txt', (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return c.text(robotsTxt(siteUrl));
  });
  routes.get('/sitemap.xml', async (c) => {
    await dropWhatChanged();
    const xml = await cached('sitemap', async () => {
      const [rows, { updatedAt }] = await Promise.all([read<SitemapRow>(sitemapSql), branding()]);
      return sitemapXml(sitemapEntries(siteUrl, rows, updatedAt));
    });
    c.header('cache-control', 'public, max-age=300');
    return c.body(xml, 200, { 'content-type': 'application/xml; charset=utf-8' });
  });

  // A staff member's preview of a tour: read as them, rendered for this request, never kept or
  // indexed; an ended one is Page Not Found (the page says the preview has ended).
  const sendPreview = async (c: Context, shell: string, route: Route & { kind: 'tour' }, path: string, token: string) => {
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex');
    c.header('referrer-policy', 'no-referrer');
    const preview = await previews.open(token);
    // Its address changed since the preview was asked for.
    if (preview && preview.slug !== route.slug) return c.redirect(`/tours/${preview.slug}?preview=${encodeURIComponent(token)}`, 302);
    const source: PageSource = preview ? { read: readAs(preview.staff), reader: { bearer: preview.bearer, preview: true } } : { read: async () => [], reader: {} };
    const result = await buildPage(route, path, source);
    const render = result.status === 200 ? await renderer : null;
    const rendered = render ? await render(path + new URL(c.req.url).search, result.pageData) : null;
    const preloads = result.status === 200 ? largestImageTag(route, result.pageData.entries) : [];
    return sendHtml(c, renderShell(shell, { ...result.head, noindex: true }, result.pageData, preloads, serverRenderedRoot(rendered)), result.status, ctx.config);
  };

  const unreachable = (c: Context, shell: string, path: string, error: unknown) => {
    // The database is unreachable: the plain shell still starts the app; crawlers are told to retry.
    ctx.log('seo page failed', { path, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    c.header('retry-after', '30');
    c.header('cache-control', 'no-store');
    return c.html(shell, 503);
  };

  return {
    routes,
    async sendPage(c, shell) {
      const path = normalizePath(c.req.path === '/index.html' ? '/' : c.req.path);
      const route = matchRoute(path);
      const previewToken = route.kind === 'tour' ? new URL(c.req.url).searchParams.get('preview') : null;
      if (route.kind === 'tour' && previewToken !== null) {
        try {
          return await sendPreview(c, shell, route, path, previewToken);
        } catch (error) {
          return unreachable(c, shell, path, error);
        }
      }
      let result: SeoPage;
      try {
        await dropWhatChanged();
        result = await page(path);
      } catch (error) {
        return unreachable(c, shell, path, error);
      }
      if (result.status === 404 && (route.kind === 'tour' || route.kind === 'booking')) {
        const moved = await cached(`moved:${route.slug}`, () => tourMovedTo(route.slug));
        if (moved) return c.redirect(path.replace(`/${route.slug}`, `/${moved}`) + new URL(c.req.url).search, 301);
      }
      c.header('cache-control', 'no-cache');
      const preloads = result.status === 200 ? largestImageTag(route, result.pageData.entries) : [];
      const serverRendered = result.status === 200 && isServerRendered(route) ? await renderPage(result, path + new URL(c.req.url).search) : null;
      return sendHtml(c, renderShell(shell, result.head, result.pageData, preloads, serverRenderedRoot(serverRendered)), result.status, ctx.config);
    },
  };
}
