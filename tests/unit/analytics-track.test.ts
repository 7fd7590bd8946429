import 'fake-indexeddb/auto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { trackPageViews, track } from '../../src/lib/analytics.ts';
import { localDb } from '../../src/lib/local-db.ts';
import { OutboxEngine } from '../../src/lib/outbox/engine.ts';
import { startOutbox } from '../../src/lib/outbox/outbox.ts';

/** What reaches the server: the function and the arguments of each call. */
const requests: { fn: string; args: Record<string, unknown> }[] = [];
const network = { up: true };

const client = {
  auth: {
    getSession: async () => ({ data: { session: null }, error: null }),
    refreshSession: async () => ({ data: { session: null }, error: new Error('No active session') }),
    onAuthStateChange: () => ({ data: { subscription: { unsubscribe() {} } } }),
  },
  rpc: async (fn: string, args: Record<string, unknown>) => {
    if (!network.up) return { error: { message: 'TypeError: fetch failed', code: '' }, status: 0 };
    requests.push({ fn, args });
    return { error: null, status: 204 };
  },
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
    track('search', { query: 'gorilla trekking', results: 3 });
    const [request] = await sent(1);
    expect(request.fn).toBe('record_analytics_event');
    expect(request.args).toMatchObject({ p_name: 'search', p_properties: { query: 'gorilla trekking', results: 3 } });
    expect(request.args.p_client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(request.args.p_occurred_at as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(await localDb.outbox.count()).toBe(0);
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
    expect(events.map((r) => r.args.p_name)).toEqual(['wishlist_add', 'booking_start']);
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
    expect(views.map((r) => [r.args.p_name, (r.args.p_properties as { path: string }).path])).toEqual([
      ['page_view', '/'],
      ['page_view', '/tours'],
      ['page_view', '/destinations'],
    ]);
  });
});
