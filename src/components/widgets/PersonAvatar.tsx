import { useEffect, useRef, useState, type CSSProperties } from 'react';
import classes from './PersonAvatar.module.css';

/** Up to two initials of a person's name, for an avatar without a picture: 'Amani Visitor' -> 'AV'. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

// Light tints of the theme's colours: each reviewer or author keeps one, picked from their name.
const NAME_TONES = ['blue', 'cyan', 'grape', 'green', 'indigo', 'lime', 'orange', 'pink', 'red', 'teal', 'violet'];

function nameTone(name: string): string {
  let hash = 0;
  for (let i = 0; i < name.length; i += 1) hash = (Math.imul(hash, 31) + name.charCodeAt(i)) | 0;
  return NAME_TONES[Math.abs(hash) % NAME_TONES.length]!;
}

interface PersonAvatarProps {
  /** Whose avatar: their initials show when there is no photo, or while it cannot load. */
  name: string;
  src?: string | null;
  /** The photo's text alternative; '' where the name is written beside it. */
  alt: string;
  /** Diameter in px (38 by default). */
  size?: number;
  /** The initials' tint: the brand's (the signed-in traveler) or one picked from the name (reviewers, authors). */
  tone?: 'brand' | 'name';
  'data-testid'?: string;
}

/**
 * A person's round photo, or their initials on a tint. Plain markup with one state (a photo that
 * failed shows the initials): Mantine's Avatar brought its own chunk to every page with a review.
 */
export function PersonAvatar({ name, src, alt, size = 38, tone = 'name', 'data-testid': testId }: PersonAvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const photo = useRef<HTMLImageElement>(null);
  // A server-rendered photo can fail before the page hydrates, when onError is not listened to yet:
  // decode() of a broken image rejects.
  useEffect(() => {
    const img = photo.current;
    if (img?.complete) img.decode().catch(() => setFailedSrc(img.getAttribute('src')));
  }, [src]);
  const color = tone === 'brand' ? 'brand' : nameTone(name);
  const style = {
    '--avatar-size': `calc(${size / 16}rem * var(--mantine-scale))`,
    '--avatar-bg': `var(--mantine-color-${color}-light)`,
    '--avatar-color': `var(--mantine-color-${color}-light-color)`,
  } as CSSProperties;
  const showPhoto = Boolean(src) && src !== failedSrc;
  return (
    <span className={classes.avatar} style={style} data-testid={testId} {...(showPhoto || !alt ? {} : { role: 'img', 'aria-label': alt })}>
      {showPhoto ? (
        <img ref={photo} className={classes.photo} src={src!} alt={alt} loading="lazy" onError={() => setFailedSrc(src!)} />
      ) : (
        <span aria-hidden>{initials(name)}</span>
      )}
    </span>
  );
}
