-- The bookings list's search at ten years' size. Each booking keeps what its search box matches in
-- one column (reference, client name, email and phone digits, and those of the account that booked
-- it) with one trigram index; search_bookings runs as its owner after its permission check, so the
-- planner may use that index and the list's ordered indexes (under the tables' policies LIKE is
-- never an index condition, as it is not leakproof), and may choose, for a surname shared by
-- thousands, to walk the bookings newest first and stop at the page.

-- What the search box matches, in lower case; a phone by its digits alone, however it was written.
-- The audit log leaves out columns named search (derived, not changed by anyone).
alter table public.bookings add column search text;

comment on column public.bookings.search is
  'What the back office''s search box matches: reference, client and account name, email and phone digits, in lower case.';

-- A booking's search text, from its own contact and its account's. A definer: it reads the account
-- whoever writes the booking.
create or replace function public.booking_search_text(p_booking public.bookings) returns text
language sql stable security definer
set search_path = public
as $$
  select lower(concat_ws(' ', p_booking.booking_reference,
                         p_booking.contact ->> 'full_name', p_booking.contact ->> 'email',
                         nullif(regexp_replace(coalesce(p_booking.contact ->> 'phone', ''), '[^0-9]', '', 'g'), ''),
                         u.full_name, u.email, nullif(regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g'), '')))
    from (select 1) one left join public.users u on u.id = p_booking.user_id
$$;

revoke execute on function public.booking_search_text(public.bookings) from public, anon, authenticated;

-- Kept by the bookings themselves: made, or their contact, reference or account changed.
create or replace function public.keep_booking_search() returns trigger
language plpgsql
set search_path = public
as $$
begin
  new.search := public.booking_search_text(new);
  return new;
end
$$;

revoke execute on function public.keep_booking_search() from public, anon, authenticated;

create trigger bookings_keep_search before insert or update of booking_reference, contact, user_id, search on public.bookings
  for each row execute function public.keep_booking_search();

-- And by the accounts: a client renamed or given another email or phone is found by the new ones.
-- A definer, as travelers change their own names and may not write bookings.
create or replace function public.account_to_booking_search() returns trigger
language plpgsql security definer
set search_path = public
as $$
begin
  update public.bookings b set search = public.booking_search_text(b) where b.user_id = new.id;
  return null;
end
$$;

revoke execute on function public.account_to_booking_search() from public, anon, authenticated;

create trigger users_to_booking_search after update of full_name, email, phone on public.users
  for each row
  when (old.full_name is distinct from new.full_name or old.email is distinct from new.email or old.phone is distinct from new.phone)
  execute function public.account_to_booking_search();

-- The bookings made so far, without touching their updated_at or the audit log: nothing anyone did.
alter table public.bookings disable trigger bookings_set_updated_at;
alter table public.bookings disable trigger bookings_audited;
update public.bookings b set search = public.booking_search_text(b);
alter table public.bookings enable trigger bookings_set_updated_at;
alter table public.bookings enable trigger bookings_audited;

create index bookings_search_trgm on public.bookings using gin (search extensions.gin_trgm_ops);

-- The expression indexes the search used before: one column replaces them.
drop index if exists public.bookings_contact_name_trgm;
drop index if exists public.bookings_contact_email_trgm;
drop index if exists public.bookings_contact_phone_trgm;
drop index if exists public.bookings_reference_prefix;

-- Staff holding bookings.read search every booking: the policies give them every row, so running as
-- the owner after the same check shows them nothing more. Arguments left null do not filter. The
-- words typed match a booking's search column; a query written like a phone number (digits, spaces, + - ( ) .) with four digits or more also matches
-- those digits, leading zeros left out. A whole reference finds its booking alone. p_sort names one of
-- the list's sortable columns; a page holds at most 500 rows. p_attention picks what a dashboard
-- figure counts, by the same rule (admin_dashboard): balance_overdue, balance_due (within 14 days),
-- hold_expiring (within 24 hours). Returns { total, rows }.
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
language plpgsql stable security definer
set search_path = public
-- The bookings are read from memory or a solid-state disk, where a random read costs about what a
-- sequential one does: so a search matching thousands counts them through its index.
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

revoke execute on function public.search_bookings(text, text[], text, uuid, uuid, date, date, date, date, text, boolean, int, int, text) from public, anon;
grant execute on function public.search_bookings(text, text[], text, uuid, uuid, date, date, date, date, text, boolean, int, int, text) to authenticated;

-- search_bookings matches in its own statement now.
drop function public.bookings_matching(text);

-- The command palette finds bookings as the bookings list does (search_bookings, newest first) and
-- clients as the clients list does (search_clients); tours by title under their policies.
create or replace function public.admin_search(p_query text) returns jsonb
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
    return '[]'::jsonb;
  end if;
  if length(v_query) > 100 then
    raise exception 'The search is too long' using errcode = '22023';
  end if;
  v_pattern := '%' || replace(replace(replace(lower(v_query), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return coalesce((
    select jsonb_agg(hit)
    from (
      (select jsonb_build_object('kind', 'booking', 'id', b ->> 'id', 'label', b ->> 'booking_reference',
                                 'description', concat_ws(' · ', b ->> 'client_name', b ->> 'tour_title', b ->> 'status')) as hit
         from jsonb_array_elements(case when public.has_permission('bookings.read')
                                        then public.search_bookings(p_query => v_query, p_limit => 5) -> 'rows'
                                        else '[]'::jsonb end) b)
      union all
      (select jsonb_build_object('kind', 'client', 'id', c ->> 'client_key', 'label', c ->> 'name',
                                 'description', concat_ws(' · ', c ->> 'email', case when c ->> 'kind' = 'guest' then 'guest' end))
         from jsonb_array_elements(case when public.has_permission('clients.read')
                                        then public.search_clients(p_query => v_query, p_limit => 5) -> 'rows'
                                        else '[]'::jsonb end) c)
      union all
      (select jsonb_build_object('kind', 'tour', 'id', t.id, 'label', t.title, 'description', concat_ws(' · ', t.duration_days || ' days', t.status))
         from public.tours t
        where lower(t.title) like v_pattern
        order by t.title
        limit 5)
    ) results
  ), '[]'::jsonb);
end
$$;
