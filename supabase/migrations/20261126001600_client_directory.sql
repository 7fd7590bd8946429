-- The clients list at ten years' size: one row per client, kept by triggers as bookings, payments,
-- profiles, departures and exchange rates change, so the list searches, sorts and counts one
-- indexed table instead of grouping every booking on each request (search_clients took 0.8 to 2
-- seconds over 100,000 bookings and 40,000 accounts; see bench/admin.ts).
--
-- A row holds who the client is (an account, or a guest by the email they booked with), how many
-- bookings they made, what those have been paid in US dollars, and the start dates of the trips
-- that stand, from which the last and the next trip are read on the day asked.

create table public.client_directory (
  client_key text primary key,
  kind text not null check (kind in ('account', 'guest')),
  user_id uuid,
  name text not null,
  email text,
  phone text,
  created_at timestamptz not null,
  bookings int not null,
  spent_usd numeric(14, 2) not null,
  -- Start dates of the bookings that stand (pending, confirmed, completed), earliest first.
  trips date[] not null,
  latest_trip date,
  -- What the search box matches: the name and the email in lower case, and the phone's digits.
  search text not null,
  phone_digits text
);

comment on table public.client_directory is
  'One row per client (account or guest) with their bookings, spent and trips, kept by triggers for search_clients. No API access.';

-- Nobody reads or writes it through the API: search_clients is its door.
alter table public.client_directory enable row level security;
revoke all on public.client_directory from public, anon, authenticated;

create index client_directory_name on public.client_directory (lower(name), client_key);
create index client_directory_email on public.client_directory (email);
create index client_directory_spent on public.client_directory (spent_usd, client_key);
create index client_directory_bookings on public.client_directory (bookings, client_key);
create index client_directory_created on public.client_directory (created_at, client_key);
create index client_directory_latest_trip on public.client_directory (latest_trip);
create index client_directory_search on public.client_directory using gin (search extensions.gin_trgm_ops);
create index client_directory_phone on public.client_directory using gin (phone_digits extensions.gin_trgm_ops);

-- The previous list's helpers, which the directory replaces.
drop index if exists public.users_travelers_name;
drop index if exists public.tour_departures_start;

-- The rows of the directory for the clients given (null: every client), computed from the tables.
-- Without a search_path of its own (every name is qualified) so that Postgres inlines it into the
-- caller's statement and plans it for the keys given: each client's bookings by their index.
create or replace function public.client_directory_rows(p_keys text[]) returns setof public.client_directory
language sql stable
as $$
  with people as (
    select u.id::text as client_key, 'account' as kind, u.id as user_id,
           coalesce(nullif(btrim(u.full_name), ''), u.email, 'Client') as name, lower(u.email) as email, u.phone, u.created_at
      from public.users u
     where u.role = 'traveler' and (p_keys is null or u.id in (select k::uuid from unnest(p_keys) k where k ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'))
    union all
    -- A guest's name from their latest booking, their phone the latest they gave.
    select g.email, 'guest', null, coalesce(nullif(btrim(g.contact ->> 'full_name'), ''), g.email), g.email, g.phone, g.first_booked
      from (select distinct on (lower(b.contact ->> 'email')) lower(b.contact ->> 'email') as email, b.contact,
                   first_value(nullif(btrim(b.contact ->> 'phone'), '')) over (partition by lower(b.contact ->> 'email')
                                                                               order by nullif(btrim(b.contact ->> 'phone'), '') is null, b.created_at desc) as phone,
                   min(b.created_at) over (partition by lower(b.contact ->> 'email')) as first_booked
              from public.bookings b
             where b.user_id is null and lower(b.contact ->> 'email') is not null
               and (p_keys is null or lower(b.contact ->> 'email') = any (p_keys))
             order by lower(b.contact ->> 'email'), b.created_at desc) g
  ),
  figures as (
    select coalesce(b.user_id::text, lower(b.contact ->> 'email')) as client_key, count(*)::int as bookings,
           coalesce(round(sum(b.amount_paid / r.units_per_usd), 2), 0) as spent_usd,
           coalesce(array_agg(d.start_date order by d.start_date) filter (where d.start_date is not null and b.status in ('pending', 'confirmed', 'completed')), '{}') as trips
      -- Every booking, or those of the clients given (each way by its index).
      from (select * from public.bookings where p_keys is null and coalesce(user_id::text, lower(contact ->> 'email')) is not null
            union all
            select * from public.bookings
             where user_id in (select k::uuid from unnest(p_keys) k where k ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')
            union all
            select * from public.bookings where user_id is null and lower(contact ->> 'email') = any (p_keys)) b
      left join public.tour_departures d on d.id = b.departure_id
      left join public.currency_rates r on r.currency = b.currency
     group by 1
  )
  select p.client_key, p.kind, p.user_id, p.name, p.email, p.phone, p.created_at,
         coalesce(f.bookings, 0), coalesce(f.spent_usd, 0), coalesce(f.trips, '{}'), f.trips[cardinality(f.trips)],
         lower(p.name || ' ' || coalesce(p.email, '')), nullif(regexp_replace(coalesce(p.phone, ''), '[^0-9]', '', 'g'), '')
    from people p
    left join figures f on f.client_key = p.client_key
$$;

-- Brings the rows of these clients up to date: written afresh, or removed when the client is gone
-- (an account erased or no longer a traveler, a guest whose bookings all moved). One client at a
-- time (an advisory lock), so two bookings made at once for one guest both count.
create or replace function public.refresh_client_directory(p_keys text[]) returns void
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_key text;
begin
  for v_key in select distinct k from unnest(p_keys) k where k is not null order by 1 loop
    perform pg_advisory_xact_lock(hashtextextended('client_directory:' || v_key, 0));
  end loop;
  delete from public.client_directory where client_key = any (p_keys);
  -- The keys as a constant, so the statement is planned for them.
  execute format('insert into public.client_directory select * from public.client_directory_rows(%L::text[])', p_keys);
end
$$;

-- Every row afresh: after a bulk load with the triggers off (bench/admin.ts).
create or replace function public.rebuild_client_directory() returns void
language plpgsql volatile security definer
set search_path = public
as $$
begin
  delete from public.client_directory;
  insert into public.client_directory select * from public.client_directory_rows(null);
end
$$;

-- What moves a client's row: a booking made, changed (its owner, contact, payments, status,
-- departure, currency) or removed; a profile; a departure's date; the exchange rates.
create or replace function public.client_directory_after_booking() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  perform public.refresh_client_directory(array[
    case when tg_op <> 'INSERT' then coalesce(old.user_id::text, lower(old.contact ->> 'email')) end,
    case when tg_op <> 'DELETE' then coalesce(new.user_id::text, lower(new.contact ->> 'email')) end]);
  return null;
end
$$;

create trigger bookings_client_directory after insert or delete on public.bookings
  for each row execute function public.client_directory_after_booking();
create trigger bookings_client_directory_changed after update on public.bookings
  for each row when (old.user_id is distinct from new.user_id or old.contact is distinct from new.contact
                     or old.amount_paid is distinct from new.amount_paid or old.status is distinct from new.status
                     or old.departure_id is distinct from new.departure_id or old.currency is distinct from new.currency)
  execute function public.client_directory_after_booking();

create or replace function public.client_directory_after_user() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  perform public.refresh_client_directory(array[coalesce(new.id, old.id)::text]);
  return null;
end
$$;

create trigger users_client_directory after insert or delete or update of full_name, email, phone, role, created_at on public.users
  for each row execute function public.client_directory_after_user();

create or replace function public.client_directory_after_departure() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  perform public.refresh_client_directory(array(
    select distinct coalesce(b.user_id::text, lower(b.contact ->> 'email')) from public.bookings b where b.departure_id = new.id));
  return null;
end
$$;

create trigger tour_departures_client_directory after update of start_date on public.tour_departures
  for each row when (old.start_date is distinct from new.start_date)
  execute function public.client_directory_after_departure();

-- New rates change what everyone spent in dollars, and nothing else.
create or replace function public.client_directory_after_rates() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  update public.client_directory d
     set spent_usd = f.spent_usd
    from (select coalesce(b.user_id::text, lower(b.contact ->> 'email')) as client_key,
                 coalesce(round(sum(b.amount_paid / r.units_per_usd), 2), 0) as spent_usd
            from public.bookings b
            left join public.currency_rates r on r.currency = b.currency
           group by 1) f
   where f.client_key = d.client_key and d.spent_usd is distinct from f.spent_usd;
  return null;
end
$$;

create trigger currency_rates_client_directory after insert or update or delete on public.currency_rates
  for each statement execute function public.client_directory_after_rates();

revoke execute on function public.client_directory_rows(text[]), public.refresh_client_directory(text[]), public.rebuild_client_directory(),
  public.client_directory_after_booking(), public.client_directory_after_user(), public.client_directory_after_departure(),
  public.client_directory_after_rates() from public, anon, authenticated;

select public.rebuild_client_directory();

-- The list, over the directory: the same arguments and answer as 20261126001200_search_clients.sql.
-- Conditions are only those asked (values quoted with %L); the last and next trips are read from
-- each row's trips on the company's day.
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
