import { describe, expect, it } from 'vitest';
import { destinations } from '../../server/seed/content/destinations.ts';
import { faviconSvg, landscapeSvg, logoSvg, palettes, portraitSvg, wordmarkSvg, type Scene } from '../../server/seed/images.ts';

const scenes: Scene[] = ['savanna', 'baobab', 'crater', 'mountain', 'shore', 'forest', 'lake', 'river', 'volcano'];

/** Well-formed enough for browsers: one root svg element, balanced tags, no NaN or undefined leaking in. */
function expectValidSvg(svg: string) {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  const stack: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
}

describe('landscapeSvg', () => {
  it('draws a valid SVG of a few kilobytes for every scene and palette', () => {
    for (const scene of scenes) {
      for (const palette of palettes) {
        const svg = landscapeSvg({ scene, seed: 'test', palette, title: 'Lake & "crater" <view>' });
        expectValidSvg(svg);
        expect(svg.length).toBeGreaterThan(1500);
        expect(svg.length).toBeLessThan(20_000);
        expect(svg).toContain('<title>Lake &amp; &quot;crater&quot; &lt;view&gt;</title>');
      }
    }
  });

  it('is deterministic: the same scene and seed give the same bytes', () => {
    expect(landscapeSvg({ scene: 'crater', seed: 'ngorongoro' })).toBe(landscapeSvg({ scene: 'crater', seed: 'ngorongoro' }));
  });

  it('gives every destination its own picture', () => {
    const pictures = destinations.map((d) => landscapeSvg({ scene: d.scene, seed: d.slug, palette: d.palette }));
    expect(new Set(pictures).size).toBe(destinations.length);
    expect(new Set(destinations.map((d) => d.scene)).size).toBeGreaterThanOrEqual(6);
  });

  it('varies with the seed within one scene', () => {
    const a = landscapeSvg({ scene: 'savanna', seed: 'tour-a', palette: 'golden' });
    const b = landscapeSvg({ scene: 'savanna', seed: 'tour-b', palette: 'golden' });
    expect(a).not.toBe(b);
  });

  it('draws each scene’s subject: snow on Kilimanjaro, water on the shore, flamingos on the lake', () => {
    expect(landscapeSvg({ scene: 'mountain', seed: 'k', palette: 'dawn' })).toContain('#f8f8f4');
    expect(landscapeSvg({ scene: 'shore', seed: 'z', palette: 'morning' })).toContain('fill="url(#water)"');
    expect(landscapeSvg({ scene: 'lake', seed: 'n', palette: 'dusk' })).toContain('#e98a9b');
  });
});

describe('brand and people images', () => {
  it('are valid SVGs with escaped text', () => {
    for (const svg of [logoSvg('dark'), logoSvg('light'), faviconSvg(), portraitSvg('Neema Mushi'), wordmarkSvg('Tanzania & Co')]) {
      expectValidSvg(svg);
    }
    expect(portraitSvg('Neema Mushi')).toContain('>NM</text>');
    expect(wordmarkSvg('Tanzania & Co')).toContain('Tanzania &amp; Co');
  });
});
