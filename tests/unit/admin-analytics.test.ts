import { describe, expect, it } from 'vitest';
import { changeFrom, funnelSteps, rangeOf, rangeProblem } from '@/features/admin/analytics/model.ts';
import { validateAnalyticsSearch } from '@/features/admin/analytics/search.ts';

describe('the analytics screen', () => {
  it('shows the last 30 days to today unless the address says otherwise; a bad date is dropped', () => {
    expect(rangeOf({}, '2026-11-26')).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(rangeOf({ from: '2026-01-01', to: '2026-03-31' }, '2026-11-26')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(validateAnalyticsSearch({ from: 'yesterday', to: '2026-03-31' })).toEqual({ to: '2026-03-31' });
  });

  it('refuses a backwards range or one over two years, in the database’s words', () => {
    expect(rangeProblem('2026-05-01', '2026-04-01')).toBe('Choose a range whose last day is not before its first');
    expect(rangeProblem('2024-01-01', '2026-04-01')).toBe('Choose a range of at most two years');
    expect(rangeProblem('2025-04-01', '2026-04-01')).toBeNull();
  });

  it('compares with the range before, and gives each funnel step as a share of the one before', () => {
    expect(changeFrom(0, 5)).toBeNull();
    expect(changeFrom(80, 100)).toBe(25);
    expect(changeFrom(100, 90)).toBe(-10);
    expect(funnelSteps({ tour_views: 1000, booking_starts: 150, booked: 60, paid: 0 })).toEqual([
      { name: 'Tour viewed', value: 1000, share: null },
      { name: 'Booking started', value: 150, share: 15 },
      { name: 'Booked', value: 60, share: 40 },
      { name: 'Paid', value: 0, share: 0 },
    ]);
  });
});
