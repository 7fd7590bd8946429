-- The analytics screen's figures for a range of days (the company's), with the same length of days
-- just before it beside them: bookings and revenue in US dollars (through currency_rates) by day or
-- week, tour and source; the funnel from the first-party events (tour viewed, booking started) to
-- bookings made and paid; occupancy of the departures of the range; cancellations and their reasons;
-- who viewed tours by user type. Bookings count when made in the range and not released unpaid
-- (expired); revenue leaves cancelled bookings out. For admins (analytics.read).

insert into public.role_permissions (role, permission) values ('admin', 'analytics.read') on conflict do nothing;

create or replace function public.analytics_report(p_from date, p_to date) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_zone text := public.company_time_zone();
  v_days int;
  v_previous_from date;
  v_weekly boolean;
  v_result jsonb;
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
  select jsonb_build_object(
    'from', p_from, 'to', p_to, 'previous_from', v_previous_from, 'previous_to', p_from - 1,
    'bucket', case when v_weekly then 'week' else 'day' end,
    'totals', jsonb_build_object(
      'bookings', (select count(*) from current_made),
      'revenue_usd', (select coalesce(round(sum(usd), 2), 0) from current_made),
      'cancelled', (select count(*) from public.bookings b where b.status = 'cancelled'
                      and (b.cancelled_at at time zone v_zone)::date between p_from and p_to)),
    'previous', jsonb_build_object(
      'bookings', (select count(*) from previous_made),
      'revenue_usd', (select coalesce(round(sum(usd), 2), 0) from previous_made),
      'cancelled', (select count(*) from public.bookings b where b.status = 'cancelled'
                      and (b.cancelled_at at time zone v_zone)::date between v_previous_from and p_from - 1)),
    'series', coalesce((
      select jsonb_agg(jsonb_build_object('period', k.bucket,
               'bookings', (select count(*) from current_made m where (case when v_weekly then date_trunc('week', m.day)::date else m.day end) = k.bucket),
               'revenue_usd', (select coalesce(round(sum(usd), 2), 0) from current_made m where (case when v_weekly then date_trunc('week', m.day)::date else m.day end) = k.bucket))
             order by k.bucket)
        from buckets k), '[]'),
    'by_tour', coalesce((
      select jsonb_agg(x order by x.revenue_usd desc, x.tour_title) from (
        select t.title as tour_title, count(*) as bookings, round(sum(m.usd), 2) as revenue_usd
          from current_made m join public.tours t on t.id = m.tour_id
         group by t.title) x), '[]'),
    'by_source', coalesce((
      select jsonb_agg(x order by x.bookings desc, x.source) from (
        select m.source, count(*) as bookings, round(sum(m.usd), 2) as revenue_usd from current_made m group by m.source) x), '[]'),
    'funnel', (select jsonb_object_agg(f.period, to_jsonb(f) - 'period') from funnel f),
    'viewers', coalesce((
      select jsonb_agg(x order by x.views desc, x.user_type) from (
        select e.user_type, count(*) as views from events e where e.name = 'tour_view' and e.day >= p_from group by e.user_type) x), '[]'),
    'occupancy', coalesce((
      select jsonb_agg(x order by x.start_date, x.tour_title) from (
        select d.id as departure_id, t.title as tour_title, d.start_date, d.capacity, d.seats_booked,
               round(100.0 * d.seats_booked / nullif(d.capacity, 0), 1) as percent
          from public.tour_departures d join public.tours t on t.id = d.tour_id
         where d.status <> 'cancelled' and not d.is_private and d.start_date between p_from and p_to
         order by d.start_date, t.title
         limit 500) x), '[]'),
    'cancellations', coalesce((
      select jsonb_agg(x order by x.bookings desc, x.reason) from (
        select coalesce(nullif(btrim(b.cancellation_reason), ''), 'No reason given') as reason, count(*) as bookings
          from public.bookings b
         where b.status = 'cancelled' and (b.cancelled_at at time zone v_zone)::date between p_from and p_to
         group by 1) x), '[]')
  ) into v_result;
  return v_result;
end
$$;

revoke execute on function public.analytics_report(date, date) from public, anon;
grant execute on function public.analytics_report(date, date) to authenticated;
