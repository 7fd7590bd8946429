import { describe, expect, it } from 'vitest';
import { brandingFromRow, DEFAULT_BRANDING } from '../../src/features/branding/model.ts';

describe('brandingFromRow', () => {
  it('gives the spec defaults when there is no active row (PGRST116)', () => {
    const branding = brandingFromRow(null);
    expect(branding.colors).toMatchObject({ primary: '#e39f48', dark: '#222831', light: '#E2DFD0' });
    expect(branding.fonts).toEqual({ heading: 'Domine', body: 'DM Sans', accent: 'Great Vibes' });
    expect([branding.baseFontSize, branding.bodyFontWeight, branding.mediumFontWeight, branding.boldFontWeight]).toEqual([16, 400, 500, 700]);
    expect(branding.officeHours).toEqual(['Mon-Fri 8AM-6PM', 'Sat 9AM-2PM']);
    expect(branding.address).toBe('Arusha, Tanzania');
  });

  it('keeps what the row sets and fills what it leaves empty', () => {
    const branding = brandingFromRow({
      company_name: 'Serengeti Trails',
      phone: '  +255 700 000 000 ',
      email: '',
      primary_color: '#1a7f5a',
      dark_color: null,
      base_font_size: '18px',
      bold_font_weight: '600',
      instagram_url: 'https://instagram.com/serengetitrails',
      facebook_url: '   ',
    });
    expect(branding.companyName).toBe('Serengeti Trails');
    expect(branding.logoAltText).toBe('Serengeti Trails');
    expect(branding.phone).toBe('+255 700 000 000');
    expect(branding.email).toBe(DEFAULT_BRANDING.email);
    expect(branding.colors.primary).toBe('#1a7f5a');
    expect(branding.colors.dark).toBe('#222831');
    expect(branding.baseFontSize).toBe(18);
    expect(branding.boldFontWeight).toBe(600);
    expect(branding.social).toEqual([{ network: 'instagram', url: 'https://instagram.com/serengetitrails' }]);
  });

  it('refuses colors, sizes and weights that are not usable', () => {
    const branding = brandingFromRow({ primary_color: 'red; background: url(x)', base_font_size: '300px', body_font_weight: 'heavy' });
    expect(branding.colors.primary).toBe('#e39f48');
    expect(branding.baseFontSize).toBe(16);
    expect(branding.bodyFontWeight).toBe(400);
  });

  it('accepts a stored CSS gradient for the footer, or builds one from a single color, and refuses anything else', () => {
    const gradient = 'linear-gradient(180deg, #222831 0%, rgba(59, 42, 32, 0.9) 100%)';
    expect(brandingFromRow({ footer_gradient_color: gradient }).footerBackground).toBe(gradient);
    expect(brandingFromRow({ footer_gradient_color: '#3b2a20' }).footerBackground).toBe('linear-gradient(180deg, #222831 0%, #3b2a20 100%)');
    expect(brandingFromRow({ footer_gradient_color: 'linear-gradient(red, blue); } body { display: none' }).footerBackground).toBe(
      DEFAULT_BRANDING.footerBackground,
    );
    expect(brandingFromRow({ footer_gradient_color: 'url(https://evil.example/x.png)' }).footerBackground).toBe(DEFAULT_BRANDING.footerBackground);
  });

  it('takes office hours from the row, else from the primary branch office', () => {
    expect(brandingFromRow({ office_hours: 'Mon-Sun 7AM-9PM' }).officeHours).toEqual(['Mon-Sun 7AM-9PM']);
    const branding = brandingFromRow({
      branch_offices: [
        { id: 'znz', location: 'Stone Town', address: 'Kenyatta Rd', hours: 'Daily 9AM-5PM' },
        { id: 'aru', location: 'Arusha', address: 'Njiro', hours: 'Mon-Fri 8AM-5PM; Sat 9AM-1PM', isPrimary: true },
        'not an office',
      ],
    });
    expect(branding.branchOffices.map((office) => office.id)).toEqual(['znz', 'aru']);
    expect(branding.officeHours).toEqual(['Mon-Fri 8AM-5PM', 'Sat 9AM-1PM']);
  });
});
