import type { AnyRouter } from '@tanstack/react-router';
import type { Json } from './database.types.ts';
import { checked } from './outbox/errors.ts';
import { queueWrite } from './outbox/outbox.ts';
import { defineWrite } from './outbox/registry.ts';

/**
 * First-party analytics: events are stored in our own analytics_events table through the outbox,
 * so they survive being offline and count once. The server records them as the signed-in user and
 * stamps the user type (the role, or 'guest' when signed out, SPEC 6). Tracking never blocks or
 * breaks the UI.
 */
export interface AnalyticsEvents {
  page_view: { path: string; title?: string };
  search: { query: string; results?: number; filters?: { [key: string]: Json | undefined } };
  tour_view: { tourId: string; slug: string };
  wishlist_add: { tourId: string };
  wishlist_remove: { tourId: string };
  /** The booking funnel: the page opened, each step reached, the request sent. */
  booking_start: { tourId: string; departureId?: string };
  booking_step: { tourId: string; step: string };
  booking_submit: { tourId: string; bookingReference?: string };
}

export type AnalyticsEventName = keyof AnalyticsEvents;

/**
 * The events a client may record: check_analytics_event (20261124000300) takes these names only.
 * A purchase is recorded by the database as it takes a booking, in US dollars (SPEC 9).
 */
export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'search',
  'tour_view',
  'wishlist_add',
  'wishlist_remove',
  'booking_start',
  'booking_step',
  'booking_submit',
] as const satisfies readonly AnalyticsEventName[];

type Expect<T extends true> = T;
/** Compiles only while every event of AnalyticsEvents is in ANALYTICS_EVENT_NAMES. */
export type EveryEventListed = Expect<[Exclude<AnalyticsEventName, (typeof ANALYTICS_EVENT_NAMES)[number]>] extends [never] ? true : false>;

interface AnalyticsWrite {
  name: AnalyticsEventName;
  properties: { [key: string]: Json | undefined };
  url: string | null;
  occurredAt: string;
}

/**
 * Sent through record_analytics_event with the entry's id as client_id: a resend of an event the
 * server holds (a send cut by a page change) answers success, where a direct insert would answer
 * 409 in the visitor's console (20261125000200_record_analytics_event.sql).
 */
export const analyticsEvent = defineWrite<AnalyticsWrite>({
  kind: 'analytics.event',
  // Its own queue: events never wait behind (or hold up) the traveler's own writes.
  queue: 'analytics',
  silent: true,
  maxQueued: 200,
  describe: ({ name }) => `Analytics: ${name}`,
  async send(client, { id, payload: { name, properties, url, occurredAt } }) {
    await checked(client.rpc('record_analytics_event', { p_client_id: id, p_name: name, p_properties: properties, p_url: url, p_occurred_at: occurredAt }));
  },
});

export function track<N extends AnalyticsEventName>(name: N, properties: AnalyticsEvents[N]): void {
  const write: AnalyticsWrite = {
    name,
    properties: { ...properties },
    url: typeof location === 'undefined' ? null : location.href.slice(0, 2048),
    occurredAt: new Date().toISOString(),
  };
  // A device without IndexedDB (some private modes) simply records nothing.
  queueWrite(analyticsEvent, write).catch(() => undefined);
}

/** Records a page view each time the router settles on a new path. Returns the unsubscribe. */
export function trackPageViews(router: AnyRouter): () => void {
  return router.subscribe('onResolved', ({ toLocation, pathChanged }) => {
    if (pathChanged) track('page_view', { path: toLocation.pathname });
  });
}
