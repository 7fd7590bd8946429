import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { trackPageViews, track } from '../../src/lib/analytics.ts';
import { localDb } from '../../src/lib/local-db.ts';
import { OutboxEngine } from '../../src/lib/outbox/engine.ts';
import { startOutbox } from '../../src/lib/outbox/outbox.ts';

/** What reaches the server: the table and the row of each insert. */
const requests: { table: string; row: Record<string, unknown> }[] = [];
const network = { up: true };
const signedIn = { userId: null as string | null };

const client = {
  auth: {
    getSession: async () => ({ data: { session: signedIn.userId ? { user: { id: signedIn.userId } } : null }, error: null }),
    refreshSession: async () => ({ data: { session: null }, error: new Error('No active session') }),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }),
  },
  from: (table: string) => ({
    insert: async (row: Record<string, unknown>) => {
      if (!network.up) return { error: { message: 'TypeError: fetch failed', code: '' }, status: 0 };
      requests.push({ table, row });
      return { error: null, status: 201 };
    },
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

async function sent(count: number) {
  await vi.waitFor(() => expect(requests).toHaveLength(count), { timeout: 4_000 });
  return requests.splice(0, count);
}

describe('track', () => {
  it('stores an event first-party through the outbox, keyed by its entry id', async () => {
    signedIn.userId = null;
    track('search', { query: 'gorilla trekking', results: 3 });
    const [request] = await sent(1);
    expect(request.table).toBe('analytics_events');
    expect(request.row).toMatchObject({ name: 'search', user_id: null, properties: { query: 'gorilla trekking', results: 3 } });
    expect(request.row.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(request.row.occurred_at as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('records as the signed-in traveler', async () => {
    signedIn.userId = '2f9a0000-0000-4000-8000-000000000001';
    track('tour_view', { tourId: 't1', slug: 'serengeti' });
    const [request] = await sent(1);
    expect(request.row).toMatchObject({ name: 'tour_view', user_id: '2f9a0000-0000-4000-8000-000000000001', properties: { tourId: 't1', slug: 'serengeti' } });
    signedIn.userId = null;
  });

  it('returns at once and keeps events made offline until the network is back', async () => {
    network.up = false;
    track('wishlist_add', { tourId: 't1' });
    track('booking_start', { tourId: 't1' });
    await vi.waitFor(async () => expect(await localDb.outbox.count()).toBe(2));
    // One at a time in order: the first failed and waits to retry, the second waits behind it.
    await vi.waitFor(async () =>
      expect((await localDb.outbox.orderBy('createdAt').toArray()).map((entry) => [entry.status, entry.attempts])).toEqual([
        ['pending', 1],
        ['pending', 0],
      ]),
    );
    expect(requests).toHaveLength(0);
    network.up = true;
    // The retry is due after the first backoff step (1 s).
    const events = await sent(2);
    expect(events.map((r) => r.row.name)).toEqual(['wishlist_add', 'booking_start']);
  });
});

describe('page views', () => {
  it('are recorded each time the router settles on a new path', async () => {
    // The router runs as in a browser (not as on a server) with a window that has what it touches.
    vi.stubGlobal('window', Object.assign(new EventTarget(), { scrollTo() {} }));
    const rootRoute = createRootRoute();
    const routes = ['/', '/tours', '/destinations'].map((path) => createRoute({ getParentRoute: () => rootRoute, path }));
    const router = createRouter({ routeTree: rootRoute.addChildren(routes), history: createMemoryHistory({ initialEntries: ['/'] }), isServer: false });
    const unsubscribe = trackPageViews(router);
    await router.load();
    // This little route tree is not the app's registered one, hence the loose typing.
    const go = (to: string, search?: Record<string, unknown>) => router.navigate({ to, search } as never);
    await go('/tours');
    await go('/tours', { page: 2 });
    await go('/destinations');
    unsubscribe();
    vi.unstubAllGlobals();
    const views = await sent(3);
    expect(views.map((r) => [r.row.name, (r.row.properties as { path: string }).path])).toEqual([
      ['page_view', '/'],
      ['page_view', '/tours'],
      ['page_view', '/destinations'],
    ]);
  });
});
