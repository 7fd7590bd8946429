import { addDays, daysBetween } from '@/lib/dates.ts';
import type { AnalyticsSearch } from './search.ts';

/**
 * The analytics screen, pure: its range, the presets, and the comparisons with the range before.
 * The figures are analytics_report()'s (20261128040800_typed_returns_dashboard_analytics.sql).
 */

export interface AnalyticsReport {
  from: string;
  to: string;
  previous_from: string;
  previous_to: string;
  /** What series counts by: 'day' or 'week'. */
  bucket: string;
  totals: PeriodTotals;
  previous: PeriodTotals;
  series: { period: string; bookings: number; revenue_usd: number }[];
  by_tour: { tour_title: string; bookings: number; revenue_usd: number }[];
  by_source: { source: string; bookings: number; revenue_usd: number }[];
  funnel: Record<'current' | 'previous', Funnel>;
  viewers: { user_type: string; views: number }[];
  occupancy: { departure_id: string; tour_title: string; start_date: string; capacity: number; seats_booked: number; percent: number | null }[];
  cancellations: { reason: string; bookings: number }[];
}

export interface PeriodTotals {
  bookings: number;
  revenue_usd: number;
  cancelled: number;
}

export interface Funnel {
  tour_views: number;
  booking_starts: number;
  booked: number;
  paid: number;
}

export const PRESETS = [
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
  { value: '365', label: 'Last 12 months', days: 365 },
] as const;

/** The range shown: the address's, else the last 30 days to today. */
export function rangeOf(search: AnalyticsSearch, today: string): { from: string; to: string } {
  const to = search.to ?? today;
  return { from: search.from ?? addDays(to, -29), to };
}

/** The range's field message: the same rules analytics_report() keeps. */
export function rangeProblem(from: string, to: string): string | null {
  if (!from || !to || to < from) return 'Choose a range whose last day is not before its first';
  if (daysBetween(from, to) + 1 > 731) return 'Choose a range of at most two years';
  return null;
}

/** The change from the range before, in percent, or null when there was nothing before. */
export function changeFrom(previous: number, current: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** A step of the funnel as a share of the step before it (tour views for the first), in percent. */
export function funnelSteps(funnel: Funnel): { name: string; value: number; share: number | null }[] {
  const steps = [
    { name: 'Tour viewed', value: funnel.tour_views },
    { name: 'Booking started', value: funnel.booking_starts },
    { name: 'Booked', value: funnel.booked },
    { name: 'Paid', value: funnel.paid },
  ];
  return steps.map((step, index) => ({ ...step, share: index === 0 || steps[index - 1].value === 0 ? null : Math.round((step.value / steps[index - 1].value) * 1000) / 10 }));
}

export const SOURCE_LABELS: Record<string, string> = { website: 'Website', office: 'Office', quote: 'Accepted quote' };
export const USER_TYPE_LABELS: Record<string, string> = { guest: 'Signed out', traveler: 'Travelers', admin: 'Admins', agent: 'Agents', editor: 'Editors', guide: 'Guides' };
