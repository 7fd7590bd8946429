-- Analytics events arrive through one function instead of a direct insert.
--
-- The outbox sends each event with its entry id as client_id and resends an event whose send was
-- cut (the page changed while it was in flight), not knowing whether the server got it. A direct
-- insert answers such a resend with 409, an error in every visitor's console; `insert ... on
-- conflict do nothing` would answer success, but Postgres allows it only to callers who may read
-- the row, and visitors may not read analytics. This function inserts as the owner, so a resend
-- answers success and stores nothing; the table's triggers still check the event, stamp the user
-- type and apply the visitor's rate limit (they read the caller from the request, not the role).

create or replace function public.record_analytics_event(
  p_client_id uuid,
  p_name text,
  p_properties jsonb default '{}',
  p_url text default null,
  p_occurred_at timestamptz default null
) returns void
language sql security definer
set search_path = public
as $$
  insert into public.analytics_events (client_id, user_id, name, properties, url, occurred_at)
  values (p_client_id, auth.uid(), p_name, coalesce(p_properties, '{}'), p_url, coalesce(p_occurred_at, now()))
  on conflict (client_id) do nothing;
$$;

revoke execute on function public.record_analytics_event(uuid, text, jsonb, text, timestamptz) from public;
grant execute on function public.record_analytics_event(uuid, text, jsonb, text, timestamptz) to anon, authenticated;

-- The function is the one door: nobody inserts events directly any more.
revoke insert on public.analytics_events from anon, authenticated;
drop policy "anyone records own analytics events" on public.analytics_events;
