-- Preferences are last-writer-wins per field: a device sends only the fields its user changed and
-- the server merges them into users.preferences, so two devices changing different fields both keep
-- their change. Nested objects merge key by key; any other value replaces the old one.

create or replace function public.jsonb_merge_patch(p_base jsonb, p_patch jsonb) returns jsonb
language plpgsql immutable
set search_path = public
as $$
declare
  v_result jsonb := coalesce(p_base, '{}'::jsonb);
  v_key text;
  v_value jsonb;
begin
  for v_key, v_value in select key, value from jsonb_each(p_patch) loop
    if jsonb_typeof(v_value) = 'object' and jsonb_typeof(v_result -> v_key) = 'object' then
      v_result := jsonb_set(v_result, array[v_key], public.jsonb_merge_patch(v_result -> v_key, v_value));
    else
      v_result := jsonb_set(v_result, array[v_key], v_value);
    end if;
  end loop;
  return v_result;
end
$$;

-- Merges a patch into the caller's own preferences and returns the result. Runs as the caller
-- (security invoker), so the users policies still decide which row may change: only their own.
create or replace function public.merge_user_preferences(p_patch jsonb) returns jsonb
language plpgsql volatile
set search_path = public
as $$
declare
  v_user_id uuid := auth.uid();
  v_preferences jsonb;
begin
  if v_user_id is null then
    raise exception 'User not authenticated or unauthorized' using errcode = '42501';
  end if;
  if p_patch is null or jsonb_typeof(p_patch) <> 'object' then
    raise exception 'Preferences must be an object of fields to change' using errcode = '22023';
  end if;
  if length(p_patch::text) > 8192 then
    raise exception 'Preferences are limited to 8 KB' using errcode = '22023';
  end if;
  update public.users
     set preferences = public.jsonb_merge_patch(preferences, p_patch)
   where id = v_user_id
  returning preferences into v_preferences;
  if not found then
    raise exception 'User not authenticated or unauthorized' using errcode = '42501';
  end if;
  return v_preferences;
end
$$;

-- Visitors may call it so that they get the message above rather than a bare permission error.
grant execute on function public.merge_user_preferences(jsonb) to anon, authenticated, service_role;
