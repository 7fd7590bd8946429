import { describe, expect, it } from 'vitest';
import { seatsFilled } from '../../src/components/admin/SeatsFilled.tsx';
import { comparedWithLastMonth } from '../../src/features/admin/dashboard/model.ts';

describe('the dashboard model', () => {
  it('compares this month with the last', () => {
    expect(comparedWithLastMonth(5, 4)).toEqual({ text: 'up 25% on last month', direction: 'up' });
    expect(comparedWithLastMonth(3, 4)).toEqual({ text: 'down 25% on last month', direction: 'down' });
    expect(comparedWithLastMonth(4, 4)).toEqual({ text: 'same as last month', direction: 'same' });
    expect(comparedWithLastMonth(2, 0)).toEqual({ text: 'none last month', direction: 'up' });
    expect(comparedWithLastMonth(0, 0)).toEqual({ text: 'same as last month', direction: 'same' });
  });

  it('gives seats filled as a share, never over 100', () => {
    expect([seatsFilled(3, 12), seatsFilled(12, 12), seatsFilled(14, 12), seatsFilled(0, 0)]).toEqual([25, 100, 100, 0]);
  });
});
