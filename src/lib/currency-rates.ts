import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ratesFromRows, type CurrencyRates } from './money.ts';
import { getSupabase } from './supabase.ts';

/**
 * The exchange rates (public.currency_rates), read only when something is to be converted. They
 * change a few times a year, so they stay fresh for hours and a copy is kept on the device
 * (localStorage): a page opened offline still has them.
 * The service worker also keeps the read with the other public catalogue reads (sw/routes.ts).
 */
export const RATES_STALE_MS = 6 * 60 * 60 * 1000;
const STORAGE_KEY = 'kilele:currency-rates:v1';

interface StoredRates {
  savedAt: number;
  rates: CurrencyRates;
}

function readStoredRates(): StoredRates | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as StoredRates | null;
    return stored && typeof stored.savedAt === 'number' && stored.rates && typeof stored.rates === 'object' ? stored : undefined;
  } catch {
    return undefined;
  }
}

function storeRates(rates: CurrencyRates): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ savedAt: Date.now(), rates } satisfies StoredRates));
  } catch {
    // Private mode or a full quota: the query cache still holds them for this visit.
  }
}

/** Reads every rate through the given client and keeps a copy on the device. */
export async function fetchCurrencyRates(client: SupabaseClient): Promise<CurrencyRates> {
  const { data, error } = await client.from('currency_rates').select('currency, units_per_usd');
  if (error) throw error;
  const rates = ratesFromRows(data);
  storeRates(rates);
  return rates;
}

export const currencyRatesQuery = () =>
  queryOptions({
    queryKey: ['currency-rates'] as const,
    queryFn: async () => fetchCurrencyRates(await getSupabase()),
    staleTime: RATES_STALE_MS,
    gcTime: RATES_STALE_MS,
    initialData: () => readStoredRates()?.rates,
    initialDataUpdatedAt: () => readStoredRates()?.savedAt,
  });

/** The rates, or undefined while they load (or cannot load); read only when `enabled`. */
export function useCurrencyRates(enabled: boolean): CurrencyRates | undefined {
  return useQuery({ ...currencyRatesQuery(), enabled }).data;
}
