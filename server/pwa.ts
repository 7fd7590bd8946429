import { Hono } from 'hono';
import type { ProductContext } from './context.ts';

interface BrandingForManifest {
  company_name: string;
  tagline: string | null;
  primary_color: string;
  light_color: string;
}

const DEFAULT_BRANDING: BrandingForManifest = {
  company_name: 'Kilele Safaris',
  tagline: null,
  primary_color: '#e39f48',
  light_color: '#E2DFD0',
};

/** Home-screen labels stay short: the whole name when it fits, else its first word. */
export function shortName(companyName: string): string {
  const name = companyName.trim();
  return name.length <= 12 ? name : name.split(/\s+/)[0].slice(0, 12);
}

/** The web app manifest for the active branding: what the phone shows when the site is installed. */
export function webManifest(branding: BrandingForManifest) {
  const name = branding.company_name.trim() || DEFAULT_BRANDING.company_name;
  return {
    id: '/',
    name,
    short_name: shortName(name),
    description: branding.tagline ?? `Safaris and tours with ${name}`,
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: branding.primary_color,
    background_color: branding.light_color,
    categories: ['travel'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    shortcuts: [
      { name: 'My trips', short_name: 'Trips', url: '/traveler/bookings', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
      { name: 'Tours', short_name: 'Tours', url: '/tours', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    ],
  };
}

/** GET /manifest.webmanifest from the active branding row, and the headers /sw.js needs. */
export function pwaRoutes(ctx: ProductContext): Hono {
  const app = new Hono();

  app.get('/manifest.webmanifest', async (c) => {
    const { rows } = await ctx.db.query<BrandingForManifest>(
      'select company_name, tagline, primary_color, light_color from public.branding_settings where is_active limit 1',
    );
    c.header('cache-control', 'no-cache');
    return c.body(JSON.stringify(webManifest(rows[0] ?? DEFAULT_BRANDING)), 200, { 'content-type': 'application/manifest+json; charset=utf-8' });
  });

  // The browser checks /sw.js for a new version on every update check; it must never be served stale.
  app.use('/sw.js', async (c, next) => {
    await next();
    if (c.res.status !== 200) return;
    c.header('cache-control', 'no-cache');
    c.header('service-worker-allowed', '/');
  });

  return app;
}
