import { isHexColor } from '../../lib/palette.ts';

/** One office of the company, as stored in branding_settings.branch_offices. */
export interface BranchOffice {
  id: string;
  location: string;
  address: string;
  phone: string;
  email: string;
  hours: string;
  isPrimary: boolean;
}

/** A branding_settings row as the database returns it (every field may be null). */
export interface BrandingRow {
  company_name?: string | null;
  tagline?: string | null;
  logo_url?: string | null;
  logo_light_url?: string | null;
  footer_logo_url?: string | null;
  logo_alt_text?: string | null;
  favicon_url?: string | null;
  address?: string | null;
  phone?: string | null;
  email?: string | null;
  facebook_url?: string | null;
  instagram_url?: string | null;
  twitter_url?: string | null;
  linkedin_url?: string | null;
  youtube_url?: string | null;
  primary_color?: string | null;
  secondary_color?: string | null;
  accent_color?: string | null;
  dark_color?: string | null;
  light_color?: string | null;
  orange_color?: string | null;
  darkchoco_color?: string | null;
  footer_gradient_color?: string | null;
  office_hours?: string | null;
  heading_font?: string | null;
  body_font?: string | null;
  accent_font?: string | null;
  base_font_size?: string | number | null;
  body_font_weight?: string | number | null;
  medium_font_weight?: string | number | null;
  bold_font_weight?: string | number | null;
  email_signature?: string | null;
  branch_offices?: unknown;
}

export type SocialNetwork = 'facebook' | 'instagram' | 'twitter' | 'linkedin' | 'youtube';

/** The company's identity as the site uses it: every field filled, from the active row or the defaults. */
export interface Branding {
  companyName: string;
  tagline: string;
  logoUrl: string | null;
  logoLightUrl: string | null;
  footerLogoUrl: string | null;
  logoAltText: string;
  faviconUrl: string | null;
  address: string;
  phone: string;
  email: string;
  social: { network: SocialNetwork; url: string }[];
  colors: {
    primary: string;
    secondary: string;
    accent: string;
    dark: string;
    light: string;
    orange: string;
    darkchoco: string;
  };
  /** CSS background of the footer: the row's gradient, or a gradient made from its single color. */
  footerBackground: string;
  fonts: { heading: string; body: string; accent: string };
  baseFontSize: number;
  bodyFontWeight: number;
  mediumFontWeight: number;
  boldFontWeight: number;
  officeHours: string[];
  branchOffices: BranchOffice[];
}

/** The spec's default branding, used when no active row exists. */
export const DEFAULT_BRANDING: Branding = {
  companyName: 'Kilele Safaris',
  tagline: 'Safaris, summits and shores from Arusha, Tanzania',
  logoUrl: null,
  logoLightUrl: null,
  footerLogoUrl: null,
  logoAltText: 'Kilele Safaris',
  faviconUrl: null,
  address: 'Arusha, Tanzania',
  phone: '+255 754 200 300',
  email: 'hello@kilelesafaris.co.tz',
  social: [],
  colors: {
    primary: '#e39f48',
    secondary: '#2f5d50',
    accent: '#c8553d',
    dark: '#222831',
    light: '#E2DFD0',
    orange: '#d9822b',
    darkchoco: '#3b2a20',
  },
  footerBackground: 'linear-gradient(180deg, #222831 0%, #3b2a20 100%)',
  fonts: { heading: 'Domine', body: 'DM Sans', accent: 'Great Vibes' },
  baseFontSize: 16,
  bodyFontWeight: 400,
  mediumFontWeight: 500,
  boldFontWeight: 700,
  officeHours: ['Mon-Fri 8AM-6PM', 'Sat 9AM-2PM'],
  branchOffices: [],
};

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() ? value.trim() : fallback;
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function color(value: unknown, fallback: string): string {
  if (!isHexColor(value)) return fallback;
  const hex = value.trim();
  return hex.startsWith('#') ? hex : `#${hex}`;
}

/**
 * The footer background: a CSS linear or radial gradient of plain colors as stored, or a gradient
 * from a single hex color into the brand's dark color. Anything else could inject CSS, so it is refused.
 */
function footerBackground(value: unknown, dark: string, fallback: string): string {
  if (isHexColor(value)) return `linear-gradient(180deg, ${dark} 0%, ${color(value, dark)} 100%)`;
  if (typeof value !== 'string') return fallback;
  const css = value.trim();
  return /^(linear|radial)-gradient\((?:[#\w%.,\s-]|\((?:[\d.,%\s])*\))+\)$/.test(css) ? css : fallback;
}

function hoursLines(value: string): string[] {
  return value.split(/\s*[,;\n]\s*/).filter(Boolean);
}

/** A number from 16, '16' or '16px'; the fallback when it is missing or outside [min, max]. */
function number(value: unknown, fallback: number, min: number, max: number): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(String(value ?? ''));
  return Number.isFinite(parsed) && parsed >= min && parsed <= max ? parsed : fallback;
}

function branchOffices(value: unknown): BranchOffice[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((office): office is Record<string, unknown> => !!office && typeof office === 'object')
    .map((office, index) => ({
      id: text(office.id, `office-${index + 1}`),
      location: text(office.location, ''),
      address: text(office.address, ''),
      phone: text(office.phone, ''),
      email: text(office.email, ''),
      hours: text(office.hours, ''),
      isPrimary: office.isPrimary === true,
    }))
    .filter((office) => office.location || office.address);
}

const socialColumns: [SocialNetwork, keyof BrandingRow][] = [
  ['facebook', 'facebook_url'],
  ['instagram', 'instagram_url'],
  ['twitter', 'twitter_url'],
  ['linkedin', 'linkedin_url'],
  ['youtube', 'youtube_url'],
];

/** Fills every field of the active row that is missing or unusable with the default. */
export function brandingFromRow(row: BrandingRow | null | undefined): Branding {
  if (!row) return DEFAULT_BRANDING;
  const d = DEFAULT_BRANDING;
  const offices = branchOffices(row.branch_offices);
  const primaryOffice = offices.find((office) => office.isPrimary) ?? offices[0];
  const companyName = text(row.company_name, d.companyName);
  const dark = color(row.dark_color, d.colors.dark);
  const hours = optionalText(row.office_hours) ?? (primaryOffice?.hours || null);
  return {
    companyName,
    tagline: text(row.tagline, d.tagline),
    logoUrl: optionalText(row.logo_url),
    logoLightUrl: optionalText(row.logo_light_url),
    footerLogoUrl: optionalText(row.footer_logo_url),
    logoAltText: text(row.logo_alt_text, companyName),
    faviconUrl: optionalText(row.favicon_url),
    address: text(row.address, d.address),
    phone: text(row.phone, d.phone),
    email: text(row.email, d.email),
    social: socialColumns.flatMap(([network, column]) => {
      const url = optionalText(row[column]);
      return url ? [{ network, url }] : [];
    }),
    colors: {
      primary: color(row.primary_color, d.colors.primary),
      secondary: color(row.secondary_color, d.colors.secondary),
      accent: color(row.accent_color, d.colors.accent),
      dark,
      light: color(row.light_color, d.colors.light),
      orange: color(row.orange_color, d.colors.orange),
      darkchoco: color(row.darkchoco_color, d.colors.darkchoco),
    },
    footerBackground: footerBackground(row.footer_gradient_color, dark, d.footerBackground),
    fonts: {
      heading: text(row.heading_font, d.fonts.heading),
      body: text(row.body_font, d.fonts.body),
      accent: text(row.accent_font, d.fonts.accent),
    },
    baseFontSize: number(row.base_font_size, d.baseFontSize, 12, 24),
    bodyFontWeight: number(row.body_font_weight, d.bodyFontWeight, 100, 900),
    mediumFontWeight: number(row.medium_font_weight, d.mediumFontWeight, 100, 900),
    boldFontWeight: number(row.bold_font_weight, d.boldFontWeight, 100, 900),
    officeHours: hours ? hoursLines(hours) : d.officeHours,
    branchOffices: offices,
  };
}
