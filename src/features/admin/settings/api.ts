import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase.ts';

export const settingsKeys = {
  all: ['admin', 'settings'] as const,
};

/** What the booking engine reads, as the settings screen shows it. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: async () => {
      const supabase = await getSupabase();
      const [tiers, holds, rates, terms] = await Promise.all([
        supabase.from('cancellation_policy_tiers').select('min_days_before, fee_percent').order('min_days_before', { ascending: false }),
        supabase.from('booking_hold_rules').select('*').single(),
        supabase.from('currency_rates').select('currency, units_per_usd, updated_at').order('currency'),
        supabase.rpc('payment_terms'),
      ]);
      for (const answer of [tiers, holds, rates, terms]) if (answer.error) throw answer.error;
      const paymentTerms = terms.data as unknown;
      return {
        tiers: tiers.data!,
        holds: holds.data!,
        rates: rates.data!,
        terms: (Array.isArray(paymentTerms) ? paymentTerms[0] : paymentTerms) as { deposit_percent: number; balance_due_days: number; offline_hold_days: number },
      };
    },
  });

/** Replaces the cancellation policy with these tiers: removed ones deleted, the rest written. */
export async function saveCancellationPolicy(tiers: { min_days_before: number; fee_percent: number }[], previous: number[]): Promise<void> {
  const supabase = await getSupabase();
  const kept = new Set(tiers.map((tier) => tier.min_days_before));
  const removed = previous.filter((days) => !kept.has(days));
  if (removed.length) {
    const { error } = await supabase.from('cancellation_policy_tiers').delete().in('min_days_before', removed);
    if (error) throw error;
  }
  const { error } = await supabase.from('cancellation_policy_tiers').upsert(tiers, { onConflict: 'min_days_before' });
  if (error) throw error;
}

export async function saveHoldRules(rules: { unverified_minutes: number; verified_minutes: number; unpaid_holds_per_address: number; unverified_seats_per_address: number; unpaid_holds_per_email: number }): Promise<void> {
  const { error } = await (await getSupabase())
    .from('booking_hold_rules')
    .update({
      unverified_hold: `${rules.unverified_minutes} minutes`,
      verified_hold: `${rules.verified_minutes} minutes`,
      unpaid_holds_per_address: rules.unpaid_holds_per_address,
      unverified_seats_per_address: rules.unverified_seats_per_address,
      unpaid_holds_per_email: rules.unpaid_holds_per_email,
    })
    .eq('id', true)
    .select('id')
    .single();
  if (error) throw error;
}

export async function saveCurrencyRate(currency: string, unitsPerUsd: number): Promise<void> {
  const { error } = await (await getSupabase()).from('currency_rates').update({ units_per_usd: unitsPerUsd }).eq('currency', currency).select('currency').single();
  if (error) throw error;
}
