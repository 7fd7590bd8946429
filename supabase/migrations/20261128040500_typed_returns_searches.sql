-- The back office's searches answer with typed values instead of jsonb, so the generated types
-- (src/lib/database.types.ts) carry their shape: search_bookings and search_clients answer a page as
-- OUT parameters (total, and rows: an array of booking_search_row or client_search_row), admin_search
-- an array of admin_search_hit. The REST API answers the same JSON as before: the same objects, keys
-- and values, an array for rows and for admin_search's hits, [] when there are none. admin_search
-- reads the two searches' rows as columns now. A return type changes by a drop and a create: the
-- grants and settings are those they had (20261126005100_bookings_search_column.sql,
-- 20261126005000_company_time_zone.sql, 20261126001700_admin_search_clients.sql).

create type public.booking_search_row as (
  id uuid,
  booking_reference text,
  status text,
  created_at timestamptz,
  tour_id uuid,
  tour_title text,
  departure_id uuid,
  start_date date,
  end_date date,
  client_name text,
  client_email text,
  client_phone text,
  travelers int,
  total_amount numeric,
  amount_paid numeric,
  currency text,
  payment_state text,
  hold_expires_at timestamptz
);

comment on type public.booking_search_row is 'A row of the bookings list (search_bookings).';

create type public.client_search_row as (
  client_key text,
  kind text,
  user_id uuid,
  name text,
  email text,
  phone text,
  created_at timestamptz,
  bookings int,
  spent_usd numeric,
  last_trip date,
  next_trip date,
  tags text[],
  account_id uuid
);

comment on type public.client_search_row is
  'A row of the clients list (search_clients); account_id is, for a guest, the account with the same email made since.';

create type public.admin_search_hit as (
  kind text,
  id text,
  label text,
  description text
);

comment on type public.admin_search_hit is 'A record the command palette found (admin_search): a booking, a client or a tour.';

drop function public.admin_search(text);
drop function public.search_bookings(text, text[], text, uuid, uuid, date, date, date, date, text, boolean, integer, integer, text);

create function public.search_bookings(
  p_query text default null,
  p_statuses text[] default null,
  p_payment_state text default null,
  p_tour_id uuid default null,
  p_departure_id uuid default null,
  p_travel_from date default null,
  p_travel_until date default null,
  p_booked_from date default null,
  p_booked_until date default null,
  p_sort text default 'created_at',
  p_descending boolean default true,
  p_limit integer default 25,
  p_offset integer default 0,
  p_attention text default null,
  out total bigint,
  out rows public.booking_search_row[]
) returns record
language plpgsql stable security definer
set search_path = public
set random_page_cost = 1.1
as $$
declare
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_pattern text;
  v_digits text;
  v_today date := (now() at time zone public.company_time_zone())::date;
  v_due_days int := (public.payment_terms()).balance_due_days;
  v_where text[] := array['true'];
  v_departures boolean := false;
  v_order text;
begin
  if not public.has_permission('bookings.read') then
    raise exception 'Only the office team may search bookings' using errcode = '42501';
  end if;
  if p_sort is not null and p_sort not in ('created_at', 'start_date', 'booking_reference', 'name', 'total_amount', 'status') then
    raise exception 'The list cannot be sorted by %', p_sort using errcode = '22023';
  end if;
  if p_payment_state is not null and p_payment_state not in ('unpaid', 'part_paid', 'paid', 'refund_due') then
    raise exception 'Unknown payment state: %', p_payment_state using errcode = '22023';
  end if;
  if p_attention is not null and p_attention not in ('balance_overdue', 'balance_due', 'hold_expiring') then
    raise exception 'Unknown list: %', p_attention using errcode = '22023';
  end if;
  if coalesce(p_limit, 25) not between 1 and 500 or coalesce(p_offset, 0) < 0 then
    raise exception 'A page holds 1 to 500 bookings' using errcode = '22023';
  end if;
  if length(v_query) > 200 then
    raise exception 'The search is too long' using errcode = '22023';
  end if;

  -- The conditions of the filters given, and only those: the statement is planned for what is asked
  -- (a first page of every booking is an index scan and a count, a name a scan of names). Values
  -- are quoted with %L; the order is one of the list's columns, checked above.
  if v_query is not null and exists (select 1 from public.bookings where booking_reference = upper(v_query)) then
    v_where := v_where || format('b.booking_reference = %L', upper(v_query));
  elsif v_query is not null then
    -- The words as a LIKE pattern with its wildcards escaped.
    v_pattern := '%' || replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_digits := case when v_query ~ '^[0-9 +().-]+$' then ltrim(regexp_replace(v_query, '[^0-9]', '', 'g'), '0') end;
    v_where := v_where || format('(b.search like %L%s)', v_pattern,
      case when v_digits ~ '[0-9]{4}' then format(' or b.search like %L', '%' || v_digits || '%') else '' end);
  end if;
  if p_statuses is not null and cardinality(p_statuses) > 0 then
    v_where := v_where || format('b.status = any (%L::text[])', p_statuses);
  end if;
  if p_tour_id is not null then
    v_where := v_where || format('b.tour_id = %L', p_tour_id);
  end if;
  if p_departure_id is not null then
    v_where := v_where || format('b.departure_id = %L', p_departure_id);
  end if;
  if p_travel_from is not null then
    v_where := v_where || format('d.start_date >= %L', p_travel_from);
    v_departures := true;
  end if;
  if p_travel_until is not null then
    v_where := v_where || format('d.start_date <= %L', p_travel_until);
    v_departures := true;
  end if;
  if p_booked_from is not null then
    v_where := v_where || format('b.created_at >= %L::date', p_booked_from);
  end if;
  if p_booked_until is not null then
    v_where := v_where || format('b.created_at < %L::date + 1', p_booked_until);
  end if;
  -- The payment states of payment_state_of(), written out so each is a plain condition.
  if p_payment_state = 'refund_due' then
    v_where := v_where || 'b.id in (select booking_id from public.payments where status = ''refund_due'')'::text;
  elsif p_payment_state is not null then
    v_where := v_where || ('b.id not in (select booking_id from public.payments where status = ''refund_due'')'
      || case p_payment_state
           when 'paid' then ' and b.amount_paid >= b.total_amount and b.total_amount > 0'
           when 'part_paid' then ' and b.amount_paid > 0 and not (b.amount_paid >= b.total_amount and b.total_amount > 0)'
           else ' and b.amount_paid <= 0 and not (b.amount_paid >= b.total_amount and b.total_amount > 0)' end);
  end if;

  -- The dashboard's lists, by the rule of its figures (admin_dashboard).
  if p_attention = 'balance_overdue' then
    v_where := v_where || format('(b.status = ''confirmed'' and b.amount_paid < b.total_amount and d.start_date - %s < %L)', v_due_days, v_today);
    v_departures := true;
  elsif p_attention = 'balance_due' then
    v_where := v_where || format('(b.status = ''confirmed'' and b.amount_paid < b.total_amount and d.start_date - %s between %L and %L)',
                                 v_due_days, v_today, v_today + 13);
    v_departures := true;
  elsif p_attention = 'hold_expiring' then
    v_where := v_where || '(b.status = ''pending'' and b.hold_expires_at > now() and b.hold_expires_at <= now() + interval ''24 hours'')'::text;
  end if;
  v_order := case coalesce(p_sort, 'created_at')
    when 'created_at' then 'b.created_at'
    when 'start_date' then 'd.start_date'
    when 'total_amount' then 'b.total_amount'
    when 'booking_reference' then 'b.booking_reference'
    when 'status' then 'b.status'
    when 'name' then 'lower(coalesce(nullif(b.contact ->> ''full_name'', ''''), u.full_name))'
  end || case when p_descending then ' desc' else ' asc' end
    -- Only the travel date and the name can be missing; the other columns keep their indexes' order.
    || case when p_sort in ('start_date', 'name') then ' nulls last' else '' end
    || ', b.created_at desc, b.id';

  execute format('select count(*) from public.bookings b %s where %s',
                 case when v_departures then 'join public.tour_departures d on d.id = b.departure_id' else '' end,
                 array_to_string(v_where, ' and '))
    into total;

  -- The page: its ids in order first (a top-N sort, or the index's order), numbered as they come,
  -- then their details.
  execute format(
    $page$
    -- The fields of booking_search_row, in its order.
    select coalesce(array_agg(row(
             b.id, b.booking_reference, b.status, b.created_at,
             b.tour_id, t.title, b.departure_id,
             d.start_date, d.end_date,
             coalesce(nullif(b.contact ->> 'full_name', ''), u.full_name),
             coalesce(nullif(b.contact ->> 'email', ''), u.email),
             coalesce(nullif(b.contact ->> 'phone', ''), u.phone),
             b.adults + b.children, b.total_amount, b.amount_paid,
             b.currency, public.payment_state_of(b.id, b.total_amount, b.amount_paid),
             b.hold_expires_at)::public.booking_search_row order by page.position), '{}')
      from (select ordered.id, row_number() over () as position
              from (select b.id
                      from public.bookings b
                      left join public.tour_departures d on d.id = b.departure_id
                      left join public.users u on u.id = b.user_id
                     where %2$s
                     order by %1$s
                     limit %3$s offset %4$s) ordered) page
      join public.bookings b on b.id = page.id
      join public.tours t on t.id = b.tour_id
      left join public.tour_departures d on d.id = b.departure_id
      left join public.users u on u.id = b.user_id
    $page$,
    v_order, array_to_string(v_where, ' and '), coalesce(p_limit, 25), coalesce(p_offset, 0))
    into rows;
end
$$;

comment on function public.search_bookings(text, text[], text, uuid, uuid, date, date, date, date, text, boolean, integer, integer, text) is
  'A page of the bookings list (booking staff): the bookings the filters match, sorted, and how many match in all.';

revoke execute on function public.search_bookings(text, text[], text, uuid, uuid, date, date, date, date, text, boolean, integer, integer, text) from public, anon;
grant execute on function public.search_bookings(text, text[], text, uuid, uuid, date, date, date, date, text, boolean, integer, integer, text)
  to authenticated, service_role;

drop function public.search_clients(text, text, text, boolean, text, boolean, integer, integer);

create function public.search_clients(
  p_query text default null,
  p_kind text default null,
  p_tag text default null,
  p_upcoming boolean default null,
  p_sort text default 'name',
  p_descending boolean default false,
  p_limit integer default 25,
  p_offset integer default 0,
  out total bigint,
  out rows public.client_search_row[]
) returns record
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

  execute format('select count(*) from public.client_directory d where %s', array_to_string(v_where, ' and ')) into total;

  execute format(
    $page$
    -- The fields of client_search_row, in its order.
    select coalesce(array_agg(row(
             d.client_key, d.kind, d.user_id, d.name,
             d.email, d.phone, d.created_at,
             d.bookings, d.spent_usd,
             (select max(t) from unnest(d.trips) t where t < %1$L),
             (select min(t) from unnest(d.trips) t where t >= %1$L),
             array(select ct.tag from public.client_tags ct where ct.client_key = d.client_key order by ct.tag),
             -- A guest whose email has an account since: the duplicate to merge.
             case when d.kind = 'guest' then (select u.id from public.users u where lower(u.email) = d.email and u.role = 'traveler' limit 1) end
           )::public.client_search_row order by page.position), '{}')
      from (select d.client_key, row_number() over () as position
              from (select d.client_key from public.client_directory d where %2$s order by %3$s limit %4$s offset %5$s) d) page
      join public.client_directory d on d.client_key = page.client_key
    $page$,
    v_today, array_to_string(v_where, ' and '), v_order, coalesce(p_limit, 25), coalesce(p_offset, 0))
    into rows;
end
$$;

comment on function public.search_clients(text, text, text, boolean, text, boolean, integer, integer) is
  'A page of the clients list (client staff): the clients the filters match, sorted, and how many match in all.';

revoke execute on function public.search_clients(text, text, text, boolean, text, boolean, integer, integer) from public, anon;
grant execute on function public.search_clients(text, text, text, boolean, text, boolean, integer, integer) to authenticated, service_role;

create function public.admin_search(p_query text) returns public.admin_search_hit[]
language plpgsql stable
set search_path = public
as $$
declare
  v_query text := btrim(coalesce(p_query, ''));
  v_pattern text;
begin
  if not public.has_permission('backoffice.open') then
    raise exception 'Only the office team may search the back office' using errcode = '42501';
  end if;
  if length(v_query) < 2 then
    return '{}';
  end if;
  if length(v_query) > 100 then
    raise exception 'The search is too long' using errcode = '22023';
  end if;
  v_pattern := '%' || replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  -- Each hit: its kind, id, label and description (admin_search_hit).
  return array(
    (select row('booking', b.id::text, b.booking_reference, concat_ws(' · ', b.client_name, b.tour_title, b.status))::public.admin_search_hit
       from unnest(case when public.has_permission('bookings.read')
                        then (public.search_bookings(p_query => v_query, p_limit => 5)).rows end) b)
    union all
    (select row('client', c.client_key, c.name, concat_ws(' · ', c.email, case when c.kind = 'guest' then 'guest' end))::public.admin_search_hit
       from unnest(case when public.has_permission('clients.read')
                        then (public.search_clients(p_query => v_query, p_limit => 5)).rows end) c)
    union all
    (select row('tour', t.id::text, t.title, concat_ws(' · ', t.duration_days || ' days', t.status))::public.admin_search_hit
       from public.tours t
      where lower(t.title) like v_pattern
      order by t.title
      limit 5)
  );
end
$$;

comment on function public.admin_search(text) is
  'The command palette''s search (office staff): the bookings, clients and tours a query finds, five of each at most, each as the caller may read.';

revoke execute on function public.admin_search(text) from public, anon;
grant execute on function public.admin_search(text) to authenticated, service_role;
