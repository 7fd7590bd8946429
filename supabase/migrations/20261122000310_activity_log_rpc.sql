-- log_user_activity: the only way to write the activity log. It stamps the caller's own id, so
-- nobody can log actions in someone else's name.

create or replace function public.log_user_activity(
  p_action text,
  p_resource_type text default null,
  p_resource_id text default null,
  p_details jsonb default '{}'
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
  insert into public.user_activity_logs (user_id, action, resource_type, resource_id, details)
  values (v_user_id, btrim(p_action), p_resource_type, p_resource_id, coalesce(p_details, '{}'))
  returning id into v_id;
  return v_id;
end
$$;

-- Visitors without a session have no activity log.
revoke execute on function public.log_user_activity(text, text, text, jsonb) from public, anon;
grant execute on function public.log_user_activity(text, text, text, jsonb) to authenticated, service_role;
