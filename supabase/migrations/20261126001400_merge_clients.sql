-- Merging duplicates: the office decides that two clients are one person (a guest who booked before
-- making an account with the same email, or a guest booking under another address or spelling) and
-- keeps one of them. The merged guest's bookings, notes and tags move to the kept client in one
-- transaction, with the reason in the audit log. It cannot be undone.

-- A guest's bookings (made without an account, with this email) become the account's. The one
-- rule for both ways it happens: the account's owner proves the email (claim_guest_bookings), or
-- the office judges them one person (merge_clients).
create or replace function public.assign_guest_bookings(p_user_id uuid, p_email text) returns int
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_count int;
begin
  update public.bookings
     set user_id = p_user_id
   where user_id is null and lower(contact ->> 'email') = lower(btrim(p_email));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;

revoke execute on function public.assign_guest_bookings(uuid, text) from public, anon, authenticated;

-- As in 20261122001240_guest_bookings_claimed.sql, through assign_guest_bookings.
create or replace function public.claim_guest_bookings(p_user_id uuid) returns int
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_email text;
begin
  select lower(email) into v_email from auth.users where id = p_user_id and email_confirmed_at is not null;
  if v_email is null or not exists (select 1 from public.users where id = p_user_id) then
    return 0;
  end if;
  return public.assign_guest_bookings(p_user_id, v_email);
end
$$;

revoke execute on function public.claim_guest_bookings(uuid) from public, anon, authenticated;

-- Merges the guest p_merge (their email) into the client p_keep (an account's id, or another
-- guest's email), for staff holding clients.write. Into an account, the guest's bookings become the
-- account's; into a guest, they take the kept guest's email as their contact. The office's notes
-- and tags follow. An account is never merged away: it is its owner's sign-in. Returns what moved.
create or replace function public.merge_clients(p_keep text, p_merge text, p_reason text) returns jsonb
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_keep text := lower(btrim(coalesce(p_keep, '')));
  v_merge text := lower(btrim(coalesce(p_merge, '')));
  v_reason text := btrim(coalesce(p_reason, ''));
  v_account uuid;
  v_bookings int;
  v_notes int;
  v_tags int;
begin
  if not public.has_permission('clients.write') then
    raise exception 'Only the office team may merge clients' using errcode = '42501';
  end if;
  if v_reason = '' then
    raise exception 'Please say why these are one person' using errcode = '22023';
  end if;
  if length(v_reason) > 500 then
    raise exception 'The reason is too long (500 characters at most)' using errcode = '22023';
  end if;
  if v_keep = v_merge then
    raise exception 'A client cannot be merged into themselves' using errcode = '22023';
  end if;
  if public.is_client_key(v_merge) and v_merge ~ '^[0-9a-f]{8}-[0-9a-f]{4}-' then
    raise exception 'An account cannot be merged into another client: keep the account, and merge the guest into it' using errcode = '22023';
  end if;
  if not public.is_client_key(v_merge) or not exists (select 1 from public.client_bookings(v_merge)) then
    raise exception 'The client to merge could not be found' using errcode = 'PT404';
  end if;
  if public.is_client_key(v_keep) and v_keep ~ '^[0-9a-f]{8}-[0-9a-f]{4}-' then
    select id into v_account from public.users where id = v_keep::uuid and role = 'traveler';
    if v_account is null then
      raise exception 'The client to keep could not be found' using errcode = 'PT404';
    end if;
  elsif not public.is_client_key(v_keep) or not exists (select 1 from public.client_bookings(v_keep)) then
    raise exception 'The client to keep could not be found' using errcode = 'PT404';
  end if;

  perform public.set_audit_reason('Clients merged: ' || v_reason);
  if v_account is not null then
    v_bookings := public.assign_guest_bookings(v_account, v_merge);
  else
    update public.bookings
       set contact = contact || jsonb_build_object('email', v_keep)
     where user_id is null and lower(contact ->> 'email') = v_merge;
    get diagnostics v_bookings = row_count;
  end if;
  update public.client_notes set client_key = v_keep where client_key = v_merge;
  get diagnostics v_notes = row_count;
  insert into public.client_tags (client_key, tag)
  select v_keep, tag from public.client_tags where client_key = v_merge
  on conflict (client_key, tag) do nothing;
  delete from public.client_tags where client_key = v_merge;
  get diagnostics v_tags = row_count;

  -- The merge itself, on the kept client's history.
  insert into public.audit_log (actor_id, actor_kind, table_name, record_id, action, old_values, new_values, reason)
  values (auth.uid(), coalesce(auth.role(), 'system'), 'clients', v_keep, 'update',
          jsonb_build_object('merged_client', v_merge),
          jsonb_build_object('bookings_moved', v_bookings, 'notes_moved', v_notes, 'tags_moved', v_tags),
          v_reason);
  return jsonb_build_object('bookings', v_bookings, 'notes', v_notes, 'tags', v_tags);
end
$$;

revoke execute on function public.merge_clients(text, text, text) from public, anon;
grant execute on function public.merge_clients(text, text, text) to authenticated;
