import {
  createTheme,
  DEFAULT_THEME,
  type ChipProps,
  type CSSVariablesResolver,
  type DrawerProps,
  type MantineThemeOverride,
  type MenuProps,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';
import type { Branding } from '@/features/branding/model.ts';
import { BASE_SHADE, darkPalette, dimmedOnLight, generatePalette } from '@/lib/palette.ts';

const fallbacks = {
  serif: "Georgia, 'Times New Roman', serif",
  sans: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  script: "'Brush Script MT', cursive",
};

function family(name: string, fallback: string): string {
  return `'${name.replace(/'/g, '')}', ${fallback}`;
}

/** Mantine sizes at the default 16px base, scaled when the brand sets another base size. */
function scaled(sizes: Record<string, number>, base: number): Record<string, string> {
  return Object.fromEntries(Object.entries(sizes).map(([key, px]) => [key, `${((px * base) / 16 / 16).toFixed(4)}rem`]));
}

/** The one Mantine theme, built from the active branding (or its defaults). */
export function buildTheme(branding: Branding): MantineThemeOverride {
  const { colors, fonts } = branding;
  const deepBrown = colors.darkchoco;
  return createTheme({
    primaryColor: 'brand',
    primaryShade: { light: BASE_SHADE, dark: BASE_SHADE },
    // Amber is a light color: filled buttons get dark text, which keeps WCAG AA contrast.
    autoContrast: true,
    luminanceThreshold: 0.35,
    black: colors.dark,
    colors: {
      brand: generatePalette(colors.primary, deepBrown),
      sand: generatePalette(colors.light, colors.dark),
      ink: generatePalette(colors.dark),
      secondary: generatePalette(colors.secondary),
      accent: generatePalette(colors.accent),
      dark: darkPalette(colors.dark),
    },
    fontFamily: family(fonts.body, fallbacks.sans),
    headings: {
      fontFamily: family(fonts.heading, fallbacks.serif),
      fontWeight: String(branding.boldFontWeight),
      textWrap: 'balance',
      sizes: {
        h1: { fontSize: 'clamp(2rem, 5vw + 1rem, 3.5rem)', lineHeight: '1.12' },
        h2: { fontSize: 'clamp(1.6rem, 2.5vw + 1rem, 2.4rem)', lineHeight: '1.2' },
        h3: { fontSize: '1.3rem', lineHeight: '1.3' },
      },
    },
    fontSizes: scaled({ xs: 12, sm: 14, md: 16, lg: 18, xl: 20 }, branding.baseFontSize),
    fontWeights: {
      regular: String(branding.bodyFontWeight),
      medium: String(branding.mediumFontWeight),
      bold: String(branding.boldFontWeight),
    },
    defaultRadius: 'md',
    cursorType: 'pointer',
    other: {
      accentFontFamily: family(fonts.accent, fallbacks.script),
    },
    // Plain objects rather than Component.extend(): that would import each component into the entry
    // of every page (Menu alone brings the popover and floating-ui), and extend() only returns its argument.
    components: {
      // A chip with no variant keeps Mantine's white text on amber (2.3:1); naming its default variant
      // sends it through the color resolver, so autoContrast gives it dark text like the buttons.
      Chip: { defaultProps: { variant: 'filled' } satisfies Partial<ChipProps> },
      // Mantine's close buttons are icons with no name of their own.
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<DrawerProps> },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<NotificationProps> },
      // The placeholder Mantine puts first in a menu is a focusable non-item, which a menu may not hold;
      // without it the keyboard lands on the items (arrow keys), as a menu should.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    },
  });
}

/**
 * Brand variables the CSS modules use, and text colors that hold contrast: links and light-variant
 * text in the deep end of the amber palette on light backgrounds, the pale end in dark mode.
 */
export function brandCssVariables(branding: Branding): CSSVariablesResolver {
  const brand = generatePalette(branding.colors.primary, branding.colors.darkchoco);
  return (theme) => ({
    variables: {
      '--brand-font-accent': theme.other.accentFontFamily as string,
      '--brand-footer-background': branding.footerBackground,
      '--brand-dark': branding.colors.dark,
      '--brand-light': branding.colors.light,
    },
    // Mantine's default dimmed grays and error reds fall under 4.5:1 (3.3:1 for the reds); these hold WCAG AA.
    light: {
      '--mantine-color-dimmed': dimmedOnLight(branding.colors.dark),
      '--mantine-color-anchor': brand[8],
      '--mantine-primary-color-light-color': brand[8],
      '--mantine-color-error': DEFAULT_THEME.colors.red[9],
    },
    dark: {
      '--mantine-color-dimmed': darkPalette(branding.colors.dark)[2],
      '--mantine-color-anchor': brand[3],
      '--mantine-primary-color-light-color': brand[3],
      '--mantine-color-error': DEFAULT_THEME.colors.red[4],
    },
  });
}
