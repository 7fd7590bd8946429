import { describe, expect, it } from 'vitest';
import { activeScreen, adminScreens } from '@/components/admin/navigation.ts';

describe('the sidebar’s highlight', () => {
  const label = (pathname: string) => activeScreen(pathname, adminScreens)?.label;

  it('is the screen whose address starts the path the longest', () => {
    expect(label('/admin')).toBe('Dashboard');
    expect(label('/admin/bookings')).toBe('Bookings');
    expect(label('/admin/bookings/3f0e2a1c-0000-4000-8000-000000000000')).toBe('Bookings');
    expect(label('/admin/bookings/enquiries')).toBe('Enquiries');
    expect(label('/admin/bookings/enquiries/3f0e2a1c-0000-4000-8000-000000000000')).toBe('Enquiries');
  });

  it('counts a quote as part of enquiries, and knows no screen of unknown addresses', () => {
    expect(label('/admin/bookings/quotes/3f0e2a1c-0000-4000-8000-000000000000')).toBe('Enquiries');
    expect(label('/admin/bookingsx')).toBeUndefined();
    expect(label('/traveler')).toBeUndefined();
  });
});
