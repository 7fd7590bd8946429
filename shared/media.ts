/**
 * Pictures of the media library: stored at /storage/v1/object/public/media/library/<id>/ in sizes
 * 480, 960 and 1600 px wide (those no wider than the original), each as WebP and as a JPEG or PNG
 * fallback. Content keeps the URL of the largest fallback; the sizes below it are known from the
 * naming, so a page builds its srcset without asking the database.
 */

export const LIBRARY_WIDTHS = [480, 960, 1600] as const;

/** How wide a card's picture shows (tours, experiences, blog posts): a third of the page on a desktop, half on a tablet, all on a phone. */
export const CARD_SIZES = '(min-width: 62em) 400px, (min-width: 48em) 50vw, 100vw';

const LIBRARY_URL = /^(.*\/storage\/v1\/object\/public\/media\/library\/[0-9a-f-]{36}\/)(\d+)\.(jpg|png)$/;

export interface LibraryImage {
  /** The fallback's largest size. */
  src: string;
  /** The fallback (JPEG or PNG) in every size. */
  srcSet: string;
  /** The same sizes as WebP, for browsers that take it. */
  webpSrcSet: string;
}

/** The sizes of a library picture from its URL; null for any other picture (seeded, external). */
export function libraryImage(url: string | null | undefined): LibraryImage | null {
  const match = url ? LIBRARY_URL.exec(url) : null;
  if (!match) return null;
  const [, folder, largest, fallback] = match;
  const top = Number(largest);
  // A picture narrower than the smallest size has one size: its own width.
  const widths = [...LIBRARY_WIDTHS.filter((width) => width < top), top];
  return {
    src: url!,
    srcSet: widths.map((width) => `${folder}${width}.${fallback} ${width}w`).join(', '),
    webpSrcSet: widths.map((width) => `${folder}${width}.webp ${width}w`).join(', '),
  };
}
