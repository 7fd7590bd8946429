/** Color math for the theme: ten-shade palettes from one brand color, and WCAG contrast. */

export type Rgb = [number, number, number];
export type Palette = [string, string, string, string, string, string, string, string, string, string];

export function hexToRgb(hex: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) throw new Error(`Not a hex color: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  return [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16)) as Rgb;
}

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());
}

export function rgbToHex([r, g, b]: Rgb): string {
  return '#' + [r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('');
}

/** `amount` of the way from `from` to `to` (0 keeps `from`, 1 gives `to`). */
export function mix(from: string, to: string, amount: number): string {
  const a = hexToRgb(from);
  const b = hexToRgb(to);
  return rgbToHex(a.map((c, i) => c + (b[i] - c) * amount) as Rgb);
}

/** Relative luminance as WCAG 2 defines it. */
export function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Index of the brand color itself inside a generated palette. */
export const BASE_SHADE = 5;

/**
 * Ten shades for a Mantine color: lighter tints (0-4), the brand color unchanged at index 5,
 * deeper shades (6-9) toward `deepest`, so text in shade 8-9 keeps contrast on light backgrounds.
 */
export function generatePalette(base: string, deepest = '#000000'): Palette {
  const hex = rgbToHex(hexToRgb(base));
  const tints = [0.9, 0.76, 0.58, 0.4, 0.2].map((t) => mix(hex, '#ffffff', t));
  const shades = [0.15, 0.3, 0.45, 0.6].map((t) => mix(hex, deepest, t));
  return [...tints, hex, ...shades] as Palette;
}

/**
 * Mantine's `dark` palette drawn from the brand's dark color: index 7 is the page background in dark
 * mode, 0-2 are text colors on it (2 is dimmed text, still 4.5:1), 8-9 are deeper still.
 */
export function darkPalette(base: string): Palette {
  const hex = rgbToHex(hexToRgb(base));
  const lighter = [0.8, 0.7, 0.58, 0.32, 0.16, 0.11, 0.05].map((t) => mix(hex, '#ffffff', t));
  return [...lighter, hex, mix(hex, '#000000', 0.15), mix(hex, '#000000', 0.35)] as Palette;
}

/** Secondary ("dimmed") text on light backgrounds: the brand's dark color lightened, still 4.5:1 on sand. */
export function dimmedOnLight(dark: string): string {
  return mix(rgbToHex(hexToRgb(dark)), '#ffffff', 0.28);
}
