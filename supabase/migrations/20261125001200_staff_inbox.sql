-- The staff inbox: travelers' conversations, one row per thread with its subject, its traveler, its
-- last message and how many of the traveler's messages nobody on the team has read. Runs as the
-- caller: staff holding messages.read see every thread (their policy), nobody else any.
create or replace function public.staff_inbox(p_waiting_only boolean default false, p_limit int default 50, p_offset int default 0)
returns jsonb
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
  return (
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
    select jsonb_build_object(
      'total', coalesce((select total from chosen limit 1), 0),
      'unread', (select count(*) from public.messages where sender = 'traveler' and read_at is null),
      'threads', coalesce(jsonb_agg(jsonb_build_object(
        'thread_id', c.thread_id, 'user_id', c.user_id, 'traveler_name', coalesce(u.full_name, u.email), 'traveler_email', u.email,
        'subject', c.subject, 'booking_reference', b.booking_reference, 'last_body', left(c.last_body, 160),
        'last_sender', c.last_sender, 'last_at', c.last_at, 'unread', c.unread) order by c.last_at desc), '[]'::jsonb))
    from chosen c
    left join public.users u on u.id = c.user_id
    left join public.bookings b on b.id = c.booking_id
  );
end
$$;

grant execute on function public.staff_inbox(boolean, int, int) to authenticated;

-- Threads are read by thread: the inbox opens one.
create index if not exists messages_unread_from_travelers on public.messages (thread_id) where sender = 'traveler' and read_at is null;
