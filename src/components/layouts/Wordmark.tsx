import classes from './Wordmark.module.css';

/** The company's name set in the heading font beside a peak glyph; shown when no logo is uploaded. */
export function Wordmark({ name, tone = 'auto' }: { name: string; tone?: 'auto' | 'light' }) {
  return (
    <span className={classes.wordmark} data-tone={tone}>
      <svg className={classes.glyph} viewBox="0 0 32 24" aria-hidden focusable="false">
        <path d="M1 23 L11 7 L16 14 L21 5 L31 23 Z" fill="currentColor" opacity="0.9" />
        <path d="M21 5 L18.2 10 L21 9 L23.6 10.6 Z" className={classes.snow} />
      </svg>
      <span className={classes.name}>{name}</span>
    </span>
  );
}

/** The uploaded logo (a light variant in dark mode when there is one), else the wordmark. */
export function BrandMark({
  name,
  logoUrl,
  logoLightUrl,
  alt,
  tone = 'auto',
}: {
  name: string;
  logoUrl: string | null;
  logoLightUrl?: string | null;
  alt: string;
  tone?: 'auto' | 'light';
}) {
  if (!logoUrl) return <Wordmark name={name} tone={tone} />;
  const light = logoLightUrl ?? logoUrl;
  if (tone === 'light') return <img className={classes.logo} src={light} alt={alt} width={192} height={44} />;
  return (
    <>
      <img className={`${classes.logo} ${classes.onLight}`} src={logoUrl} alt={alt} width={192} height={44} />
      <img className={`${classes.logo} ${classes.onDark}`} src={light} alt={alt} width={192} height={44} />
    </>
  );
}
