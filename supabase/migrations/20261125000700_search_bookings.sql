-- The back office's bookings list: one search box (reference, name, email, phone) and filters, sorted
-- and paged in SQL, with the count of every matching row for the pager and the export.

-- How much of a booking is paid, in the words of the list's filter: a refund owed back to the client,
-- paid in full, part paid, or nothing paid yet.
create or replace function public.payment_state_of(p_booking_id uuid, p_total numeric, p_paid numeric) returns text
language sql stable
set search_path = public
as $$
  select case
    when exists (select 1 from public.payments p where p.booking_id = p_booking_id and p.status = 'refund_due') then 'refund_due'
    when p_paid >= p_total and p_total > 0 then 'paid'
    when p_paid > 0 then 'part_paid'
    else 'unpaid'
  end
$$;

-- The ids of the bookings whose client's name, email or phone, or whose reference, holds the words:
-- each way an indexed lookup (trigram indexes below; a phone by four digits or more, however it was
-- written). Security definer so the indexes serve: under the tables' policies Postgres may not use an
-- index for LIKE (not leakproof). It returns ids only, to booking staff only; search_bookings reads
-- the bookings themselves under their policies.
create or replace function public.bookings_matching(p_query text) returns setof uuid
language plpgsql stable security definer
-- A search matches a few bookings: so the planner reads them by their ids rather than scanning all.
rows 50
set search_path = public
as $$
declare
  v_query text := btrim(coalesce(p_query, ''));
  v_escaped text := replace(replace(replace(lower(btrim(coalesce(p_query, ''))), '\', '\\'), '%', '\%'), '_', '\_');
  v_pattern text := '%' || v_escaped || '%';
  v_digits text := ltrim(regexp_replace(coalesce(p_query, ''), '[^0-9]', '', 'g'), '0');
begin
  if not public.has_permission('bookings.read') or v_query = '' or length(v_query) > 200 then
    return;
  end if;
  return query
    select id from public.bookings where lower(contact ->> 'full_name') like v_pattern
    union select id from public.bookings where lower(contact ->> 'email') like v_pattern
    union select b.id from public.bookings b
           where b.user_id in (select u.id from public.users u where lower(u.full_name) like v_pattern
                               union select u.id from public.users u where lower(u.email) like v_pattern)
    union select id from public.bookings where booking_reference like upper(v_escaped) || '%'
    union select id from public.bookings
           where v_digits ~ '[0-9]{4}' and regexp_replace(contact ->> 'phone', '[^0-9]', '', 'g') like '%' || v_digits || '%';
end
$$;

-- Staff holding bookings.read search every booking; the function runs as the caller, so the tables'
-- policies decide what it sees. Arguments left null do not filter. p_sort names one of the list's
-- sortable columns; a page holds at most 500 rows. p_attention picks what a dashboard figure counts,
-- by the same rule (admin_dashboard): balance_overdue, balance_due (within 14 days), hold_expiring
-- (within 24 hours). Returns { total, rows }.
create or replace function public.search_bookings(
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
  p_limit int default 25,
  p_offset int default 0,
  p_attention text default null
) returns jsonb
language plpgsql stable
set search_path = public
as $$
declare
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_today date := (now() at time zone 'Africa/Dar_es_Salaam')::date;
  v_due_days int := (public.payment_terms()).balance_due_days;
  v_where text[] := array['true'];
  v_departures boolean := false;
  v_order text;
  v_total bigint;
  v_rows jsonb;
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
  -- The words typed, as a LIKE pattern with its wildcards escaped.

  -- The conditions of the filters given, and only those: the statement is planned for what is asked
  -- (a first page of every booking is an index scan and a count, a name a scan of names). Values
  -- are quoted with %L; the order is one of the list's columns, checked above.
  -- A whole reference finds its booking alone.
  if v_query is not null and exists (select 1 from public.bookings where booking_reference = upper(v_query)) then
    v_where := v_where || format('b.booking_reference = %L', upper(v_query));
  elsif v_query is not null then
    v_where := v_where || format('b.id in (select public.bookings_matching(%L))', v_query);
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
  end || case when p_descending then ' desc nulls last' else ' asc nulls last' end || ', b.created_at desc, b.id';

  execute format('select count(*) from public.bookings b %s where %s',
                 case when v_departures then 'join public.tour_departures d on d.id = b.departure_id' else '' end,
                 array_to_string(v_where, ' and '))
    into v_total;

  -- The page: its ids in order first (a top-N sort, or the index's order), numbered as they come,
  -- then their details.
  execute format(
    $page$
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', b.id, 'booking_reference', b.booking_reference, 'status', b.status, 'created_at', b.created_at,
             'tour_id', b.tour_id, 'tour_title', t.title, 'departure_id', b.departure_id,
             'start_date', d.start_date, 'end_date', d.end_date,
             'client_name', coalesce(nullif(b.contact ->> 'full_name', ''), u.full_name),
             'client_email', coalesce(nullif(b.contact ->> 'email', ''), u.email),
             'client_phone', coalesce(nullif(b.contact ->> 'phone', ''), u.phone),
             'travelers', b.adults + b.children, 'total_amount', b.total_amount, 'amount_paid', b.amount_paid,
             'currency', b.currency, 'payment_state', public.payment_state_of(b.id, b.total_amount, b.amount_paid),
             'hold_expires_at', b.hold_expires_at) order by page.position), '[]'::jsonb)
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
    into v_rows;

  return jsonb_build_object('total', v_total, 'rows', v_rows);
end
$$;

revoke execute on function public.payment_state_of(uuid, numeric, numeric) from public, anon;
grant execute on function public.payment_state_of(uuid, numeric, numeric) to authenticated;
grant execute on function public.bookings_matching(text) to authenticated;
grant execute on function public.search_bookings(text, text[], text, uuid, uuid, date, date, date, date, text, boolean, int, int, text) to authenticated;

-- The list's usual order, and its status filter (bookings by tour and by departure have theirs).
create index if not exists bookings_created_at on public.bookings (created_at desc);
create index if not exists bookings_status_created on public.bookings (status, created_at desc);
create index if not exists payments_refund_due on public.payments (booking_id) where status = 'refund_due';
create index if not exists bookings_reference_prefix on public.bookings (booking_reference text_pattern_ops);

-- Part of a name or an email, anywhere in it: trigram indexes (pg_trgm, kept out of the public
-- schema so the API sees none of its functions).
create schema if not exists extensions;
create extension if not exists pg_trgm with schema extensions;
create index if not exists bookings_contact_name_trgm on public.bookings using gin (lower(contact ->> 'full_name') extensions.gin_trgm_ops);
create index if not exists bookings_contact_email_trgm on public.bookings using gin (lower(contact ->> 'email') extensions.gin_trgm_ops);
create index if not exists users_full_name_trgm on public.users using gin (lower(full_name) extensions.gin_trgm_ops);
create index if not exists users_email_trgm on public.users using gin (lower(email) extensions.gin_trgm_ops);
create index if not exists bookings_contact_phone_trgm on public.bookings
  using gin (regexp_replace(contact ->> 'phone', '[^0-9]', '', 'g') extensions.gin_trgm_ops);
