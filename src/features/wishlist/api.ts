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
      const readAt = Date.now();
      const { data, error } = await (await getSupabase())
        .from('wishlist')
        .select('id, user_id, tour_id, created_at')
        .eq('user_id', userId)
        .overrideTypes<{ id: string; user_id: string; tour_id: string; created_at: string }[], { merge: false }>();
      if (error) throw error;
      const syncedAt = Date.now();
      // This read carries no tour details: those the device holds (from the portal's read or the
      // heart that saved the tour) stay, so the wishlist page still names the tour offline.
      const held = new Map((await localDb.wishlist.where('userId').equals(userId).toArray()).map((mirror) => [mirror.id, mirror.row.tour]));
      const rows: MirrorRow[] = data.map((row) => {
        const id = wishlistMirrorId(userId, row.tour_id);
        const tour = held.get(id);
        return { id, userId, row: tour ? { ...row, tour } : row, syncedAt };
      });
      await refreshMirror('wishlist', userId, rows, readAt);
      return rows.length;
    },
  });

/** Whether the tour is on the traveler's wishlist on this device; undefined while it is read. */
export function useIsWishlisted(userId: string | null, tourId: string): boolean | undefined {
  return useLiveQuery(async () => (userId ? (await localDb.wishlist.get(wishlistMirrorId(userId, tourId))) !== undefined : false), [userId, tourId]);
}
