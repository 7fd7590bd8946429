import { describe, expect, it } from 'vitest';
import { formatDateRange } from '../../src/lib/dates.ts';

describe('a trip’s dates', () => {
  it('say the month and year once where the two dates share them', () => {
    expect(formatDateRange('2026-12-21', '2026-12-27')).toBe('21 – 27 Dec 2026');
    expect(formatDateRange('2027-04-28', '2027-05-04')).toBe('28 Apr – 4 May 2027');
    expect(formatDateRange('2026-12-28', '2027-01-03')).toBe('28 Dec 2026 – 3 Jan 2027');
  });

  it('are one date for a day trip', () => {
    expect(formatDateRange('2026-12-01', '2026-12-01')).toBe('1 Dec 2026');
  });
});
