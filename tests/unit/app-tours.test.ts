import { describe, expect, it } from 'vitest';
import { formatCalendarDate, localIsoDate } from '../../src/lib/dates.ts';
import {
  departureLine,
  formatDuration,
  nextDeparture,
  tourCardFromRow,
  type TourCardRow,
} from '../../src/features/tours/model.ts';

const departures = [
  { start_date: '2026-11-20', status: 'open' },
  { start_date: '2027-01-10', status: 'open' },
  { start_date: '2026-12-01', status: 'cancelled' },
  { start_date: '2026-12-05', status: 'sold_out' },
  { start_date: '2026-12-18', status: 'limited' },
];

describe('next departure', () => {
  it('is the earliest bookable departure from today on', () => {
    expect(nextDeparture(departures, '2026-11-22')).toEqual({ start_date: '2026-12-18', status: 'limited' });
    expect(nextDeparture(departures, '2026-11-20')?.start_date).toBe('2026-11-20');
    expect(nextDeparture(departures, '2027-02-01')).toBeNull();
  });

  it('reads on the card as a date, private any date, or on request', () => {
    expect(departureLine({ isPrivate: false, departures }, '2026-11-22')).toBe('Next departure 18 Dec 2026');
    expect(departureLine({ isPrivate: true, departures }, '2026-11-22')).toBe('Private, any date');
    expect(departureLine({ isPrivate: false, departures: [] }, '2026-11-22')).toBe('Dates on request');
  });

  it('uses the calendar date, whatever the time zone', () => {
    expect(formatCalendarDate('2027-01-01')).toBe('1 Jan 2027');
    expect(localIsoDate(new Date(2026, 10, 22, 23, 59))).toBe('2026-11-22');
  });
});

describe('card text', () => {
  it('writes durations in days and nights', () => {
    expect(formatDuration(7, 6)).toBe('7 days / 6 nights');
    expect(formatDuration(1, 0)).toBe('1 day');
    expect(formatDuration(2, 1)).toBe('2 days / 1 night');
  });

  it('normalises numeric columns that PostgREST sends as strings', () => {
    const row: TourCardRow = {
      id: 't1',
      slug: 'serengeti-migration',
      title: 'Serengeti Migration',
      summary: null,
      base_price: '3250.00',
      currency: null,
      duration_days: 6,
      duration_nights: 5,
      hero_image_url: null,
      rating_average: '4.80',
      review_count: 12,
      is_private: false,
      category: null,
      destinations: null,
      tour_departures: null,
    };
    expect(tourCardFromRow(row)).toMatchObject({ basePrice: 3250, currency: 'USD', ratingAverage: 4.8, destinations: [], departures: [] });
  });
});
