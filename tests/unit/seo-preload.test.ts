import { describe, expect, it } from 'vitest';
import { largestImageTag } from '../../server/seo/preload.ts';
import { matchRoute } from '../../server/seo/routes.ts';

describe('largestImageTag', () => {
  it("preloads the home page's first hero, a tour's own picture and the list's first card, from the inlined data", () => {
    const preload = (href: string) => [`<link rel="preload" as="image" fetchpriority="high" href="${href}" />`];
    expect(largestImageTag(matchRoute('/'), { 'heroes:active': [{ image_url: '/storage/v1/object/public/heroes/a.webp?v=1&w=2' }] })).toEqual(
      preload('/storage/v1/object/public/heroes/a.webp?v=1&amp;w=2'),
    );
    expect(largestImageTag(matchRoute('/tours/serengeti'), { 'tour:serengeti': { hero_image_url: '/t.webp' } })).toEqual(preload('/t.webp'));
    expect(largestImageTag(matchRoute('/tours'), { 'tours:list': [{ hero_image_url: '/first.webp' }, { hero_image_url: '/second.webp' }] })).toEqual(preload('/first.webp'));
  });

  it('preloads nothing without a picture or on other pages', () => {
    expect(largestImageTag(matchRoute('/'), { 'heroes:active': [] })).toEqual([]);
    expect(largestImageTag(matchRoute('/tours/serengeti'), { 'tour:serengeti': null })).toEqual([]);
    expect(largestImageTag(matchRoute('/about'), { 'heroes:active': [{ image_url: '/a.webp' }] })).toEqual([]);
  });
});
