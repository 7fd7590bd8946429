-- The company's time zone (booking_settings.time_zone, Africa/Dar_es_Salaam unless an admin
-- changes it) decides what "today" is for the functions that count days: the dashboard, the
-- cancellation fee's days before departure, the clients' next trips, the bookings list's balances
-- due, the holds-expiring notice's clock. They named the zone themselves until now.

-- The zone itself, for the functions and the server's emails. A definer: only admins read the
-- settings row, and the zone is nobody's secret.
create or replace function public.company_time_zone() returns text
language sql stable security definer
set search_path = public
as $$
  select coalesce((select time_zone from public.booking_settings), 'Africa/Dar_es_Salaam')
$$;

revoke execute on function public.company_time_zone() from public, anon;
grant execute on function public.company_time_zone() to authenticated, service_role;

-- The dashboard: as in 20261126000150_dashboard_open_enquiries.sql, in the company's time zone.
create or replace function public.admin_dashboard(p_today date default null) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
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
    select d.id as departure_id, t.title as tour_title, d.start_date, d.end_date, d.seats_booked, d.capacity, d.status
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
      'count', (select count(*) from made where created_at >= v_month at time zone v_zone),
      'revenue_usd', (select coalesce(round(sum(usd), 2), 0) from made where created_at >= v_month at time zone v_zone)),
    'bookings_last_month', jsonb_build_object(
      'count', (select count(*) from made where created_at < v_month at time zone v_zone),
      'revenue_usd', (select coalesce(round(sum(usd), 2), 0) from made where created_at < v_month at time zone v_zone)),
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
$$;

-- The cancellation fee, by whole days before departure counted from the company's today: as in 20261125000900_booking_changes.sql, in the company's time zone.
create or replace function public.cancellation_terms(p_booking_id uuid) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_zone text := public.company_time_zone();
  v_booking public.bookings;
  v_start date;
  v_days int;
  v_percent numeric;
  v_fee numeric(12, 2);
begin
  if not public.has_permission('bookings.write') then
    raise exception 'Only the office team may cancel a booking under the policy' using errcode = '42501';
  end if;
  select * into v_booking from public.bookings where id = p_booking_id;
  if not found then
    raise exception 'This booking could not be found' using errcode = 'PT404';
  end if;
  select start_date into v_start from public.tour_departures where id = v_booking.departure_id;
  v_days := greatest(0, coalesce(v_start, current_date) - (now() at time zone v_zone)::date);
  select fee_percent into v_percent from public.cancellation_policy_tiers where min_days_before <= v_days
   order by min_days_before desc limit 1;
  v_percent := coalesce(v_percent, 100);
  v_fee := round(v_booking.total_amount * v_percent / 100, 2);
  return jsonb_build_object(
    'days_before', v_days,
    'fee_percent', v_percent,
    'fee', v_fee,
    'paid', v_booking.amount_paid,
    'fee_kept', least(v_fee, v_booking.amount_paid),
    'refund', greatest(0, v_booking.amount_paid - v_fee),
    'currency', v_booking.currency);
end
$$;

-- The holds-expiring notice, its time on the company's clock: as in 20261126003100_staff_notifications.sql, in the company's time zone.
create or replace function public.notify_staff_of_expiring_holds() returns integer
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_zone text := public.company_time_zone();
  v_booking record;
  v_count integer := 0;
begin
  for v_booking in
    select b.id, b.booking_reference, b.hold_expires_at, b.contact ->> 'full_name' as name
      from public.bookings b
     where b.status = 'pending' and b.hold_expires_at > now() and b.hold_expires_at <= now() + interval '24 hours'
       and not exists (select 1 from public.staff_notifications n where n.kind = 'hold_expiring' and n.record_id = b.id::text)
  loop
    v_count := v_count + public.notify_staff(
      'hold_expiring', 'bookings.read',
      'Hold ending on ' || v_booking.booking_reference,
      concat_ws(' · ', nullif(v_booking.name, ''),
                'unpaid, seats released ' || to_char(v_booking.hold_expires_at at time zone v_zone, 'Dy DD Mon HH24:MI')),
      '/admin/bookings/' || v_booking.id, v_booking.id::text);
  end loop;
  return v_count;
end
$$;

-- A client's page, its trips upcoming or past from the company's today: as in 20261126001300_client_details.sql, in the company's time zone.
create or replace function public.client_details(p_client_key text) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_zone text := public.company_time_zone();
  v_key text := lower(btrim(coalesce(p_client_key, '')));
  v_today date := (now() at time zone v_zone)::date;
  v_user public.users;
  v_client jsonb;
  v_email text;
begin
  if not public.has_permission('clients.read') then
    raise exception 'Only the office team may read clients' using errcode = '42501';
  end if;
  if public.is_client_key(v_key) and v_key ~ '^[0-9a-f]{8}-' then
    select * into v_user from public.users where id = v_key::uuid and role = 'traveler';
    if found then
      v_email := lower(v_user.email);
      v_client := jsonb_build_object(
        'client_key', v_key, 'kind', 'account', 'user_id', v_user.id, 'name', coalesce(nullif(v_user.full_name, ''), v_user.email),
        'email', v_user.email, 'phone', v_user.phone, 'country', v_user.country, 'created_at', v_user.created_at,
        'last_sign_in_at', (select a.last_sign_in_at from auth.users a where a.id = v_user.id),
        'email_confirmed', (select a.email_confirmed_at is not null from auth.users a where a.id = v_user.id));
    end if;
  elsif public.is_client_key(v_key) then
    select jsonb_build_object(
             'client_key', v_key, 'kind', 'guest', 'user_id', null, 'name', coalesce(nullif(b.contact ->> 'full_name', ''), v_key),
             'email', v_key, 'country', b.contact ->> 'country',
             -- The latest phone they gave, as in the list.
             'phone', (select nullif(btrim(p.contact ->> 'phone'), '') from public.client_bookings(v_key) p
                        where nullif(btrim(p.contact ->> 'phone'), '') is not null order by p.created_at desc limit 1),
             'created_at', (select min(f.created_at) from public.client_bookings(v_key) f))
      into v_client
      from public.client_bookings(v_key) b
     order by b.created_at desc
     limit 1;
    v_email := v_key;
  end if;
  if v_client is null then
    raise exception 'This client could not be found' using errcode = 'PT404';
  end if;

  return v_client || jsonb_build_object(
    'bookings', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', b.id, 'booking_reference', b.booking_reference, 'status', b.status, 'created_at', b.created_at,
               'tour_title', t.title, 'start_date', d.start_date, 'end_date', d.end_date, 'travelers', b.adults + b.children,
               'total_amount', b.total_amount, 'amount_paid', b.amount_paid, 'currency', b.currency,
               'contact_name', b.contact ->> 'full_name', 'contact_email', b.contact ->> 'email')
             order by d.start_date desc nulls last, b.created_at desc)
        from public.client_bookings(v_key) b
        join public.tours t on t.id = b.tour_id
        left join public.tour_departures d on d.id = b.departure_id), '[]'),
    'payments', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', p.id, 'booking_id', b.id, 'booking_reference', b.booking_reference, 'amount', p.amount, 'currency', p.currency,
               'method', p.method, 'status', p.status, 'paid_at', p.paid_at, 'created_at', p.created_at)
             order by coalesce(p.paid_at, p.created_at) desc)
        from public.client_bookings(v_key) b
        join public.payments p on p.booking_id = b.id), '[]'),
    'spent_usd', (select coalesce(round(sum(b.amount_paid / r.units_per_usd), 2), 0)
                    from public.client_bookings(v_key) b join public.currency_rates r on r.currency = b.currency),
    'last_trip', (select max(d.start_date) from public.client_bookings(v_key) b join public.tour_departures d on d.id = b.departure_id
                   where d.start_date < v_today and b.status in ('pending', 'confirmed', 'completed')),
    'next_trip', (select min(d.start_date) from public.client_bookings(v_key) b join public.tour_departures d on d.id = b.departure_id
                   where d.start_date >= v_today and b.status in ('pending', 'confirmed', 'completed')),
    'threads', coalesce((
      select jsonb_agg(th order by th ->> 'last_at' desc)
        from (select jsonb_build_object(
                       'thread_id', m.thread_id,
                       'subject', (array_agg(m.subject order by m.created_at) filter (where m.subject is not null))[1],
                       'messages', count(*), 'last_at', max(m.created_at),
                       'unread', count(*) filter (where m.sender = 'traveler' and m.read_at is null)) as th
                from public.messages m
               where v_user.id is not null and m.user_id = v_user.id
               group by m.thread_id) threads), '[]'),
    'activity', coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'action', a.action, 'resource_type', a.resource_type, 'resource_id', a.resource_id, 'created_at', a.created_at)
             order by a.created_at desc)
        from (select * from public.user_activity_logs where v_user.id is not null and user_id = v_user.id order by created_at desc limit 50) a), '[]'),
    'notes', coalesce((
      select jsonb_agg(jsonb_build_object('id', n.id, 'body', n.body, 'created_at', n.created_at, 'author_id', n.author_id,
                                          'author_name', (select coalesce(nullif(s.full_name, ''), s.email) from public.users s where s.id = n.author_id))
             order by n.created_at desc)
        from public.client_notes n where n.client_key = v_key), '[]'),
    'tags', coalesce((select jsonb_agg(ct.tag order by ct.tag) from public.client_tags ct where ct.client_key = v_key), '[]'),
    -- The same email as a guest or as an account: the other half of a duplicate, to merge.
    'same_email', coalesce((
      select jsonb_agg(jsonb_build_object('client_key', o.client_key, 'kind', o.kind))
        from (select u.id::text as client_key, 'account' as kind from public.users u
               where v_user.id is null and u.role = 'traveler' and lower(u.email) = v_email
              union
              select v_email, 'guest' where v_user.id is not null
                and exists (select 1 from public.bookings b where b.user_id is null and lower(b.contact ->> 'email') = v_email)) o), '[]')
  );
end
$$;

-- The clients list, its next trips from the company's today: as in 20261126001600_client_directory.sql, in the company's time zone.
create or replace function public.search_clients(
  p_query text default null,
  p_kind text default null,
  p_tag text default null,
  p_upcoming boolean default null,
  p_sort text default 'name',
  p_descending boolean default false,
  p_limit int default 25,
  p_offset int default 0
) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_zone text := public.company_time_zone();
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_today date := (now() at time zone v_zone)::date;
  v_digits text;
  v_where text[] := array['true'];
  v_order text;
  v_total bigint;
  v_rows jsonb;
begin
  if not public.has_permission('clients.read') then
    raise exception 'Only the office team may list clients' using errcode = '42501';
  end if;
  if p_sort is not null and p_sort not in ('name', 'email', 'bookings', 'spent', 'last_trip', 'next_trip', 'created_at') then
    raise exception 'The list cannot be sorted by %', p_sort using errcode = '22023';
  end if;
  if p_kind is not null and p_kind not in ('account', 'guest') then
    raise exception 'A client is an account or a guest, not %', p_kind using errcode = '22023';
  end if;
  if coalesce(p_limit, 25) not between 1 and 500 or coalesce(p_offset, 0) < 0 then
    raise exception 'A page holds 1 to 500 clients' using errcode = '22023';
  end if;
  if length(v_query) > 200 then
    raise exception 'The search is too long' using errcode = '22023';
  end if;

  if v_query is not null then
    -- Words anywhere in the name or email (LIKE's wildcards escaped), or four digits or more of the phone.
    v_digits := ltrim(regexp_replace(v_query, '[^0-9]', '', 'g'), '0');
    v_where := v_where || format('(d.search like %L%s)',
      '%' || replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_') || '%',
      case when v_digits ~ '[0-9]{4}' then format(' or d.phone_digits like %L', '%' || v_digits || '%') else '' end);
  end if;
  if p_kind is not null then
    v_where := v_where || format('d.kind = %L', p_kind);
  end if;
  if p_tag is not null then
    v_where := v_where || format('d.client_key in (select client_key from public.client_tags where tag = %L)', lower(btrim(p_tag)));
  end if;
  if p_upcoming then
    v_where := v_where || format('d.latest_trip >= %L', v_today);
  elsif not p_upcoming then
    v_where := v_where || format('(d.latest_trip is null or d.latest_trip < %L)', v_today);
  end if;

  v_order := case coalesce(p_sort, 'name')
    when 'name' then 'lower(d.name)'
    when 'email' then 'd.email'
    when 'created_at' then 'd.created_at'
    when 'bookings' then 'd.bookings'
    when 'spent' then 'd.spent_usd'
    when 'last_trip' then format('(select max(t) from unnest(d.trips) t where t < %L)', v_today)
    when 'next_trip' then format('(select min(t) from unnest(d.trips) t where t >= %L)', v_today)
  end || case when p_descending then ' desc nulls last' else ' asc nulls last' end || ', d.client_key';

  execute format('select count(*) from public.client_directory d where %s', array_to_string(v_where, ' and ')) into v_total;

  execute format(
    $page$
    select coalesce(jsonb_agg(jsonb_build_object(
             'client_key', d.client_key, 'kind', d.kind, 'user_id', d.user_id, 'name', d.name,
             'email', d.email, 'phone', d.phone, 'created_at', d.created_at,
             'bookings', d.bookings, 'spent_usd', d.spent_usd,
             'last_trip', (select max(t) from unnest(d.trips) t where t < %1$L),
             'next_trip', (select min(t) from unnest(d.trips) t where t >= %1$L),
             'tags', coalesce((select jsonb_agg(ct.tag order by ct.tag) from public.client_tags ct where ct.client_key = d.client_key), '[]'::jsonb),
             -- A guest whose email has an account since: the duplicate to merge.
             'account_id', case when d.kind = 'guest' then (select u.id from public.users u where lower(u.email) = d.email and u.role = 'traveler' limit 1) end
           ) order by page.position), '[]'::jsonb)
      from (select d.client_key, row_number() over () as position
              from (select d.client_key from public.client_directory d where %2$s order by %3$s limit %4$s offset %5$s) d) page
      join public.client_directory d on d.client_key = page.client_key
    $page$,
    v_today, array_to_string(v_where, ' and '), v_order, coalesce(p_limit, 25), coalesce(p_offset, 0))
    into v_rows;

  return jsonb_build_object('total', v_total, 'rows', v_rows);
end
$$;
