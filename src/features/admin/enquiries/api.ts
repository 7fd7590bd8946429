import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Database, Json } from '@/lib/database.types.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { OPEN_STAGES, stagesOf, type QuoteDay, type QuoteForm } from './model.ts';
import { ENQUIRY_STAGES, type EnquiryStage, type EnquiryView } from './search.ts';
import { apiErrorOf } from '@shared/api-errors.ts';
import { callServer, serverAnswer } from '@/lib/server-api.ts';

type Row<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T]['Row'];

export type EnquiryRow = Row<'enquiries'> & { assignee: { full_name: string | null } | null };
export type QuoteRow = Row<'quotes'>;

export const ENQUIRIES_PAGE_SIZE = 25;

export const enquiryKeys = {
  all: ['admin', 'enquiries'] as const,
  list: (view: EnquiryView, q: string, page: number) => ['admin', 'enquiries', 'list', view, q, page] as const,
  counts: (q: string) => ['admin', 'enquiries', 'counts', q] as const,
  detail: (id: string) => ['admin', 'enquiries', 'detail', id] as const,
  quote: (id: string) => ['admin', 'enquiries', 'quote', id] as const,
  team: ['admin', 'enquiries', 'team'] as const,
  tours: ['admin', 'enquiries', 'tours'] as const,
  itinerary: (tourId: string) => ['admin', 'enquiries', 'itinerary', tourId] as const,
};

/** A search across the enquirer's name, email and the subject, safe inside PostgREST's or=(...). */
function searchFilter(q: string): string | null {
  const words = q.replace(/[,()*%\\"]/g, ' ').trim();
  if (!words) return null;
  return ['name', 'email', 'subject', 'message'].map((column) => `${column}.ilike.*${words}*`).join(',');
}

export const enquiriesPageQuery = (view: EnquiryView, q: string, page: number) =>
  queryOptions({
    queryKey: enquiryKeys.list(view, q, page),
    queryFn: async () => {
      let request = (await getSupabase())
        .from('enquiries')
        .select('*, assignee:users!enquiries_assigned_to_fkey(full_name)', { count: 'exact' })
        .in('status', [...stagesOf(view)])
        .order('created_at', { ascending: false })
        .range((page - 1) * ENQUIRIES_PAGE_SIZE, page * ENQUIRIES_PAGE_SIZE - 1);
      const filter = searchFilter(q);
      if (filter) request = request.or(filter);
      const { data, error, count } = await request;
      if (error) throw error;
      return { rows: data as EnquiryRow[], total: count ?? 0 };
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** How many enquiries each stage holds (with the same search), for the stage tabs. */
export const stageCountsQuery = (q: string) =>
  queryOptions({
    queryKey: enquiryKeys.counts(q),
    queryFn: async () => {
      const supabase = await getSupabase();
      const filter = searchFilter(q);
      const counts = await Promise.all(
        ENQUIRY_STAGES.map(async (stage) => {
          let request = supabase.from('enquiries').select('id', { count: 'exact', head: true }).eq('status', stage);
          if (filter) request = request.or(filter);
          const { count, error } = await request;
          if (error) throw error;
          return [stage, count ?? 0] as const;
        }),
      );
      const byStage = Object.fromEntries(counts) as Record<EnquiryStage, number>;
      return { ...byStage, open: OPEN_STAGES.reduce((sum, stage) => sum + byStage[stage], 0) } as Record<EnquiryView, number>;
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const enquiryQuery = (id: string) =>
  queryOptions({
    queryKey: enquiryKeys.detail(id),
    queryFn: async () => {
      const supabase = await getSupabase();
      const [enquiry, quotes] = await Promise.all([
        supabase.from('enquiries').select('*, assignee:users!enquiries_assigned_to_fkey(full_name), bookings(id, booking_reference)').eq('id', id).maybeSingle(),
        supabase.from('quotes').select('*').eq('enquiry_id', id).order('created_at', { ascending: false }),
      ]);
      if (enquiry.error) throw enquiry.error;
      if (quotes.error) throw quotes.error;
      if (!enquiry.data) throw Object.assign(new Error('This enquiry could not be found'), { status: 404 });
      return {
        enquiry: enquiry.data as EnquiryRow & { bookings: { id: string; booking_reference: string } | null },
        quotes: quotes.data,
      };
    },
  });

/** The staff an enquiry may be given to: those whose role handles enquiries. */
export const enquiryTeamQuery = () =>
  queryOptions({
    queryKey: enquiryKeys.team,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).rpc('staff_with_permission', { p_permission: 'enquiries.write' });
      if (error) throw error;
      return data;
    },
    staleTime: 5 * 60_000,
  });

export async function updateEnquiry(id: string, patch: Pick<Database['public']['Tables']['enquiries']['Update'], 'status' | 'assigned_to' | 'lost_reason'>): Promise<void> {
  const { error } = await (await getSupabase()).from('enquiries').update(patch).eq('id', id);
  if (error) throw error;
}

export const quoteTourChoicesQuery = () =>
  queryOptions({
    queryKey: enquiryKeys.tours,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).from('tours').select('id, title, base_price, child_price, currency, duration_days').eq('status', 'active').order('title');
      if (error) throw error;
      return data;
    },
    staleTime: 5 * 60_000,
  });

export const itineraryQuery = (tourId: string) =>
  queryOptions({
    queryKey: enquiryKeys.itinerary(tourId),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('tour_itinerary')
        .select('title, location, accommodation, meals, description')
        .eq('tour_id', tourId)
        .order('day_number');
      if (error) throw error;
      return data;
    },
    staleTime: 5 * 60_000,
  });

export const quoteQuery = (id: string) =>
  queryOptions({
    queryKey: enquiryKeys.quote(id),
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).from('quotes').select('*, enquiries(id, name, email, status), bookings(id, booking_reference)').eq('id', id).maybeSingle();
      if (error) throw error;
      if (!data) throw Object.assign(new Error('This quote could not be found'), { status: 404 });
      return data as QuoteRow & { enquiries: { id: string; name: string; email: string; status: string } | null; bookings: { id: string; booking_reference: string } | null };
    },
  });

/** A first draft for the enquiry: nothing the client sees until it is sent. */
export async function draftQuote(fields: { enquiry_id: string; tour_id: string; title: string; start_date: string; valid_until: string; adults: number; children: number; currency: string }): Promise<string> {
  const { data, error } = await (await getSupabase()).from('quotes').insert(fields).select('id').single();
  if (error) throw error;
  return data.id;
}

function quoteColumns(form: QuoteForm) {
  return {
    title: form.title.trim(),
    tour_id: form.tour_id!,
    start_date: form.start_date,
    adults: Number(form.adults),
    children: Number(form.children),
    currency: form.currency,
    valid_until: form.valid_until,
    message: form.message.trim() || null,
    days: form.days as unknown as Json,
    lines: form.lines.map((line) => ({ label: line.label.trim(), quantity: Number(line.quantity), unit_price: Number(line.unit_price) })),
  };
}

export async function saveQuote(id: string, form: QuoteForm): Promise<QuoteRow> {
  const { data, error } = await (await getSupabase()).from('quotes').update(quoteColumns(form)).eq('id', id).select('*').single();
  if (error) throw error;
  return data;
}

export async function withdrawQuote(id: string): Promise<void> {
  const { error } = await (await getSupabase()).from('quotes').update({ status: 'withdrawn' }).eq('id', id);
  if (error) throw error;
}

export async function discardDraftQuote(id: string): Promise<void> {
  const { error } = await (await getSupabase()).from('quotes').delete().eq('id', id);
  if (error) throw error;
}

/** Sends (or sends again) the quote to its client: POST /api/quotes/:id/send, as the signed-in staff member. */
export async function sendQuote(id: string): Promise<{ reference: string; email: string }> {
  const response = await callServer(`/api/quotes/${id}/send`, { method: 'POST' });
  const answer = await serverAnswer<{ reference?: string; email?: string }>(response);
  if (!response.ok || !answer?.reference) throw new Error(apiErrorOf(answer)?.message ?? `The quote could not be sent (the server answered ${response.status}).`);
  return { reference: answer.reference, email: answer.email ?? '' };
}

/** How a client may accept a quote other than through its link, in words. */
export const ACCEPTED_VIA = [
  { value: 'phone', label: 'By phone' },
  { value: 'email', label: 'By email' },
  { value: 'in_person', label: 'In person' },
  { value: 'whatsapp', label: 'On WhatsApp' },
] as const;

/** Accepts a sent quote for the client, who accepted it by phone, email, in person or WhatsApp: the booking is made (accept_quote_for_client). */
export async function acceptQuoteForClient(quoteId: string, how: string): Promise<{ reference: string; bookingId: string }> {
  const { data, error } = await (await getSupabase()).rpc('accept_quote_for_client', { p_quote_id: quoteId, p_how: how });
  if (error) throw error;
  return { reference: data.reference, bookingId: data.booking_id };
}

/** The client's page of the quote, on this site. */
export function clientQuoteUrl(token: string): string {
  return `${globalThis.location.origin}/quote/${token}`;
}

export function formFromQuote(quote: QuoteRow): QuoteForm {
  const days = (Array.isArray(quote.days) ? quote.days : []) as unknown as Partial<QuoteDay>[];
  const lines = (Array.isArray(quote.lines) ? quote.lines : []) as unknown as { label: string; quantity: number; unit_price: number }[];
  return {
    title: quote.title,
    tour_id: quote.tour_id,
    start_date: quote.start_date,
    adults: quote.adults,
    children: quote.children,
    currency: quote.currency,
    valid_until: quote.valid_until,
    message: quote.message ?? '',
    days: days.map((day) => ({
      title: day.title ?? '',
      location: day.location ?? '',
      accommodation: day.accommodation ?? '',
      meals: day.meals ?? [],
      description: day.description ?? '',
    })),
    lines: lines.map((line) => ({ label: line.label, quantity: Number(line.quantity), unit_price: Number(line.unit_price) })),
  };
}
