-- The dashboard's and the analytics screen's figures are composite types instead of jsonb objects, so
-- the generated types (src/lib/database.types.ts) carry their shape: admin_dashboard returns an
-- admin_dashboard, analytics_report an analytics_report, each made of the smaller types below. The
-- REST API answers the same JSON objects as before: the same keys, values and nesting, [] for an
-- empty list (a function returning a composite type is one object). A return type changes by a drop
-- and a create: the grants and settings are those they had (20261127001300_dashboard_month_start.sql,
-- 20261127001200_analytics_report.sql).

-- A departure leaving or coming back today; who leads it and in what, by name (null when none yet).
create type public.dashboard_trip as (
  departure_id uuid,
  tour_title text,
  start_date date,
  end_date date,
  seats_booked int,
  capacity int,
  guides text,
  vehicles text
);

comment on type public.dashboard_trip is 'A departure leaving or coming back today, on the dashboard (admin_dashboard).';

create type public.dashboard_week_trip as (
  departure_id uuid,
  tour_title text,
  start_date date,
  end_date date,
  seats_booked int,
  capacity int,
  status text,
  guides text,
  vehicles text
);

comment on type public.dashboard_week_trip is 'A departure leaving within the week, with its status, on the dashboard (admin_dashboard).';

create type public.dashboard_bookings_made as (
  count bigint,
  revenue_usd numeric
);

comment on type public.dashboard_bookings_made is 'Bookings made in a month that still stand, and their total in US dollars (admin_dashboard).';

create type public.dashboard_amount as (
  count bigint,
  usd numeric
);

comment on type public.dashboard_amount is 'How many, and how much in US dollars: balances due or overdue, refunds owed (admin_dashboard).';

create type public.dashboard_recent_booking as (
  id uuid,
  booking_reference text,
  name text,
  tour_title text,
  status text,
  total_amount numeric,
  currency text,
  created_at timestamptz
);

comment on type public.dashboard_recent_booking is 'One of the last bookings made, on the dashboard (admin_dashboard).';

create type public.admin_dashboard as (
  today date,
  departures_today public.dashboard_trip[],
  returning_today public.dashboard_trip[],
  week_departures public.dashboard_week_trip[],
  bookings_this_month public.dashboard_bookings_made,
  bookings_last_month public.dashboard_bookings_made,
  balances_due public.dashboard_amount,
  balances_overdue public.dashboard_amount,
  holds_expiring bigint,
  open_enquiries bigint,
  unanswered_threads bigint,
  refunds_owed public.dashboard_amount,
  failed_emails bigint,
  recent_bookings public.dashboard_recent_booking[]
);

comment on type public.admin_dashboard is 'The back office''s dashboard: today''s trips, the week''s, and the figures that need the office (admin_dashboard).';

drop function public.admin_dashboard(date);

create function public.admin_dashboard(p_today date default null) returns public.admin_dashboard
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_zone text := public.company_time_zone();
  v_today date := coalesce(p_today, (now() at time zone v_zone)::date);
  v_month date := date_trunc('month', v_today)::date;
  v_due_days int := (public.payment_terms()).balance_due_days;
begin
  if not public.has_permission('dashboard.read') then
    raise exception 'Only the office team may see the dashboard' using errcode = '42501';
  end if;

  return (
    with departures as (
      select d.id as departure_id, t.title as tour_title, d.start_date, d.end_date, d.seats_booked, d.capacity, d.status,
             (select string_agg(g.full_name, ', ' order by g.full_name) from public.departure_guides a join public.guides g on g.id = a.guide_id
               where a.departure_id = d.id) as guides,
             (select string_agg(v.name || ' (' || v.registration || ')', ', ' order by v.name) from public.departure_vehicles a join public.vehicles v on v.id = a.vehicle_id
               where a.departure_id = d.id) as vehicles
      from public.tour_departures d
      join public.tours t on t.id = d.tour_id
      where d.status <> 'cancelled'
        and (d.start_date between v_today and v_today + 6 or d.end_date = v_today)
    ),
    made as (
      -- Bookings made in this month and the last, that still stand (no expired holds, no cancellations).
      select b.created_at, b.total_amount / r.units_per_usd as usd
      from public.bookings b
      join public.currency_rates r on r.currency = b.currency
      where b.created_at >= (v_month - interval '1 month') at time zone v_zone
        and b.created_at < (v_month + interval '1 month') at time zone v_zone
        and b.status in ('pending', 'confirmed', 'completed')
    ),
    balances as (
      -- Confirmed bookings not paid in full, with the day their balance falls due.
      select d.start_date - v_due_days as due_date, (b.total_amount - b.amount_paid) / r.units_per_usd as usd
      from public.bookings b
      join public.tour_departures d on d.id = b.departure_id
      join public.currency_rates r on r.currency = b.currency
      where b.status = 'confirmed' and b.amount_paid < b.total_amount
    ),
    threads as (
      select distinct on (m.thread_id) m.thread_id, m.sender
      from public.messages m
      order by m.thread_id, m.created_at desc
    )
    -- The fields of admin_dashboard, in its order.
    select row(
      v_today,
      array(select row(d.departure_id, d.tour_title, d.start_date, d.end_date, d.seats_booked, d.capacity, d.guides, d.vehicles)::public.dashboard_trip
              from departures d where d.start_date = v_today order by d.tour_title),
      array(select row(d.departure_id, d.tour_title, d.start_date, d.end_date, d.seats_booked, d.capacity, d.guides, d.vehicles)::public.dashboard_trip
              from departures d where d.end_date = v_today order by d.tour_title),
      array(select row(d.departure_id, d.tour_title, d.start_date, d.end_date, d.seats_booked, d.capacity, d.status, d.guides, d.vehicles)::public.dashboard_week_trip
              from departures d where d.start_date between v_today and v_today + 6 order by d.start_date, d.tour_title),
      row((select count(*) from made where created_at >= v_month::timestamp at time zone v_zone),
          (select coalesce(round(sum(usd), 2), 0) from made where created_at >= v_month::timestamp at time zone v_zone))::public.dashboard_bookings_made,
      row((select count(*) from made where created_at < v_month::timestamp at time zone v_zone),
          (select coalesce(round(sum(usd), 2), 0) from made where created_at < v_month::timestamp at time zone v_zone))::public.dashboard_bookings_made,
      row((select count(*) from balances where due_date between v_today and v_today + 13),
          (select coalesce(round(sum(usd), 2), 0) from balances where due_date between v_today and v_today + 13))::public.dashboard_amount,
      row((select count(*) from balances where due_date < v_today),
          (select coalesce(round(sum(usd), 2), 0) from balances where due_date < v_today))::public.dashboard_amount,
      (select count(*) from public.bookings b
        where b.status = 'pending' and b.hold_expires_at > now() and b.hold_expires_at <= now() + interval '24 hours'),
      (select count(*) from public.enquiries e where e.status in ('new', 'contacted', 'quoted')),
      (select count(*) from threads where sender = 'traveler'),
      row((select count(*) from public.payments p where p.status = 'refund_due'),
          (select coalesce(round(sum(p.amount / r.units_per_usd), 2), 0) from public.payments p
             join public.currency_rates r on r.currency = p.currency where p.status = 'refund_due'))::public.dashboard_amount,
      (select count(*) from public.email_queue q where q.status = 'failed'),
      array(
        select row(x.id, x.booking_reference, x.name, x.tour_title, x.status, x.total_amount, x.currency, x.created_at)::public.dashboard_recent_booking
          from (
            select b.id, b.booking_reference, b.contact ->> 'full_name' as name, t.title as tour_title, b.status,
                   b.total_amount, b.currency, b.created_at
            from public.bookings b
            join public.tours t on t.id = b.tour_id
            order by b.created_at desc
            limit 8
          ) x
         order by x.created_at desc)
    )::public.admin_dashboard
  );
end
$$;

comment on function public.admin_dashboard(date) is
  'The back office''s dashboard (dashboard staff): today''s and the week''s trips, bookings made this month and last, balances, holds, enquiries, messages, refunds and emails needing the office; money in US dollars.';

revoke execute on function public.admin_dashboard(date) from public, anon;
grant execute on function public.admin_dashboard(date) to authenticated, service_role;

create type public.analytics_totals as (
  bookings bigint,
  revenue_usd numeric,
  cancelled bigint
);

comment on type public.analytics_totals is 'A range''s bookings, their revenue in US dollars, and its cancellations (analytics_report).';

create type public.analytics_period as (
  period date,
  bookings bigint,
  revenue_usd numeric
);

comment on type public.analytics_period is 'A day or a week of the range (its first day): bookings and revenue in US dollars (analytics_report).';

create type public.analytics_tour as (
  tour_title text,
  bookings bigint,
  revenue_usd numeric
);

comment on type public.analytics_tour is 'A tour''s bookings in the range and their revenue in US dollars (analytics_report).';

create type public.analytics_source as (
  source text,
  bookings bigint,
  revenue_usd numeric
);

comment on type public.analytics_source is 'Bookings in the range by where they were made, and their revenue in US dollars (analytics_report).';

create type public.analytics_funnel_steps as (
  tour_views bigint,
  booking_starts bigint,
  booked bigint,
  paid bigint
);

comment on type public.analytics_funnel_steps is 'The booking funnel over a range: tours viewed, bookings started, made and paid (analytics_report).';

create type public.analytics_funnel as (
  current public.analytics_funnel_steps,
  previous public.analytics_funnel_steps
);

comment on type public.analytics_funnel is 'The booking funnel over the range and over the range before it (analytics_report).';

create type public.analytics_viewers as (
  user_type text,
  views bigint
);

comment on type public.analytics_viewers is 'Tour views in the range by kind of visitor (analytics_report).';

create type public.analytics_occupancy as (
  departure_id uuid,
  tour_title text,
  start_date date,
  capacity int,
  seats_booked int,
  percent numeric
);

comment on type public.analytics_occupancy is 'How full a departure in the range is, in percent of its capacity (analytics_report).';

create type public.analytics_cancellations as (
  reason text,
  bookings bigint
);

comment on type public.analytics_cancellations is 'Bookings cancelled in the range, by the reason given (analytics_report).';

create type public.analytics_report as (
  "from" date,
  "to" date,
  previous_from date,
  previous_to date,
  bucket text,
  totals public.analytics_totals,
  previous public.analytics_totals,
  series public.analytics_period[],
  by_tour public.analytics_tour[],
  by_source public.analytics_source[],
  funnel public.analytics_funnel,
  viewers public.analytics_viewers[],
  occupancy public.analytics_occupancy[],
  cancellations public.analytics_cancellations[]
);

comment on type public.analytics_report is
  'The analytics screen''s figures over a range and the range of the same length before it; bucket says whether series counts by day or by week (analytics_report).';

drop function public.analytics_report(date, date);

create function public.analytics_report(p_from date, p_to date) returns public.analytics_report
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_zone text := public.company_time_zone();
  v_days int;
  v_previous_from date;
  v_weekly boolean;
begin
  if not public.has_permission('analytics.read') then
    raise exception 'Only administrators read the analytics' using errcode = '42501';
  end if;
  if p_from is null or p_to is null or p_to < p_from then
    raise exception 'Choose a range whose last day is not before its first' using errcode = '22023', hint = 'range';
  end if;
  v_days := p_to - p_from + 1;
  if v_days > 731 then
    raise exception 'Choose a range of at most two years' using errcode = '22023', hint = 'range';
  end if;
  v_previous_from := p_from - v_days;
  v_weekly := v_days > 62;

  return (
    with made as (
      select b.id, b.tour_id, b.source, b.status, b.amount_paid, (b.created_at at time zone v_zone)::date as day,
             case when b.status <> 'cancelled' then b.total_amount / r.units_per_usd else 0 end as usd
        from public.bookings b join public.currency_rates r on r.currency = b.currency
       where b.created_at >= v_previous_from::timestamp at time zone v_zone
         and b.created_at < (p_to + 1)::timestamp at time zone v_zone
         and b.status <> 'expired'
    ),
    current_made as (select * from made where day >= p_from),
    previous_made as (select * from made where day < p_from),
    events as (
      select e.name, e.user_type, (e.occurred_at at time zone v_zone)::date as day
        from public.analytics_events e
       where e.name in ('tour_view', 'booking_start')
         and e.occurred_at >= v_previous_from::timestamp at time zone v_zone
         and e.occurred_at < (p_to + 1)::timestamp at time zone v_zone
    ),
    funnel as (
      select period,
             (select count(*) from events e where e.name = 'tour_view' and (e.day >= p_from) = (period = 'current')) as tour_views,
             (select count(*) from events e where e.name = 'booking_start' and (e.day >= p_from) = (period = 'current')) as booking_starts,
             (select count(*) from made m where (m.day >= p_from) = (period = 'current')) as booked,
             (select count(*) from made m where (m.day >= p_from) = (period = 'current') and m.amount_paid > 0) as paid
        from (values ('current'), ('previous')) as p(period)
    ),
    buckets as (
      select case when v_weekly then date_trunc('week', d)::date else d::date end as bucket
        from generate_series(p_from, p_to, interval '1 day') d
       group by 1
    )
    -- The fields of analytics_report, in its order.
    select row(
      p_from, p_to, v_previous_from, p_from - 1,
      case when v_weekly then 'week' else 'day' end,
      row((select count(*) from current_made),
          (select coalesce(round(sum(usd), 2), 0) from current_made),
          (select count(*) from public.bookings b where b.status = 'cancelled'
             and (b.cancelled_at at time zone v_zone)::date between p_from and p_to))::public.analytics_totals,
      row((select count(*) from previous_made),
          (select coalesce(round(sum(usd), 2), 0) from previous_made),
          (select count(*) from public.bookings b where b.status = 'cancelled'
             and (b.cancelled_at at time zone v_zone)::date between v_previous_from and p_from - 1))::public.analytics_totals,
      array(
        select row(k.bucket,
                   (select count(*) from current_made m where (case when v_weekly then date_trunc('week', m.day)::date else m.day end) = k.bucket),
                   (select coalesce(round(sum(usd), 2), 0) from current_made m where (case when v_weekly then date_trunc('week', m.day)::date else m.day end) = k.bucket)
               )::public.analytics_period
          from buckets k
         order by k.bucket),
      array(
        select row(x.tour_title, x.bookings, x.revenue_usd)::public.analytics_tour
          from (select t.title as tour_title, count(*) as bookings, round(sum(m.usd), 2) as revenue_usd
                  from current_made m join public.tours t on t.id = m.tour_id
                 group by t.title) x
         order by x.revenue_usd desc, x.tour_title),
      array(
        select row(x.source, x.bookings, x.revenue_usd)::public.analytics_source
          from (select m.source, count(*) as bookings, round(sum(m.usd), 2) as revenue_usd from current_made m group by m.source) x
         order by x.bookings desc, x.source),
      row((select row(f.tour_views, f.booking_starts, f.booked, f.paid)::public.analytics_funnel_steps from funnel f where f.period = 'current'),
          (select row(f.tour_views, f.booking_starts, f.booked, f.paid)::public.analytics_funnel_steps from funnel f where f.period = 'previous')
      )::public.analytics_funnel,
      array(
        select row(x.user_type, x.views)::public.analytics_viewers
          from (select e.user_type, count(*) as views from events e where e.name = 'tour_view' and e.day >= p_from group by e.user_type) x
         order by x.views desc, x.user_type),
      array(
        select row(x.departure_id, x.tour_title, x.start_date, x.capacity, x.seats_booked, x.percent)::public.analytics_occupancy
          from (select d.id as departure_id, t.title as tour_title, d.start_date, d.capacity, d.seats_booked,
                       round(100.0 * d.seats_booked / nullif(d.capacity, 0), 1) as percent
                  from public.tour_departures d join public.tours t on t.id = d.tour_id
                 where d.status <> 'cancelled' and not d.is_private and d.start_date between p_from and p_to
                 order by d.start_date, t.title
                 limit 500) x
         order by x.start_date, x.tour_title),
      array(
        select row(x.reason, x.bookings)::public.analytics_cancellations
          from (select coalesce(nullif(btrim(b.cancellation_reason), ''), 'No reason given') as reason, count(*) as bookings
                  from public.bookings b
                 where b.status = 'cancelled' and (b.cancelled_at at time zone v_zone)::date between p_from and p_to
                 group by 1) x
         order by x.bookings desc, x.reason)
    )::public.analytics_report
  );
end
$$;

comment on function public.analytics_report(date, date) is
  'The analytics screen''s figures (analytics staff): bookings, revenue, the funnel, viewers, occupancy and cancellations over a range of at most two years, and the range before it.';

revoke execute on function public.analytics_report(date, date) from public, anon;
grant execute on function public.analytics_report(date, date) to authenticated, service_role;
