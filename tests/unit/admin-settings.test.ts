import { describe, expect, it } from 'vitest';
import { holdProblems, intervalMinutes, tierProblems } from '../../src/features/admin/settings/model.ts';

describe('the settings', () => {
  it('checks the cancellation policy tier by tier, and as a whole', () => {
    expect(tierProblems([{ key: 'a', minDaysBefore: 0, feePercent: 100 }, { key: 'b', minDaysBefore: 60, feePercent: 30 }])).toEqual({ byTier: {}, policy: undefined });
    expect(tierProblems([{ key: 'a', minDaysBefore: 0, feePercent: 100 }, { key: 'b', minDaysBefore: 0, feePercent: 120 }]).byTier).toEqual({
      b: { minDaysBefore: 'Another tier starts on this day', feePercent: 'A percentage from 0 to 100' },
    });
    expect(tierProblems([{ key: 'a', minDaysBefore: 30, feePercent: 50 }]).policy).toBe('The policy needs a tier starting at 0 days, for the last days before departure');
    expect(tierProblems([{ key: 'a', minDaysBefore: 2.5, feePercent: '' }]).byTier.a).toEqual({ minDaysBefore: 'A whole number of days from 0 to 730', feePercent: 'A percentage from 0 to 100' });
    expect(tierProblems([]).policy).toBe('The policy needs at least one tier');
  });

  it('reads the hold intervals Postgres prints', () => {
    expect(intervalMinutes('00:30:00')).toBe(30);
    expect(intervalMinutes('2 days')).toBe(2880);
    expect(intervalMinutes('1 day 06:00:00')).toBe(1800);
    expect(intervalMinutes('soon')).toBeNull();
  });
});

describe('the seat-hold settings', () => {
  it('say the ranges the database checks', () => {
    const draft = { unverifiedMinutes: 120, verifiedHours: 48, unpaidHoldsPerAddress: 3, unverifiedSeatsPerAddress: 8, unpaidHoldsPerEmail: 2 };
    expect(holdProblems(draft)).toEqual({});
    expect(holdProblems({ ...draft, unverifiedMinutes: 5, verifiedHours: '', unpaidHoldsPerEmail: 0 })).toEqual({
      unverifiedMinutes: 'From 15 minutes to 7 days (10,080 minutes)',
      verifiedHours: 'From 1 hour to 30 days (720 hours)',
      unpaidHoldsPerEmail: 'From 1 to 1,000',
    });
  });
});
