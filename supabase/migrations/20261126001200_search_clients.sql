-- The back office's clients list: every traveler with an account and every guest (an email that
-- booked without an account), one row per person, with what they booked and spent. Searched,
-- filtered, sorted and paged in SQL.
--
-- A client's key is the account's id, or the guest's email in lower case. A guest's name and phone
-- are those of their latest booking. Total spent is what their bookings have been paid (amount_paid,
-- net of refunds), in US dollars through currency_rates, as the dashboard converts (a booking in a
-- currency without a rate is left out). Trips: the last that started before today and the next from
-- today, of bookings that stand (pending, confirmed, completed), in the company's day.

-- Guests: their bookings by email, newest first (a guest's details, their count and sums).
create index if not exists bookings_guest_email on public.bookings (lower(contact ->> 'email'), created_at desc) where user_id is null;
-- An account by its email (a guest who has the same email as an account), and accounts by name.
create index if not exists users_email_lower on public.users (lower(email));
create index if not exists users_travelers_name on public.users (lower(coalesce(nullif(full_name, ''), email))) where role = 'traveler';
-- Trips from a day on: departures by their start.
create index if not exists tour_departures_start on public.tour_departures (start_date);

-- Staff holding clients.read list every client. Security definer so the trigram and email indexes
-- serve (under the tables' policies Postgres may not use them for LIKE); it answers only client
-- staff. Arguments left null do not filter: p_kind 'account' or 'guest', p_tag a tag, p_upcoming
-- true for those with a trip to come. p_sort names one of the list's sortable columns; a page holds
-- at most 500 rows. Returns { total, rows }.
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
  v_query text := nullif(btrim(coalesce(p_query, '')), '');
  v_today date := (now() at time zone 'Africa/Dar_es_Salaam')::date;
  v_pattern text;
  v_digits text;
  v_where text[] := array['true'];
  v_people text;
  v_order text;
  v_totals_first boolean;
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

  -- The people: accounts and guests, only those of the kind asked for. The words typed narrow each
  -- side through its indexes (trigrams on names and emails, phone digits of four or more).
  if v_query is not null then
    v_pattern := '%' || replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_') || '%';
    v_digits := ltrim(regexp_replace(v_query, '[^0-9]', '', 'g'), '0');
    if v_digits !~ '[0-9]{4}' then
      v_digits := null;
    end if;
  end if;
  v_people := concat_ws(' union all ',
    case when p_kind is distinct from 'guest' then format(
      $accounts$
      select u.id::text as client_key, 'account' as kind, u.id as user_id, coalesce(nullif(u.full_name, ''), u.email) as name,
             lower(u.email) as email, u.phone, u.created_at
        from public.users u
       where u.role = 'traveler' %s
      $accounts$,
      case when v_query is null then ''
           else format('and (lower(coalesce(nullif(u.full_name, ''''), u.email)) like %1$L or lower(u.full_name) like %1$L or lower(u.email) like %1$L%2$s)',
                       v_pattern, case when v_digits is not null then format(' or regexp_replace(u.phone, ''[^0-9]'', '''', ''g'') like %L', '%' || v_digits || '%') else '' end)
      end)
    end,
    case when p_kind is distinct from 'account' then format(
      $guests$
      select g.email as client_key, 'guest' as kind, null::uuid as user_id, coalesce(nullif(g.contact ->> 'full_name', ''), g.email) as name,
             g.email, g.contact ->> 'phone' as phone, g.first_booked as created_at
        from (select distinct on (lower(b.contact ->> 'email')) lower(b.contact ->> 'email') as email, b.contact,
                     min(b.created_at) over (partition by lower(b.contact ->> 'email')) as first_booked
                from public.bookings b
               where b.user_id is null and lower(b.contact ->> 'email') is not null %s
               order by lower(b.contact ->> 'email'), b.created_at desc) g
      $guests$,
      case when v_query is null then ''
           else format('and lower(b.contact ->> ''email'') in (select lower(m.contact ->> ''email'') from public.bookings m where m.user_id is null and (lower(m.contact ->> ''full_name'') like %1$L or lower(m.contact ->> ''email'') like %1$L%2$s))',
                       v_pattern, case when v_digits is not null then format(' or regexp_replace(m.contact ->> ''phone'', ''[^0-9]'', '''', ''g'') like %L', '%' || v_digits || '%') else '' end)
      end)
    end);

  if p_tag is not null then
    v_where := v_where || format('p.client_key in (select client_key from public.client_tags where tag = %L)', lower(btrim(p_tag)));
  end if;
  -- A trip to come: a booking that stands on a departure from today on.
  if p_upcoming is not null then
    v_where := v_where || format(
      '%s (select coalesce(b.user_id::text, lower(b.contact ->> ''email'')) from public.bookings b join public.tour_departures d on d.id = b.departure_id
            where d.start_date >= %L and b.status in (''pending'', ''confirmed'', ''completed'')
              and coalesce(b.user_id::text, lower(b.contact ->> ''email'')) is not null)',
      case when p_upcoming then 'p.client_key in' else 'p.client_key not in' end, v_today);
  end if;

  v_order := case coalesce(p_sort, 'name')
    when 'name' then 'lower(p.name)'
    when 'email' then 'p.email'
    when 'created_at' then 'p.created_at'
    when 'bookings' then 't.bookings'
    when 'spent' then 't.spent_usd'
    when 'last_trip' then 't.last_trip'
    when 'next_trip' then 't.next_trip'
  end || case when p_descending then ' desc nulls last' else ' asc nulls last' end || ', p.client_key';
  -- Sorting by what they booked needs every client's sums; otherwise only the page's are summed.
  v_totals_first := coalesce(p_sort, 'name') in ('bookings', 'spent', 'last_trip', 'next_trip');

  execute format('select count(*) from (%s) p where %s', v_people, array_to_string(v_where, ' and ')) into v_total;

  execute format(
    $page$
    with people as (select * from (%1$s) p where %2$s),
    totals as (
      -- One pass over the bookings of every client, when the order needs them all.
      select coalesce(b.user_id::text, lower(b.contact ->> 'email')) as client_key, count(*) as bookings,
             round(sum(b.amount_paid / r.units_per_usd), 2) as spent_usd,
             max(d.start_date) filter (where d.start_date < %5$L and b.status in ('pending', 'confirmed', 'completed')) as last_trip,
             min(d.start_date) filter (where d.start_date >= %5$L and b.status in ('pending', 'confirmed', 'completed')) as next_trip
        from public.bookings b
        left join public.tour_departures d on d.id = b.departure_id
        left join public.currency_rates r on r.currency = b.currency
       where %6$s
       group by 1
    ),
    page as (
      select p.*, row_number() over () as position
        from (select p.* from people p %7$s order by %3$s limit %4$s) p
    )
    select coalesce(jsonb_agg(jsonb_build_object(
             'client_key', page.client_key, 'kind', page.kind, 'user_id', page.user_id, 'name', page.name,
             'email', page.email, 'phone', page.phone, 'created_at', page.created_at,
             'bookings', coalesce(s.bookings, 0), 'spent_usd', coalesce(s.spent_usd, 0),
             'last_trip', s.last_trip, 'next_trip', s.next_trip,
             'tags', coalesce((select jsonb_agg(ct.tag order by ct.tag) from public.client_tags ct where ct.client_key = page.client_key), '[]'::jsonb),
             -- A guest whose email has an account since: the duplicate to merge.
             'account_id', case when page.kind = 'guest' then (select u.id from public.users u where lower(u.email) = page.email and u.role = 'traveler' limit 1) end
           ) order by page.position), '[]'::jsonb)
      from page
      left join lateral (
        select count(*) as bookings, round(sum(b.amount_paid / r.units_per_usd), 2) as spent_usd,
               max(d.start_date) filter (where d.start_date < %5$L and b.status in ('pending', 'confirmed', 'completed')) as last_trip,
               min(d.start_date) filter (where d.start_date >= %5$L and b.status in ('pending', 'confirmed', 'completed')) as next_trip
          from (select * from public.bookings where user_id = page.user_id
                union all
                select * from public.bookings where page.user_id is null and user_id is null and lower(contact ->> 'email') = page.email) b
          left join public.tour_departures d on d.id = b.departure_id
          left join public.currency_rates r on r.currency = b.currency
      ) s on true
    $page$,
    v_people, array_to_string(v_where, ' and '), v_order, coalesce(p_limit, 25) || ' offset ' || coalesce(p_offset, 0), v_today,
    -- The sums of all, or of none when the page's own are enough.
    case when v_totals_first then 'coalesce(b.user_id::text, lower(b.contact ->> ''email'')) is not null' else 'false' end,
    case when v_totals_first then 'left join totals t on t.client_key = p.client_key' else '' end)
    into v_rows;

  return jsonb_build_object('total', v_total, 'rows', v_rows);
end
$$;

revoke execute on function public.search_clients(text, text, text, boolean, text, boolean, int, int) from public, anon;
grant execute on function public.search_clients(text, text, text, boolean, text, boolean, int, int) to authenticated;
