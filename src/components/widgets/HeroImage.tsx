import { Picture } from './Picture.tsx';

/**
 * A page's first, largest picture (its largest contentful paint): fetched before the other images,
 * and decoded for the same paint as the text over it rather than in a later frame.
 */
export function HeroImage({ src, alt, className, width = 1600, height = 900 }: { src: string; alt: string; className?: string; width?: number; height?: number }) {
  return <Picture src={src} sizes="100vw" alt={alt} width={width} height={height} fetchPriority="high" decoding="sync" className={className} />;
}
