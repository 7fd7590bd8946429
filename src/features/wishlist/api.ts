import { queryOptions } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type MirrorRow } from '@/lib/local-db.ts';
import { refreshMirror } from '@/lib/outbox/outbox.ts';
import { wishlistMirrorId } from '@/lib/outbox/wishlist.ts';
import { getSupabase } from '@/lib/supabase.ts';

export const wishlistKeys = {
  all: ['wishlist'] as const,
  mirror: (userId: string) => [...wishlistKeys.all, 'mirror', userId] as const,
};

/**
 * Brings the traveler's wishlist from the server into the device mirror (SPEC 7: wishlist by
 * user_id). refreshMirror replays toggles still waiting to be sent, so a refresh never undoes one.
 * The toggle reads the mirror, so hearts are right offline and on a device signed in for the first time.
 */
export const wishlistMirrorQuery = (userId: string) =>
  queryOptions({
    queryKey: wishlistKeys.mirror(userId),
    queryFn: async () => {
      const { data, error } = await (await getSupabase())
        .from('wishlist')
        .select('id, user_id, tour_id, created_at')
        .eq('user_id', userId)
        .overrideTypes<{ id: string; user_id: string; tour_id: string; created_at: string }[], { merge: false }>();
      if (error) throw error;
      const syncedAt = Date.now();
      const rows: MirrorRow[] = data.map((row) => ({ id: wishlistMirrorId(userId, row.tour_id), userId, row, syncedAt }));
      await refreshMirror('wishlist', userId, rows);
      return rows.length;
    },
  });

/** Whether the tour is on the traveler's wishlist on this device; undefined while it is read. */
export function useIsWishlisted(userId: string | null, tourId: string): boolean | undefined {
  return useLiveQuery(async () => (userId ? (await localDb.wishlist.get(wishlistMirrorId(userId, tourId))) !== undefined : false), [userId, tourId]);
}
