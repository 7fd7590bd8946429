import type { PaletteRecord } from '@/components/admin/CommandPalette.tsx';
import { getSupabase } from '@/lib/supabase.ts';

/**
 * The command palette's search (admin_search): bookings and clients open on their page, a tour the
 * bookings of that tour, until tours have a screen of their own.
 */
export async function findRecords(query: string): Promise<PaletteRecord[]> {
  const { data, error } = await (await getSupabase()).rpc('admin_search', { p_query: query });
  if (error) throw error;
  return data.map(({ kind, id, label, description }) => {
    if (kind === 'booking') return { kind, id, label, description, to: `/admin/bookings/${id}` };
    if (kind === 'client') return { kind, id, label, description, to: `/admin/clients/${encodeURIComponent(id)}` };
    return { kind: 'tour', id, label, description, to: `/admin/bookings?tour=${encodeURIComponent(JSON.stringify(id))}` };
  });
}
