/** A cancellation fee tier as the settings form edits it. */
export interface TierDraft {
  key: string;
  minDaysBefore: number | string;
  feePercent: number | string;
}

/** What is wrong with the policy, by tier key and field, or for the whole policy. */
export function tierProblems(tiers: TierDraft[]): { byTier: Record<string, { minDaysBefore?: string; feePercent?: string }>; policy?: string } {
  const byTier: Record<string, { minDaysBefore?: string; feePercent?: string }> = {};
  const seen = new Map<number, string>();
  for (const tier of tiers) {
    const days = tier.minDaysBefore === '' ? NaN : Number(tier.minDaysBefore);
    const fee = tier.feePercent === '' ? NaN : Number(tier.feePercent);
    const problems: { minDaysBefore?: string; feePercent?: string } = {};
    if (!Number.isInteger(days) || days < 0 || days > 730) problems.minDaysBefore = 'A whole number of days from 0 to 730';
    else if (seen.has(days)) problems.minDaysBefore = 'Another tier starts on this day';
    else seen.set(days, tier.key);
    if (!Number.isFinite(fee) || fee < 0 || fee > 100) problems.feePercent = 'A percentage from 0 to 100';
    if (problems.minDaysBefore || problems.feePercent) byTier[tier.key] = problems;
  }
  const policy = tiers.length === 0 ? 'The policy needs at least one tier' : !seen.has(0) && Object.keys(byTier).length === 0 ? 'The policy needs a tier starting at 0 days, for the last days before departure' : undefined;
  return { byTier, policy };
}

/**
 * An interval as Postgres prints it ('00:30:00', '2 days', '1 day 06:00:00') in minutes, for the
 * hold settings' number fields; null when it cannot be read.
 */
export function intervalMinutes(interval: string): number | null {
  const match = /^(?:(\d+) days?)?\s*(?:(\d+):(\d{2}):(\d{2}))?$/.exec(interval.trim());
  if (!match || (match[1] === undefined && match[2] === undefined)) return null;
  return Number(match[1] ?? 0) * 1440 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

export interface HoldDraft {
  unverifiedMinutes: number | string;
  verifiedHours: number | string;
  unpaidHoldsPerAddress: number | string;
  unverifiedSeatsPerAddress: number | string;
  unpaidHoldsPerEmail: number | string;
}

/** The seat-hold settings' field messages: the ranges public.booking_hold_rules checks. */
export function holdProblems(draft: HoldDraft): Partial<Record<keyof HoldDraft, string>> {
  const problems: Partial<Record<keyof HoldDraft, string>> = {};
  const within = (value: number | string, low: number, high: number) => value !== '' && Number.isInteger(Number(value)) && Number(value) >= low && Number(value) <= high;
  if (!within(draft.unverifiedMinutes, 15, 7 * 1440)) problems.unverifiedMinutes = 'From 15 minutes to 7 days (10,080 minutes)';
  if (!within(draft.verifiedHours, 1, 30 * 24)) problems.verifiedHours = 'From 1 hour to 30 days (720 hours)';
  if (!within(draft.unpaidHoldsPerAddress, 1, 1000)) problems.unpaidHoldsPerAddress = 'From 1 to 1,000';
  if (!within(draft.unverifiedSeatsPerAddress, 1, 10000)) problems.unverifiedSeatsPerAddress = 'From 1 to 10,000';
  if (!within(draft.unpaidHoldsPerEmail, 1, 1000)) problems.unpaidHoldsPerEmail = 'From 1 to 1,000';
  return problems;
}
