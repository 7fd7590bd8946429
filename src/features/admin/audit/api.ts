import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Database } from '@/lib/database.types.ts';
import { addDays } from '@/lib/dates.ts';
import { getSupabase } from '@/lib/supabase.ts';
import { idsIn, type AuditNames } from './describe.ts';
import type { AuditSearch } from './search.ts';

export type AuditRow = Database['public']['Tables']['audit_log']['Row'];

/** How many entries a page of the trail adds. */
export const AUDIT_PAGE_SIZE = 50;

/** What people call the records with these ids (audit_names(), at most 500 a call); unknown ids are left out. */
export async function recordNames(ids: string[]): Promise<AuditNames> {
  if (ids.length === 0) return {};
  const { data, error } = await (await getSupabase()).rpc('audit_names', { p_ids: ids });
  if (error) throw error;
  return Object.fromEntries(data.map((record) => [record.id, record.name]));
}

/** The names of the ids some entries mention, for describing them in words. */
export function namesFor(entries: (Pick<AuditRow, 'table_name' | 'record_id' | 'action' | 'old_values' | 'new_values' | 'actor_id'>)[]): Promise<AuditNames> {
  return recordNames([...new Set(entries.flatMap(idsIn))].slice(0, 500));
}

/**
 * The newest `limit` changes matching the filters, with the names of what they mention. The
 * audit log's own policies decide which entries the reader sees (audit.read: all of them).
 */
export const auditTrailQuery = (search: AuditSearch, limit: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', search, limit] as const,
    queryFn: async () => {
      const supabase = await getSupabase();
      let query = supabase.from('audit_log').select('*').order('occurred_at', { ascending: false }).order('id', { ascending: false }).limit(limit + 1);
      if (search.person) query = query.eq('actor_id', search.person);
      if (search.kind) query = query.eq('table_name', search.kind);
      if (search.from) query = query.gte('occurred_at', search.from);
      if (search.to) query = query.lt('occurred_at', addDays(search.to, 1));
      const { data, error } = await query;
      if (error) throw error;
      const entries = (data ?? []).slice(0, limit);
      return { entries, more: (data ?? []).length > limit, names: await namesFor(entries) };
    },
    placeholderData: keepPreviousData,
  });

/** The people who can have made changes: the team, by name. */
export const auditPeopleQuery = () =>
  queryOptions({
    queryKey: ['admin', 'audit', 'people'] as const,
    queryFn: async () => {
      const { data, error } = await (await getSupabase()).from('users').select('id, full_name, email, role').neq('role', 'traveler').order('full_name');
      if (error) throw error;
      return (data ?? []).map((person) => ({ value: person.id, label: person.full_name || person.email || 'A team member' }));
    },
    staleTime: 5 * 60_000,
  });
