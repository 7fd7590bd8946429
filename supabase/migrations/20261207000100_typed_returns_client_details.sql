-- client_details answers with OUT parameters and arrays of composite types instead of one jsonb
-- object, so the generated types (src/lib/database.types.ts) carry a client page's shape. The REST
-- API answers the same JSON object as before, with two differences a reader of it would not notice:
-- a guest's last_sign_in_at and email_confirmed are null rather than absent. The checks and what each
-- list holds are those it had (20261126001300_client_details.sql, 20261126005000_company_time_zone.sql).
-- A return type changes by a drop and a create.

-- One booking on a client's page.
create type public.client_booking as (
  id uuid,
  booking_reference text,
  status text,
  created_at timestamptz,
  tour_title text,
  start_date date,
  end_date date,
  travelers int,
  total_amount numeric,
  amount_paid numeric,
  currency text,
  contact_name text,
  contact_email text
);

comment on type public.client_booking is 'A booking on a client''s page (client_details): its trip, party, amounts and the contact it was made with.';

-- One payment on a client's page.
create type public.client_payment as (
  id uuid,
  booking_id uuid,
  booking_reference text,
  amount numeric,
  currency text,
  method text,
  status text,
  paid_at timestamptz,
  created_at timestamptz
);

comment on type public.client_payment is 'A payment of one of a client''s bookings (client_details).';

-- One conversation of an account client with the office.
create type public.client_thread as (
  thread_id uuid,
  subject text,
  messages int,
  last_at timestamptz,
  unread int
);

comment on type public.client_thread is 'A conversation of a client with the office (client_details): its subject, size, last message and unread count.';

-- One thing an account client did (user_activity_logs).
create type public.client_activity as (
  id uuid,
  action text,
  resource_type text,
  resource_id text,
  created_at timestamptz
);

comment on type public.client_activity is 'One of the 50 latest things an account client did (client_details).';

-- One staff note on a client, with its author's name.
create type public.client_note as (
  id uuid,
  body text,
  created_at timestamptz,
  author_id uuid,
  author_name text
);

comment on type public.client_note is 'A staff note on a client (client_details), with who wrote it.';

-- The other record of the same person: a guest's account, or an account's guest bookings.
create type public.client_same_email as (
  client_key text,
  kind text
);

comment on type public.client_same_email is 'A client with the same email as another (client_details): the other half of a duplicate, to merge.';

drop function public.client_details(text);

-- A client's page: who they are, their bookings, payments, conversations, activity, notes and tags,
-- for the office team (clients.read). A client is an account (its user id) or a guest (their email).
create function public.client_details(
  p_client_key text,
  out client_key text,
  out kind text,
  out user_id uuid,
  out name text,
  out email text,
  out phone text,
  out country text,
  out created_at timestamptz,
  out last_sign_in_at timestamptz,
  out email_confirmed boolean,
  out bookings public.client_booking[],
  out payments public.client_payment[],
  out spent_usd numeric,
  out last_trip date,
  out next_trip date,
  out threads public.client_thread[],
  out activity public.client_activity[],
  out notes public.client_note[],
  out tags text[],
  out same_email public.client_same_email[]
) returns record
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_zone text := public.company_time_zone();
  v_key text := lower(btrim(coalesce(p_client_key, '')));
  v_today date := (now() at time zone v_zone)::date;
  v_user public.users;
  v_email text;
begin
  if not public.has_permission('clients.read') then
    raise exception 'Only the office team may read clients' using errcode = '42501';
  end if;
  if public.is_client_key(v_key) and v_key ~ '^[0-9a-f]{8}-' then
    select * into v_user from public.users u where u.id = v_key::uuid and u.role = 'traveler';
    if found then
      v_email := lower(v_user.email);
      client_key := v_key;
      kind := 'account';
      user_id := v_user.id;
      name := coalesce(nullif(v_user.full_name, ''), v_user.email);
      email := v_user.email;
      phone := v_user.phone;
      country := v_user.country;
      created_at := v_user.created_at;
      select a.last_sign_in_at, a.email_confirmed_at is not null into last_sign_in_at, email_confirmed
        from auth.users a where a.id = v_user.id;
    end if;
  elsif public.is_client_key(v_key) then
    select v_key, 'guest', null, coalesce(nullif(b.contact ->> 'full_name', ''), v_key), v_key, b.contact ->> 'country',
           -- The latest phone they gave, as in the list.
           (select nullif(btrim(p.contact ->> 'phone'), '') from public.client_bookings(v_key) p
             where nullif(btrim(p.contact ->> 'phone'), '') is not null order by p.created_at desc limit 1),
           (select min(f.created_at) from public.client_bookings(v_key) f)
      into client_key, kind, user_id, name, email, country, phone, created_at
      from public.client_bookings(v_key) b
     order by b.created_at desc
     limit 1;
    v_email := v_key;
  end if;
  if client_key is null then
    raise exception 'This client could not be found' using errcode = 'PT404';
  end if;

  bookings := coalesce((
    select array_agg((b.id, b.booking_reference, b.status, b.created_at, t.title, d.start_date, d.end_date, b.adults + b.children,
                      b.total_amount, b.amount_paid, b.currency, b.contact ->> 'full_name', b.contact ->> 'email')::public.client_booking
                     order by d.start_date desc nulls last, b.created_at desc)
      from public.client_bookings(v_key) b
      join public.tours t on t.id = b.tour_id
      left join public.tour_departures d on d.id = b.departure_id), '{}');
  payments := coalesce((
    select array_agg((p.id, b.id, b.booking_reference, p.amount, p.currency, p.method, p.status, p.paid_at, p.created_at)::public.client_payment
                     order by coalesce(p.paid_at, p.created_at) desc)
      from public.client_bookings(v_key) b
      join public.payments p on p.booking_id = b.id), '{}');
  spent_usd := (select coalesce(round(sum(b.amount_paid / r.units_per_usd), 2), 0)
                  from public.client_bookings(v_key) b join public.currency_rates r on r.currency = b.currency);
  last_trip := (select max(d.start_date) from public.client_bookings(v_key) b join public.tour_departures d on d.id = b.departure_id
                 where d.start_date < v_today and b.status in ('pending', 'confirmed', 'completed'));
  next_trip := (select min(d.start_date) from public.client_bookings(v_key) b join public.tour_departures d on d.id = b.departure_id
                 where d.start_date >= v_today and b.status in ('pending', 'confirmed', 'completed'));
  threads := coalesce((
    select array_agg((th.thread_id, th.subject, th.messages, th.last_at, th.unread)::public.client_thread order by th.last_at desc)
      from (select m.thread_id,
                   (array_agg(m.subject order by m.created_at) filter (where m.subject is not null))[1] as subject,
                   count(*)::int as messages, max(m.created_at) as last_at,
                   (count(*) filter (where m.sender = 'traveler' and m.read_at is null))::int as unread
              from public.messages m
             where v_user.id is not null and m.user_id = v_user.id
             group by m.thread_id) th), '{}');
  activity := coalesce((
    select array_agg((a.id, a.action, a.resource_type, a.resource_id, a.created_at)::public.client_activity order by a.created_at desc)
      from (select * from public.user_activity_logs l where v_user.id is not null and l.user_id = v_user.id order by l.created_at desc limit 50) a), '{}');
  notes := coalesce((
    select array_agg((n.id, n.body, n.created_at, n.author_id,
                      (select coalesce(nullif(s.full_name, ''), s.email) from public.users s where s.id = n.author_id))::public.client_note
                     order by n.created_at desc)
      from public.client_notes n where n.client_key = v_key), '{}');
  tags := coalesce((select array_agg(ct.tag order by ct.tag) from public.client_tags ct where ct.client_key = v_key), '{}');
  same_email := coalesce((
    select array_agg((o.client_key, o.kind)::public.client_same_email)
      from (select u.id::text as client_key, 'account' as kind from public.users u
             where v_user.id is null and u.role = 'traveler' and lower(u.email) = v_email
            union
            select v_email, 'guest' where v_user.id is not null
              and exists (select 1 from public.bookings b where b.user_id is null and lower(b.contact ->> 'email') = v_email)) o), '{}');
end
$$;

comment on function public.client_details(text) is
  'A client''s page for the office team (clients.read): details, bookings, payments, conversations, activity, notes, tags and the record with the same email.';

revoke execute on function public.client_details(text) from public, anon;
grant execute on function public.client_details(text) to authenticated, service_role;
