-- A client's page (client_details) and their data exported on request (export_client). A client
-- is an account (the key is its id) or a guest (the key is the email they booked with, in lower
-- case; bookings without an account), as in the clients list (search_clients).

-- The bookings that are the client's: an account's own, or a guest's made without an account.
create or replace function public.client_bookings(p_client_key text) returns setof public.bookings
language sql stable
set search_path = public
as $$
  select b.* from public.bookings b
   where b.user_id = case when p_client_key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p_client_key::uuid end
  union all
  select b.* from public.bookings b
   where p_client_key !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     and b.user_id is null and lower(b.contact ->> 'email') = lower(p_client_key)
$$;

revoke execute on function public.client_bookings(text) from public, anon, authenticated;

-- Everything the client's page shows, in one call, for staff holding clients.read (security definer:
-- it reads profiles, bookings, payments, messages and activity, which those staff read anyway).
-- An unknown key is not found (PT404).
create or replace function public.client_details(p_client_key text) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_key text := lower(btrim(coalesce(p_client_key, '')));
  v_today date := (now() at time zone 'Africa/Dar_es_Salaam')::date;
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

revoke execute on function public.client_details(text) from public, anon;
grant execute on function public.client_details(text) to authenticated;

-- Everything the company holds about a person, for a request to see their data: the profile and
-- sign-in account, bookings with their travelers and contact details, payments, messages, activity,
-- enquiries, wishlist, reviews, the newsletter, and the office's own notes and tags. For staff
-- holding clients.write (those who answer such requests).
create or replace function public.export_client(p_client_key text) returns jsonb
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_key text := lower(btrim(coalesce(p_client_key, '')));
  v_user public.users;
  v_email text;
begin
  if not public.has_permission('clients.write') then
    raise exception 'Only the office team may export a client''s data' using errcode = '42501';
  end if;
  if public.is_client_key(v_key) and v_key ~ '^[0-9a-f]{8}-' then
    select * into v_user from public.users where id = v_key::uuid and role = 'traveler';
    v_email := lower(v_user.email);
  elsif public.is_client_key(v_key) and exists (select 1 from public.client_bookings(v_key)) then
    v_email := v_key;
  end if;
  if v_email is null then
    raise exception 'This client could not be found' using errcode = 'PT404';
  end if;

  return jsonb_build_object(
    'exported_at', now(),
    'client_key', v_key,
    'profile', case when v_user.id is not null then to_jsonb(v_user) end,
    'account', (select jsonb_build_object('email', a.email, 'phone', a.phone, 'created_at', a.created_at, 'email_confirmed_at', a.email_confirmed_at,
                                          'last_sign_in_at', a.last_sign_in_at, 'user_metadata', a.raw_user_meta_data)
                  from auth.users a where a.id = v_user.id),
    'bookings', coalesce((select jsonb_agg(to_jsonb(b) - 'client_id' order by b.created_at) from public.client_bookings(v_key) b), '[]'),
    'payments', coalesce((select jsonb_agg(to_jsonb(p) order by p.created_at)
                            from public.client_bookings(v_key) b join public.payments p on p.booking_id = b.id), '[]'),
    'messages', coalesce((select jsonb_agg(to_jsonb(m) - 'client_id' order by m.created_at) from public.messages m where m.user_id = v_user.id), '[]'),
    'activity', coalesce((select jsonb_agg(to_jsonb(a) order by a.created_at) from public.user_activity_logs a where a.user_id = v_user.id), '[]'),
    'enquiries', coalesce((select jsonb_agg(jsonb_build_object('id', e.id, 'kind', e.kind, 'name', e.name, 'email', e.email, 'phone', e.phone,
                                                               'subject', e.subject, 'message', e.message, 'details', e.details, 'created_at', e.created_at)
                                   order by e.created_at)
                             from public.enquiries e where e.user_id = v_user.id or lower(e.email) = v_email), '[]'),
    'wishlist', coalesce((select jsonb_agg(jsonb_build_object('tour_id', w.tour_id, 'created_at', w.created_at) order by w.created_at)
                            from public.wishlist w where w.user_id = v_user.id), '[]'),
    'reviews', coalesce((select jsonb_agg(to_jsonb(r) order by r.created_at) from public.reviews r where r.user_id = v_user.id), '[]'),
    'newsletter', (select to_jsonb(n) from public.newsletter_subscribers n where n.email = v_email),
    'notes', coalesce((select jsonb_agg(jsonb_build_object('body', n.body, 'created_at', n.created_at) order by n.created_at)
                         from public.client_notes n where n.client_key = v_key), '[]'),
    'tags', coalesce((select jsonb_agg(ct.tag order by ct.tag) from public.client_tags ct where ct.client_key = v_key), '[]')
  );
end
$$;

revoke execute on function public.export_client(text) from public, anon;
grant execute on function public.export_client(text) to authenticated;
