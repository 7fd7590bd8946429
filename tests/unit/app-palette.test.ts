import { describe, expect, it } from 'vitest';
import { BASE_SHADE, contrastRatio, darkPalette, dimmedOnLight, generatePalette, hexToRgb, luminance, mix } from '../../src/lib/palette.ts';

describe('palette', () => {
  it('reads 3- and 6-digit hex colors and refuses anything else', () => {
    expect(hexToRgb('#e39f48')).toEqual([227, 159, 72]);
    expect(hexToRgb('fff')).toEqual([255, 255, 255]);
    expect(() => hexToRgb('amber')).toThrow(/hex/);
  });

  it('mixes colors linearly', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#e39f48', '#e39f48', 0.7)).toBe('#e39f48');
  });

  it('makes ten shades from light to dark with the brand color itself at the base shade', () => {
    const palette = generatePalette('#e39f48');
    expect(palette).toHaveLength(10);
    expect(palette[BASE_SHADE]).toBe('#e39f48');
    const lightness = palette.map(luminance);
    for (let i = 1; i < lightness.length; i++) expect(lightness[i]).toBeLessThan(lightness[i - 1]);
  });

  it('gives the amber brand readable pairings (WCAG AA 4.5:1)', () => {
    const brand = generatePalette('#e39f48', '#3b2a20');
    // Filled buttons: the brand's dark color as text on amber.
    expect(contrastRatio('#222831', brand[BASE_SHADE])).toBeGreaterThanOrEqual(4.5);
    // Links on white use shade 8.
    expect(contrastRatio(brand[8], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Links in dark mode use shade 3 on the dark background.
    expect(contrastRatio(brand[3], darkPalette('#222831')[7])).toBeGreaterThanOrEqual(4.5);
  });

  it('puts the brand dark color at index 7 of the dark palette with readable text at index 0', () => {
    const dark = darkPalette('#222831');
    expect(dark[7]).toBe('#222831');
    expect(contrastRatio(dark[0], dark[7])).toBeGreaterThanOrEqual(7);
    expect(luminance(dark[9])).toBeLessThan(luminance(dark[7]));
  });

  it('keeps dimmed text at WCAG AA on white, on sand and in dark mode', () => {
    const sand = generatePalette('#E2DFD0', '#222831');
    expect(contrastRatio(dimmedOnLight('#222831'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dimmedOnLight('#222831'), sand[1])).toBeGreaterThanOrEqual(4.5);
    const dark = darkPalette('#222831');
    expect(contrastRatio(dark[2], dark[7])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dark[2], dark[6])).toBeGreaterThanOrEqual(4.5);
  });
});
