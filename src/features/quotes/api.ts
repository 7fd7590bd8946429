import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase.ts';

/** What the client's quote page shows (quote_for_client, 20261128040400_typed_returns_quotes.sql). */
export interface ClientQuote {
  reference: string;
  title: string;
  /** 'sent' or 'accepted'. */
  status: string;
  expired: boolean;
  start_date: string;
  end_date: string;
  adults: number;
  children: number;
  currency: string;
  days: { title: string; location?: string; accommodation?: string; meals?: string[]; description?: string }[];
  lines: { label: string; quantity: number; unit_price: number; amount: number }[];
  total: number;
  valid_until: string;
  message: string | null;
  sent_at: string | null;
  accepted_at: string | null;
  client_name: string;
  client_email: string;
  deposit_percent: number;
  tour: { title: string; slug: string };
  booking_reference: string | null;
}

export const clientQuoteQuery = (token: string) =>
  queryOptions({
    queryKey: ['quote', token],
    queryFn: async (): Promise<ClientQuote> => {
      const { data, error } = await (await getSupabase()).rpc('quote_for_client', { p_token: token });
      if (error) throw error;
      // The days and lines are the quote's own jsonb, as the office's quote editor writes them (check_quote).
      const { days, lines, ...quote } = data;
      return { ...quote, days: days as ClientQuote['days'], lines: lines as ClientQuote['lines'] };
    },
    retry: false,
  });

/** Accepts the quote: the booking it makes (or made, when accepted before) and its contact email. */
export async function acceptQuote(token: string): Promise<{ reference: string; email: string }> {
  const { data, error } = await (await getSupabase()).rpc('accept_quote', { p_token: token });
  if (error) throw error;
  return data;
}
