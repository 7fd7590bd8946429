import { describe, expect, it } from 'vitest';
import { routeStylesheetTags, type ClientManifest } from '../../server/seo/route-styles.ts';

const manifest: ClientManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'], css: ['assets/index-1.css'] },
  '_shared.js': { file: 'assets/shared-1.js', css: ['assets/shared-1.css'] },
  '_card.js': { file: 'assets/card-1.js', imports: ['_shared.js'], css: ['assets/card-1.css'] },
  'src/routes/_public.tsx?tsr-split=component': { file: 'assets/_public-1.js', css: ['assets/_public-1.css'] },
  'src/routes/_public/index.tsx?tsr-split=component': { file: 'assets/home-1.js', imports: ['_card.js'], css: ['assets/home-1.css'] },
  'src/routes/_public/contact.tsx?tsr-split=component': { file: 'assets/contact-1.js', css: ['assets/contact-1.css'] },
  'src/routes/_public/tours/index.tsx?tsr-split=component': { file: 'assets/tours-1.js', imports: ['_card.js'], css: ['assets/tours-1.css'] },
  'src/routes/_public/tours/$slug/index.tsx?tsr-split=component': { file: 'assets/tour-1.js', imports: ['_card.js'] },
};

const hrefs = (tags: string[]) => tags.map((tag) => /href="([^"]+)"/.exec(tag)?.[1]);

describe('stylesheets of a server-rendered page', () => {
  it('links the CSS of every route it rendered and what their chunks import, layout first', () => {
    expect(hrefs(routeStylesheetTags(manifest, ['__root__', '/_public', '/_public/']))).toEqual([
      '/assets/_public-1.css',
      '/assets/card-1.css',
      '/assets/home-1.css',
    ]);
  });

  it('finds index routes and plain files alike, and leaves out what the entry already links', () => {
    expect(hrefs(routeStylesheetTags(manifest, ['/_public/contact']))).toEqual(['/assets/contact-1.css']);
    expect(hrefs(routeStylesheetTags(manifest, ['/_public/tours/']))).toEqual(['/assets/card-1.css', '/assets/tours-1.css']);
    expect(hrefs(routeStylesheetTags(manifest, ['/_public/tours/$slug/']))).toEqual(['/assets/card-1.css']);
  });

  it('names nothing for routes the manifest does not know', () => {
    expect(routeStylesheetTags(manifest, ['/traveler/', '/nowhere'])).toEqual([]);
  });

  it('writes tags Vite recognises, so the route chunk does not add the same stylesheet again', () => {
    expect(routeStylesheetTags(manifest, ['/_public/contact'])).toEqual(['<link rel="stylesheet" crossorigin href="/assets/contact-1.css" />']);
  });
});
