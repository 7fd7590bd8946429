// In UTC, so the server-rendered page and the browser that hydrates it print the same date. Built
// at first use: the page's first Intl object loads the browser's locale data, which would otherwise
// lengthen the evaluation of the app's entry.
let longDate: Intl.DateTimeFormat | undefined;
let calendarDate: Intl.DateTimeFormat | undefined;
let monthOfYear: Intl.DateTimeFormat | undefined;

/** Today's date where the visitor is, as yyyy-mm-dd. */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** '3 March 2026': a post's date, a page's last change. */
export function formatLongDate(iso: string): string {
  longDate ??= new Intl.DateTimeFormat('en', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return longDate.format(new Date(iso));
}

/**
 * '3 Dec 2026': a departure's date, read as a calendar date, not an instant, so no time zone
 * shifts it. One formatter for every call: a tour list formats a date per card, and building a
 * DateTimeFormat costs more than formatting with one.
 */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  calendarDate ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return calendarDate.format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * A trip's dates, saying the month and year once where they are shared: '21 – 27 Dec 2026',
 * '28 Apr – 4 May 2027', '28 Dec 2026 – 3 Jan 2027', or one date for a day trip.
 */
export function formatDateRange(start: string, end: string): string {
  if (start === end) return formatCalendarDate(start);
  const [startText, endText] = [formatCalendarDate(start), formatCalendarDate(end)];
  if (start.slice(0, 7) === end.slice(0, 7)) return `${startText.split(' ')[0]} – ${endText}`;
  if (start.slice(0, 4) === end.slice(0, 4)) return `${startText.slice(0, -5)} – ${endText}`;
  return `${startText} – ${endText}`;
}

/** 'March 2026': a review's month. */
export function formatMonthOfYear(date: Date): string {
  monthOfYear ??= new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return monthOfYear.format(date);
}

/** The next `count` months from `today` (yyyy-mm-dd), as yyyy-mm with a label: 'March 2026'. */
export function upcomingMonths(today: string, count = 12): { value: string; label: string }[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 + index, 1));
    return { value: date.toISOString().slice(0, 7), label: formatMonthOfYear(date) };
  });
}

let officeDateTime: Intl.DateTimeFormat | undefined;

/** '3 Dec 2026, 14:05': an instant in the back office, in the company's time zone (Arusha). */
export function formatOfficeDateTime(iso: string): string {
  officeDateTime ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Dar_es_Salaam' });
  return officeDateTime.format(new Date(iso));
}
