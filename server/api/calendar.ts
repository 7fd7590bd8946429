import { Hono } from 'hono';
import ical from 'ical-generator';
import type { ProductContext } from '../context.ts';
import { ApiError } from './api-error.ts';

/**
 * GET /api/calendar/<token>.ics: a calendar feed (the company's trips, or one guide's) as RFC 5545
 * iCalendar, written by ical-generator. The token is the feed's whole key (public.calendar_feeds):
 * anyone holding the address reads it, as calendar apps subscribe without signing in, and renewing
 * the feed makes the old address answer 404. Trips are all-day events over the days they run.
 */

interface FeedTrip {
  id: string;
  title: string;
  start_date: string;
  end_date: string;
  is_private: boolean;
  seats_booked: number;
  capacity: number;
  meets_at: string | null;
  guides: string[] | null;
  vehicles: string[] | null;
}

const dayAfter = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000);

export function calendarRoutes(ctx: ProductContext) {
  const app = new Hono();
  app.get('/calendar/:file', async (c) => {
    const token = /^([0-9a-f]{64})\.ics$/.exec(c.req.param('file'))?.[1];
    if (!token) throw new ApiError('not_found');
    const { rows } = await ctx.db.query<{ feed: { guide: string | null; trips: FeedTrip[] } | null }>('select public.calendar_feed_trips($1) as feed', [token]);
    const feed = rows[0]?.feed;
    if (!feed) throw new ApiError('not_found');

    const site = new URL(ctx.config.siteUrl);
    const name = feed.guide ? `Trips of ${feed.guide}` : 'All trips';
    const calendar = ical({ name, prodId: { company: site.host, product: 'trips', language: 'EN' }, ttl: 60 * 60 });
    for (const trip of feed.trips) {
      const lines = [
        `${trip.seats_booked} of ${trip.capacity} seats sold${trip.is_private ? ' (private trip)' : ''}`,
        `Guide: ${trip.guides?.join(', ') || 'none yet'}`,
        `Vehicles: ${trip.vehicles?.join(', ') || 'none yet'}`,
      ];
      const address = new URL('/admin/calendar', site);
      address.searchParams.set('date', trip.start_date);
      address.searchParams.set('trip', trip.id);
      calendar.createEvent({
        id: `${trip.id}@${site.host}`,
        start: new Date(`${trip.start_date}T00:00:00Z`),
        // DTEND of an all-day event is the day after the last (RFC 5545, 3.6.1).
        end: dayAfter(trip.end_date),
        allDay: true,
        summary: trip.title,
        description: lines.join('\n'),
        location: trip.meets_at ?? undefined,
        url: address.toString(),
      });
    }
    return c.body(calendar.toString(), 200, {
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `inline; filename="${feed.guide ? 'guide' : 'company'}-trips.ics"`,
      // The address is a secret: no shared cache keeps a copy.
      'cache-control': 'private, max-age=300',
    });
  });
  return app;
}
