// Dates of the public pages are written out by hand, in UTC, so the server-rendered page and the
// browser that hydrates it print the same words. Not with Intl.DateTimeFormat: a page's first one
// loads the browser's calendar and time zone data, some 70 ms of a public page's load on Lighthouse's
// phone (measured on /tours), and these formats are fixed English ones. The words are Intl's own:
// tests/unit/dates.test.ts compares every day of three years with it.
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** Three letters each: the office's 'D MMM YYYY'. */
const SHORT_MONTH_NAMES = MONTH_NAMES.map((name) => name.slice(0, 3));
/** en-GB's short months, as Intl writes them on the public pages: September is 'Sept'. */
const EN_GB_SHORT_MONTH_NAMES = MONTH_NAMES.map((name) => name.slice(0, name === 'September' ? 4 : 3));

/** Today's date where the visitor is, as yyyy-mm-dd. */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** 'March 3, 2026': a post's date, a page's last change (the day it was in UTC). */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** '3 Dec 2026': a departure's date, read as a calendar date, not an instant, so no time zone shifts it. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${day} ${EN_GB_SHORT_MONTH_NAMES[month - 1]} ${year}`;
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
  return `${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The next `count` months from `today` (yyyy-mm-dd), as yyyy-mm with a label: 'March 2026'. */
export function upcomingMonths(today: string, count = 12): { value: string; label: string }[] {
  const [year, month] = today.split('-').map(Number);
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 + index, 1));
    return { value: date.toISOString().slice(0, 7), label: formatMonthOfYear(date) };
  });
}

/** How a person reads dates: their time zone and date format (users.preferences.display). */
export interface DisplayDates {
  timezone: string;
  date_format: string;
}

/** Everyone's until they choose: the company's time zone (Arusha) and the month first. */
export const DEFAULT_DISPLAY_DATES: DisplayDates = { timezone: 'Africa/Dar_es_Salaam', date_format: 'MM/DD/YYYY' };

export const DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'D MMM YYYY'] as const;

function assemble(format: string, year: number, month: number, day: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  switch (format) {
    case 'DD/MM/YYYY':
      return `${pad(day)}/${pad(month)}/${year}`;
    case 'YYYY-MM-DD':
      return `${year}-${pad(month)}-${pad(day)}`;
    case 'D MMM YYYY':
      return `${day} ${SHORT_MONTH_NAMES[month - 1]} ${year}`;
    default:
      return `${pad(month)}/${pad(day)}/${year}`;
  }
}

/** A calendar date (yyyy-mm-dd, e.g. a departure) in a person's date format; no time zone moves it. */
export function formatDay(isoDate: string, format: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return assemble(format, year, month, day);
}

function zonedParts(instant: string | Date, timeZone: string): { year: number; month: number; day: number; time: string } {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  }
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return { year: Number(get('year')), month: Number(get('month')), day: Number(get('day')), time: `${get('hour')}:${get('minute')}` };
}

/** An instant (created_at, paid_at) as a date in a person's time zone and date format. */
export function formatInstantDate(instant: string, display: DisplayDates): string {
  const { year, month, day } = zonedParts(instant, display.timezone);
  return assemble(display.date_format, year, month, day);
}

/** An instant with its time of day, in a person's time zone and date format. */
export function formatInstant(instant: string, display: DisplayDates): string {
  const { year, month, day, time } = zonedParts(instant, display.timezone);
  return `${assemble(display.date_format, year, month, day)} ${time}`;
}

/** Today's calendar date in a time zone (yyyy-mm-dd): a traveler's, so a countdown turns at their midnight. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = zonedParts(now, timeZone);
  return assemble('YYYY-MM-DD', year, month, day);
}

/**
 * How the signed-in staff member reads dates in the back office: set by /admin's guard from their
 * preferences before any screen renders, so every screen's dates follow them.
 */
let staffDisplay: DisplayDates = DEFAULT_DISPLAY_DATES;

export function setStaffDisplay(display: DisplayDates): void {
  staffDisplay = display;
}

/** '14:05': the time of day of an instant where the staff member is. */
export function formatOfficeTime(iso: string): string {
  return zonedParts(iso, staffDisplay.timezone).time;
}

/** '12/03/2026 14:05': an instant in the back office, in the staff member's time zone and date format. */
export function formatOfficeDateTime(iso: string): string {
  return formatInstant(iso, staffDisplay);
}

/**
 * A date in the back office in the staff member's date format: a calendar date (a departure, a
 * validity) as it is, an instant (a booking made, a payment) as the day it was in their time zone.
 */
export function formatOfficeDate(value: string): string {
  return value.length > 10 ? formatInstantDate(value, staffDisplay) : formatDay(value, staffDisplay.date_format);
}

/** A trip's first and last days in the staff member's date format, or its one day. */
export function formatOfficeDateRange(start: string, end: string): string {
  return start === end ? formatOfficeDate(start) : `${formatOfficeDate(start)} – ${formatOfficeDate(end)}`;
}

/** The company's time zone (booking settings), set by /admin's guard with the staff member's display. */
let companyTimeZone = DEFAULT_DISPLAY_DATES.timezone;

export function setCompanyTimeZone(timeZone: string): void {
  companyTimeZone = timeZone;
}

/**
 * Today's date (yyyy-mm-dd) in the company's calendar, wherever the staff member is: what is due,
 * what is under way, the latest day a payment or a refund can be dated. The database counts days
 * the same way (company_today()).
 */
export function officeToday(now: Date = new Date()): string {
  return todayIn(companyTimeZone, now);
}

/** The date `days` after a yyyy-mm-dd date (before it when negative). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from one yyyy-mm-dd date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
