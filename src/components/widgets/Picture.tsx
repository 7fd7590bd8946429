import type { ImgHTMLAttributes } from 'react';
import { libraryImage } from '@shared/media.ts';
import classes from './Picture.module.css';

/**
 * An image that, when it comes from the media library, offers the browser every size as WebP and
 * as JPEG or PNG (srcset), so a phone downloads 480 px and a wide screen 1600 px. Other images are
 * shown as they are.
 */
export function Picture({ src, sizes, ...image }: ImgHTMLAttributes<HTMLImageElement> & { src: string; sizes: string }) {
  const library = libraryImage(src);
  if (!library) return <img src={src} {...image} />;
  return (
    <picture className={classes.picture}>
      <source type="image/webp" srcSet={library.webpSrcSet} sizes={sizes} />
      <img src={library.src} srcSet={library.srcSet} sizes={sizes} {...image} />
    </picture>
  );
}
