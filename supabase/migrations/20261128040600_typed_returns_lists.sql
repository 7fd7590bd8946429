-- The back office's inbox, email log and a client's enquiries answer with typed values instead of
-- jsonb, so the generated types (src/lib/database.types.ts) carry their shape: staff_inbox and
-- email_log answer a page as OUT parameters (with arrays of inbox_thread and email_log_row),
-- client_enquiries an array of client_enquiry, each with its client_enquiry_quote array. The REST API
-- answers the same JSON as before: the same objects, keys and values, [] for an empty list. A
-- return type changes by a drop and a create: the grants and settings are those they had
-- (20261125001200_staff_inbox.sql, 20261126003200_email_log.sql, 20261127040400_client_enquiries.sql).

create type public.inbox_thread as (
  thread_id uuid,
  user_id uuid,
  traveler_name text,
  traveler_email text,
  subject text,
  booking_reference text,
  last_body text,
  last_sender text,
  last_at timestamptz,
  unread bigint
);

comment on type public.inbox_thread is
  'A conversation in the office''s inbox (staff_inbox): who, about what, its last message (the first 160 characters) and how many are unread.';

drop function public.staff_inbox(boolean, integer, integer);

create function public.staff_inbox(
  p_waiting_only boolean default false,
  p_limit integer default 50,
  p_offset integer default 0,
  out total bigint,
  out unread bigint,
  out threads public.inbox_thread[]
) returns record
language plpgsql stable
set search_path = public
as $$
begin
  if not public.has_permission('messages.read') then
    raise exception 'Only the office team may read the inbox' using errcode = '42501';
  end if;
  if coalesce(p_limit, 50) not between 1 and 200 or coalesce(p_offset, 0) < 0 then
    raise exception 'A page holds 1 to 200 conversations' using errcode = '22023';
  end if;
  with threads as (
    select m.thread_id,
           (array_agg(m.user_id order by m.created_at))[1] as user_id,
           (array_agg(m.subject order by m.created_at) filter (where m.subject is not null))[1] as subject,
           (array_agg(m.booking_id order by m.created_at) filter (where m.booking_id is not null))[1] as booking_id,
           (array_agg(m.body order by m.created_at desc))[1] as last_body,
           (array_agg(m.sender order by m.created_at desc))[1] as last_sender,
           max(m.created_at) as last_at,
           count(*) filter (where m.sender = 'traveler' and m.read_at is null) as unread
      from public.messages m
     group by m.thread_id
  ),
  chosen as (
    select t.*, count(*) over () as total
      from threads t
     where not coalesce(p_waiting_only, false) or t.last_sender = 'traveler'
     order by t.last_at desc
     limit coalesce(p_limit, 50) offset coalesce(p_offset, 0)
  )
  select coalesce((select ch.total from chosen ch limit 1), 0),
         (select count(*) from public.messages m where m.sender = 'traveler' and m.read_at is null),
         -- The fields of inbox_thread, in its order.
         coalesce(array_agg(row(
           c.thread_id, c.user_id, coalesce(u.full_name, u.email), u.email,
           c.subject, b.booking_reference, left(c.last_body, 160),
           c.last_sender, c.last_at, c.unread)::public.inbox_thread order by c.last_at desc), '{}')
    into total, unread, threads
    from chosen c
    left join public.users u on u.id = c.user_id
    left join public.bookings b on b.id = c.booking_id;
end
$$;

comment on function public.staff_inbox(boolean, integer, integer) is
  'A page of the office''s inbox (message staff), latest first, optionally only the conversations waiting for an answer; with how many match and how many messages are unread.';

revoke execute on function public.staff_inbox(boolean, integer, integer) from public, anon;
grant execute on function public.staff_inbox(boolean, integer, integer) to authenticated, service_role;

create type public.email_log_row as (
  id uuid,
  to_address text,
  subject text,
  kind text,
  status text,
  attempts int,
  last_error text,
  sent_at timestamptz,
  created_at timestamptz,
  next_attempt_at timestamptz,
  withheld boolean
);

comment on type public.email_log_row is 'An email of the email log (email_log); withheld when its body is not shown there.';

drop function public.email_log(text, text, text, integer, integer);

create function public.email_log(
  p_status text default null,
  p_kind text default null,
  p_query text default null,
  p_limit integer default 25,
  p_offset integer default 0,
  out total bigint,
  out kinds text[],
  out rows public.email_log_row[]
) returns record
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_query text := nullif(btrim(p_query), '');
begin
  if not public.has_permission('emails.read') then
    raise exception 'Only administrators can read the email log' using errcode = '42501';
  end if;
  if p_status is not null and p_status not in ('pending', 'sent', 'failed') then
    raise exception 'Choose pending, sent or failed' using errcode = '22023', hint = 'status';
  end if;

  with matches as (
    select q.id, q.to_address, q.subject, q.kind, q.status, q.attempts, q.last_error, q.sent_at, q.created_at, q.next_attempt_at
      from public.email_queue q
     where (p_status is null or q.status = p_status)
       and (p_kind is null or q.kind = p_kind)
       and (v_query is null or q.to_address ilike '%' || replace(replace(replace(v_query, '\', '\\'), '%', '\%'), '_', '\_') || '%')
  ),
  page as (
    select m.*, public.email_body_withheld(m.kind) as withheld
      from matches m
     order by m.created_at desc, m.id
     limit least(greatest(coalesce(p_limit, 25), 1), 100)
    offset greatest(coalesce(p_offset, 0), 0)
  )
  select (select count(*) from matches),
         array(select k.kind from (select distinct q.kind from public.email_queue q) k order by k.kind),
         -- The fields of email_log_row, in its order.
         coalesce((select array_agg(row(p.id, p.to_address, p.subject, p.kind, p.status, p.attempts, p.last_error, p.sent_at, p.created_at,
                                        p.next_attempt_at, p.withheld)::public.email_log_row order by p.created_at desc, p.id)
                     from page p), '{}')
    into total, kinds, rows;
end
$$;

comment on function public.email_log(text, text, text, integer, integer) is
  'A page of the emails sent and to send, latest first, by status, kind and address (email staff); with how many match and every kind there is.';

revoke execute on function public.email_log(text, text, text, integer, integer) from public, anon;
grant execute on function public.email_log(text, text, text, integer, integer) to authenticated, service_role;

create type public.client_enquiry_quote as (
  id uuid,
  reference text,
  title text,
  status text,
  total_amount numeric,
  currency text,
  valid_until date,
  booking_id uuid,
  booking_reference text
);

comment on type public.client_enquiry_quote is 'A quote of a client''s enquiry, and the booking it became (client_enquiries).';

create type public.client_enquiry as (
  id uuid,
  subject text,
  kind text,
  status text,
  created_at timestamptz,
  quotes public.client_enquiry_quote[]
);

comment on type public.client_enquiry is 'An enquiry of a client, with its quotes, latest first (client_enquiries).';

drop function public.client_enquiries(text);

create function public.client_enquiries(p_client_key text) returns public.client_enquiry[]
language plpgsql stable security definer
set search_path = public
as $$
declare
  v_key text := lower(btrim(coalesce(p_client_key, '')));
  v_user_id uuid;
  v_email text;
begin
  if not public.has_permission('enquiries.read') then
    raise exception 'Only the sales team may read enquiries' using errcode = '42501';
  end if;
  if v_key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select id, lower(email) into v_user_id, v_email from public.users where id = v_key::uuid;
  else
    v_email := v_key;
  end if;
  -- The fields of client_enquiry and client_enquiry_quote, in their order.
  return array(
    select row(
             e.id, e.subject, e.kind, e.status, e.created_at,
             array(
               select row(
                        q.id, q.reference, q.title, q.status, q.total_amount,
                        q.currency, q.valid_until, q.booking_id,
                        (select b.booking_reference from public.bookings b where b.id = q.booking_id))::public.client_enquiry_quote
                 from public.quotes q where q.enquiry_id = e.id
                order by q.created_at desc))::public.client_enquiry
      from public.enquiries e
     where (v_user_id is not null and e.user_id = v_user_id) or (v_email <> '' and lower(e.email) = v_email)
     order by e.created_at desc);
end
$$;

comment on function public.client_enquiries(text) is
  'A client''s enquiries (by account id or guest email) and their quotes, latest first (enquiry staff).';

revoke execute on function public.client_enquiries(text) from public, anon;
grant execute on function public.client_enquiries(text) to authenticated, service_role;
