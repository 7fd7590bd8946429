-- The back office's bookings list: one search box (reference, name, email, phone) and filters, sorted
-- and paged in SQL, with the count of every matching row for the pager and the export.

-- Staff holding bookings.read search every booking; the function runs as the caller, so the tables'
-- policies decide what it sees. Arguments left null do not filter. p_sort names one of the list's
-- sortable columns; a page holds at most 500 rows. Returns { total, rows }.
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
  p_offset int default 0
) returns jsonb
language plpgsql stable
set search_path = public
as $$
declare
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_escaped text;
  v_pattern text;
  v_digits text := ltrim(regexp_replace(coalesce(p_query, ''), '[^0-9]', '', 'g'), '0');
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
  if coalesce(p_limit, 25) not between 1 and 500 or coalesce(p_offset, 0) < 0 then
    raise exception 'A page holds 1 to 500 bookings' using errcode = '22023';
  end if;
  if length(v_query) > 200 then
    raise exception 'The search is too long' using errcode = '22023';
  end if;
  -- The words typed, as a LIKE pattern with its wildcards escaped.
  v_escaped := replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_');
  v_pattern := '%' || v_escaped || '%';

  with matching as (
    select b.*,
           coalesce(nullif(b.contact ->> 'full_name', ''), u.full_name) as client_name,
           coalesce(nullif(b.contact ->> 'email', ''), u.email) as client_email,
           coalesce(nullif(b.contact ->> 'phone', ''), u.phone) as client_phone,
           t.title as tour_title,
           d.start_date, d.end_date,
           -- How much is paid, in the words of the list's filter: a refund owed back to the client,
           -- paid in full, part paid, or nothing paid yet.
           case
             when exists (select 1 from public.payments p where p.booking_id = b.id and p.status = 'refund_due') then 'refund_due'
             when b.amount_paid >= b.total_amount and b.total_amount > 0 then 'paid'
             when b.amount_paid > 0 then 'part_paid'
             else 'unpaid'
           end as payment_state
      from public.bookings b
      join public.tours t on t.id = b.tour_id
      left join public.tour_departures d on d.id = b.departure_id
      left join public.users u on u.id = b.user_id
     where (v_query is null
            or b.booking_reference = upper(v_query)
            or lower(b.contact ->> 'full_name') like v_pattern
            or lower(b.contact ->> 'email') like v_pattern
            -- A phone number by four digits or more, however it was written: spaces, dashes, and the
            -- country code or the local 0 in front.
            or (v_digits ~ '[0-9]{4}' and regexp_replace(b.contact ->> 'phone', '[^0-9]', '', 'g') like '%' || v_digits || '%')
            or lower(u.full_name) like v_pattern
            or lower(u.email) like v_pattern
            or b.booking_reference like upper(v_escaped) || '%')
       and (p_statuses is null or cardinality(p_statuses) = 0 or b.status = any (p_statuses))
       and (p_tour_id is null or b.tour_id = p_tour_id)
       and (p_departure_id is null or b.departure_id = p_departure_id)
       and (p_travel_from is null or d.start_date >= p_travel_from)
       and (p_travel_until is null or d.start_date <= p_travel_until)
       and (p_booked_from is null or b.created_at >= p_booked_from)
       and (p_booked_until is null or b.created_at < p_booked_until + 1)
  ),
  -- The chosen order as one text key or one number, so the page and its rows keep the same order.
  filtered as (
    select *,
           case p_sort when 'start_date' then to_char(start_date, 'YYYY-MM-DD')
                       when 'booking_reference' then booking_reference
                       when 'name' then lower(client_name)
                       when 'status' then status
                       when 'created_at' then to_char(created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') end as sort_text,
           case when p_sort = 'total_amount' then total_amount end as sort_number
      from matching
     where p_payment_state is null or payment_state = p_payment_state
  ),
  page as (
    select *
      from (select *, row_number() over (order by
                   case when p_descending then sort_text end desc nulls last,
                   case when not p_descending then sort_text end asc nulls last,
                   case when p_descending then sort_number end desc nulls last,
                   case when not p_descending then sort_number end asc nulls last,
                   created_at desc, id) as position
              from filtered) ordered
     order by position
     limit coalesce(p_limit, 25) offset coalesce(p_offset, 0)
  )
  select jsonb_build_object(
    'total', (select count(*) from filtered),
    'rows', coalesce((select jsonb_agg(jsonb_build_object(
        'id', id, 'booking_reference', booking_reference, 'status', status, 'created_at', created_at,
        'tour_id', tour_id, 'tour_title', tour_title, 'departure_id', departure_id,
        'start_date', start_date, 'end_date', end_date,
        'client_name', client_name, 'client_email', client_email, 'client_phone', client_phone,
        'travelers', adults + children, 'total_amount', total_amount, 'amount_paid', amount_paid,
        'currency', currency, 'payment_state', payment_state, 'hold_expires_at', hold_expires_at
      ) order by position) from page), '[]'::jsonb)
  ) into v_result;
  return v_result;
end
$$;

grant execute on function public.search_bookings(text, text[], text, uuid, uuid, date, date, date, date, text, boolean, int, int) to authenticated;

-- The list's usual orders and the dashboard's counts.
create index if not exists bookings_created_at on public.bookings (created_at desc);
create index if not exists bookings_status_created on public.bookings (status, created_at desc);
create index if not exists bookings_departure on public.bookings (departure_id);
create index if not exists bookings_tour on public.bookings (tour_id);
