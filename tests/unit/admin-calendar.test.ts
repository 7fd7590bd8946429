import { describe, expect, it } from 'vitest';
import { seatsOf, staffingGaps, stepDate, tripsRunBy, viewRange, weekBars, weeksOf, weekStart } from '../../src/features/admin/operations/calendar.ts';
import { validateCalendarSearch } from '../../src/features/admin/operations/search.ts';

/** The calendar's days, lanes, filters and address, without a screen. */

describe('the days a view shows', () => {
  it('starts weeks on Monday', () => {
    expect(weekStart('2026-11-27')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
  });

  it('covers a month’s whole weeks, a week, or the list’s month', () => {
    expect(viewRange('month', '2026-11-27')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(viewRange('week', '2026-11-27')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(viewRange('list', '2026-12-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(viewRange('list', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('steps a week or a month, across the year', () => {
    expect(stepDate('week', '2026-12-29', 1)).toBe('2027-01-05');
    expect(stepDate('month', '2026-12-29', 1)).toBe('2027-01-01');
    expect(stepDate('month', '2027-01-15', -1)).toBe('2026-12-01');
    expect(stepDate('list', '2027-03-31', -1)).toBe('2027-02-01');
  });

  it('lays a range out in weeks of seven days', () => {
    const weeks = weeksOf('2026-10-26', '2026-12-06');
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect([weeks[0][0], weeks[5][6]]).toEqual(['2026-10-26', '2026-12-06']);
  });
});

describe('a week’s bars', () => {
  it('puts each trip in the first lane free on all its days, and marks those running over the week’s edges', () => {
    const trips = [
      { id: 'long', start_date: '2026-11-20', end_date: '2026-11-25' },
      { id: 'short', start_date: '2026-11-26', end_date: '2026-11-27' },
      { id: 'overlap', start_date: '2026-11-24', end_date: '2026-12-02' },
      { id: 'outside', start_date: '2026-12-01', end_date: '2026-12-03' },
    ];
    const bars = weekBars(trips, '2026-11-23').map((bar) => [bar.trip.id, bar.column, bar.span, bar.lane, bar.continuesBefore, bar.continuesAfter]);
    expect(bars).toEqual([
      ['long', 1, 3, 0, true, false],
      ['overlap', 2, 6, 1, false, true],
      ['short', 4, 2, 0, false, false],
    ]);
  });
});

describe('the filters and what a trip lacks', () => {
  const trip = (id: string, guides: string[], vehicles: string[]) => ({ id, departure_guides: guides.map((guide_id) => ({ guide_id })), departure_vehicles: vehicles.map((vehicle_id) => ({ vehicle_id })) });
  const g1 = '11111111-1111-4111-8111-111111111111';
  const v1 = '22222222-2222-4222-8222-222222222222';
  const trips = [trip('both', [g1], [v1]), trip('guide', [g1], []), trip('vehicle', [], [v1]), trip('none', [], [])];

  it('keeps the trips a chosen guide or vehicle is on, both when both are chosen', () => {
    expect(tripsRunBy(trips, {}).map((t) => t.id)).toEqual(['both', 'guide', 'vehicle', 'none']);
    expect(tripsRunBy(trips, { guide: g1 }).map((t) => t.id)).toEqual(['both', 'guide']);
    expect(tripsRunBy(trips, { vehicle: v1 }).map((t) => t.id)).toEqual(['both', 'vehicle']);
    expect(tripsRunBy(trips, { guide: g1, vehicle: v1 }).map((t) => t.id)).toEqual(['both']);
  });

  it('counts seats sold and left, never below none', () => {
    expect(seatsOf({ capacity: 12, seats_booked: 8 })).toEqual({ sold: 8, left: 4 });
    expect(seatsOf({ capacity: 6, seats_booked: 7 })).toEqual({ sold: 7, left: 0 });
  });

  it('names what a trip with travelers lacks: a guide, a vehicle, or seats', () => {
    expect(staffingGaps({ seats_booked: 0, departure_guides: [], departure_vehicles: [] })).toEqual([]);
    expect(staffingGaps({ seats_booked: 5, departure_guides: [], departure_vehicles: [] })).toEqual(['No guide', 'No vehicle']);
    expect(staffingGaps({ seats_booked: 8, departure_guides: [{}], departure_vehicles: [{ travelers: 6 }] })).toEqual(['2 without a seat']);
    expect(staffingGaps({ seats_booked: 8, departure_guides: [{}], departure_vehicles: [{ travelers: 6 }, { travelers: 2 }] })).toEqual([]);
  });
});

describe('the calendar’s address', () => {
  it('keeps what it knows and drops what it does not', () => {
    expect(validateCalendarSearch({ view: 'week', date: '2026-11-27', guide: '11111111-1111-4111-8111-111111111111', extra: 'x' })).toEqual({
      view: 'week',
      date: '2026-11-27',
      guide: '11111111-1111-4111-8111-111111111111',
    });
    expect(validateCalendarSearch({ view: 'year', date: '27/11/2026', tour: 'not-an-id' })).toEqual({});
  });
});
