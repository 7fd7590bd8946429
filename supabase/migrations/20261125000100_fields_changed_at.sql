-- Profile and preferences are last-writer-wins per field, and "last" means the time the user made
-- the change on their device, not the time it reached the server: a phone that was offline, or a
-- send cut in flight and retried, can deliver an old change after a newer one, and that old change
-- must not overwrite the newer value. Each field's change time is kept in users.fields_changed_at
-- (a flat object: 'phone', 'preferences.display.currency', ... -> timestamptz). A change is applied
-- to a field only if it was made no earlier than the field's last change (an equal time: the later
-- arrival wins). A device's clock cannot claim the future: a change time is taken as at most now(),
-- so a phone set a year ahead cannot lock a field against every later edit.

alter table public.users
  add column fields_changed_at jsonb not null default '{}'::jsonb
    check (jsonb_typeof(fields_changed_at) = 'object');

-- Written by merge_user_profile and merge_user_preferences, which run as the caller.
grant update (fields_changed_at) on public.users to authenticated;

-- The part of a patch whose fields were last changed no later than p_at (stamps as in
-- users.fields_changed_at, with p_prefix before each dotted path). Nested objects are walked to
-- their leaves; an object that keeps no field is left out.
create or replace function public.patch_not_older_than(p_patch jsonb, p_stamps jsonb, p_at timestamptz, p_prefix text)
returns jsonb
language plpgsql immutable
set search_path = public
as $$
declare
  v_kept jsonb := '{}'::jsonb;
  v_key text;
  v_value jsonb;
  v_inner jsonb;
begin
  for v_key, v_value in select key, value from jsonb_each(p_patch) loop
    if jsonb_typeof(v_value) = 'object' then
      v_inner := public.patch_not_older_than(v_value, p_stamps, p_at, p_prefix || v_key || '.');
      if v_inner <> '{}'::jsonb then
        v_kept := v_kept || jsonb_build_object(v_key, v_inner);
      end if;
    elsif coalesce((p_stamps ->> (p_prefix || v_key))::timestamptz, '-infinity'::timestamptz) <= p_at then
      v_kept := v_kept || jsonb_build_object(v_key, v_value);
    end if;
  end loop;
  return v_kept;
end
$$;

-- The stamps a patch leaves: each of its leaves' dotted path (after p_prefix) -> p_at.
create or replace function public.patch_stamps(p_patch jsonb, p_at timestamptz, p_prefix text)
returns jsonb
language plpgsql immutable
set search_path = public
as $$
declare
  v_stamps jsonb := '{}'::jsonb;
  v_key text;
  v_value jsonb;
begin
  for v_key, v_value in select key, value from jsonb_each(p_patch) loop
    if jsonb_typeof(v_value) = 'object' then
      v_stamps := v_stamps || public.patch_stamps(v_value, p_at, p_prefix || v_key || '.');
    else
      v_stamps := v_stamps || jsonb_build_object(p_prefix || v_key, to_jsonb(p_at));
    end if;
  end loop;
  return v_stamps;
end
$$;

-- Preferences, as before field by field, now with the time the user changed them (p_changed_at,
-- from the device; now() when absent, for callers that send none). Returns the preferences as
-- stored. Runs as the caller, so the users policies decide which row may change: only their own.
drop function public.merge_user_preferences(jsonb);
create function public.merge_user_preferences(p_patch jsonb, p_changed_at timestamptz default null) returns jsonb
language plpgsql volatile
set search_path = public
as $$
declare
  v_user_id uuid := auth.uid();
  v_at timestamptz := least(coalesce(p_changed_at, now()), now());
  v_stamps jsonb;
  v_kept jsonb;
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
  -- Locked, so two changes arriving together are judged one after the other.
  select fields_changed_at into v_stamps from public.users where id = v_user_id for update;
  if not found then
    raise exception 'User not authenticated or unauthorized' using errcode = '42501';
  end if;
  v_kept := public.patch_not_older_than(p_patch, v_stamps, v_at, 'preferences.');
  update public.users
     set preferences = public.jsonb_merge_patch(preferences, v_kept),
         fields_changed_at = fields_changed_at || public.patch_stamps(v_kept, v_at, 'preferences.')
   where id = v_user_id
  returning preferences into v_preferences;
  return v_preferences;
end
$$;

-- The caller's own profile fields (never the role), each changed only if this change is not older
-- than its last one. Returns the fields it changed. Runs as the caller: the users policies and
-- column grants apply, and the columns' checks refuse bad values as a plain update would.
create or replace function public.merge_user_profile(p_patch jsonb, p_changed_at timestamptz default null) returns jsonb
language plpgsql volatile
set search_path = public
as $$
declare
  v_user_id uuid := auth.uid();
  v_at timestamptz := least(coalesce(p_changed_at, now()), now());
  v_fields constant text[] := array['full_name', 'avatar_url', 'phone', 'country', 'emergency_contact_name', 'emergency_contact_phone',
    'emergency_contact_relationship', 'date_of_birth', 'nationality', 'passport_number', 'passport_issuing_country', 'passport_expiry'];
  v_unknown text;
  v_stamps jsonb;
  v_kept jsonb;
begin
  if v_user_id is null then
    raise exception 'User not authenticated or unauthorized' using errcode = '42501';
  end if;
  if p_patch is null or jsonb_typeof(p_patch) <> 'object' then
    raise exception 'A profile change must be an object of fields' using errcode = '22023';
  end if;
  select key into v_unknown from jsonb_each(p_patch) where key <> all (v_fields) or jsonb_typeof(value) not in ('string', 'null') limit 1;
  if v_unknown is not null then
    raise exception 'A profile has no field % that can be changed so', v_unknown using errcode = '22023';
  end if;
  select fields_changed_at into v_stamps from public.users where id = v_user_id for update;
  if not found then
    raise exception 'User not authenticated or unauthorized' using errcode = '42501';
  end if;
  v_kept := public.patch_not_older_than(p_patch, v_stamps, v_at, '');
  if v_kept = '{}'::jsonb then
    return v_kept;
  end if;
  update public.users
     set full_name = case when v_kept ? 'full_name' then v_kept ->> 'full_name' else full_name end,
         avatar_url = case when v_kept ? 'avatar_url' then v_kept ->> 'avatar_url' else avatar_url end,
         phone = case when v_kept ? 'phone' then v_kept ->> 'phone' else phone end,
         country = case when v_kept ? 'country' then v_kept ->> 'country' else country end,
         emergency_contact_name = case when v_kept ? 'emergency_contact_name' then v_kept ->> 'emergency_contact_name' else emergency_contact_name end,
         emergency_contact_phone = case when v_kept ? 'emergency_contact_phone' then v_kept ->> 'emergency_contact_phone' else emergency_contact_phone end,
         emergency_contact_relationship = case when v_kept ? 'emergency_contact_relationship' then v_kept ->> 'emergency_contact_relationship' else emergency_contact_relationship end,
         date_of_birth = case when v_kept ? 'date_of_birth' then (v_kept ->> 'date_of_birth')::date else date_of_birth end,
         nationality = case when v_kept ? 'nationality' then v_kept ->> 'nationality' else nationality end,
         passport_number = case when v_kept ? 'passport_number' then v_kept ->> 'passport_number' else passport_number end,
         passport_issuing_country = case when v_kept ? 'passport_issuing_country' then v_kept ->> 'passport_issuing_country' else passport_issuing_country end,
         passport_expiry = case when v_kept ? 'passport_expiry' then (v_kept ->> 'passport_expiry')::date else passport_expiry end,
         fields_changed_at = fields_changed_at || public.patch_stamps(v_kept, v_at, '')
   where id = v_user_id;
  return v_kept;
end
$$;

-- Visitors may call both so that they get the message above rather than a bare permission error;
-- the helpers run inside them as the caller.
grant execute on function public.merge_user_preferences(jsonb, timestamptz), public.merge_user_profile(jsonb, timestamptz) to anon, authenticated;
grant execute on function public.patch_not_older_than(jsonb, jsonb, timestamptz, text), public.patch_stamps(jsonb, timestamptz, text) to authenticated;
