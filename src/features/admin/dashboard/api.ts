import { queryOptions } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase.ts';

export interface DashboardDeparture {
  departure_id: string;
  tour_title: string;
  start_date: string;
  end_date: string;
  seats_booked: number;
  capacity: number;
  /** Who leads it and in what, by name; null when none yet. */
  guides: string | null;
  vehicles: string | null;
}

export interface CountAndUsd {
  count: number;
  usd: number;
}

/** What admin_dashboard() returns (20261128040800_typed_returns_dashboard_analytics.sql); money in US dollars. */
export interface DashboardFigures {
  today: string;
  departures_today: DashboardDeparture[];
  returning_today: DashboardDeparture[];
  week_departures: (DashboardDeparture & { status: string })[];
  bookings_this_month: { count: number; revenue_usd: number };
  bookings_last_month: { count: number; revenue_usd: number };
  balances_due: CountAndUsd;
  balances_overdue: CountAndUsd;
  holds_expiring: number;
  open_enquiries: number;
  unanswered_threads: number;
  refunds_owed: CountAndUsd;
  failed_emails: number;
  recent_bookings: {
    id: string;
    booking_reference: string;
    name: string | null;
    tour_title: string;
    status: string;
    total_amount: number;
    currency: string;
    created_at: string;
  }[];
}

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: async (): Promise<DashboardFigures> => {
      const { data, error } = await (await getSupabase()).rpc('admin_dashboard');
      if (error) throw error;
      return data;
    },
    // The office leaves it open all day: fresh each minute and when the tab comes back.
    refetchInterval: 60_000,
  });
