-- Writes made on a device travel through its outbox and may reach the server more than once (a
-- retry after a lost answer, two tabs). Each carries the outbox entry's id as client_id; being
-- unique, a second copy is refused as a duplicate (23505 on client_id), which the app takes as
-- 'already stored'. Null for rows made on the server. Wishlist and newsletter sign-ups need no
-- column: their natural keys (user_id, tour_id) and (email) are unique already.

alter table public.reviews add column client_id uuid unique;
alter table public.enquiries add column client_id uuid unique;
-- An offline booking is a request the server decides on; its client_id makes the request count once.
alter table public.bookings add column client_id uuid unique;
alter table public.user_activity_logs add column client_id uuid unique;

-- log_user_activity takes the entry's id too; the same call twice logs once and returns the same id.
drop function public.log_user_activity(text, text, text, jsonb);

create function public.log_user_activity(
  p_action text,
  p_resource_type text default null,
  p_resource_id text default null,
  p_details jsonb default '{}',
  p_client_id uuid default null
) returns uuid
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_user_id uuid := auth.uid();
  v_id uuid;
begin
  if v_user_id is null then
    raise exception 'User not authenticated' using errcode = '42501';
  end if;
  if p_action is null or length(btrim(p_action)) = 0 then
    raise exception 'An action is required' using errcode = '22023';
  end if;
  insert into public.user_activity_logs (user_id, action, resource_type, resource_id, details, client_id)
  values (v_user_id, btrim(p_action), p_resource_type, p_resource_id, coalesce(p_details, '{}'), p_client_id)
  on conflict (client_id) do nothing
  returning id into v_id;
  if v_id is null then
    select id into v_id from public.user_activity_logs where client_id = p_client_id and user_id = v_user_id;
  end if;
  return v_id;
end
$$;

revoke execute on function public.log_user_activity(text, text, text, jsonb, uuid) from public, anon;
grant execute on function public.log_user_activity(text, text, text, jsonb, uuid) to authenticated, service_role;
