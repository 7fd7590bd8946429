import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalDb } from '../../src/lib/local-db.ts';
import { OutboxEngine } from '../../src/lib/outbox/engine.ts';
import { mergePatch, previousValues, revertPatch } from '../../src/lib/outbox/patch.ts';
import { preferencesUpdate } from '../../src/lib/outbox/preferences.ts';
import { profileUpdate } from '../../src/lib/outbox/profile.ts';
import { WriteRegistry } from '../../src/lib/outbox/registry.ts';
import { wishlistAdd, wishlistMirrorId, wishlistRemove } from '../../src/lib/outbox/wishlist.ts';
import { fakeSupabase, freshDb, ManualClock } from '../helpers/outbox-helpers.ts';

const traveler = 'f0e1d2c3-0000-4000-8000-000000000001';
const tour = '7b0c5a4e-0000-4000-8000-0000000000aa';

let db: LocalDb;
afterEach(() => db?.close());

/** Offline, so the writes stay on the device and only their optimistic side is exercised here. */
function offlineEngine() {
  db = freshDb();
  const supabase = fakeSupabase(traveler);
  return new OutboxEngine({ db, client: () => supabase.client, registry: new WriteRegistry(), clock: new ManualClock(), isOnline: () => false });
}

describe('wishlist writes', () => {
  it('show on the device at once and keep the set: a tour is there once however often it is added', async () => {
    const engine = offlineEngine();
    await engine.queue(wishlistAdd, { tourId: tour, tour: { title: 'Serengeti migration' } });
    await engine.queue(wishlistAdd, { tourId: tour });
    const rows = await db.wishlist.toArray();
    expect(rows).toEqual([
      { id: wishlistMirrorId(traveler, tour), userId: traveler, row: { tour_id: tour, user_id: traveler, tour: { title: 'Serengeti migration' } }, syncedAt: 0 },
    ]);
    await engine.queue(wishlistRemove, { tourId: tour });
    expect(await db.wishlist.count()).toBe(0);
    expect((await db.outbox.orderBy('createdAt').toArray()).map((e) => e.kind)).toEqual(['wishlist.add', 'wishlist.add', 'wishlist.remove']);
  });

  it('put the wishlist back as it was when discarded', async () => {
    const engine = offlineEngine();
    const saved = { id: wishlistMirrorId(traveler, tour), userId: traveler, row: { tour_id: tour, user_id: traveler, id: 'server-row' }, syncedAt: 5 };
    await db.wishlist.put(saved);
    const removal = await engine.queue(wishlistRemove, { tourId: tour });
    expect(await db.wishlist.count()).toBe(0);
    await engine.discard(removal);
    expect(await db.wishlist.get(saved.id)).toEqual(saved);
    // Adding a tour that was already there and discarding it leaves it there.
    const add = await engine.queue(wishlistAdd, { tourId: tour });
    await engine.discard(add);
    expect(await db.wishlist.get(saved.id)).toEqual(saved);
    const other = '7b0c5a4e-0000-4000-8000-0000000000bb';
    await engine.discard(await engine.queue(wishlistAdd, { tourId: other }));
    expect(await db.wishlist.get(wishlistMirrorId(traveler, other))).toBeUndefined();
  });
});

describe('preference writes', () => {
  it('merge field by field on the device, and a discard undoes only what later writes did not change', async () => {
    const engine = offlineEngine();
    await db.preferences.put({
      id: traveler,
      userId: traveler,
      row: { display: { theme: 'light', currency: 'USD' }, notifications: { marketing: true, email: true } },
      syncedAt: 1,
    });
    const first = await engine.queue(preferencesUpdate, { display: { theme: 'dark', currency: 'EUR' } });
    await engine.queue(preferencesUpdate, { display: { currency: 'TZS' }, notifications: { marketing: false } });
    expect((await db.preferences.get(traveler))?.row).toEqual({
      display: { theme: 'dark', currency: 'TZS' },
      notifications: { marketing: false, email: true },
    });
    await engine.discard(first);
    expect((await db.preferences.get(traveler))?.row).toEqual({
      display: { theme: 'light', currency: 'TZS' },
      notifications: { marketing: false, email: true },
    });
  });
});

describe('profile writes', () => {
  it('change only the fields sent and can be undone', async () => {
    const engine = offlineEngine();
    await db.profile.put({ id: traveler, userId: traveler, row: { full_name: 'Amani Mushi', phone: null, role: 'traveler' }, syncedAt: 1 });
    const id = await engine.queue(profileUpdate, { phone: '+255 754 000 111' });
    expect((await db.profile.get(traveler))?.row).toEqual({ full_name: 'Amani Mushi', phone: '+255 754 000 111', role: 'traveler' });
    await engine.discard(id);
    expect((await db.profile.get(traveler))?.row).toEqual({ full_name: 'Amani Mushi', phone: null, role: 'traveler' });
  });
});

describe('profile and preference writes carry the time the change was made', () => {
  it('send the device time of the change, not of the send, however late it goes out', async () => {
    db = freshDb();
    const supabase = fakeSupabase(traveler);
    const calls: { name: string; args: Record<string, unknown> }[] = [];
    const client = Object.assign(Object.create(supabase.client), {
      rpc: async (name: string, args: Record<string, unknown>) => (calls.push({ name, args }), { data: {}, error: null, status: 200 }),
    });
    const clock = new ManualClock();
    const network = { online: false };
    const engine = new OutboxEngine({ db, client: () => client, registry: new WriteRegistry(), clock, isOnline: () => network.online });
    const madeAt = clock.now();
    await engine.queue(profileUpdate, { phone: '+255 754 000 111' });
    await engine.queue(preferencesUpdate, { notifications: { newsletter: false } });
    clock.advance(3 * 60 * 60_000);
    network.online = true;
    await engine.flush();
    // merge_user_profile and merge_user_preferences keep a field's newer value against these.
    expect(calls).toEqual([
      { name: 'merge_user_profile', args: { p_patch: { phone: '+255 754 000 111' }, p_changed_at: new Date(madeAt).toISOString() } },
      { name: 'merge_user_preferences', args: { p_patch: { notifications: { newsletter: false } }, p_changed_at: new Date(madeAt + 1).toISOString() } },
    ]);
  });
});

describe('field patches', () => {
  it('merge nested objects key by key and replace everything else', () => {
    expect(mergePatch({ a: { b: 1, c: 2 }, list: [1, 2], d: 'x' }, { a: { c: 3 }, list: [3], e: null })).toEqual({ a: { b: 1, c: 3 }, list: [3], d: 'x', e: null });
  });

  it('revert to the earlier values, removing fields the patch added', () => {
    const base = { a: { b: 1 } };
    const patch = { a: { b: 2, n: true }, top: 'new' };
    const merged = mergePatch(base, patch);
    expect(revertPatch(merged, patch, previousValues(base, patch))).toEqual({ a: { b: 1 } });
  });
});
