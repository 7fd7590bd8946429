import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { serveStatic } from '@hono/node-server/serve-static';
import { ApiError, sendApiError } from './api/api-error.ts';
import { calendarRoutes } from './api/calendar.ts';
import { documentRoutes } from './api/documents.ts';
import { enquiryRoutes } from './api/enquiries.ts';
import { mediaRoutes } from './api/media.ts';
import { paymentRoutes } from './api/payments.ts';
import { quoteRoutes } from './api/quotes.ts';
import { countRestCall } from './api/rest-calls.ts';
import { reportRoutes } from './api/reports.ts';
import { settingsRoutes } from './api/settings.ts';
import { teamRoutes } from './api/team.ts';
import { authRoutes } from './platform/auth/routes.ts';
import type { ProductContext } from './context.ts';
import { isPgError } from './platform/db/types.ts';
import { paymentProviders } from './payments/providers.ts';
import { pwaRoutes } from './pwa.ts';
import { corsOriginCheck } from './platform/http/cors.ts';
import { RateLimited } from './platform/http/rate-limit.ts';
import { requestIds, requestLog } from './platform/http/request-log.ts';
import { securityHeaders } from './platform/http/security-headers.ts';
import { restRoutes } from './platform/rest/routes.ts';
import { seoPages } from './seo/index.ts';
import type { RestFetch } from './seo/page-data.ts';
import { tourPreviews } from './seo/preview.ts';
import { serverUpload, storageRoutes } from './platform/storage/routes.ts';

/**
 * What the browser app needs to know at run time: where Supabase is, its anon key, and the ways to
 * pay on offer (payments.methods: 'card' only when Stripe is configured, then 'bank_transfer' and
 * 'pay_on_arrival').
 */
export function runtimeConfig(ctx: ProductContext) {
  return {
    supabaseUrl: process.env.PUBLIC_SUPABASE_URL ?? null,
    supabaseAnonKey: ctx.apiKeys.anonKey,
    payments: { methods: paymentProviders(ctx.config).methods },
  };
}

// Paths whose last part is a secret, logged without it: a calendar feed's token, a tour preview's.
const secretPaths = /^(\/api\/(?:calendar|tour-previews)\/)[^/]+$/;

/** The plain app shell (build-sw.mjs precaches it; sw/sw.ts opens it offline). */
export const SHELL_PATH = '/app-shell.html';

// The APIs' own paths; /auth/login and the other /auth/* pages belong to the app.
const apiPrefixes = ['/auth/v1/', '/rest/', '/storage/', '/api/'];

/** The whole HTTP surface: Supabase-compatible APIs, product endpoints and the built app. */
export function createApp(ctx: ProductContext): Hono {
  const app = new Hono();

  // Every request, whatever its path, has an id (answered in x-request-id) and one line in the log.
  app.use('*', requestIds(), requestLog(ctx.logger, secretPaths));
  // Pages, API answers and the few unhashed files go out gzipped when the client takes it; built
  // assets already carry a Content-Encoding (precompressed below) and pass through untouched.
  app.use('*', compress());
  app.use('*', securityHeaders(ctx.config));

  // Cross-origin access is for the APIs, and only from the site itself and the origins configured in
  // CORS_ORIGINS (a dev server on another local port counts as the site while it runs on this
  // machine): another site's page must not read answers meant for ours. The app's own pages and
  // assets go without these headers, which each of a page's fifty scripts would otherwise carry.
  const allowedOrigin = corsOriginCheck(ctx.config.siteUrl, ctx.config.corsOrigins);
  const apiCors = cors({
    origin: (origin) => (allowedOrigin(origin) ? origin : null),
    allowHeaders: ['authorization', 'apikey', 'content-type', 'prefer', 'range', 'accept-profile', 'content-profile', 'x-client-info', 'x-upsert', 'cache-control', 'x-supabase-api-version'],
    exposeHeaders: ['content-range', 'content-location', 'location', 'x-total-count', 'x-supabase-api-version'],
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    credentials: true,
    maxAge: 86400,
  });
  for (const prefix of apiPrefixes) app.use(`${prefix}*`, apiCors);

  app.route('/auth/v1', authRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx, { countCall: countRestCall }));
  app.route('/storage/v1', storageRoutes(ctx));

  app.get('/api/config', (c) => c.json(runtimeConfig(ctx)));
  app.get('/api/health', async (c) => {
    await ctx.db.query('select 1');
    return c.json({ status: 'ok', database: ctx.db.kind });
  });
  app.route('/api', reportRoutes(ctx));
  app.route('/api', enquiryRoutes(ctx));
  app.route('/api', paymentRoutes(ctx, paymentProviders(ctx.config)));
  app.route('/api', teamRoutes(ctx));
  app.route('/api', quoteRoutes(ctx));
  app.route('/api', settingsRoutes(ctx));
  app.route('/api', calendarRoutes(ctx));
  app.route('/api', documentRoutes(ctx));
  // The media library writes its files through the storage API in-process, as the caller.
  app.route('/api', mediaRoutes(ctx, (input, init) => app.request(input, init, serverUpload)));
  const inProcess: RestFetch = (input, init) => app.request(input, init);
  const previews = tourPreviews(ctx, inProcess);
  app.route('/api', previews.routes);
  app.all('/api/*', () => {
    throw new ApiError('not_found');
  });
  app.route('/', pwaRoutes(ctx));

  // Sitemap, robots.txt and each page's own head, status and data (page data read in-process).
  const seo = seoPages(ctx, inProcess, previews);
  app.route('/', seo.routes);

  const distDir = ctx.config.distDir;
  if (existsSync(path.join(distDir, 'index.html'))) {
    let shell: string | undefined;
    // The app shell with the runtime config inlined, so the app needs no extra round trip to start.
    const readShell = async () =>
      (shell ??= (await readFile(path.join(distDir, 'index.html'), 'utf8')).replace(
        '</head>',
        `<script>window.__RUNTIME_CONFIG__=${JSON.stringify(runtimeConfig(ctx)).replace(/</g, '\\u003c')}</script></head>`,
      ));
    const sendShell = async (c: Context) => seo.sendPage(c, await readShell());
    app.get('/', sendShell);
    app.get('/index.html', sendShell);
    // The shell alone, no page in it: what the service worker opens an uncached page in while offline.
    app.get(SHELL_PATH, async (c) => {
      c.header('cache-control', 'no-cache');
      c.header('x-robots-tag', 'noindex');
      return c.html(await readShell());
    });
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('cache-control', 'public, max-age=31536000, immutable');
    });
    // The build's manifest is for the server (seo/route-scripts.ts), not a page of the site.
    app.get('/.vite/*', (c) => c.notFound());
    app.use('*', serveStatic({ root: path.relative(process.cwd(), distDir) || '.', precompressed: true }));
    app.get('*', (c) => {
      if (apiPrefixes.some((prefix) => c.req.path.startsWith(prefix))) return c.notFound();
      return sendShell(c);
    });
  }

  app.onError((error, c) => {
    const productApi = c.req.path.startsWith('/api/');
    if (productApi && error instanceof ApiError) return sendApiError(c, error);
    // An /api route over its rate limit (hitRateLimit): refused in the route's words, with when to come back.
    if (productApi && error instanceof RateLimited) {
      c.header('retry-after', String(error.retryAfter));
      return sendApiError(c, new ApiError('rate_limited', error.message));
    }
    // The database stopped a statement that ran too long, or was restarted under the request.
    if (isPgError(error) && (error.code === '57014' || error.code === '08006')) {
      c.header('retry-after', '5');
      if (productApi) return sendApiError(c, new ApiError('unavailable'), error);
      return c.json({ code: error.code, message: error.message, details: null, hint: error.hint ?? null }, 503);
    }
    // The server's own fault: its stack goes to the log, never to the client.
    if (productApi) return sendApiError(c, new ApiError('internal'), error);
    c.get('log').error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ code: 'PGRST000', message: 'Internal server error', details: null, hint: null }, 500);
  });
  return app;
}
