import type { PaletteRecord } from '@/components/admin/CommandPalette.tsx';
import { getSupabase } from '@/lib/supabase.ts';

interface FoundRecord {
  kind: PaletteRecord['kind'];
  id: string;
  label: string;
  description: string;
}

/**
 * The command palette's search (admin_search): bookings and clients open on their page, a tour the
 * bookings of that tour, until tours have a screen of their own.
 */
export async function findRecords(query: string): Promise<PaletteRecord[]> {
  const { data, error } = await (await getSupabase()).rpc('admin_search', { p_query: query });
  if (error) throw error;
  // A jsonb answer: its shape is admin_search's, described by FoundRecord.
  return ((data ?? []) as unknown as FoundRecord[]).map((record) => ({
    ...record,
    to:
      record.kind === 'booking'
        ? `/admin/bookings/${record.id}`
        : record.kind === 'client'
          ? `/admin/clients/${encodeURIComponent(record.id)}`
          : `/admin/bookings?tour=${encodeURIComponent(JSON.stringify(record.id))}`,
  }));
}
