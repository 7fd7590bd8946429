import { z } from '@shared/zod.ts';
import { isoDay, optionalInAddress as optional, withoutAbsent } from '@/lib/search-params.ts';

/** The guides' and vehicles' lists' state, kept in the address: a word to find, and whether to show those no longer in use. */
export const rosterSearchSchema = z.object({
  q: optional(z.string().check(z.maxLength(100))),
  /** 1: also those no longer in use (inactive guides, sold vehicles). */
  inactive: optional(z.literal(1)),
});

export type RosterSearch = z.infer<typeof rosterSearchSchema>;

export function validateRosterSearch(search: Record<string, unknown>): RosterSearch {
  return withoutAbsent(rosterSearchSchema.parse(search));
}

/** The calendar's view in the address, so a view can be bookmarked and a trip's panel linked to. */
export const CALENDAR_VIEWS = ['month', 'week', 'list'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

export const calendarSearchSchema = z.object({
  view: optional(z.enum(CALENDAR_VIEWS)),
  /** A day of the period shown; today when absent. */
  date: optional(isoDay()),
  tour: optional(z.uuid()),
  guide: optional(z.uuid()),
  vehicle: optional(z.uuid()),
  /** The trip whose panel is open. */
  trip: optional(z.uuid()),
});

export type CalendarSearch = z.infer<typeof calendarSearchSchema>;

export function validateCalendarSearch(search: Record<string, unknown>): CalendarSearch {
  return withoutAbsent(calendarSearchSchema.parse(search));
}
