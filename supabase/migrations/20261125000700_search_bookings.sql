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
  v_escaped text;
  v_pattern text;
  v_digits text := ltrim(regexp_replace(coalesce(p_query, ''), '[^0-9]', '', 'g'), '0');
  v_today date := (now() at time zone 'Africa/Dar_es_Salaam')::date;
  v_due_days int := (public.payment_terms()).balance_due_days;
  v_result jsonb;
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
  v_escaped := replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_');
  v_pattern := '%' || v_escaped || '%';

  -- One pass over the matching bookings: the count of all of them (a window over the whole match,
  -- before the limit) and the page, picked by a top-N sort on the chosen column's own type.
  with page as (
    select b.id, b.booking_reference, b.status, b.created_at, b.tour_id, b.departure_id, b.adults, b.children,
           b.total_amount, b.amount_paid, b.currency, b.hold_expires_at, b.contact,
           t.title as tour_title, d.start_date, d.end_date,
           coalesce(nullif(b.contact ->> 'full_name', ''), u.full_name) as client_name,
           coalesce(nullif(b.contact ->> 'email', ''), u.email) as client_email,
           coalesce(nullif(b.contact ->> 'phone', ''), u.phone) as client_phone,
           count(*) over () as total
      from public.bookings b
      join public.tours t on t.id = b.tour_id
      left join public.tour_departures d on d.id = b.departure_id
      left join public.users u on u.id = b.user_id
     where (v_query is null
            or b.booking_reference = upper(v_query)
            or b.booking_reference like upper(v_escaped) || '%'
            or lower(b.contact ->> 'full_name') like v_pattern
            or lower(b.contact ->> 'email') like v_pattern
            -- A phone number by four digits or more, however it was written: spaces, dashes, and the
            -- country code or the local 0 in front.
            or (v_digits ~ '[0-9]{4}' and regexp_replace(b.contact ->> 'phone', '[^0-9]', '', 'g') like '%' || v_digits || '%')
            or lower(u.full_name) like v_pattern
            or lower(u.email) like v_pattern)
       and (p_statuses is null or cardinality(p_statuses) = 0 or b.status = any (p_statuses))
       and (p_tour_id is null or b.tour_id = p_tour_id)
       and (p_departure_id is null or b.departure_id = p_departure_id)
       and (p_travel_from is null or d.start_date >= p_travel_from)
       and (p_travel_until is null or d.start_date <= p_travel_until)
       and (p_booked_from is null or b.created_at >= p_booked_from)
       and (p_booked_until is null or b.created_at < p_booked_until + 1)
       and (p_payment_state is null or public.payment_state_of(b.id, b.total_amount, b.amount_paid) = p_payment_state)
       and (p_attention is null
            or (p_attention = 'balance_overdue' and b.status = 'confirmed' and b.amount_paid < b.total_amount and d.start_date - v_due_days < v_today)
            or (p_attention = 'balance_due' and b.status = 'confirmed' and b.amount_paid < b.total_amount
                and d.start_date - v_due_days between v_today and v_today + 13)
            or (p_attention = 'hold_expiring' and b.status = 'pending' and b.hold_expires_at > now() and b.hold_expires_at <= now() + interval '24 hours'))
     order by
       case when p_sort = 'created_at' and p_descending then b.created_at end desc,
       case when p_sort = 'created_at' and not p_descending then b.created_at end,
       case when p_sort = 'start_date' and p_descending then d.start_date end desc nulls last,
       case when p_sort = 'start_date' and not p_descending then d.start_date end nulls last,
       case when p_sort = 'total_amount' and p_descending then b.total_amount end desc,
       case when p_sort = 'total_amount' and not p_descending then b.total_amount end,
       case when p_descending then case p_sort when 'booking_reference' then b.booking_reference when 'status' then b.status
                                               when 'name' then lower(coalesce(nullif(b.contact ->> 'full_name', ''), u.full_name)) end end desc nulls last,
       case when not p_descending then case p_sort when 'booking_reference' then b.booking_reference when 'status' then b.status
                                                   when 'name' then lower(coalesce(nullif(b.contact ->> 'full_name', ''), u.full_name)) end end nulls last,
       b.created_at desc, b.id
     limit coalesce(p_limit, 25) offset coalesce(p_offset, 0)
  ),
  -- The page's rows numbered in the order the limit picked them (a subquery scan keeps it).
  numbered as (
    select page.*, row_number() over () as position from page
  )
  select jsonb_build_object(
    'total', coalesce((select total from numbered limit 1), 0),
    'rows', coalesce((select jsonb_agg(jsonb_build_object(
        'id', id, 'booking_reference', booking_reference, 'status', status, 'created_at', created_at,
        'tour_id', tour_id, 'tour_title', tour_title, 'departure_id', departure_id,
        'start_date', start_date, 'end_date', end_date,
        'client_name', client_name, 'client_email', client_email, 'client_phone', client_phone,
        'travelers', adults + children, 'total_amount', total_amount, 'amount_paid', amount_paid,
        'currency', currency, 'payment_state', public.payment_state_of(id, total_amount, amount_paid),
        'hold_expires_at', hold_expires_at
      ) order by position) from numbered), '[]'::jsonb)
  ) into v_result;
  -- A page past the end still says how many there are.
  if v_result -> 'rows' = '[]'::jsonb and coalesce(p_offset, 0) > 0 then
    v_result := jsonb_set(v_result, '{total}', (public.search_bookings(p_query, p_statuses, p_payment_state, p_tour_id, p_departure_id, p_travel_from,
                                                 p_travel_until, p_booked_from, p_booked_until, p_sort, p_descending, 1, 0, p_attention)) -> 'total');
  end if;
  return v_result;
end
$$;

revoke execute on function public.payment_state_of(uuid, numeric, numeric) from public, anon;
grant execute on function public.payment_state_of(uuid, numeric, numeric) to authenticated;
grant execute on function public.search_bookings(text, text[], text, uuid, uuid, date, date, date, date, text, boolean, int, int, text) to authenticated;

-- The list's usual orders and the dashboard's counts.
create index if not exists bookings_created_at on public.bookings (created_at desc);
create index if not exists bookings_status_created on public.bookings (status, created_at desc);
create index if not exists bookings_departure on public.bookings (departure_id);
create index if not exists bookings_tour on public.bookings (tour_id);
