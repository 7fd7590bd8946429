-- The dashboard's "Leaving today" and "Returning today" said which trip and how many travelers, not
-- who leads it or in what: the office then opened the calendar to answer the driver's call. Each
-- departure of the dashboard now carries its guides and vehicles by name (null when none yet).
-- Otherwise as in 20261127001300_dashboard_month_start.sql.
CREATE OR REPLACE FUNCTION public.admin_dashboard(p_today date DEFAULT NULL::date)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
AS $function$
declare
  v_zone text := public.company_time_zone();
  v_today date := coalesce(p_today, (now() at time zone v_zone)::date);
  v_month date := date_trunc('month', v_today)::date;
  v_due_days int := (public.payment_terms()).balance_due_days;
  v_result jsonb;
begin
  if not public.has_permission('dashboard.read') then
    raise exception 'Only the office team may see the dashboard' using errcode = '42501';
  end if;

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
  select jsonb_build_object(
    'today', v_today,
    'departures_today', coalesce((select jsonb_agg(to_jsonb(d) - 'status' order by d.tour_title) from departures d where d.start_date = v_today), '[]'),
    'returning_today', coalesce((select jsonb_agg(to_jsonb(d) - 'status' order by d.tour_title) from departures d where d.end_date = v_today), '[]'),
    'week_departures', coalesce((select jsonb_agg(to_jsonb(d) order by d.start_date, d.tour_title) from departures d where d.start_date between v_today and v_today + 6), '[]'),
    'bookings_this_month', jsonb_build_object(
      'count', (select count(*) from made where created_at >= v_month::timestamp at time zone v_zone),
      'revenue_usd', (select coalesce(round(sum(usd), 2), 0) from made where created_at >= v_month::timestamp at time zone v_zone)),
    'bookings_last_month', jsonb_build_object(
      'count', (select count(*) from made where created_at < v_month::timestamp at time zone v_zone),
      'revenue_usd', (select coalesce(round(sum(usd), 2), 0) from made where created_at < v_month::timestamp at time zone v_zone)),
    'balances_due', jsonb_build_object(
      'count', (select count(*) from balances where due_date between v_today and v_today + 13),
      'usd', (select coalesce(round(sum(usd), 2), 0) from balances where due_date between v_today and v_today + 13)),
    'balances_overdue', jsonb_build_object(
      'count', (select count(*) from balances where due_date < v_today),
      'usd', (select coalesce(round(sum(usd), 2), 0) from balances where due_date < v_today)),
    'holds_expiring', (select count(*) from public.bookings b
                       where b.status = 'pending' and b.hold_expires_at > now() and b.hold_expires_at <= now() + interval '24 hours'),
    'open_enquiries', (select count(*) from public.enquiries e where e.status in ('new', 'contacted', 'quoted')),
    'unanswered_threads', (select count(*) from threads where sender = 'traveler'),
    'refunds_owed', jsonb_build_object(
      'count', (select count(*) from public.payments p where p.status = 'refund_due'),
      'usd', (select coalesce(round(sum(p.amount / r.units_per_usd), 2), 0) from public.payments p
              join public.currency_rates r on r.currency = p.currency where p.status = 'refund_due')),
    'failed_emails', (select count(*) from public.email_queue q where q.status = 'failed'),
    'recent_bookings', coalesce((
      select jsonb_agg(x order by x.created_at desc) from (
        select b.id, b.booking_reference, b.contact ->> 'full_name' as name, t.title as tour_title, b.status,
               b.total_amount, b.currency, b.created_at
        from public.bookings b
        join public.tours t on t.id = b.tour_id
        order by b.created_at desc
        limit 8
      ) x), '[]')
  ) into v_result;
  return v_result;
end
$function$;
