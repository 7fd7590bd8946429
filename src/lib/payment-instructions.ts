import { useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from './local-db.ts';
import { getSupabase } from './supabase.ts';

/** How to pay: the company's bank account and what to know about paying on arrival (payment_instructions). */
export interface PaymentInstructions {
  bank_name: string;
  account_name: string;
  account_number: string;
  swift_code: string | null;
  branch: string | null;
  currency: string;
  /** The balance is due this many days before the trip starts. */
  balance_due_days: number;
  pay_on_arrival: string | null;
}

/** The device keeps the last answer under this key, so the details show offline beside a balance. */
const STORED_KEY = 'portal.paymentInstructions';

export const paymentInstructionsKey = ['payment-instructions'] as const;

/**
 * The one active row, read by anyone: the server's answer, else the device's copy (offline);
 * undefined while neither has answered, null when there is none.
 */
export function usePaymentInstructions(): PaymentInstructions | null | undefined {
  const stored = useLiveQuery(() => localDb.meta.get(STORED_KEY).then((entry) => entry ?? null), []);
  const read = useQuery({
    queryKey: paymentInstructionsKey,
    staleTime: 60 * 60 * 1000,
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('payment_instructions')
        .select('bank_name, account_name, account_number, swift_code, branch, currency, balance_due_days, pay_on_arrival')
        .eq('is_active', true)
        .maybeSingle();
      if (error) throw error;
      await localDb.meta.put({ key: STORED_KEY, value: data });
      return data;
    },
  });
  if (read.data !== undefined) return read.data as PaymentInstructions | null;
  if (stored) return (stored.value as PaymentInstructions | null) ?? null;
  // Nothing kept on the device: wait for the server, unless it cannot answer (then there is none to show).
  return stored === undefined || read.isPending ? undefined : null;
}
