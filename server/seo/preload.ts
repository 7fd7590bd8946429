import { libraryImage, CARD_SIZES } from '../../shared/media.ts';
import { escapeHtml } from './html.ts';
import type { Route } from './routes.ts';

type Row = Record<string, unknown> | null | undefined;

function imageOf(row: Row, column: string): string | null {
  const value = row?.[column];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * The picture that is a page's largest paint, from the data inlined in it: the home page's first
 * hero, a tour's own picture, the first card of the tour list. Preloaded, it downloads beside the
 * scripts instead of after them.
 */
export function largestImageTag(route: Route, entries: Record<string, unknown>): string[] {
  const rows = (key: string) => (Array.isArray(entries[key]) ? (entries[key] as Row[]) : []);
  let image: string | null = null;
  if (route.kind === 'home') image = imageOf(rows('heroes:active')[0], 'image_url');
  else if (route.kind === 'tour') image = imageOf(entries[`tour:${route.slug}`] as Row, 'hero_image_url');
  else if (route.kind === 'static' && route.page === 'tours') image = imageOf(rows('tours:list')[0], 'hero_image_url');
  if (!image) return [];
  // A library picture is preloaded in the size the browser will pick, as the page's <picture> offers it.
  const library = libraryImage(image);
  if (library) {
    const sizes = route.kind === 'static' ? CARD_SIZES : '100vw';
    return [`<link rel="preload" as="image" fetchpriority="high" type="image/webp" imagesrcset="${escapeHtml(library.webpSrcSet)}" imagesizes="${sizes}" />`];
  }
  return [`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image)}" />`];
}
