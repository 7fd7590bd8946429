-- merge_clients and erase_client answer with OUT parameters instead of a jsonb object, so the
-- generated types (src/lib/database.types.ts) carry their shape: what moved, what was erased. The
-- REST API answers the same JSON object as before. A return type changes by a drop and a create:
-- the grants and settings are those they had (20261126001400_merge_clients.sql,
-- 20261128000000_erasure_clears_pickup.sql).

drop function public.merge_clients(text, text, text);

create function public.merge_clients(
  p_keep text,
  p_merge text,
  p_reason text,
  out bookings int,
  out notes int,
  out tags int
) returns record
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
  bookings := v_bookings;
  notes := v_notes;
  tags := v_tags;
end
$$;

comment on function public.merge_clients(text, text, text) is
  'Merges a guest (p_merge) into another client, a guest or an account (p_keep), with the reason (client staff); answers how many bookings, notes and tags moved.';

revoke execute on function public.merge_clients(text, text, text) from public, anon;
grant execute on function public.merge_clients(text, text, text) to authenticated, service_role;

drop function public.erase_client(text, text);

create function public.erase_client(
  p_client_key text,
  p_reason text,
  out bookings int,
  out payments int,
  out account_deleted boolean
) returns record
language plpgsql volatile security definer
set search_path = public
as $$
declare
  v_key text := lower(btrim(coalesce(p_client_key, '')));
  v_reason text := btrim(coalesce(p_reason, ''));
  v_user public.users;
  v_email text;
  v_ids uuid[];
  v_payments int;
  v_references text[];
  v_enquiries uuid[];
  v_records text[];
begin
  if not public.has_permission('clients.write') then
    raise exception 'Only the office team may erase a client''s data' using errcode = '42501';
  end if;
  if v_reason = '' then
    raise exception 'Please give the request this erasure answers' using errcode = '22023';
  end if;
  if length(v_reason) > 500 then
    raise exception 'The reason is too long (500 characters at most)' using errcode = '22023';
  end if;
  if public.is_client_key(v_key) and v_key ~ '^[0-9a-f]{8}-[0-9a-f]{4}-' then
    -- Travelers only: staff accounts are the team screen's.
    select * into v_user from public.users where id = v_key::uuid and role = 'traveler';
    v_email := lower(v_user.email);
  elsif public.is_client_key(v_key) and exists (select 1 from public.client_bookings(v_key)) then
    v_email := v_key;
  end if;
  if v_user.id is null and v_email is null then
    raise exception 'This client could not be found' using errcode = 'PT404';
  end if;

  perform public.set_audit_reason('Erased on request: ' || v_reason);
  -- Their bookings: the account's, and those made as a guest with the same email.
  select coalesce(array_agg(b.id), '{}') into v_ids
    from public.bookings b
   where (v_user.id is not null and b.user_id = v_user.id)
      or (v_email is not null and b.user_id is null and lower(b.contact ->> 'email') = v_email);
  select coalesce(array_agg(b.booking_reference), '{}') into v_references from public.bookings b where b.id = any (v_ids);
  select coalesce(array_agg(e.id), '{}') into v_enquiries
    from public.enquiries e
   where (v_email is not null and lower(e.email) = v_email) or (v_user.id is not null and e.user_id = v_user.id) or e.booking_id = any (v_ids);
  -- Every record of theirs whose history the audit log or a notification may hold, before any is removed.
  v_records := array(
    select unnest(v_ids)::text
    union select unnest(v_enquiries)::text
    union select p.id::text from public.payments p where p.booking_id = any (v_ids)
    union select q.id::text from public.quotes q where q.enquiry_id = any (v_enquiries) or q.booking_id = any (v_ids)
    union select m.id::text from public.messages m where v_user.id is not null and m.user_id = v_user.id
    union select r.id::text from public.reviews r where v_user.id is not null and r.user_id = v_user.id
    union select n.id::text from public.newsletter_subscribers n where v_email is not null and lower(n.email) = v_email
    union select i.id::text from public.trip_incidents i where i.booking_id = any (v_ids)
    union select c.id::text from public.client_notes c where c.client_key in (v_key, coalesce(v_email, v_key))
    union select c.id::text from public.client_tags c where c.client_key in (v_key, coalesce(v_email, v_key))
    union select v_user.id::text where v_user.id is not null
    union select v_key
  );

  update public.bookings b
     set contact = jsonb_build_object('full_name', 'Erased client'),
         travelers = coalesce((select jsonb_agg(jsonb_build_object('full_name', 'Traveler ' || t.n) order by t.n)
                                 from jsonb_array_elements(b.travelers) with ordinality t(value, n)), '[]'),
         notes = null,
         pickup = null,
         pickup_time = null
   where b.id = any (v_ids);
  delete from public.booking_contact_tokens where booking_id = any (v_ids);
  -- Why an email to them was skipped or failed may name their address.
  update public.booking_notifications
     set skip_reason = case when skip_reason is not null then 'Erased on request' end,
         last_error = case when last_error is not null then 'Erased on request' end
   where booking_id = any (v_ids);
  delete from public.booking_origins where booking_id = any (v_ids);
  -- What the field team noted about them on the trip (health, conduct).
  update public.trip_incidents set note = 'Erased on request' where booking_id = any (v_ids);
  update public.quotes set title = 'Quote ' || reference, message = null where id::text = any (v_records);
  select count(*) into v_payments from public.payments where booking_id = any (v_ids);

  update public.enquiries
     set name = 'Erased client', email = 'erased@erased.invalid', phone = null, subject = null, message = null, details = '{}'
   where id = any (v_enquiries);
  if v_email is not null then
    delete from public.newsletter_subscribers where lower(email) = v_email;
    -- Rate-limit counts kept by their address (sign-ups, bookings and lookups per email).
    delete from public.rate_limit_hits where strpos(lower(subject), v_email) > 0;
  end if;

  -- The emails they were sent, and those the office got about them: kept as the fact of an email
  -- (kind, status, when), without address, subject or words.
  v_records := v_records || array(
    select e.id::text from public.email_queue e
     where (v_email is not null and (lower(e.to_address) = v_email or strpos(lower(e.body_text), v_email) > 0))
        or exists (select 1 from unnest(v_references) r where strpos(e.subject, r) > 0 or strpos(e.body_text, r) > 0));
  update public.email_queue e
     set to_address = case when lower(e.to_address) = v_email then 'erased@erased.invalid' else e.to_address end,
         subject = 'Erased on request', body_text = '', body_html = '', last_error = case when e.last_error is not null then 'Erased on request' end
   where e.id::text = any (v_records);
  -- The office's notifications about their bookings, payments, enquiries, messages and emails: the
  -- titles that name them say who no more, the bodies go.
  update public.staff_notifications
     set title = case kind when 'traveler_message' then 'Message from an erased client'
                           when 'enquiry_received' then 'Enquiry from an erased client'
                           when 'email_failed' then 'Email to an erased client failed'
                           else title end,
         body = ''
   where record_id = any (v_records);
  delete from public.client_notes where client_key in (v_key, coalesce(v_email, v_key));
  delete from public.client_tags where client_key in (v_key, coalesce(v_email, v_key));

  if v_user.id is not null then
    -- Their analytics stay counted, no longer as theirs; their error reports and feedback go.
    update public.analytics_events set user_id = null where user_id = v_user.id;
    update public.performance_metrics set user_id = null where user_id = v_user.id;
    delete from public.error_reports where user_id = v_user.id;
    delete from public.feedback where user_id = v_user.id;
    -- The files they uploaded (their avatars): the rows here, the bytes by the storage server, which
    -- removes the file of every object row deleted (storage.removed_objects).
    delete from storage.objects where owner = v_user.id or owner_id = v_user.id::text;
    -- The profile blanked first, so what the audit log keeps of its removal is blank too.
    update public.users set full_name = null, email = null, phone = null, country = null, avatar_url = null,
           emergency_contact_name = null, emergency_contact_phone = null, emergency_contact_relationship = null,
           date_of_birth = null, nationality = null, passport_number = null, passport_issuing_country = null, passport_expiry = null
     where id = v_user.id;
    delete from auth.users where id = v_user.id;
  end if;

  -- What the audit log recorded of them, this erasure's own changes included: the changes stay,
  -- their personal values do not.
  perform set_config('audit.erasing', 'on', true);
  update public.audit_log
     set old_values = public.without_personal_values(old_values), new_values = public.without_personal_values(new_values)
   where record_id = any (v_records);
  perform set_config('audit.erasing', '', true);

  -- The erasure, on the client's history, by a key that does not name them.
  insert into public.audit_log (actor_id, actor_kind, table_name, record_id, action, old_values, new_values, reason)
  values (auth.uid(), coalesce(auth.role(), 'system'), 'clients',
          coalesce(v_user.id::text, 'guest:' || md5(v_email)), 'delete', null,
          jsonb_build_object('bookings_anonymised', cardinality(v_ids), 'payments_kept', v_payments, 'account_deleted', v_user.id is not null),
          v_reason);
  bookings := cardinality(v_ids);
  payments := v_payments;
  account_deleted := v_user.id is not null;
end
$$;

comment on function public.erase_client(text, text) is
  'Erases a client''s personal data on their request (client staff): bookings anonymised, payments kept, the account deleted; answers how many bookings and payments, and whether an account went.';

revoke execute on function public.erase_client(text, text) from public, anon;
grant execute on function public.erase_client(text, text) to authenticated, service_role;
