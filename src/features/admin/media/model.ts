/**
 * The media library's rules as the screen checks them before uploading: the same as the media
 * bucket's (storage.buckets: 10 MB, pictures only) and the server's (server/api/media.ts), which
 * have the last word.
 */

export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/svg+xml', 'image/avif'] as const;
export const MEDIA_ALT_MAX = 300;

/** Why a file cannot go in the library, in the words the server uses; null when it can. */
export function uploadProblem(file: { size: number; type: string }): string | null {
  if (!(MEDIA_TYPES as readonly string[]).includes(file.type)) return 'Only JPEG, PNG, WebP, GIF, SVG or AVIF pictures go in the library';
  if (file.size > MEDIA_MAX_BYTES) return 'The file is over 10 MB, the library’s limit';
  return null;
}

export function altProblem(alt: string): string | null {
  const text = alt.trim();
  if (text.length === 0) return 'Describe the picture for people who cannot see it';
  if (text.length > MEDIA_ALT_MAX) return `Keep it under ${MEDIA_ALT_MAX} characters`;
  return null;
}

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The URL content keeps for a library file: its largest size's fallback, or the original for GIF and SVG. */
export function mediaUrl(file: { id: string; object_path: string; widths: number[]; fallback: string | null }): string {
  const base = '/storage/v1/object/public/media/';
  if (file.widths.length === 0 || !file.fallback) return `${base}${file.object_path}`;
  return `${base}library/${file.id}/${Math.max(...file.widths)}.${file.fallback}`;
}

/** The smallest size, for thumbnails in the back office. */
export function thumbnailUrl(file: { id: string; object_path: string; widths: number[] }): string {
  const base = '/storage/v1/object/public/media/';
  return file.widths.length ? `${base}library/${file.id}/${Math.min(...file.widths)}.webp` : `${base}${file.object_path}`;
}
