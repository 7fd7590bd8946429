import { queryOptions } from '@tanstack/react-query';
import type { Json } from './database.types.ts';
import { getSupabase } from './supabase.ts';

/** A staff member's saved view of a back-office list (public.saved_views): a name and the list's search. */
export interface SavedView {
  id: string;
  name: string;
  search: Record<string, unknown>;
}

export const savedViewsQuery = (screen: string) =>
  queryOptions({
    queryKey: ['admin', 'saved-views', screen] as const,
    queryFn: async (): Promise<SavedView[]> => {
      const { data, error } = await (await getSupabase()).from('saved_views').select('id, name, search').eq('screen', screen).order('name');
      if (error) throw error;
      return data.map((view) => ({ ...view, search: view.search as Record<string, unknown> }));
    },
  });

/** Saves the list's search under a name; the same name again replaces it. A refusal throws its message. */
export async function saveView(screen: string, name: string, search: Record<string, unknown>): Promise<void> {
  const supabase = await getSupabase();
  const trimmed = name.trim();
  const existing = await supabase.from('saved_views').select('id').eq('screen', screen).eq('name', trimmed).maybeSingle();
  if (existing.error) throw existing.error;
  const { error } = existing.data
    ? await supabase.from('saved_views').update({ search: search as Json }).eq('id', existing.data.id)
    : await supabase.from('saved_views').insert({ screen, name: trimmed, search: search as Json });
  if (error) throw error;
}

export async function removeView(id: string): Promise<void> {
  const { error } = await (await getSupabase()).from('saved_views').delete().eq('id', id);
  if (error) throw error;
}
