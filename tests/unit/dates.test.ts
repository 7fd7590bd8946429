import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDateRange, formatLongDate, formatMonthOfYear, formatOfficeDate, formatOfficeDateRange, formatOfficeDateTime, setStaffDisplay } from '../../src/lib/dates.ts';

describe('a trip’s dates', () => {
  it('say the month and year once where the two dates share them', () => {
    expect(formatDateRange('2026-12-21', '2026-12-27')).toBe('21 – 27 Dec 2026');
    expect(formatDateRange('2027-04-28', '2027-05-04')).toBe('28 Apr – 4 May 2027');
    expect(formatDateRange('2026-12-28', '2027-01-03')).toBe('28 Dec 2026 – 3 Jan 2027');
  });

  it('are one date for a day trip', () => {
    expect(formatDateRange('2026-12-01', '2026-12-01')).toBe('1 Dec 2026');
  });
});

describe('the public pages’ dates', () => {
  it('are the words Intl gives, for every day of three years, written without it', () => {
    const calendar = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    const monthOfYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000) {
      const date = new Date(day);
      const isoDate = date.toISOString().slice(0, 10);
      expect(formatCalendarDate(isoDate)).toBe(calendar.format(date));
      expect(formatMonthOfYear(date)).toBe(monthOfYear.format(date));
      // An instant late in the day is still that day in UTC, wherever the page is read.
      expect(formatLongDate(`${isoDate}T23:30:00Z`)).toBe(long.format(date));
    }
    expect(formatCalendarDate('2026-09-03')).toBe('3 Sept 2026');
    expect(formatLongDate('2026-03-03T10:00:00Z')).toBe('March 3, 2026');
  });
});

describe('dates in the back office', () => {
  it('follow the staff member’s date format and time zone, an instant as the day it was where they are', () => {
    setStaffDisplay({ timezone: 'Africa/Dar_es_Salaam', date_format: 'DD/MM/YYYY' });
    // 22:30 UTC on 24 November is 01:30 on 25 November in Arusha.
    expect(formatOfficeDateTime('2026-11-24T22:30:00Z')).toBe('25/11/2026 01:30');
    expect(formatOfficeDate('2026-11-24T22:30:00Z')).toBe('25/11/2026');
    // A departure's date is a calendar date: no time zone moves it.
    expect(formatOfficeDate('2026-12-03')).toBe('03/12/2026');
    expect(formatOfficeDateRange('2026-12-03', '2026-12-09')).toBe('03/12/2026 – 09/12/2026');
    expect(formatOfficeDateRange('2026-12-03', '2026-12-03')).toBe('03/12/2026');

    setStaffDisplay({ timezone: 'America/New_York', date_format: 'MM/DD/YYYY' });
    expect(formatOfficeDateTime('2026-11-24T22:30:00Z')).toBe('11/24/2026 17:30');
    expect(formatOfficeDate('2026-11-24T22:30:00Z')).toBe('11/24/2026');
    expect(formatOfficeDate('2026-12-03')).toBe('12/03/2026');
  });
});
