import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LoadError } from '../../src/components/widgets/LoadError.tsx';
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
