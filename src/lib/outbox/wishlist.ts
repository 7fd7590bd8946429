import { localDb, type LocalDb, type MirrorRow } from '../local-db.ts';
import { checked } from './errors.ts';
import { queueWrite } from './outbox.ts';
import { defineWrite } from './registry.ts';

/**
 * The wishlist is a set of tours per traveler: adding a tour that is there, or removing one that is
 * not, changes nothing, on the device and on the server (unique user_id, tour_id).
 */
export interface WishlistWrite {
  tourId: string;
  /** What the wishlist page shows of the tour while offline (title, slug, image…). */
  tour?: Record<string, unknown>;
}

/** Mirror rows are keyed by traveler and tour, so the set holds each tour once. */
export function wishlistMirrorId(userId: string, tourId: string): string {
  return `${userId}:${tourId}`;
}

function mirrorRow(userId: string, { tourId, tour }: WishlistWrite): MirrorRow {
  return { id: wishlistMirrorId(userId, tourId), userId, row: { tour_id: tourId, user_id: userId, ...(tour ? { tour } : {}) }, syncedAt: 0 };
}

/** The row as it was before the write (null when absent), so a discard restores exactly that. */
type WishlistUndo = MirrorRow | null;

async function rowBefore(db: LocalDb, userId: string, tourId: string): Promise<WishlistUndo> {
  return (await db.wishlist.get(wishlistMirrorId(userId, tourId))) ?? null;
}

async function restore(db: LocalDb, userId: string, tourId: string, before: WishlistUndo | undefined): Promise<void> {
  if (before) await db.wishlist.put(before);
  else await db.wishlist.delete(wishlistMirrorId(userId, tourId));
}

export const wishlistAdd = defineWrite<WishlistWrite, WishlistUndo>({
  kind: 'wishlist.add',
  mirrors: ['wishlist'],
  requiresUser: true,
  describe: () => 'Add a tour to your wishlist',
  async apply(db, payload, userId) {
    const before = await rowBefore(db, userId!, payload.tourId);
    if (!before) await db.wishlist.put(mirrorRow(userId!, payload));
    return before;
  },
  revert: (db, { tourId }, userId, before) => restore(db, userId!, tourId, before),
  async send(client, { userId, payload }) {
    // requiresUser: the outbox queues it only for a signed-in user.
    await checked(client.from('wishlist').upsert({ user_id: userId!, tour_id: payload.tourId }, { onConflict: 'user_id,tour_id', ignoreDuplicates: true }));
  },
});

export const wishlistRemove = defineWrite<WishlistWrite, WishlistUndo>({
  kind: 'wishlist.remove',
  mirrors: ['wishlist'],
  requiresUser: true,
  describe: () => 'Remove a tour from your wishlist',
  async apply(db, { tourId }, userId) {
    const before = await rowBefore(db, userId!, tourId);
    await db.wishlist.delete(wishlistMirrorId(userId!, tourId));
    return before;
  },
  revert: (db, { tourId }, userId, before) => restore(db, userId!, tourId, before),
  async send(client, { userId, payload }) {
    await checked(client.from('wishlist').delete().eq('user_id', userId!).eq('tour_id', payload.tourId));
  },
});

let toggling = Promise.resolve<unknown>(undefined);

/**
 * Adds the tour if it is not on the traveler's wishlist and removes it if it is (SPEC 4). Toggles
 * run one after another so a quick double tap adds and then removes.
 */
export function toggleWishlist(userId: string, write: WishlistWrite): Promise<'added' | 'removed'> {
  const run = toggling.then(async () => {
    const present = (await localDb.wishlist.get(wishlistMirrorId(userId, write.tourId))) !== undefined;
    await queueWrite(present ? wishlistRemove : wishlistAdd, write);
    return present ? ('removed' as const) : ('added' as const);
  });
  toggling = run.catch(() => undefined);
  return run;
}
