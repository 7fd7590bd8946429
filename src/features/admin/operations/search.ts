import { type AddressSearch, flag, isoDay, oneOf, searchParams, text, uuid } from '@/lib/search-params.ts';

/** The guides' and vehicles' lists' state, kept in the address: a word to find, and whether to show those no longer in use. */
const rosterSearch = {
  q: text({ max: 100 }),
  /** 1: also those no longer in use (inactive guides, sold vehicles). */
  inactive: flag,
};

export type RosterSearch = AddressSearch<typeof rosterSearch>;

export const validateRosterSearch = searchParams(rosterSearch);

/** The calendar's view in the address, so a view can be bookmarked and a trip's panel linked to. */
export const CALENDAR_VIEWS = ['month', 'week', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const calendarSearch = {
  view: oneOf(CALENDAR_VIEWS),
  /** A day of the period shown; today when absent. */
  date: isoDay,
  tour: uuid,
  guide: uuid,
  vehicle: uuid,
  /** The trip whose panel is open. */
  trip: uuid,
};

export type CalendarSearch = AddressSearch<typeof calendarSearch>;

export const validateCalendarSearch = searchParams(calendarSearch);
