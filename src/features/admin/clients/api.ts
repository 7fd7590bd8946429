import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase.ts';
import { searchArguments } from './model.ts';
import type { ClientsSearch } from './search.ts';

/** A row of the clients list, as search_clients returns it (client_search_row, 20261128040500_typed_returns_searches.sql). */
export interface ClientListRow {
  client_key: string;
  /** A ClientKind. */
  kind: string;
  user_id: string | null;
  name: string;
  email: string;
  phone: string | null;
  created_at: string;
  bookings: number;
  spent_usd: number;
  last_trip: string | null;
  next_trip: string | null;
  tags: string[];
  /** For a guest: the account with the same email, when one was made since (a duplicate to merge). */
  account_id: string | null;
}

export interface ClientsPage {
  total: number;
  rows: ClientListRow[];
}

/** A client's page, as client_details returns it (20261207000100_typed_returns_client_details.sql). */
export interface ClientDetail {
  client_key: string;
  /** A ClientKind. */
  kind: string;
  user_id: string | null;
  name: string;
  email: string;
  phone: string | null;
  country: string | null;
  created_at: string;
  /** Null for a guest, and for an account never signed in. */
  last_sign_in_at: string | null;
  /** Null for a guest. */
  email_confirmed: boolean | null;
  spent_usd: number;
  last_trip: string | null;
  next_trip: string | null;
  bookings: {
    id: string;
    booking_reference: string;
    status: string;
    created_at: string;
    tour_title: string;
    start_date: string | null;
    end_date: string | null;
    travelers: number;
    total_amount: number;
    amount_paid: number;
    currency: string;
    contact_name: string | null;
    contact_email: string | null;
  }[];
  payments: { id: string; booking_id: string; booking_reference: string; amount: number; currency: string; method: string; status: string; paid_at: string | null; created_at: string }[];
  threads: { thread_id: string; subject: string | null; messages: number; last_at: string; unread: number }[];
  activity: { id: string; action: string; resource_type: string | null; resource_id: string | null; created_at: string }[];
  notes: { id: string; body: string; created_at: string; author_id: string | null; author_name: string | null }[];
  tags: string[];
  /** Each kind a ClientKind. */
  same_email: { client_key: string; kind: string }[];
}

export const clientKeys = {
  all: ['admin', 'clients'] as const,
  list: (search: ClientsSearch) => ['admin', 'clients', 'list', search] as const,
  detail: (key: string) => ['admin', 'clients', 'detail', key] as const,
  tags: ['admin', 'clients', 'tags'] as const,
};

async function searchClients(args: ReturnType<typeof searchArguments>): Promise<ClientsPage> {
  const { data, error } = await (await getSupabase()).rpc('search_clients', args);
  if (error) throw error;
  return data;
}

export const clientsPageQuery = (search: ClientsSearch) =>
  queryOptions({
    queryKey: clientKeys.list(search),
    queryFn: () => searchClients(searchArguments(search)),
    // The next page or filter shows over the last one instead of an empty table.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Every row the filters match, page by page (the export is of exactly what the list shows). */
export async function allMatchingClients(search: ClientsSearch, onProgress?: (done: number, total: number) => void): Promise<ClientListRow[]> {
  const size = 500;
  const rows: ClientListRow[] = [];
  for (let page = 1; ; page += 1) {
    const result = await searchClients(searchArguments(search, page, size));
    rows.push(...result.rows);
    onProgress?.(rows.length, result.total);
    if (result.rows.length < size || rows.length >= result.total) return rows;
  }
}

/** The tags in use, for the list's filter and the page's suggestions. */
export const tagChoicesQuery = () =>
  queryOptions({
    queryKey: clientKeys.tags,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).rpc('client_tags_in_use');
      if (error) throw error;
      return data;
    },
    staleTime: 60_000,
  });

export const clientDetailQuery = (key: string) =>
  queryOptions({
    queryKey: clientKeys.detail(key),
    queryFn: async (): Promise<ClientDetail> => {
      const { data, error } = await (await getSupabase()).rpc('client_details', { p_client_key: key });
      if (error) throw error.code === 'PT404' ? Object.assign(new Error('This client could not be found'), { status: 404 }) : error;
      return data;
    },
  });

export interface ClientEnquiry {
  id: string;
  subject: string | null;
  kind: string;
  status: string;
  created_at: string;
  quotes: { id: string; reference: string; title: string; status: string; total_amount: number; currency: string; valid_until: string; booking_id: string | null; booking_reference: string | null }[];
}

/** The client's enquiries and their quotes (client_enquiries, 20261128040600_typed_returns_lists.sql), for staff who read enquiries. */
export const clientEnquiriesQuery = (key: string) =>
  queryOptions({
    queryKey: [...clientKeys.detail(key), 'enquiries'] as const,
    queryFn: async (): Promise<ClientEnquiry[]> => {
      const { data, error } = await (await getSupabase()).rpc('client_enquiries', { p_client_key: key });
      if (error) throw error;
      return data;
    },
  });

export async function addNote(clientKey: string, body: string) {
  const { error } = await (await getSupabase()).from('client_notes').insert({ client_key: clientKey, body: body.trim() });
  if (error) throw error;
}

export async function removeNote(id: string) {
  const { error } = await (await getSupabase()).from('client_notes').delete().eq('id', id).select('id').single();
  if (error) throw error;
}

export async function addTag(clientKey: string, tag: string) {
  const { error } = await (await getSupabase()).from('client_tags').insert({ client_key: clientKey, tag });
  // Adding a tag the client has already is no change.
  if (error && error.code !== '23505') throw error;
}

export async function removeTag(clientKey: string, tag: string) {
  const { error } = await (await getSupabase()).from('client_tags').delete().eq('client_key', clientKey).eq('tag', tag);
  if (error) throw error;
}

/** Merges the guest p_merge into p_keep (merge_clients); resolves with what moved. */
export async function mergeClients(keep: string, merge: string, reason: string): Promise<{ bookings: number; notes: number; tags: number }> {
  const { data, error } = await (await getSupabase()).rpc('merge_clients', { p_keep: keep, p_merge: merge, p_reason: reason.trim() });
  if (error) throw error;
  return data;
}

export async function eraseClient(key: string, reason: string): Promise<{ bookings: number; payments: number; account_deleted: boolean }> {
  const { data, error } = await (await getSupabase()).rpc('erase_client', { p_client_key: key, p_reason: reason.trim() });
  if (error) throw error;
  return data;
}

/** Everything held about the client (export_client), as a JSON document. */
export async function exportClient(key: string): Promise<unknown> {
  const { data, error } = await (await getSupabase()).rpc('export_client', { p_client_key: key });
  if (error) throw error;
  return data;
}
