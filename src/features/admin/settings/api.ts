import { queryOptions } from '@tanstack/react-query';
import type { PaymentInstructions } from '@/lib/payment-instructions.ts';
import { apiErrorOf } from '@shared/api-errors.ts';
import { callServer, serverAnswer } from '@/lib/server-api.ts';
import { getSupabase } from '@/lib/supabase.ts';
import type { Integrations } from '@shared/integrations.ts';

export const settingsKeys = {
  all: ['admin', 'settings'] as const,
  integrations: ['admin', 'settings', 'integrations'] as const,
};

/** What the booking engine reads, as the settings screen shows it. */
export const settingsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: async () => {
      const supabase = await getSupabase();
      const [tiers, holds, rates, terms, bank] = await Promise.all([
        supabase.from('cancellation_policy_tiers').select('min_days_before, fee_percent').order('min_days_before', { ascending: false }),
        supabase.from('booking_hold_rules').select('*').single(),
        supabase.from('currency_rates').select('currency, units_per_usd, updated_at').order('currency'),
        supabase.from('booking_settings').select('deposit_percent, balance_due_days, offline_hold_days, booking_terms_version, default_currency, time_zone').single(),
        supabase
          .from('payment_instructions')
          .select('id, bank_name, account_name, account_number, swift_code, branch, currency, pay_on_arrival')
          .eq('is_active', true)
          .order('updated_at', { ascending: false })
          .limit(1)
          .maybeSingle(),
      ]);
      for (const answer of [tiers, holds, rates, terms, bank]) if (answer.error) throw answer.error;
      return { tiers: tiers.data!, holds: holds.data!, rates: rates.data!, terms: terms.data!, bank: bank.data };
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

/** The bank details as the settings screen edits them: the balance days follow the booking terms. */
export type BankDetails = Omit<PaymentInstructions, 'balance_due_days'>;

/** Writes the bank details travelers pay a transfer to: the active row, or a first one. */
export async function saveBankDetails(id: string | null, details: BankDetails): Promise<void> {
  const supabase = await getSupabase();
  const { error } = id
    ? await supabase.from('payment_instructions').update(details).eq('id', id).select('id').single()
    : await supabase.from('payment_instructions').insert({ ...details, is_active: true }).select('id').single();
  if (error) throw error;
}

export interface BookingTerms {
  deposit_percent: number;
  balance_due_days: number;
  offline_hold_days: number;
  booking_terms_version: string;
  default_currency: string;
  time_zone: string;
}

/** Writes the booking terms (public.booking_settings); payment_terms() answers them from then on. */
export async function saveBookingTerms(terms: BookingTerms): Promise<void> {
  const { error } = await (await getSupabase()).from('booking_settings').update(terms).eq('id', true).select('id').single();
  if (error) throw error;
}

/** How payments and email are set up on the server (server/api/settings.ts), with the admin's token. */
export const integrationsQuery = () =>
  queryOptions({
    queryKey: settingsKeys.integrations,
    queryFn: async (): Promise<Integrations> => {
      const response = await callServer('/api/settings/integrations');
      const answer = await serverAnswer<Integrations>(response);
      if (!response.ok || !answer) throw new Error(apiErrorOf(answer)?.message ?? `The server answered ${response.status}`);
      return answer;
    },
  });

export async function saveCurrencyRate(currency: string, unitsPerUsd: number): Promise<void> {
  const { error } = await (await getSupabase()).from('currency_rates').update({ units_per_usd: unitsPerUsd }).eq('currency', currency).select('currency').single();
  if (error) throw error;
}
