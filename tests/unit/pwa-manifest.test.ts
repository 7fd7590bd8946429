import { describe, expect, it } from 'vitest';
import { shortName, webManifest } from '../../server/pwa.ts';
import { INSTALL_SNOOZE_MS, shouldOfferInstall } from '../../src/lib/pwa/install.ts';
import { UPDATE_CHECK_INTERVAL_MS, UPDATE_INTERVAL_STORAGE_KEY, updateCheckInterval } from '../../src/lib/pwa/update.ts';

describe('the web app manifest', () => {
  it('takes the name and colors from the branding', () => {
    const manifest = webManifest({ company_name: 'Kilele Safaris', tagline: 'Safaris from Arusha', primary_color: '#e39f48', light_color: '#E2DFD0' });
    expect(manifest).toMatchObject({
      name: 'Kilele Safaris',
      short_name: 'Kilele',
      description: 'Safaris from Arusha',
      theme_color: '#e39f48',
      background_color: '#E2DFD0',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    });
    expect(manifest.icons.map((icon) => [icon.sizes, icon.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ['My trips', '/traveler/bookings'],
      ['Tours', '/tours'],
    ]);
  });

  it('keeps the home-screen label short', () => {
    expect(shortName('Zara Tours')).toBe('Zara Tours');
    expect(shortName('Kilele Safaris')).toBe('Kilele');
    expect(shortName('Serengetiwildernessexpeditions')).toHaveLength(12);
  });
});

describe('update checks and the install offer', () => {
  it('checks every 5 minutes unless a shorter interval is stored', () => {
    expect(UPDATE_CHECK_INTERVAL_MS).toBe(300_000);
    const storage = (value: string | null) => ({ getItem: (key: string) => (key === UPDATE_INTERVAL_STORAGE_KEY ? value : null) });
    expect(updateCheckInterval(undefined)).toBe(300_000);
    expect(updateCheckInterval(storage(null))).toBe(300_000);
    expect(updateCheckInterval(storage('2000'))).toBe(2000);
    expect(updateCheckInterval(storage('10'))).toBe(300_000);
    expect(updateCheckInterval(storage('soon'))).toBe(300_000);
  });

  it('offers installing from the second page view, and not within 30 days of a no', () => {
    const now = Date.UTC(2027, 0, 15);
    expect(shouldOfferInstall(1, null, now)).toBe(false);
    expect(shouldOfferInstall(2, null, now)).toBe(true);
    expect(shouldOfferInstall(5, now - 24 * 60 * 60 * 1000, now)).toBe(false);
    expect(shouldOfferInstall(5, now - INSTALL_SNOOZE_MS, now)).toBe(true);
  });
});
