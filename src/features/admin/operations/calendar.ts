import { addDays, daysBetween } from '@/lib/dates.ts';
import type { CalendarSearch, CalendarView } from './search.ts';

/** The calendar, pure: which days a view shows, and how a week's trips stack into lanes. */

/** The Monday of the week holding the day (weeks start on Monday, as in Tanzania and most of Europe). */
export function weekStart(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** The days a view covers: a month's whole weeks, a week, or the list's month. */
export function viewRange(view: CalendarView, date: string): { from: string; to: string } {
  if (view === 'week') {
    const from = weekStart(date);
    return { from, to: addDays(from, 6) };
  }
  const first = `${date.slice(0, 7)}-01`;
  const last = addDays(`${nextMonth(first)}`, -1);
  if (view === 'list') return { from: first, to: last };
  return { from: weekStart(first), to: addDays(weekStart(last), 6) };
}

function nextMonth(first: string): string {
  const [year, month] = first.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

/** The day the previous or next button goes to. */
export function stepDate(view: CalendarView, date: string, step: 1 | -1): string {
  if (view === 'week') return addDays(date, 7 * step);
  const first = `${date.slice(0, 7)}-01`;
  return step === 1 ? nextMonth(first) : `${addDays(first, -1).slice(0, 7)}-01`;
}

/** The weeks (Monday first) from `from` to `to`, each its seven days. */
export function weeksOf(from: string, to: string): string[][] {
  const weeks: string[][] = [];
  for (let monday = weekStart(from); monday <= to; monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, index) => addDays(monday, index)));
  }
  return weeks;
}

export interface Bar<T> {
  trip: T;
  /** Columns 1 to 7 of the week, and how many it spans. */
  column: number;
  span: number;
  lane: number;
  /** The trip began before this week, or goes on after it. */
  continuesBefore: boolean;
  continuesAfter: boolean;
}

/**
 * The trips overlapping a week as bars, each in the first lane free on all its days, longest first
 * among those starting the same day so the lanes stay tight.
 */
export function weekBars<T extends { start_date: string; end_date: string }>(trips: T[], monday: string): Bar<T>[] {
  const sunday = addDays(monday, 6);
  const overlapping = trips
    .filter((trip) => trip.start_date <= sunday && trip.end_date >= monday)
    .sort((a, b) => a.start_date.localeCompare(b.start_date) || b.end_date.localeCompare(a.end_date));
  const laneEnds: number[] = [];
  return overlapping.map((trip) => {
    const column = Math.max(0, daysBetween(monday, trip.start_date)) + 1;
    const lastColumn = Math.min(6, daysBetween(monday, trip.end_date)) + 1;
    let lane = laneEnds.findIndex((end) => end < column);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = lastColumn;
    return { trip, column, span: lastColumn - column + 1, lane, continuesBefore: trip.start_date < monday, continuesAfter: trip.end_date > sunday };
  });
}

/** The trips a guide or a vehicle of the filters is on (the tour is filtered by the query itself). */
export function tripsRunBy<T extends { departure_guides: { guide_id: string }[]; departure_vehicles: { vehicle_id: string }[] }>(
  trips: T[],
  filters: Pick<CalendarSearch, 'guide' | 'vehicle'>,
): T[] {
  return trips.filter(
    (trip) =>
      (!filters.guide || trip.departure_guides.some((row) => row.guide_id === filters.guide)) &&
      (!filters.vehicle || trip.departure_vehicles.some((row) => row.vehicle_id === filters.vehicle)),
  );
}

/** Seats sold and left on a trip. */
export function seatsOf(trip: { capacity: number; seats_booked: number }): { sold: number; left: number } {
  return { sold: trip.seats_booked, left: Math.max(0, trip.capacity - trip.seats_booked) };
}

/**
 * What a trip still lacks to run: a guide, or seats in vehicles for all its travelers. Only trips
 * with travelers need them.
 */
export function staffingGaps(trip: { seats_booked: number; departure_guides: unknown[]; departure_vehicles: { travelers: number }[] }): string[] {
  if (trip.seats_booked === 0) return [];
  const gaps: string[] = [];
  if (trip.departure_guides.length === 0) gaps.push('No guide');
  const seated = trip.departure_vehicles.reduce((sum, vehicle) => sum + vehicle.travelers, 0);
  if (trip.departure_vehicles.length === 0) gaps.push('No vehicle');
  else if (seated < trip.seats_booked) gaps.push(`${trip.seats_booked - seated} without a seat`);
  return gaps;
}
