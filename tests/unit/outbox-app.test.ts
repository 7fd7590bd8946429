import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyticsEvent, track } from '../../src/lib/analytics.ts';
import { localDb } from '../../src/lib/local-db.ts';
import { OutboxEngine } from '../../src/lib/outbox/engine.ts';
import { discardWrite, queueWrite, startOutbox, waitForWrite } from '../../src/lib/outbox/outbox.ts';
import { describeOutbox } from '../../src/lib/outbox/status.ts';
import { toggleWishlist, wishlistAdd, wishlistMirrorId } from '../../src/lib/outbox/wishlist.ts';

// The app's one outbox (startOutbox over localDb), as features use it.

const traveler = '5a1e0000-0000-4000-8000-000000000001';
const tour = '7b0c5a4e-0000-4000-8000-0000000000aa';
/** The wishlist as the fake server holds it, and whether requests get through. */
const serverWishlist = new Set<string>();
const network = { up: false };

const offline = { data: null, error: { message: 'TypeError: Failed to fetch', code: '' }, status: 0 };
const client = {
  auth: {
    getSession: async () => ({ data: { session: { user: { id: traveler } } }, error: null }),
    refreshSession: async () => ({ data: { session: { user: { id: traveler } } }, error: null }),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }),
  },
  rpc: async () => (network.up ? { error: null, status: 204 } : offline),
  from: (table: string) => ({
    insert: async () => (network.up ? { error: null, status: 201 } : offline),
    upsert: async (row: { tour_id: string }) => {
      if (!network.up) return offline;
      serverWishlist.add(`${table}:${row.tour_id}`);
      return { error: null, status: 201 };
    },
    delete: () => ({
      eq: () => ({
        eq: async (_column: string, tourId: string) => {
          if (!network.up) return offline;
          serverWishlist.delete(`${table}:${tourId}`);
          return { error: null, status: 204 };
        },
      }),
    }),
  }),
} as unknown as SupabaseClient;

let stop: () => void;
beforeAll(() => {
  stop = startOutbox(new OutboxEngine({ db: localDb, client: () => client }));
});
afterAll(() => {
  stop();
  localDb.close();
});

describe('toggleWishlist', () => {
  it('adds when absent and removes when present, even on a quick double tap', async () => {
    const [first, second] = await Promise.all([toggleWishlist(traveler, { tourId: tour }), toggleWishlist(traveler, { tourId: tour })]);
    expect([first, second]).toEqual(['added', 'removed']);
    expect(await localDb.wishlist.get(wishlistMirrorId(traveler, tour))).toBeUndefined();
    expect(await toggleWishlist(traveler, { tourId: tour })).toBe('added');
    expect(await localDb.wishlist.get(wishlistMirrorId(traveler, tour))).toBeDefined();
    // Back online, the three toggles reach the server in order at the next retry: the tour ends up on the list.
    network.up = true;
    await vi.waitFor(async () => expect(await localDb.outbox.count()).toBe(0), { timeout: 4_000 });
    expect([...serverWishlist]).toEqual([`wishlist:${tour}`]);
  });
});

describe('the status shown to the user', () => {
  it('counts what waits and what failed, leaving analytics out', async () => {
    network.up = false;
    track('search', { query: 'kilimanjaro' });
    const waiting = await queueWrite(wishlistAdd, { tourId: '7b0c5a4e-0000-4000-8000-0000000000bb' });
    expect(await waitForWrite(waiting, 1_000)).toEqual({ status: 'waiting' });
    const entries = await localDb.outbox.toArray();
    expect(entries.map((e) => e.kind).sort()).toEqual([analyticsEvent.kind, 'wishlist.add']);
    await localDb.outbox.update(waiting, { status: 'failed', lastError: 'Tour not found' });
    const status = describeOutbox(await localDb.outbox.toArray(), false);
    expect(status).toMatchObject({ online: false, waiting: 0, failed: [{ id: waiting, description: 'Add a tour to your wishlist', lastError: 'Tour not found' }] });
    expect(status.items).toHaveLength(1);
    expect(await discardWrite(waiting)).toBe(true);
    expect(describeOutbox(await localDb.outbox.toArray(), true)).toMatchObject({ waiting: 0, failed: [] });
  });
});
