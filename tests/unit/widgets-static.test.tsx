import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadError } from '../../src/components/widgets/LoadError.tsx';
import { initials, PersonAvatar } from '../../src/components/widgets/PersonAvatar.tsx';
import { Picture } from '../../src/components/widgets/Picture.tsx';
import { StarRating } from '../../src/components/widgets/StarRating.tsx';

// Widgets that public pages show as plain markup: what the server sends is what a visitor reads.

const html = (node: ReactNode) => renderToString(<MantineProvider>{node}</MantineProvider>);

describe('StarRating', () => {
  it('names a review rating as an image and fills its stars to the value', () => {
    const markup = html(<StarRating value={4} size="sm" label="Rated 4 out of 5" />);
    expect(markup).toMatch(/role="img" aria-label="Rated 4 out of 5"/);
    expect(markup).toMatch(/data-size="sm"/);
    expect(markup).toMatch(/style="width:80%"/);
    // Two rows of five stars: the empty ones, and the filled ones over them.
    expect(markup.match(/<path /g)).toHaveLength(10);
  });

  it('cuts an average at its tenth, keeps within none and five, and hides itself without a name', () => {
    expect(html(<StarRating value={4.26} />)).toMatch(/style="width:86%"/);
    expect(html(<StarRating value={7} />)).toMatch(/style="width:100%"/);
    expect(html(<StarRating value={-1} />)).toMatch(/style="width:0%"/);
    const unnamed = html(<StarRating value={3} />);
    expect(unnamed).toMatch(/aria-hidden="true"/);
    expect(unnamed).not.toMatch(/role="img"/);
  });
});

describe('LoadError', () => {
  it('says what could not load, as an alert, with a way to try again', () => {
    const markup = html(<LoadError what="our tours" onRetry={() => undefined} />);
    expect(markup).toMatch(/role="alert"/);
    expect(markup).toContain('We could not load <!-- -->our tours');
    expect(markup).toContain('Check your connection, then try again.');
    expect(markup).toMatch(/<button[^>]*>[\s\S]*Try again/);
  });
});

describe('PersonAvatar', () => {
  it('takes up to two initials from a name', () => {
    expect(initials('Amani Visitor')).toBe('AV');
    expect(initials('  grace   wanjiru  mwangi ')).toBe('GW');
    expect(initials('Ole')).toBe('O');
    expect(initials('')).toBe('');
  });

  it('shows the photo with its text alternative, sized and round', () => {
    const markup = html(<PersonAvatar name="Amani Visitor" src="/media/amani.svg" alt="Amani Visitor's photo" size={84} tone="brand" />);
    expect(markup).toMatch(/<img [^>]*src="\/media\/amani.svg"/);
    expect(markup).toMatch(/alt="Amani Visitor&#x27;s photo"/);
    expect(markup).toContain('--avatar-size:calc(5.25rem * var(--mantine-scale))');
    expect(markup).toContain('--avatar-bg:var(--mantine-color-brand-light)');
    expect(markup).not.toContain('>AV<');
  });

  it('shows initials without a photo: named as an image when it stands alone, hidden beside a written name', () => {
    const alone = html(<PersonAvatar name="Amani Visitor" src={null} alt="Amani Visitor" />);
    expect(alone).toMatch(/role="img" aria-label="Amani Visitor"/);
    expect(alone).toContain('>AV<');
    const besideName = html(<PersonAvatar name="Amani Visitor" alt="" />);
    expect(besideName).not.toContain('role="img"');
    expect(besideName).toMatch(/aria-hidden="true">AV</);
  });

  it('keeps one tint per name, from the theme\'s colours', () => {
    const tint = (name: string) => /--avatar-bg:var\(--mantine-color-(\w+)-light\)/.exec(html(<PersonAvatar name={name} alt="" />))?.[1];
    expect(tint('Amani Visitor')).toBe(tint('Amani Visitor'));
    const tints = new Set(['Amani Visitor', 'Grace Wanjiru', 'Jonas Keller', 'Priya Nair', 'Tom Okafor', 'Lea Dubois'].map(tint));
    expect(tints.size).toBeGreaterThan(2);
    for (const name of tints) expect(['blue', 'cyan', 'grape', 'green', 'indigo', 'lime', 'orange', 'pink', 'red', 'teal', 'violet']).toContain(name);
  });
});

describe('Picture', () => {
  const library = '/storage/v1/object/public/media/library/6b0f6a3e-2b44-4c55-9d8e-1f2a3b4c5d6e/960.jpg';

  it('offers a library picture in its sizes, as WebP and its fallback, in a wrapper that makes no box', () => {
    const markup = renderToString(<Picture src={library} sizes="72px" alt="" className="thumb" width={72} height={54} loading="lazy" />);
    expect(markup).toMatch(/<picture class="[^"]+"><source /);
    expect(markup).toContain('<source type="image/webp" srcSet="/storage/v1/object/public/media/library/6b0f6a3e-2b44-4c55-9d8e-1f2a3b4c5d6e/480.webp 480w, /storage/v1/object/public/media/library/6b0f6a3e-2b44-4c55-9d8e-1f2a3b4c5d6e/960.webp 960w" sizes="72px"/>');
    expect(markup).toMatch(/<img src="[^"]+\/960\.jpg" srcSet="[^"]+\/480\.jpg 480w, [^"]+\/960\.jpg 960w" sizes="72px" alt="" class="thumb" width="72" height="54" loading="lazy"\/><\/picture>/);
  });

  it('shows any other picture as a plain image', () => {
    const markup = renderToString(<Picture src="/images/tours/serengeti.jpg" sizes="72px" alt="Serengeti" loading="lazy" />);
    expect(markup).toBe('<img src="/images/tours/serengeti.jpg" alt="Serengeti" loading="lazy"/>');
  });
});
