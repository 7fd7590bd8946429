import type { Queryable } from '../platform/db/types.ts';
import { randomFrom } from './images.ts';
import { insertRows } from './insert.ts';

/**
 * The first-party events behind the demo's bookings, so the analytics screen has a year to show:
 * each booking's purchase dated when it was made (the database records it as the booking is
 * inserted, that is at seeding), and before it the tour views and booking starts of the people who
 * booked and of those who did not, a view in fifteen or so ending in a booking. The booker's own
 * events carry their account (the database makes the user type their role); the others are guests'.
 */
export async function seedAnalytics(tx: Queryable, today: Date): Promise<number> {
  await tx.query(
    `update public.analytics_events e set occurred_at = b.created_at, created_at = b.created_at
       from public.bookings b
      where e.name = 'purchase' and e.properties ->> 'bookingReference' = b.booking_reference`,
  );
  const { rows: bookings } = await tx.query<{ tour_id: string; slug: string; user_id: string | null; created_at: string }>(
    `select b.tour_id, t.slug, b.user_id, b.created_at::text
       from public.bookings b join public.tours t on t.id = b.tour_id
      where b.created_at > $1::timestamptz - interval '400 days'
      order by b.created_at, b.id`,
    [today.toISOString()],
  );
  const rand = randomFrom('analytics-events');
  const events: Record<string, unknown>[] = [];
  const at = (made: string, daysBefore: number) => {
    const moment = new Date(Math.min(Date.parse(made) - daysBefore * 86_400_000, today.getTime() - 60_000)).toISOString();
    return { occurred_at: moment, created_at: moment };
  };
  for (const booking of bookings) {
    const properties = { tourId: booking.tour_id, slug: booking.slug };
    const views = 10 + Math.floor(rand() * 12);
    for (let n = 0; n < views; n++) {
      // Most views are of visitors who did not book, signed out; the first is the booker's own.
      events.push({ name: 'tour_view', user_id: n === 0 ? booking.user_id : null, properties, ...at(booking.created_at, rand() * 30) });
    }
    const starts = 1 + Math.floor(rand() * 3);
    for (let n = 0; n < starts; n++) {
      events.push({ name: 'booking_start', user_id: n === 0 ? booking.user_id : null, properties: { tourId: booking.tour_id }, ...at(booking.created_at, rand() * 2) });
    }
  }
  await insertRows(tx, 'public.analytics_events', events);
  return events.length;
}
