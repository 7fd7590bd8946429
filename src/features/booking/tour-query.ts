import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase.ts';
import { bookingTourFromRow, bookingTourSelect, quoteArgs, type BookingTour, type BookingTourRow, type QuoteRequest } from './model.ts';

// Apart from api.ts: the booking route's loader runs in the app's entry, and api.ts brings the
// booking writes (and what they import) with it.

export const bookingKeys = {
  all: ['booking'] as const,
  tour: (slug: string) => [...bookingKeys.all, 'tour', slug] as const,
  quote: (request: QuoteRequest) => [...bookingKeys.all, 'quote', quoteArgs(request)] as const,
  paymentOptions: () => [...bookingKeys.all, 'payment-options'] as const,
  byReference: (reference: string, email: string | null) => [...bookingKeys.all, 'reference', reference, email] as const,
};

/** An active tour with what its booking page needs (prices, extras, departures, season windows), or null. */
export const bookingTourQuery = (slug: string) =>
  queryOptions({
    queryKey: bookingKeys.tour(slug),
    queryFn: async (): Promise<BookingTour | null> => {
      const { data, error } = await (await getSupabase())
        .from('tours')
        .select(bookingTourSelect)
        .eq('slug', slug)
        .eq('status', 'active')
        .maybeSingle()
        .overrideTypes<BookingTourRow | null, { merge: false }>();
      if (error) throw error;
      return data ? bookingTourFromRow(data) : null;
    },
    // Seats are read again while the page is open, so what it offers stays what is left.
    staleTime: 0,
    refetchInterval: 30_000,
  });
